// @ts-check
// What the operators have done that a player must know, read at each page load and login
// (GET /api/moderation/me), and when the user socket says a warning was given (`warned`): his unread warnings, shown in the notice area until he dismisses
// them (then they are read: POST .../seen), and whether he is an operator (the header links
// the operators' page).

import { get, post, session } from "../api.js";
import { h } from "../dom.js";
import { dismissButton, noticeArea } from "../notice-area.js";
import { say } from "../say.js";

/** @typedef {import("../api-types.js").MyStanding} MyStanding */

/** @type {MyStanding | null} */
let mine = null;
/** @type {Set<number>} */
const shown = new Set();

/** Whether the signed-in player is one of the operators. */
export function isOperator() {
  return !!(session.user && mine && mine.operator);
}

/** Show a warning as soon as the user socket says an operator gave one (`warned`). */
export function followWarnings() {
  window.addEventListener("gamehall:notice", (event) => {
    if (/** @type {CustomEvent} */ (event).detail?.type === "warned") loadStanding();
  });
}

/** Read my standing again (nothing when nobody is signed in) and show my unread warnings. */
export async function loadStanding() {
  mine = null;
  if (!session.user) return;
  try {
    mine = /** @type {MyStanding} */ (await get("/api/moderation/me"));
  } catch {
    return;
  }
  for (const warning of mine.warnings) {
    if (shown.has(warning.id)) continue;
    shown.add(warning.id);
    const node = h(
      "div",
      { class: "toast warning-notice", role: "alert", dataset: { warning: warning.id } },
      h("span", { class: "text" }, h("strong", {}, say("warning.title")), " ", h("span", { translate: "no" }, warning.reason)),
      dismissButton(() => {
        node.remove();
        post(`/api/moderation/warnings/${warning.id}/seen`).catch(() => {});
      }),
    );
    noticeArea().append(node);
  }
}
