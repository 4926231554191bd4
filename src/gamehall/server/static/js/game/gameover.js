// @ts-check
// The panel between two games of a match: the next game starts on the server at once (its
// opening roll is logged with the end of the last; its clocks wait, see between.js), so the page
// keeps the finished game on the board — the state's `last_game`, as the server saw it end —
// and, in the controls' place, who won, what it was worth and how, until the reader presses
// Continue.

import { h } from "../dom.js";
import { language } from "../language.js";
import { hasText, reasonText, say, sayCount } from "../say.js";
import { pointsWord } from "./score.js";

/**
 * @typedef {import("../types.js").State} State
 * @typedef {import("../types.js").LastGame} LastGame
 */

/**
 * Why a game or match ended, from the reader's side: said of the loser (`loser`, a seat) when
 * the reason is something he did, "you" on the reader's own page.
 * @param {string | null | undefined} reason
 * @param {string[]} names
 * @param {number | null} loser
 * @param {number | null} you
 */
export function whyText(reason, names, loser, you) {
  if (reason && loser !== null && loser === you && hasText(`game.end.you.${reason}`)) return say(`game.end.you.${reason}`);
  return reasonText(reason, loser === null ? null : names[loser] ?? null);
}

/**
 * A text put at the start of a sentence: its first letter a capital, where the language has
 * capitals (Georgian's Mtavruli are not the capitals of a sentence).
 * @param {string} text
 */
export function capital(text) {
  return language() === "ka" ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

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
  const number = last.number;
  const title =
    winner === null
      ? say("game.over.drawn", { number })
      : say(winner === you ? "game.over.won.yours" : "game.over.won.theirs", { name: names[winner], number });
  const lines = [];
  const why = whyText(last.reason, names, winner === null ? null : 1 - winner, you);
  if (state.game === "renju") {
    lines.push(`${capital(why)}.`);
  } else {
    const points = last.points ?? 0;
    const kind = hasText(`game.kind.${last.kind}`) ? say(`game.kind.${last.kind}`) : last.kind || "";
    const cube = last.cube && last.cube > 1 ? last.cube : null;
    lines.push(cube ? sayCount("game.over.worth.cube", points, { kind, why, cube }) : sayCount("game.over.worth", points, { kind, why }));
  }
  const score = last.score || state.score;
  const seats = you === null ? [0, 1] : [you, 1 - you];
  const scores = seats
    .map((seat) => (seat === you ? say("game.over.score.you", { points: pointsWord(score[seat]) }) : say("game.over.score.of", { name: names[seat], points: pointsWord(score[seat]) })))
    .join(", ");
  lines.push(state.length ? say("game.over.score.length", { scores, length: state.length }) : say("game.over.score", { scores }));
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
  const next = state.game_number > last.number ? say("game.over.next", { number: state.game_number }) : "";
  return h(
    "section",
    { class: "game-over", role: "dialog", "aria-label": title },
    h("h2", {}, title),
    lines.map((line) => h("p", {}, line)),
    next ? h("p", { class: "next" }, next) : null,
    h("button", { type: "button", class: "primary", dataset: { action: "continue" }, onclick: onContinue }, next ? say("between.continue", { number: state.game_number }) : say("game.continue")),
  );
}
