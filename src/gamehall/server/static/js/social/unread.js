// @ts-check
// The header's link to the private messages, with how many are unread: read when the page
// opens, when a message comes (the user socket's notice) and when a conversation is read.

import { get, session } from "../api.js";
import { h, mount } from "../dom.js";
import { say } from "../say.js";

/** @type {HTMLAnchorElement | null} */
let link = null;

/** Read the unread count again and show it in the header's link. */
export function refreshUnread() {
  if (!link || !session.user) return;
  const shown = link;
  get("/api/messages")
    .then((/** @type {import("../api-types.js").Conversations} */ answer) => {
      const count = shown.querySelector(".count");
      if (count) mount(/** @type {HTMLElement} */ (count), answer.unread ? String(answer.unread) : "");
      shown.dataset.unread = String(answer.unread);
    })
    .catch(() => {
      // the count waits for the next message or page
    });
}

/** The header's link to the messages (made once; its count kept current). */
export function messagesLink() {
  if (!link) {
    const label = say("social.nav.messages");
    // an envelope, named for screen readers: the phone's header keeps to two lines
    link = h("a", { href: "#/messages", class: "messages-link", title: label, "aria-label": label, dataset: { unread: "0" } }, h("span", { "aria-hidden": "true" }, "✉"), h("span", { class: "count" }));
    window.addEventListener("gamehall:notice", (event) => {
      const notice = /** @type {CustomEvent} */ (event).detail;
      if (notice?.type === "message" && notice.message.to === session.user?.name && !location.hash.startsWith("#/messages/")) refreshUnread();
    });
  }
  refreshUnread();
  return link;
}
