// @ts-check
// A knockout's bracket as an SVG drawing: one column a round, each match a box with its two
// players (the winner in bold, a bye marked), lines joining a match to the one its winner
// plays next. Drawn from the tournament's pairings alone, so it is right at every moment.

import { s } from "../dom.js";
import { say, sayCount } from "../say.js";

/** @typedef {import("./types.js").PairingView} PairingView */

const BOX_W = 180;
const BOX_H = 44;
const GAP_X = 48;
const GAP_Y = 16;

/**
 * The deciding leg of each board of each round (a drawn renju pairing is replayed: the last
 * leg decides).
 * @param {PairingView[]} pairings
 * @returns {PairingView[][]}
 */
function roundsOf(pairings) {
  /** @type {Map<number, Map<number, PairingView>>} */
  const rounds = new Map();
  for (const p of pairings) {
    const boards = rounds.get(p.round) ?? new Map();
    const kept = boards.get(p.board);
    if (!kept || kept.leg < p.leg) boards.set(p.board, p);
    rounds.set(p.round, boards);
  }
  return [...rounds.keys()].sort((a, b) => a - b).map((r) => {
    const boards = /** @type {Map<number, PairingView>} */ (rounds.get(r));
    return [...boards.keys()].sort((a, b) => a - b).map((b) => /** @type {PairingView} */ (boards.get(b)));
  });
}

/**
 * Who won a pairing: "first", "second" or null while undecided (a bye goes to the first).
 * @param {PairingView} p
 */
function winnerOf(p) {
  if (!p.result) return null;
  const outcome = p.result.outcome;
  if (outcome === "bye" || outcome === "1-0" || outcome === "+-") return "first";
  if (outcome === "0-1" || outcome === "-+") return "second";
  return null;
}

/**
 * The bracket of `pairings` (only those of a knockout stage), as an <svg>.
 * @param {PairingView[]} pairings
 * @param {number} [size] players in the first round, to draw the rounds not yet paired
 * @param {(player: string) => string} [nameOf] a player's name as the reader reads it
 */
export function bracketSvg(pairings, size, nameOf = (player) => player) {
  const rounds = roundsOf(pairings);
  const firstCount = rounds[0]?.length ?? 1;
  const total = Math.max(rounds.length, size ? Math.ceil(Math.log2(Math.max(size, 2))) : 0);
  const height = firstCount * (BOX_H + GAP_Y) + GAP_Y;
  const width = total * (BOX_W + GAP_X) + GAP_X;
  const svg = s("svg", {
    class: "bracket",
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    role: "img",
    "aria-label": sayCount("tournament.bracket.label", total),
  });
  /** @type {number[]} */
  let previous = [];
  for (let r = 0; r < total; r++) {
    const count = Math.max(1, Math.ceil(firstCount / 2 ** r));
    const x = GAP_X / 2 + r * (BOX_W + GAP_X);
    /** @type {number[]} */
    const centres = [];
    for (let i = 0; i < count; i++) {
      const y =
        r === 0 || previous.length < 2 * i + 1
          ? GAP_Y + i * (BOX_H + GAP_Y) * 2 ** r + ((BOX_H + GAP_Y) * (2 ** r - 1)) / 2
          : (previous[2 * i] + (previous[2 * i + 1] ?? previous[2 * i])) / 2 - BOX_H / 2;
      centres.push(y + BOX_H / 2);
      const pairing = rounds[r]?.[i];
      svg.append(matchBox(x, y, pairing, r + 1, nameOf));
      if (r > 0) {
        for (const from of [previous[2 * i], previous[2 * i + 1]]) {
          if (from === undefined) continue;
          const midX = x - GAP_X / 2;
          svg.append(s("path", { class: "bracket-line", d: `M${x - GAP_X} ${from} H${midX} V${y + BOX_H / 2} H${x}` }));
        }
      }
    }
    previous = centres;
  }
  return svg;
}

/**
 * One match's box: the two players, the winner bold, a link to the live game.
 * @param {number} x
 * @param {number} y
 * @param {PairingView | undefined} pairing
 * @param {number} round
 * @param {(player: string) => string} nameOf
 */
function matchBox(x, y, pairing, round, nameOf) {
  const won = pairing ? winnerOf(pairing) : null;
  const line = (/** @type {string} */ name, /** @type {boolean} */ bold, /** @type {number} */ dy) =>
    s("text", { x: x + 8, y: y + dy, class: bold ? "bracket-name winner" : "bracket-name" }, name);
  const group = s(
    "g",
    { class: "bracket-match", dataset: { round, board: pairing?.board ?? "" } },
    s("rect", { x, y, width: BOX_W, height: BOX_H, rx: 4 }),
    s("line", { x1: x, x2: x + BOX_W, y1: y + BOX_H / 2, y2: y + BOX_H / 2, class: "bracket-divider" }),
    line(pairing ? nameOf(pairing.first) : "…", won === "first", 16),
    line(pairing ? (pairing.second === null ? say("tournament.bye") : nameOf(pairing.second)) : "…", won === "second", 38),
  );
  if (pairing?.match_id) {
    const link = s("a", { href: `#/game/${pairing.match_id}` }, group);
    link.append(s("title", {}, say("tournament.bracket.open", { round })));
    return link;
  }
  return group;
}
