// @ts-check
// A crosstable: one row and one column a player (in standings order), each cell the row
// player's score against the column player (1, ½, 0; forfeits as +, −; empty until played).

import { h } from "../dom.js";
import { say } from "../say.js";

/** @typedef {import("./types.js").PairingView} PairingView */

/**
 * The row player's mark in one result.
 * @param {PairingView} p
 * @param {string} player
 */
function mark(p, player) {
  if (!p.result) return "·";
  const first = p.first === player;
  switch (p.result.outcome) {
    case "1-0":
      return first ? "1" : "0";
    case "0-1":
      return first ? "0" : "1";
    case "1/2-1/2":
      return "½";
    case "+-":
      return first ? "+" : "−";
    case "-+":
      return first ? "−" : "+";
    case "--":
      return "−";
    default:
      return "";
  }
}

/**
 * @param {string[]} players in the order of the standings
 * @param {PairingView[]} pairings
 * @param {Record<string, number>} points
 * @param {string} [caption]
 * @param {(player: string) => string} [nameOf] a player's name as the reader reads it
 */
export function crosstable(players, pairings, points, caption, nameOf = (player) => player) {
  const number = new Map(players.map((p, i) => [p, i + 1]));
  return h("div", { class: "table-scroll" }, table(players, pairings, points, number, caption, nameOf));
}

/**
 * @param {string[]} players
 * @param {PairingView[]} pairings
 * @param {Record<string, number>} points
 * @param {Map<string, number>} number
 * @param {string | undefined} caption
 * @param {(player: string) => string} nameOf
 */
function table(players, pairings, points, number, caption, nameOf) {
  return h(
    "table",
    { class: "crosstable" },
    caption ? h("caption", {}, caption) : null,
    h(
      "thead",
      {},
      h("tr", {}, h("th", {}, "#"), h("th", {}, say("tournament.column.player")), players.map((_, i) => h("th", { scope: "col" }, i + 1)), h("th", {}, say("tournament.column.points"))),
    ),
    h(
      "tbody",
      {},
      players.map((row) =>
        h(
          "tr",
          {},
          h("td", {}, number.get(row)),
          h("th", { scope: "row", translate: "no" }, nameOf(row)),
          players.map((column) => {
            if (row === column) return h("td", { class: "self" }, "");
            const met = pairings.filter((p) => p.second && [p.first, p.second].includes(row) && [p.first, p.second].includes(column));
            return h("td", {}, met.map((p) => mark(p, row)).join(" "));
          }),
          h("td", { class: "points" }, String(points[row] ?? 0).replace(".5", "½")),
        ),
      ),
    ),
  );
}
