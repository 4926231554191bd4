// @ts-check
// The panel between two games of a match: the next game starts on the server at once (its
// opening roll is logged with the end of the last; its clocks wait, see between.js), so the page
// keeps the finished game on the board — the state's `last_game`, as the server saw it end —
// and, in the controls' place, who won, what it was worth and how, until the reader presses
// Continue.

import { h } from "../dom.js";
import { reasonText, say } from "../say.js";
import { playerWord } from "./movelist.js";
import { pointsWord } from "./score.js";

/**
 * @typedef {import("../types.js").State} State
 * @typedef {import("../types.js").LastGame} LastGame
 */

/** @type {Record<string, string>} */
const KINDS = {
  single: "a single game",
  gammon: "a gammon",
  backgammon: "a backgammon",
  oin: "oin (a single game)",
  mars: "mars (a double game)",
};

/**
 * The state to draw while the panel is up: the finished game's board, no dice, nothing to play.
 * @param {State} state
 * @param {LastGame} last
 * @returns {State}
 */
export function finalState(state, last) {
  if (state.game === "renju") {
    return {
      ...state,
      phase: "over",
      to_act: null,
      black: last.black ?? state.black,
      stones: last.stones || {},
      moves: last.moves || [],
      five: last.five || [],
      forbidden: {},
      turn: undefined,
      draw_offer: null,
    };
  }
  return {
    ...state,
    phase: "over",
    to_act: null,
    position: last.position ?? state.position,
    pips: last.position?.pips ?? state.pips,
    dice: null,
    dice_used: [],
    dice_left: null,
    moves: [],
    turn_start: undefined,
    crawford: false,
    cube: state.cube ? { value: last.cube ?? 1, owner: last.cube_owner ?? null, next: null } : undefined,
  };
}

/**
 * Who won the game and what it was worth, from the reader's side.
 * @param {State} state
 * @param {LastGame} last
 * @param {number | null} you
 */
export function gameOverText(state, last, you) {
  const names = state.players;
  const winner = last.winner ?? null;
  const title =
    winner === null ? `Game ${last.number} is drawn` : winner === you ? `You won game ${last.number}` : `${names[winner]} won game ${last.number}`;
  const lines = [];
  const loser = winner === null ? null : playerWord(names, 1 - winner, you);
  const why = reasonText(last.reason, loser);
  if (state.game === "renju") {
    lines.push(`${why.charAt(0).toUpperCase()}${why.slice(1)}.`);
  } else {
    const points = last.points ?? 0;
    const kind = KINDS[last.kind || ""] || last.kind || "";
    const cube = last.cube && last.cube > 1 ? `, the cube at ${last.cube}` : "";
    lines.push(`${kind.charAt(0).toUpperCase()}${kind.slice(1)}: ${points} point${points === 1 ? "" : "s"}${cube} (${why}).`);
  }
  const score = last.score || state.score;
  const seats = you === null ? [0, 1] : [you, 1 - you];
  const parts = seats.map((seat) => `${seat === you ? "you" : names[seat]} ${pointsWord(score[seat])}`).join(", ");
  const total = `Score: ${parts}`;
  lines.push(state.length ? `${total} in a match to ${state.length}.` : `${total}.`);
  return { title, lines };
}

/**
 * The panel itself.
 * @param {State} state
 * @param {LastGame} last
 * @param {number | null} you
 * @param {() => void} onContinue
 */
export function gameOverPanel(state, last, you, onContinue) {
  const { title, lines } = gameOverText(state, last, you);
  const next = state.game_number > last.number ? `Game ${state.game_number} has started.` : "";
  return h(
    "section",
    { class: "game-over", role: "dialog", "aria-label": title },
    h("h2", {}, title),
    lines.map((line) => h("p", {}, line)),
    next ? h("p", { class: "next" }, next) : null,
    h("button", { type: "button", class: "primary", dataset: { action: "continue" }, onclick: onContinue }, next ? say("between.continue", { number: state.game_number }) : "Continue"),
  );
}
