// @ts-check
// Review: a finished match step by step. The server sends the state after each action and how
// the steps group into turns and games (GET /api/matches/{id}/review); the page draws the
// frame's state on the same board, header and cards, so the board, the dice, the cube and the
// score are as they were. Where the keys and buttons go is review_nav.js's.

import { h } from "../dom.js";
import { hasText, say } from "../say.js";
import { gameAt, nextGame, nextTurn, previousGame, previousTurn } from "./review_nav.js";

/**
 * @typedef {import("../types.js").State} State
 * @typedef {import("../api-types.js").ReviewStepsView} Steps
 * @typedef {{seq: number, kind: string, player: number | null, data: Record<string, any>, state: State}} Frame
 */

/** A tables point as a mover's numbering gives it: 25 is the bar, 0 off the board. */
const BAR = 25;
const OFF = 0;

/** @param {unknown} point */
function pointWord(point) {
  if (point === BAR) return say("review.point.bar");
  if (point === OFF) return say("review.point.off");
  return String(point);
}

/**
 * A text naming keys of the keyboard: the keys' names (written on the keys, in every language
 * alike) are shown as keys and not translated.
 * @param {string} text
 */
function keyNames(text) {
  return text.split(/(Shift|Page Up|Page Down|Home|End(?= ))/).map((part, i) => (i % 2 ? h("kbd", { translate: "no" }, part) : part));
}

/**
 * A step in words: who did what ("Bob moves a checker from the bar with a 3", "You play h8").
 * @param {Frame} frame
 * @param {number | null} you
 */
export function stepText(frame, you) {
  const d = frame.data || {};
  if (frame.kind === "start") return say("review.step.start");
  if (frame.kind === "game_start") return say("review.step.game_start", { number: frame.state.game_number });
  if (frame.player === null) return frame.kind === "flag" ? say("review.step.time") : frame.kind;
  const name = frame.state.players[frame.player] ?? "";
  const mine = frame.player === you ? ".you" : "";
  const renju = frame.state.game === "renju";
  /** @type {Record<string, [string, Record<string, string | number>]>} */
  const known = {
    roll: ["roll", { dice: (frame.state.dice || []).join("-") }],
    move: renju ? ["stone", { point: d.point }] : ["move", { from: pointWord(d.src), die: d.die }],
    play: ["play", { play: d.text }],
    opening_choice: ["opening_choice", { choice: d.choice }],
    offer: ["offer", { point: d.point }],
  };
  // the other kinds with words of their own take only the name; any other is named by its kind
  const [key, values] = known[frame.kind] ?? [hasText(`review.step.${frame.kind}${mine}`) ? frame.kind : "other", { kind: frame.kind }];
  return say(`review.step.${key}${mine}`, { name, ...values });
}

/**
 * The bar under the board while reviewing: the step in words, the buttons by turn, by action
 * and by game, a list of the games, and the way to analyse the position shown.
 * @param {{frames: Frame[], steps: Steps, index: number, you: number | null, go: (index: number) => void, close: () => void, analyse: () => void}} view
 */
export function reviewBar({ frames, steps, index, you, go, close, analyse }) {
  const frame = frames[index];
  const count = frames.length;
  const last = count - 1;
  /**
   * @param {string} label
   * @param {string} key
   * @param {number} to
   * @param {boolean} disabled
   */
  const step = (label, key, to, disabled) => {
    const text = say(key);
    return h("button", { type: "button", class: "secondary", "aria-label": text, title: text, disabled, dataset: { step: key.replace("review.", "") }, onclick: () => go(to) }, label);
  };
  const at = gameAt(steps, index);
  const games =
    steps.games.length > 1
      ? h(
          "select",
          {
            name: "review-game",
            "aria-label": say("review.choose-game"),
            onchange: (/** @type {Event} */ event) => go(steps.games[Number(/** @type {HTMLSelectElement} */ (event.target).value)].first),
          },
          steps.games.map((game, i) => h("option", { value: String(i), selected: i === at }, say("review.game-option", { number: game.number }))),
        )
      : null;
  return h(
    "section",
    { class: "review-bar", "aria-label": say("review.title"), dataset: { frame: String(index) } },
    h(
      "p",
      { class: "review-step", role: "status" },
      h("strong", {}, say("review.position", { step: index + 1, count })),
      ` · ${say("review.game", { number: frame.state.game_number || 1 })} · ${stepText(frame, you)}`,
    ),
    h(
      "div",
      { class: "buttons review-turns" },
      step("«", "review.first", 0, index === 0),
      step("◀◀", "review.previous-game", previousGame(steps, index), index === 0),
      step("◀", "review.previous-turn", previousTurn(steps, index), index === 0),
      step("▶", "review.next-turn", nextTurn(steps, index, count), index === last),
      step("▶▶", "review.next-game", nextGame(steps, index, count), index === last),
      step("»", "review.last", last, index === last),
    ),
    h(
      "div",
      { class: "buttons review-actions" },
      step("‹", "review.previous-action", index - 1, index === 0),
      step("›", "review.next-action", index + 1, index === last),
      games,
    ),
    h(
      "div",
      { class: "buttons" },
      h(
        "button",
        // a step where nobody is to move (the match over, between games) has nothing to analyse
        { type: "button", class: "secondary", dataset: { action: "analyse-position" }, title: say("review.analyse-hint"), disabled: frame.state.to_act === null || frame.state.to_act === undefined, onclick: analyse },
        say("review.analyse"),
      ),
      h("button", { type: "button", dataset: { action: "end-review" }, onclick: close }, say("review.end")),
    ),
    h("p", { class: "hint" }, keyNames(say("review.keys"))),
  );
}
