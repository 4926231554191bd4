// @ts-check
// Between two games of a match: the words of the status line while the finished game is on the
// board, and the pause of the clocks. The server pauses every clock for a while after a game
// ends (its messages' `clocks_wait`, counted from their arrival): the page counts that pause
// down and runs no clock meanwhile; it decides nothing itself.

import { say } from "../say.js";
import { gameOverText } from "./gameover.js";

/**
 * @typedef {import("../types.js").State} State
 * @typedef {import("../types.js").LastGame} LastGame
 */

/**
 * The status line while the finished game is shown: who won it and the score.
 * @param {State} state
 * @param {LastGame} last
 * @param {number | null} you
 */
export function betweenStatus(state, last, you) {
  const { title, lines } = gameOverText(state, last, you);
  return say("game.over.status", { title, score: lines[lines.length - 1] });
}

/**
 * Seconds left of the clocks' pause, `since` seconds after the message that said `wait`.
 * @param {number} wait the message's clocks_wait (0: none)
 * @param {number} since
 */
export function pauseLeft(wait, since) {
  return Math.max(wait - since, 0);
}

/**
 * The line that counts the pause down ("" once the clocks run).
 * @param {number} left seconds
 */
export function pauseText(left) {
  return left > 0 ? say("between.clocks-pause", { seconds: Math.ceil(left) }) : "";
}
