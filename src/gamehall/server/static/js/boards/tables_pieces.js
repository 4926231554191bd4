// @ts-check
// Pieces of the tables board drawn the same in either layout: a die, a pip count.

import { s } from "../dom.js";
import { say } from "../say.js";

/** @typedef {import("./tables_geometry.js").Layout} Layout */

/**
 * The spots of each face of a die, around its centre.
 * @type {Record<number, [number, number][]>}
 */
const SPOTS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/**
 * A pip count, labelled with whose it is ("you", "opp." for the viewer's opponent, a spectator
 * sees the names cut short; the whole name in the tooltip).
 * @param {Layout} L
 * @param {number | null} number
 * @param {string} label "top" (the opponent's side) or "bottom"
 * @param {string} whose
 */
export function pips(L, number, label, whose) {
  const own = whose === "you" || whose === "opp.";
  const short = whose === "you" ? say("board.pips.you") : whose === "opp." ? say("board.pips.opponent") : whose.slice(0, 4);
  const pipCount = number ?? "–";
  const title =
    whose === "you"
      ? say("board.pips.yours", { pips: pipCount })
      : whose === "opp."
        ? say("board.pips.opponents", { pips: pipCount })
        : say("board.pips.of", { name: whose, pips: pipCount });
  const at = L.pipsAt(label === "top");
  const { x, y } = L.text(at.u, at.w, 14);
  return s(
    "g",
    { class: "pips", dataset: { pips: label } },
    s("title", {}, title),
    s("text", { class: "pips-label", x, y, translate: own ? null : "no" }, short),
    s("text", { class: "pips-value", x, y: y + L.PIPS }, number ?? "–"),
  );
}

/**
 * @param {number} x
 * @param {number} y
 * @param {number} value
 * @param {boolean} used
 * @param {string} colour
 */
export function die(x, y, value, used, colour) {
  const spots = SPOTS[value] || [];
  return s(
    "g",
    { class: `die ${colour}${used ? " used" : ""}`, dataset: { die: String(value), used: used ? "1" : "0" } },
    s("rect", { x: x - 21, y: y - 21, width: 42, height: 42, rx: 8 }),
    spots.map(([dx, dy]) => s("circle", { cx: x + dx * 10.5, cy: y + dy * 10.5, r: 4.2 })),
  );
}
