// @ts-check
// Private messages (docs/web.md, Messages): the reader's conversations (#/messages), each with
// how many messages are unread, and one conversation (#/messages/{name}), where messages come
// in live (the user socket's "message" notices) and are sent. Each message carries its stable
// id (data-id); a message received can be reported to the operators by it.

import { errorText, get, post, session } from "../api.js";
import { h, mount } from "../dom.js";
import { reportButton } from "../moderation/report.js";
import { say } from "../say.js";
import { refreshUnread } from "../social/unread.js";
import { dateText } from "./matches.js";

/** @typedef {import("../api-types.js").MessageView} MessageView */

/** The longest message, in characters (the server's limit). */
const MOST = 500;

/**
 * Hear the user socket's private messages until the returned function is called.
 * @param {(message: MessageView) => void} heard
 */
function onMessage(heard) {
  /** @param {Event} event */
  const listener = (event) => {
    const notice = /** @type {CustomEvent} */ (event).detail;
    if (notice?.type === "message") heard(notice.message);
  };
  window.addEventListener("gamehall:notice", listener);
  return () => window.removeEventListener("gamehall:notice", listener);
}

/**
 * `text` with each `name` in it marked as a name, not to be translated.
 * @param {string} text
 * @param {string} name
 * @returns {(string | HTMLElement)[]}
 */
function withName(text, name) {
  const parts = text.split(name);
  return parts.flatMap((part, i) => (i ? [h("span", { translate: "no" }, name), part] : [part])).filter((part) => part !== "");
}

/** @param {HTMLElement} root */
function loginFirst(root) {
  mount(root, h("h1", {}, say("messages.title")), h("p", {}, h("a", { href: "#/login" }, say("messages.login"))));
}

/** @type {import("../types.js").Page} */
export function conversationsPage(root) {
  if (!session.user) return loginFirst(root);
  const list = h("ul", { class: "conversations", dataset: { conversations: "" } });
  mount(root, h("h1", {}, say("messages.title")), list);
  let gone = false;
  const read = () =>
    get("/api/messages")
      .then((/** @type {import("../api-types.js").Conversations} */ answer) => {
        if (gone) return;
        if (!answer.conversations.length) {
          mount(list, h("li", { class: "empty" }, say("messages.none")));
          return;
        }
        mount(
          list,
          answer.conversations.map((c) =>
            h(
              "li",
              { dataset: { name: c.name, unread: String(c.unread) } },
              h("a", { href: `#/messages/${encodeURIComponent(c.name)}`, translate: "no" }, c.name),
              c.unread ? h("span", { class: "tag unread" }, say("messages.unread", { count: c.unread })) : null,
              h("span", { class: "last", translate: "no" }, c.last.text),
              h("time", { dateTime: c.last.sent_at }, dateText(c.last.sent_at)),
            ),
          ),
        );
      })
      .catch((error) => {
        if (!gone) mount(list, h("li", { class: "form-error", role: "alert" }, errorText(error)));
      });
  read();
  const stop = onMessage(read);
  return () => {
    gone = true;
    stop();
  };
}

/**
 * One message, as the conversation shows it.
 * @param {MessageView} message
 */
function messageItem(message) {
  const mine = message.from === session.user?.name;
  return h(
    "li",
    { class: mine ? "mine" : "theirs", dataset: { id: String(message.id) } },
    h("span", { class: "from", translate: mine ? null : "no" }, mine ? say("messages.you") : message.from),
    h("time", { dateTime: message.sent_at }, dateText(message.sent_at)),
    h("p", { class: "text", translate: "no" }, message.text),
    mine ? null : reportButton({ kind: "message", message_id: message.id }, message.from),
  );
}

/**
 * @param {HTMLElement} root
 * @param {{name: string}} params
 */
export function conversationPage(root, { name }) {
  if (!session.user) return loginFirst(root);
  const me = session.user.name;
  const quoted = encodeURIComponent(name);
  const items = h("ol", { class: "messages", dataset: { messages: "" } });
  const earlier = h("div", { class: "earlier" });
  const note = h("div", { class: "blocked-note" });
  const problem = h("p", { class: "form-error", role: "alert", hidden: true });
  const text = h("textarea", { name: "message", rows: 3, maxLength: MOST, required: true, "aria-label": say("messages.your-message") });
  const form = h(
    "form",
    { class: "message-form" },
    h("label", {}, say("messages.your-message"), text),
    h("button", { type: "submit" }, say("messages.send")),
    problem,
  );
  const title = h("h1", {}, withName(say("messages.with", { name }), name));
  mount(root, h("p", {}, h("a", { href: "#/messages" }, say("messages.all"))), title, note, earlier, items, form);
  let gone = false;
  let called = name; // as the server writes it, once read
  /** @type {Set<number>} */
  const shown = new Set();

  /**
   * Show `messages` (oldest first) at the end, or before the others with `first`.
   * @param {MessageView[]} messages
   * @param {boolean} [first]
   */
  function show(messages, first = false) {
    const fresh = messages.filter((m) => !shown.has(m.id));
    fresh.forEach((m) => shown.add(m.id));
    items.querySelector(".empty")?.remove();
    if (first) items.prepend(...fresh.map(messageItem));
    else items.append(...fresh.map(messageItem));
    if (!shown.size) mount(items, h("li", { class: "empty" }, say("messages.empty")));
  }

  /**
   * A page of the conversation: the latest, or those before `before`.
   * @param {number | null} before
   */
  function load(before) {
    const query = before ? `?before=${before}` : "";
    return get(`/api/messages/${quoted}${query}`).then((/** @type {import("../api-types.js").ConversationAnswer} */ answer) => {
      if (gone) return;
      called = answer.name;
      mount(title, withName(say("messages.with", { name: called }), called));
      mount(note, answer.blocked ? h("p", {}, say("social.you-block")) : null);
      show(answer.messages, before !== null);
      const oldest = answer.messages[0]?.id ?? null;
      mount(
        earlier,
        answer.older && oldest !== null ? h("button", { type: "button", class: "link", onclick: () => load(oldest).catch(fail) }, say("messages.earlier")) : null,
      );
      refreshUnread();
    });
  }

  /** @param {unknown} error */
  function fail(error) {
    if (gone) return;
    problem.hidden = false;
    mount(problem, withName(errorText(error), called));
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    problem.hidden = true;
    post(`/api/messages/${quoted}`, { text: text.value })
      .then((/** @type {MessageView} */ sent) => {
        text.value = "";
        show([sent]);
      })
      .catch(fail);
  });
  load(null).catch(fail);
  const key = name.toLowerCase();
  const stop = onMessage((message) => {
    const other = message.from === me ? message.to : message.from;
    if (other.toLowerCase() !== key) return;
    show([message]);
    if (message.from !== me) get(`/api/messages/${quoted}?limit=1`).then(refreshUnread, () => {}); // read now
  });
  return () => {
    gone = true;
    stop();
  };
}
