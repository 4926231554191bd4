// @ts-check
// The ways out of a match beside the game's own buttons: abort it (before both players have
// moved) and resign the whole match, each after a question; and the words of an aborted match.

import { h } from "../dom.js";
import { say } from "../say.js";
import { ask } from "./ask.js";

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
    if (await ask(say("game.abort.title"), say("game.abort.text"), [["yes", say("game.abort"), true]])) act("abort");
  };
  const resignMatch = async () => {
    const sure = await ask(say("game.resign-match.title"), say("game.resign-match.text"), [["yes", say("game.resign-match"), true]]);
    if (sure) act("resign_match");
  };
  const row = [
    actions.includes("abort") && h("button", { type: "button", class: "secondary", dataset: { action: "abort" }, onclick: abort }, say("game.abort")),
    actions.includes("resign_match") &&
      h("button", { type: "button", class: "secondary", dataset: { action: "resign_match" }, onclick: resignMatch }, say("game.resign-match")),
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
  const seat = abort?.player ?? null;
  const detail =
    seat === null || seat === undefined
      ? say("game.result.aborted.someone")
      : seat === you
        ? say("game.result.aborted.yours")
        : say("exit.aborted.by", { player: state.players[seat] ?? "" });
  return { title: say("game.result.aborted"), detail };
}
