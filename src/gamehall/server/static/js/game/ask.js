// @ts-check
// A question in a modal dialog, for the game page's buttons and the boards.

import { h } from "../dom.js";
import { say } from "../say.js";

/**
 * Ask a question in a modal dialog; resolves with the value of the button pressed, or "".
 * @param {string} title
 * @param {string} text
 * @param {[string, string, boolean][]} choices value, label, whether it is the main one
 * @returns {Promise<string>}
 */
export function ask(title, text, choices) {
  return new Promise((resolve) => {
    const dialog = h(
      "dialog",
      { class: "dialog", "aria-label": title },
      h(
        "form",
        { method: "dialog" },
        h("h2", {}, title),
        h("p", {}, text),
        h(
          "div",
          { class: "buttons" },
          choices.map(([value, label, primary]) =>
            h("button", { value, class: primary ? "primary" : "", dataset: { choice: value } }, label),
          ),
          h("button", { value: "", class: "secondary" }, say("game.cancel")),
        ),
      ),
    );
    dialog.addEventListener("close", () => {
      resolve(dialog.returnValue);
      dialog.remove();
    });
    document.body.append(dialog);
    dialog.showModal();
  });
}
