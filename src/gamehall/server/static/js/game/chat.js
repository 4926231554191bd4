// @ts-check
// The chat of a match (/ws/chat/{id}): the players talk in their room, the spectators in
// theirs. Messages are shown as text (never as HTML); a message has at most 300 characters.
// The chat can be turned off (remembered in this browser): then it is not even connected.

import { h, mount } from "../dom.js";
import { say } from "../say.js";
import { TOO_MANY_SOCKETS, tooManySockets } from "../socket-cap.js";

const MAX_TEXT = 300;
const STORAGE = "gamehall.chat";
const RETRY_MS = 3000;

/** @param {string} text */
const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The chat section of a game page; `close()` stops it.
 * @param {string} matchId
 */
export function chatBox(matchId) {
  let on = localStorage.getItem(STORAGE) !== "off";
  /** @type {WebSocket | null} */
  let socket = null;
  let closed = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let retry;
  const title = h("h3", {}, say("chat.title"));
  const list = h("ol", { class: "chat-messages", "aria-live": "polite", "aria-label": say("chat.messages") });
  const problem = h("p", { class: "chat-error", role: "alert", hidden: true });
  const input = /** @type {HTMLInputElement} */ (
    h("input", { name: "chat", maxlength: MAX_TEXT, autocomplete: "off", placeholder: say("chat.placeholder"), "aria-label": say("chat.input") })
  );
  const form = h("form", { class: "chat-form" }, input, h("button", { type: "submit" }, say("chat.send")));
  const body = h("div", { class: "chat-body" }, list, problem, form);
  const toggle = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", name: "chat-on", checked: on }));
  const element = h(
    "section",
    { class: "chat", "aria-label": say("chat.title") },
    h("div", { class: "chat-head" }, title, h("label", { class: "toggle" }, toggle, say("chat.show"))),
    body,
  );

  /** @param {{from: string, text: string}} message */
  function add(message) {
    list.append(h("li", {}, h("strong", { translate: "no" }, message.from), " ", h("span", { translate: "no" }, message.text)));
    while (list.children.length > 100) list.firstElementChild?.remove();
    list.scrollTop = list.scrollHeight;
  }

  function connect() {
    if (closed || !on || socket) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/chat/${encodeURIComponent(matchId)}`);
    socket = ws;
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === "hello") {
        title.textContent = message.room === "players" ? say("chat.players") : say("chat.spectators");
        mount(list, []);
        (message.messages || []).forEach(add);
        form.hidden = !message.can_write;
      } else if (message.type === "chat") {
        add(message);
      } else if (message.type === "error") {
        problem.textContent = sentence(String(message.message || ""));
        problem.hidden = false;
      }
    });
    ws.addEventListener("close", (event) => {
      if (socket !== ws) return;
      socket = null;
      if (event.code === TOO_MANY_SOCKETS) {
        problem.textContent = tooManySockets();
        problem.hidden = false;
        return;
      }
      if (!closed && on) retry = setTimeout(connect, RETRY_MS);
    });
  }

  function disconnect() {
    clearTimeout(retry);
    const ws = socket;
    socket = null;
    ws?.close();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || !socket || socket.readyState !== WebSocket.OPEN) return;
    problem.hidden = true;
    socket.send(JSON.stringify({ type: "say", text }));
    input.value = "";
  });
  toggle.addEventListener("change", () => {
    on = toggle.checked;
    localStorage.setItem(STORAGE, on ? "on" : "off");
    body.hidden = !on;
    if (on) connect();
    else disconnect();
  });
  body.hidden = !on;
  connect();
  return {
    element,
    close() {
      closed = true;
      disconnect();
    },
  };
}
