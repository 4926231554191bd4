// @ts-check
// Takebacks in a casual match: ask to take back one's last turn, and answer the opponent's
// request, from the server's `actions`; the state's `takeback` says whose request waits.

import { h } from "../dom.js";
import { say } from "../say.js";

/**
 * @typedef {import("../types.js").State} State
 * @typedef {(kind: string, data?: object) => void} Act
 */

/**
 * A button of the action `kind`.
 * @param {string} kind
 * @param {string} label
 * @param {Act} act
 * @param {boolean} [primary]
 */
function button(kind, label, act, primary = false) {
  return h("button", { type: "button", class: primary ? "primary" : "secondary", dataset: { action: kind }, onclick: () => act(kind) }, label);
}

/**
 * The takeback controls for the reader in `you`: the opponent's request to answer, one's own
 * waiting, or the button that asks.
 * @param {State} state
 * @param {string[]} actions
 * @param {number | null} you
 * @param {Act} act
 */
export function takebackControls(state, actions, you, act) {
  const asker = state.takeback;
  if (asker !== undefined && actions.includes("accept_takeback")) {
    const text = say("game.takeback.asked", { name: state.players[asker] });
    return [
      h(
        "div",
        { class: "prompt takeback", role: "alertdialog", "aria-label": text },
        h("p", {}, text),
        h("div", { class: "buttons" }, button("accept_takeback", say("game.takeback.allow"), act, true), button("decline_takeback", say("game.decline"), act)),
      ),
    ];
  }
  if (asker !== undefined && asker === you) return [h("p", { class: "takeback-waiting", role: "status" }, say("game.takeback.waiting"))];
  return actions.includes("takeback") ? [h("div", { class: "buttons takeback" }, button("takeback", say("game.takeback.ask"), act))] : [];
}

/**
 * The log without the turns taken back: each accepted takeback drops the events from the one
 * it went back to (its outcome's `seq`) up to itself, so that the move list shows the game as
 * it is played.
 * @template {{seq: number, kind: string, outcome?: {[key: string]: unknown}}} E
 * @param {E[]} events
 * @returns {E[]}
 */
export function withoutTakenBack(events) {
  if (!events.some((event) => event.kind === "accept_takeback")) return events;
  /** @type {E[]} */
  const kept = [];
  for (const event of events) {
    const back = event.kind === "accept_takeback" ? event.outcome?.seq : undefined;
    if (typeof back === "number") while (kept.length && kept[kept.length - 1].seq >= back) kept.pop();
    else kept.push(event);
  }
  return kept;
}
