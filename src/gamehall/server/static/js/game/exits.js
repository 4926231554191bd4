// @ts-check
// The ways out of a match beside the game's own buttons: abort it (before both players have
// moved) and resign the whole match, each after a question; and the words of an aborted match.

import { h } from "../dom.js";
import { say } from "../say.js";
import { ask } from "./ask.js";
import { playerWord } from "./movelist.js";

/**
 * @typedef {import("../types.js").State} State
 * @typedef {import("../types.js").MatchEvent} MatchEvent
 * @typedef {(kind: string, data?: object) => void} Act
 */

/**
 * The abort and resign-the-match buttons the server offers now (`actions`), or nothing.
 * @param {string[]} actions
 * @param {Act} act
 */
export function exitButtons(actions, act) {
  const abort = async () => {
    const why = "Neither player wins: the game is not counted and no rating changes.";
    if (await ask("Abort this game?", why, [["yes", "Abort", true]])) act("abort");
  };
  const resignMatch = async () => {
    const why = "Your opponent wins the whole match, not only this game; a rated match counts as your loss.";
    if (await ask("Resign the whole match?", why, [["yes", "Resign the match", true]])) act("resign_match");
  };
  const row = [
    actions.includes("abort") && h("button", { type: "button", class: "secondary", dataset: { action: "abort" }, onclick: abort }, "Abort"),
    actions.includes("resign_match") &&
      h("button", { type: "button", class: "secondary", dataset: { action: "resign_match" }, onclick: resignMatch }, "Resign the match"),
  ].filter(Boolean);
  return row.length ? [h("div", { class: "buttons exits" }, row)] : [];
}

/**
 * The result of an aborted match, or null for any other end: who aborted it, from the
 * reader's side.
 * @param {State} state
 * @param {MatchEvent[]} events
 * @param {number | null} you
 */
export function abortedText(state, events, you) {
  if (state.end_reason !== "aborted") return null;
  const abort = events.find((event) => event.kind === "abort");
  const who = playerWord(state.players, abort?.player ?? null, you) || "a player";
  const detail = say("exit.aborted.by", { player: who }).replace(/^you\b/, "You").replace(/^a player\b/, "A player");
  return { title: "The match was aborted", detail };
}
