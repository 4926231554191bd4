// @ts-check
// The end of a match: who won and why, the records to download, the fair dice to check.

import { errorText, get } from "../api.js";
import { h } from "../dom.js";
import { say } from "../say.js";
import { abortedText } from "./exits.js";
import { capital, whyText } from "./gameover.js";
import { scoreWord } from "./score.js";

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
    h("button", { type: "button", class: "secondary", onclick: check }, say("game.dice.check", { number })),
    " ",
    h("a", { href: `/api/matches/${matchId}/dice/${number}` }, say("game.dice.record")),
    " ",
    out,
  );
}

/** Reasons that can end a match whatever the score: the winner is given the match. */
const FORFEITS = ["abandoned", "withdrawn", "time", "operator"];

/**
 * Who won and how, from the reader's side: "You won the match", "Bob left and did not come
 * back"; a match forfeited is the winner's whatever the score was when it stopped. A renju
 * game lost on time is scored: when it wins the match, the match is won, not given.
 * @param {State} state
 * @param {number | null} you
 */
export function matchResultText(state, you) {
  const names = state.players;
  const winner = state.winner ?? null;
  const title =
    winner === null ? say("game.result.drawn") : say(winner === you ? "game.result.won.yours" : "game.result.won.theirs", { name: names[winner] });
  const loser = winner === null ? null : 1 - winner;
  const score = scoreWord(state.score);
  const why = whyText(state.end_reason, names, loser, you);
  const won = winner !== null && state.length > 0 && state.score[winner] >= state.length;
  const detail =
    FORFEITS.includes(state.end_reason || "") && !won
      ? say(winner === you ? "game.result.given.yours" : "game.result.given.theirs", { why, name: names[winner ?? 0], score })
      : state.length
        ? say("game.result.score.length", { why, score, length: state.length })
        : say("game.result.score", { why, score });
  const named = loser !== null && loser !== you && detail.startsWith(names[loser]); // a name as it is written
  return { title, detail: named ? detail : capital(detail) };
}

/**
 * The result section of a finished match.
 * @param {{id: string, state: State, settings: MatchSettings | null, events: MatchEvent[], you: number | null}} game
 */
export function result({ id, state, settings, events, you }) {
  const text = abortedText(state, events, you) ?? matchResultText(state, you);
  const files = [["record.json", "game.download.log"]];
  files.push(state.game === "renju" ? ["record.psq", "game.download.psq"] : ["record.mat", "game.download.mat"]);
  const games = events.filter((e) => e.kind === "game_end").length;
  const checks = [];
  for (let number = 1; number <= games; number++) checks.push(diceCheck(id, number));
  return [
    h("h2", {}, text.title),
    h("p", { class: "why" }, text.detail),
    h(
      "ul",
      { class: "downloads" },
      files.map(([file, text]) => h("li", {}, h("a", { href: `/api/matches/${id}/${file}`, download: "" }, say(text)))),
    ),
    settings?.dice === "fair" ? h("div", { class: "dice-checks" }, h("h3", {}, say("game.dice.fair")), h("ul", {}, checks)) : null,
  ];
}
