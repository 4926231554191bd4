// @ts-check
// The end of a match: who won and why, the records to download, the fair dice to check.

import { errorText, get } from "../api.js";
import { h } from "../dom.js";
import { reasonText } from "./movelist.js";

/**
 * @typedef {import("../types.js").State} State
 * @typedef {import("../types.js").MatchSettings} MatchSettings
 * @typedef {import("../types.js").MatchEvent} MatchEvent
 */

/**
 * A game's fair dice: a button that checks them, and the record.
 * @param {string} matchId
 * @param {number} number
 */
function diceCheck(matchId, number) {
  const out = h("span", { class: "verification", role: "status" });
  const check = async () => {
    try {
      const answer = await get(`/api/matches/${matchId}/dice/${number}`);
      out.textContent = `${answer.verification.ok ? "✓" : "✗"} ${answer.verification.summary}`;
    } catch (error) {
      out.textContent = errorText(error);
    }
  };
  return h(
    "li",
    {},
    h("button", { type: "button", class: "secondary", onclick: check }, `Check the dice of game ${number}`),
    " ",
    h("a", { href: `/api/matches/${matchId}/dice/${number}` }, "record"),
    " ",
    out,
  );
}

/**
 * The result section of a finished match.
 * @param {{id: string, state: State, settings: MatchSettings | null, events: MatchEvent[]}} game
 */
export function result({ id, state, settings, events }) {
  const winner = state.winner === null || state.winner === undefined ? null : state.players[state.winner];
  const files = [["record.json", "the event log (.json)"]];
  files.push(state.game === "renju" ? ["record.psq", "the game (.psq)"] : ["record.mat", "the match (.mat)"]);
  const games = events.filter((e) => e.kind === "game_end").length;
  const checks = [];
  for (let number = 1; number <= games; number++) checks.push(diceCheck(id, number));
  return [
    h("h2", {}, winner ? `${winner} wins the match` : "The match is drawn"),
    h("p", { class: "why" }, `${reasonText(state.end_reason)} · ${state.score.join("–")}`),
    h(
      "ul",
      { class: "downloads" },
      files.map(([file, text]) => h("li", {}, h("a", { href: `/api/matches/${id}/${file}`, download: "" }, `Download ${text}`))),
    ),
    settings?.dice === "fair" ? h("div", { class: "dice-checks" }, h("h3", {}, "Fair dice"), h("ul", {}, checks)) : null,
  ];
}
