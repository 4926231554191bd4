// @ts-check
// Reporting to the operators: a small "Report" button beside a player's name, a chat line or a
// private message received, which opens a dialog (the reason, a short text of one's own) and
// sends the report (POST /api/reports). Shown only to a signed-in player, never for his own
// name or lines.

import { errorText, post, session } from "../api.js";
import { h } from "../dom.js";
import { say } from "../say.js";

/** @typedef {import("../api-types.js").ReportBody["subject"]} Subject */

const CATEGORIES = ["cheating", "abuse", "sandbagging", "other"];

/**
 * The text `key` with the player's `name` in it, as nodes: the name marked translate="no" (a
 * name is not a word of the reader's language).
 * @param {string} key
 * @param {string} name
 */
export function withName(key, name) {
  const [before, after = ""] = say(key, { name: "\u0001" }).split("\u0001");
  return [before, h("span", { translate: "no" }, name), after];
}

/**
 * The report button of `subject` (said by or about `name`), or null when the reader may not
 * report it (not signed in, or it is his own).
 * @param {Subject} subject
 * @param {string} name
 */
export function reportButton(subject, name) {
  if (!session.user || session.user.name === name) return null;
  const words = say(subject.kind === "chat" ? "report.line" : "report.player", { name });
  return h(
    "button",
    { type: "button", class: "link report", title: words, "aria-label": words, onclick: () => reportDialog(subject, name) },
    say("report.button"),
  );
}

/**
 * The report dialog: pick a reason, write a few words, send; it says whether it went.
 * @param {Subject} subject
 * @param {string} name
 */
export function reportDialog(subject, name) {
  const key = subject.kind === "chat" ? "report.line" : "report.player";
  const title = say(key, { name });
  const category = /** @type {HTMLSelectElement} */ (
    h(
      "select",
      { name: "category" },
      CATEGORIES.map((value) => h("option", { value, selected: value === (subject.kind === "chat" ? "abuse" : "cheating") }, say(`report.category.${value}`))),
    )
  );
  const text = /** @type {HTMLTextAreaElement} */ (h("textarea", { name: "text", maxlength: 300, rows: 3 }));
  const outcome = h("p", { class: "report-outcome", role: "status" });
  const send = /** @type {HTMLButtonElement} */ (h("button", { type: "submit", class: "primary" }, say("report.send")));
  const close = h("button", { type: "button", class: "secondary", onclick: () => dialog.close() }, say("report.close"));
  const form = h(
    "form",
    { class: "report-form" },
    h("h2", {}, withName(key, name)),
    h("label", { class: "field" }, h("span", {}, say("report.category")), category),
    h("label", { class: "field" }, h("span", {}, say("report.text")), text),
    outcome,
    h("div", { class: "buttons" }, send, close),
  );
  const dialog = /** @type {HTMLDialogElement} */ (h("dialog", { class: "dialog report-dialog", "aria-label": title }, form));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    send.disabled = true;
    try {
      await post("/api/reports", { subject, category: category.value, text: text.value.trim() });
      outcome.textContent = say("report.sent");
      outcome.className = "report-outcome sent";
    } catch (error) {
      outcome.textContent = errorText(error);
      outcome.className = "report-outcome form-error";
      send.disabled = false;
    }
  });
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}
