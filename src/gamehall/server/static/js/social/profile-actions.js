// @ts-check
// The buttons of another player's profile for the reader who is logged in: follow or unfollow
// him, write to him, block or unblock him (docs/web.md, Following and Messages).

import { del, errorText, get, post, session } from "../api.js";
import { h, mount } from "../dom.js";
import { say } from "../say.js";

/**
 * The row of buttons for the player `name` (nothing for the reader's own page or a visitor).
 * @param {string} name
 */
export function profileActions(name) {
  if (!session.user || session.user.name === name) return null;
  const row = h("div", { class: "profile-actions", dataset: { profileActions: "" } });
  const quoted = encodeURIComponent(name);
  const key = name.toLowerCase();

  async function render() {
    /** @type {[import("../api-types.js").Following, import("../api-types.js").Blocks]} */
    const [following, blocks] = await Promise.all([get("/api/follows"), get("/api/blocks")]);
    const follows = following.players.some((p) => p.name.toLowerCase() === key);
    const blocked = blocks.names.some((n) => n.toLowerCase() === key);
    /**
     * @param {string} label
     * @param {() => Promise<unknown>} act
     * @param {string} what
     */
    const button = (label, act, what) =>
      h(
        "button",
        {
          type: "button",
          class: "secondary",
          dataset: { act: what },
          onclick: () => act().then(render, (error) => mount(row, h("p", { class: "form-error", role: "alert" }, errorText(error)))),
        },
        label,
      );
    mount(
      row,
      follows ? button(say("social.unfollow"), () => del(`/api/follows/${quoted}`), "unfollow") : button(say("social.follow"), () => post(`/api/follows/${quoted}`), "follow"),
      h("a", { href: `#/messages/${quoted}`, class: "button-link", dataset: { act: "message" } }, say("social.message")),
      blocked ? button(say("social.unblock"), () => del(`/api/blocks/${quoted}`), "unblock") : button(say("social.block"), () => post(`/api/blocks/${quoted}`), "block"),
      blocked ? h("p", { class: "blocked-note" }, say("social.you-block")) : null,
    );
  }
  render().catch((error) => mount(row, h("p", { class: "form-error", role: "alert" }, errorText(error))));
  return row;
}
