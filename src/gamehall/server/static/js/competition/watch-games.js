// @ts-check
// A tournament's games to watch (a round robin's, a Swiss's, a knockout's, groups'): those being
// played, with the match's score as it stands and a link to watch it live, then the latest
// finished, linked to their review. An arena lists its games in its own part (arena.js).

import { h } from "../dom.js";
import { say } from "../say.js";
import { entryName } from "./computers.js";

/**
 * @typedef {import("./types.js").TournamentDetail} TournamentDetail
 * @typedef {import("../api-types.js").TournamentGameView} TournamentGameView
 */

/**
 * A match's score: 2–1, ½ for half points.
 * @param {number[] | null} score
 */
export function scoreText(score) {
  if (!score) return "–";
  return score.map((v) => String(v).replace(/\.5$/, "½").replace(/^0½$/, "½")).join("–");
}

/**
 * A game's result in words (a forfeit named), "playing" while it is played (nothing for a game
 * over whose result is not recorded yet).
 * @param {TournamentGameView} game
 */
function outcomeText(game) {
  const outcome = game.result?.outcome;
  if (!outcome) return game.status === "playing" ? say("tournament.result.playing") : "";
  const names = /** @type {Record<string, string>} */ ({
    "1/2-1/2": "½–½",
    "+-": say("tournament.result.forfeit-first"),
    "-+": say("tournament.result.forfeit-second"),
    "--": say("tournament.result.forfeit-both"),
  });
  return names[outcome] ?? outcome.replace("-", "–");
}

/**
 * The section of the games to watch and to review; null before any game is made.
 * @param {TournamentDetail} detail
 */
export function watchGamesSection(detail) {
  if (!detail.games.length) return null;
  const playing = detail.games.some((g) => g.status === "playing");
  return h(
    "section",
    { class: "watch-games" },
    h("h2", {}, say("tournament.games.title")),
    playing ? null : h("p", { class: "empty" }, say("tournament.games.none")),
    h(
      "div",
      { class: "table-scroll" },
      h(
        "table",
        { class: "list games-to-watch" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", {}, say("tournament.column.round")),
            h("th", {}, say("tournament.column.first")),
            h("th", {}, say("tournament.column.second")),
            h("th", {}, say("tournament.column.score")),
            h("th", {}, say("tournament.column.result")),
            h("th", {}, say("tournament.column.game")),
          ),
        ),
        h(
          "tbody",
          {},
          detail.games.map((g) =>
            h(
              "tr",
              { class: g.status, dataset: { match: g.match_id, round: g.round } },
              h("td", {}, g.round),
              h("td", { translate: "no" }, entryName(detail, g.first)),
              h("td", { translate: "no" }, entryName(detail, g.second)),
              h("td", { class: "score" }, scoreText(g.score ?? (g.status === "playing" ? [0, 0] : null))),
              h("td", { class: "outcome" }, outcomeText(g)),
              h("td", {}, h("a", { href: `#/game/${g.match_id}` }, say(g.status === "playing" ? "tournament.watch" : "tournament.review"))),
            ),
          ),
        ),
      ),
    ),
  );
}
