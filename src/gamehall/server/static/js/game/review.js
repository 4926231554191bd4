// @ts-check
// Review: a finished match step by step. The server sends the state after each action
// (GET /api/matches/{id}/review); the page draws it on the same board, so the board, the dice
// and the cube are as they were. ← and → step, Home and End jump to the start and the end.

import { h } from "../dom.js";

/**
 * @typedef {import("../types.js").State} State
 * @typedef {{seq: number, kind: string, player: number | null, data: Record<string, any>, state: State}} Frame
 */

/**
 * A step in words: who did what ("Bob plays 24/18 13/11", "Ann: stone on h8").
 * @param {Frame} frame
 * @param {number | null} you
 */
export function stepText(frame, you) {
  const names = frame.state.players;
  const who = frame.player === null ? "" : frame.player === you ? "You" : names[frame.player];
  const d = frame.data || {};
  /** @type {Record<string, string>} */
  const words = {
    start: "The match starts",
    roll: `${who} rolls ${(frame.state.dice || []).join("-")}`,
    move: frame.state.game === "renju" ? `${who} plays ${d.point}` : `${who} moves a checker (${d.src} with a ${d.die})`,
    play: `${who} plays ${d.text}`,
    undo: `${who} takes a move back`,
    confirm: `${who} ends the turn`,
    double: `${who} doubles`,
    take: `${who} takes`,
    drop: `${who} passes the double`,
    beaver: `${who} beavers`,
    resign: `${who} resigns`,
    accept: `${who} accepts`,
    decline: `${who} declines`,
    offer_draw: `${who} offers a draw`,
    pass: `${who} passes`,
    next_game: `${who} starts the next game`,
    end_session: `${who} ends the session`,
  };
  return words[frame.kind] || `${who} ${frame.kind}`.trim();
}

/**
 * The bar under the board while reviewing: the step in words and the buttons.
 * @param {{frames: Frame[], index: number, you: number | null, go: (index: number) => void, close: () => void}} view
 */
export function reviewBar({ frames, index, you, go, close }) {
  const frame = frames[index];
  const last = frames.length - 1;
  /**
   * @param {string} label
   * @param {string} text
   * @param {number} to
   * @param {boolean} disabled
   */
  const step = (label, text, to, disabled) =>
    h("button", { type: "button", class: "secondary", "aria-label": text, title: text, disabled, dataset: { step: text }, onclick: () => go(to) }, label);
  return h(
    "section",
    { class: "review-bar", "aria-label": "Review" },
    h(
      "p",
      { class: "review-step", role: "status" },
      h("strong", {}, `Step ${index + 1} of ${frames.length}`),
      ` · game ${frame.state.game_number || 1} · ${stepText(frame, you)}`,
    ),
    h(
      "div",
      { class: "buttons" },
      step("«", "First step", 0, index === 0),
      step("◀", "Previous step", index - 1, index === 0),
      step("▶", "Next step", index + 1, index === last),
      step("»", "Last step", last, index === last),
      h("button", { type: "button", dataset: { action: "end-review" }, onclick: close }, "End the review"),
    ),
    h("p", { class: "hint" }, "Keys: ← and → step, Home and End jump."),
  );
}

/**
 * The index a key moves to, or null for a key that is not the review's.
 * @param {string} key
 * @param {number} index
 * @param {number} count
 */
export function keyStep(key, index, count) {
  if (key === "ArrowLeft") return Math.max(0, index - 1);
  if (key === "ArrowRight") return Math.min(count - 1, index + 1);
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}
