// @ts-check
// The log-in page (#/login): log in, register, or play as a guest. Errors are shown in words.

import { errorText, login, playAsGuest, register } from "../api.js";
import { h, mount } from "../dom.js";
import { say } from "../say.js";

/**
 * @param {string} kind the form's name and class ("log-in", "register"), the same in every language
 * @param {string} title
 * @param {string} submitLabel
 * @param {(name: string, password: string) => Promise<unknown>} send
 * @param {{newPassword: boolean}} how
 */
function credentialsForm(kind, title, submitLabel, send, { newPassword }) {
  const error = h("p", { class: "form-error", role: "alert", hidden: true });
  const form = h(
    "form",
    { class: `card auth-form ${kind}`, name: kind, "aria-label": title },
    h("h2", {}, title),
    h(
      "label",
      { class: "field" },
      h("span", {}, say("auth.name")),
      h("input", { name: "name", required: true, autocomplete: "username", minlength: 3, maxlength: 20 }),
    ),
    h(
      "label",
      { class: "field" },
      h("span", {}, say("auth.password")),
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
    h("h1", {}, say("auth.welcome")),
    h("p", { class: "lead" }, say("auth.lead")),
    h(
      "div",
      { class: "auth" },
      credentialsForm("log-in", say("auth.log-in"), say("auth.log-in"), login, { newPassword: false }),
      credentialsForm("register", say("auth.register"), say("auth.create-account"), register, { newPassword: true }),
      h(
        "div",
        { class: "card" },
        h("h2", {}, say("auth.just-play")),
        h("p", {}, say("auth.guest-text")),
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
          say("lobby.play-as-guest"),
        ),
      ),
    ),
  );
}
