// @ts-check
// The chat of a match (/ws/chat/{id}): the players talk in their room, the spectators in
// theirs; and the panel every chat is shown in (a tournament's too: /ws/tournaments/{id}/chat).
// Messages are shown as text (never as HTML); a message has at most 300 characters. The chat
// can be turned off (remembered in this browser): then it is not even connected. Each line of
// another player in a match's chat can be reported to the operators (by its id).

import { h, mount } from "../dom.js";
import { reportButton } from "../moderation/report.js";
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
  const room = (/** @type {{room?: string}} */ hello) => say(hello.room === "players" ? "chat.players" : "chat.spectators");
  /** @param {string} lineId @returns {Parameters<typeof reportButton>[0]} */
  const reportable = (lineId) => ({ kind: "chat", match_id: matchId, line_id: lineId });
  return chatPanel(`/ws/chat/${encodeURIComponent(matchId)}`, room, undefined, reportable);
}

/**
 * A chat section on the socket at `path` (its hello names the room, says whether this reader
 * may write and brings the last messages); `close()` stops it, `reconnect()` opens it again
 * (who may write has changed).
 * @param {string} path
 * @param {(hello: {room?: string, can_write: boolean}) => string} titleOf the section's title
 * @param {string} [readOnly] said instead of the form to a reader who may not write
 * @param {(lineId: string) => Parameters<typeof reportButton>[0]} [reportable] what reporting a
 *   line to the operators names (none: the lines are not reported from this chat)
 */
export function chatPanel(path, titleOf, readOnly, reportable) {
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
  const note = h("p", { class: "chat-note muted", hidden: true }, readOnly ?? "");
  const body = h("div", { class: "chat-body" }, list, problem, form, note);
  const toggle = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", name: "chat-on", checked: on }));
  const element = h(
    "section",
    { class: "chat", "aria-label": say("chat.title") },
    h("div", { class: "chat-head" }, title, h("label", { class: "toggle" }, toggle, say("chat.show"))),
    body,
  );

  /** @param {{id: string, from: string, text: string}} message */
  function add(message) {
    const report = reportable ? reportButton(reportable(message.id), message.from) : null;
    list.append(
      h("li", { dataset: { line: message.id } }, h("strong", { translate: "no" }, message.from), " ", h("span", { translate: "no" }, message.text), report ? [" ", report] : null),
    );
    while (list.children.length > 100) list.firstElementChild?.remove();
    list.scrollTop = list.scrollHeight;
  }

  function connect() {
    if (closed || !on || socket) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}${path}`);
    socket = ws;
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === "hello") {
        title.textContent = titleOf(message);
        mount(list, []);
        (message.messages || []).forEach(add);
        form.hidden = !message.can_write;
        note.hidden = message.can_write || !readOnly;
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
    reconnect() {
      disconnect();
      connect();
    },
  };
}
