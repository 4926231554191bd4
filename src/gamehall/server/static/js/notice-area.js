// @ts-check
// The notice area: a strip under the site header, in the page's flow, where every notice shows
// (the user socket's notices, a page's passing messages such as the game page's errors). It
// takes its own room, so that a notice covers nothing (the board, the result and its downloads,
// the chat, the tables); each notice can be dismissed.

import { h } from "./dom.js";
import { say } from "./say.js";

/** The area (index.html has it under the header; made there if a page lacks it). */
export function noticeArea() {
  let node = document.getElementById("notice-area");
  if (!node) {
    node = h("div", { id: "notice-area", class: "notice-area" });
    const header = document.querySelector(".site-header");
    if (header) header.after(node);
    else document.body.prepend(node);
  }
  return node;
}

/**
 * The button that dismisses a notice.
 * @param {() => void} dismiss
 */
export function dismissButton(dismiss) {
  const words = say("notice.dismiss");
  return h("button", { type: "button", class: "link dismiss", "aria-label": words, title: words, onclick: dismiss }, "×");
}

/**
 * A page's passing message in the area: `show(text)` puts it up for `ms` milliseconds (or until
 * dismissed); `close()` takes it away for good (the page is left).
 * @param {number} ms
 */
export function passingNotice(ms) {
  const text = h("span", { class: "text" });
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const hide = () => {
    clearTimeout(timer);
    node.hidden = true;
  };
  const node = h("div", { class: "toast", role: "alert", hidden: true }, text, dismissButton(hide));
  noticeArea().append(node);
  return {
    element: node,
    /** @param {string} message */
    show(message) {
      text.textContent = message;
      node.hidden = false;
      clearTimeout(timer);
      timer = setTimeout(hide, ms);
    },
    close() {
      hide();
      node.remove();
    },
  };
}
