// @ts-check
// The log-in page (#/login): log in, register, or play as a guest. Errors are shown in words.

import { errorText, login, playAsGuest, register } from "../api.js";
import { h, mount } from "../dom.js";

/**
 * @param {string} title
 * @param {string} submitLabel
 * @param {(name: string, password: string) => Promise<unknown>} send
 * @param {{newPassword: boolean}} how
 */
function credentialsForm(title, submitLabel, send, { newPassword }) {
  const error = h("p", { class: "form-error", role: "alert", hidden: true });
  const form = h(
    "form",
    { class: "card auth-form", "aria-label": title },
    h("h2", {}, title),
    h(
      "label",
      { class: "field" },
      h("span", {}, "Name"),
      h("input", { name: "name", required: true, autocomplete: "username", minlength: 3, maxlength: 20 }),
    ),
    h(
      "label",
      { class: "field" },
      h("span", {}, "Password"),
      h("input", {
        name: "password",
        type: "password",
        required: true,
        autocomplete: newPassword ? "new-password" : "current-password",
      }),
    ),
    error,
    h("button", { type: "submit", class: "primary" }, submitLabel),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const buttonEl = /** @type {HTMLButtonElement} */ (form.querySelector("button"));
    buttonEl.disabled = true;
    try {
      await send(String(data.get("name")).trim(), String(data.get("password")));
      location.hash = "#/";
    } catch (err) {
      error.textContent = errorText(err);
      error.hidden = false;
    } finally {
      buttonEl.disabled = false;
    }
  });
  return form;
}

/** @type {import("../types.js").Page} */
export function authPage(root) {
  const guestError = h("p", { class: "form-error", role: "alert", hidden: true });
  mount(
    root,
    h("h1", {}, "Welcome to gamehall"),
    h("p", { class: "lead" }, "Play renju, backgammon and long nardy with people and against the computer."),
    h(
      "div",
      { class: "auth" },
      credentialsForm("Log in", "Log in", login, { newPassword: false }),
      credentialsForm("Register", "Create my account", register, { newPassword: true }),
      h(
        "div",
        { class: "card" },
        h("h2", {}, "Just play"),
        h("p", {}, "A guest plays casual games under a name like Guest-4f2a, without an account."),
        guestError,
        h(
          "button",
          {
            type: "button",
            onclick: async () => {
              try {
                await playAsGuest();
                location.hash = "#/";
              } catch (err) {
                guestError.textContent = errorText(err);
                guestError.hidden = false;
              }
            },
          },
          "Play as a guest",
        ),
      ),
    ),
  );
}
