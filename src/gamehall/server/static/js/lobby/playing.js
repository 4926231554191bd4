// @ts-check
// What is being played, by game: the matches and the accounts playing them, as the lobby's
// socket counts them over every server process.

import { h } from "../dom.js";
import { say } from "../say.js";
import { GAMES } from "../settings.js";

/** @typedef {import("../api-types.js").GamePlayingView} GamePlaying */

/**
 * The table of each game's matches being played and its players.
 * @param {GamePlaying[]} games
 */
export function playingTable(games) {
  return h(
    "table",
    { class: "list playing-table" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, say("lobby.seeks.game")),
        h("th", { scope: "col" }, say("lobby.playing.matches")),
        h("th", { scope: "col" }, say("lobby.playing.players")),
      ),
    ),
    h(
      "tbody",
      {},
      games.map((one) =>
        h(
          "tr",
          { dataset: { game: one.game } },
          h("th", { scope: "row" }, GAMES[one.game] || one.game),
          h("td", { class: "matches" }, one.matches),
          h("td", { class: "players" }, one.players),
        ),
      ),
    ),
  );
}
