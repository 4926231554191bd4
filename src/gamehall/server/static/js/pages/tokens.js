// @ts-check
// My API tokens (#/tokens): make one for a program of mine (shown this once), list them, revoke
// them. The bot API (docs/bot-api.md) takes a token where the pages take the session.

import { errorText, get, post, session } from "../api.js";
import { h, mount } from "../dom.js";
import { say } from "../say.js";

/** @typedef {import("../api-types.js").TokenView} TokenView */

/** @param {HTMLElement} root */
export function tokensPage(root) {
  let gone = false;
  if (!session.user) {
    mount(root, h("h1", {}, say("tokens.title")), h("p", {}, h("a", { href: "#/login" }, say("site.log-in"))));
    return;
  }
  /** @type {string | null} */
  let shown = null;
  const show = () => {
    get("/api/tokens")
      .then((/** @type {{tokens: TokenView[]}} */ answer) => {
        if (!gone) render(answer.tokens);
      })
      .catch((error) => {
        if (!gone) mount(root, h("h1", {}, say("tokens.title")), h("p", { class: "form-error", role: "alert" }, errorText(error)));
      });
  };
  /** @param {TokenView[]} tokens */
  const render = (tokens) => {
    const name = h("input", { name: "name", required: true, maxlength: 40, value: say("tokens.default-name") });
    const problem = h("p", { class: "form-error", role: "alert" });
    const form = h(
      "form",
      {
        class: "token-form",
        onsubmit: async (/** @type {Event} */ event) => {
          event.preventDefault();
          try {
            const made = await post("/api/tokens", { name: /** @type {HTMLInputElement} */ (name).value, scopes: ["play", "read"] });
            shown = made.token;
            show();
          } catch (error) {
            problem.textContent = errorText(error);
          }
        },
      },
      h("label", {}, say("tokens.name"), " ", name),
      h("button", { type: "submit" }, say("tokens.make")),
      problem,
    );
    mount(
      root,
      h("h1", {}, say("tokens.title")),
      h("p", { class: "lead" }, say("tokens.lead")),
      shown ? h("p", { class: "token-once", dataset: { token: "" } }, say("tokens.shown-once"), " ", h("code", { translate: "no" }, shown)) : null,
      form,
      tokens.length ? tokenTable(tokens, show) : h("p", { class: "empty" }, say("tokens.none")),
    );
  };
  show();
  return () => {
    gone = true;
  };
}

/**
 * @param {TokenView[]} tokens
 * @param {() => void} again
 */
function tokenTable(tokens, again) {
  return h(
    "table",
    { class: "list tokens" },
    h("thead", {}, h("tr", {}, h("th", {}, say("tokens.name")), h("th", {}, say("tokens.created")), h("th", {}, say("tokens.last-used")), h("th", {}))),
    h(
      "tbody",
      {},
      tokens.map((token) =>
        h(
          "tr",
          { dataset: { tokenId: String(token.id) } },
          h("td", {}, token.name),
          h("td", {}, token.created_at.slice(0, 10)),
          h("td", {}, token.last_used_at ? token.last_used_at.slice(0, 10) : say("tokens.never")),
          h(
            "td",
            {},
            token.revoked_at
              ? say("tokens.revoked")
              : h(
                  "button",
                  {
                    type: "button",
                    onclick: async () => {
                      await post(`/api/tokens/${token.id}/revoke`);
                      again();
                    },
                  },
                  say("tokens.revoke"),
                ),
          ),
        ),
      ),
    ),
  );
}
