// @ts-check
// The lobby's seek graph, as on lichess: each open seek a mark, across by its time control's
// expected length (log scale, the untimed ones in a column of their own at the right), up by
// its owner's rating, coloured by game. A mark is a button: it accepts the seek as the list's
// button does; its label and the line under the graph say who, what rating, which game and
// clock.

import { h, s } from "../dom.js";
import { say } from "../say.js";
import { describeSettings, GAMES } from "../settings.js";
import { speedName } from "./seek-filters.js";

/** @typedef {import("../types.js").Seek} Seek */

/**
 * The graph's size in its own units, drawn about one unit a pixel: wide on a desktop, narrow
 * on a phone (so that its words stay as large as the page's).
 * @typedef {{width: number, height: number, left: number, right: number, top: number, bottom: number}} Frame
 */
/** @type {Frame} */
const WIDE = { width: 600, height: 260, left: 48, right: 70, top: 22, bottom: 36 };
/** @type {Frame} */
const NARROW = { width: 340, height: 240, left: 46, right: 60, top: 22, bottom: 34 };
/** The expected lengths (seconds) at the graph's two ends: 30 s and 3 h. */
const SHORTEST = 30;
const LONGEST = 3 * 3600;
/** Where a speed ends and the next begins (the server's bands, play.speed), and the speeds. */
const BANDS = [180, 480, 1500];
const TIMED = /** @type {const} */ (["bullet", "blitz", "rapid", "classical"]);
/** The mark's radius, and how far a mark moves aside from one at the same place. */
const RADIUS = 7;

/**
 * Where an expected length of `seconds` is across `frame`.
 * @param {Frame} frame
 * @param {number} seconds
 */
function across(frame, seconds) {
  const clamped = Math.min(Math.max(seconds, SHORTEST), LONGEST);
  const share = Math.log(clamped / SHORTEST) / Math.log(LONGEST / SHORTEST);
  return frame.left + share * (frame.width - frame.left - frame.right);
}

/**
 * The ratings' span the graph shows: at least 1300 to 1700, in hundreds, with a tick step
 * giving at most six ticks.
 * @param {number[]} ratings
 */
function ratingSpan(ratings) {
  const low = Math.floor((Math.min(1300, ...ratings) - 50) / 100) * 100;
  const high = Math.ceil((Math.max(1700, ...ratings) + 50) / 100) * 100;
  const step = [100, 200, 250, 500, 1000].find((one) => (high - low) / one <= 6) || 1000;
  return { low, high, step };
}

/**
 * A seek as the graph says it: owner, rating, game and clock.
 * @param {Seek} seek
 */
export function seekWords(seek) {
  return `${seek.user} (${seek.rating_shown}) · ${describeSettings(seek.settings)}`;
}

/**
 * Say `seek` in the line under the graph, the owner's name as it is in every language.
 * @param {HTMLElement} tip
 * @param {Seek} seek
 */
function tell(tip, seek) {
  tip.replaceChildren(h("span", { translate: "no" }, seek.user), ` (${seek.rating_shown}) · ${describeSettings(seek.settings)}`);
}

/**
 * The graph of `seeks` (those the filters show); `accept` takes one, for a logged-in player
 * `me`, who cannot take his own.
 * @param {Seek[]} seeks
 * @param {string | null} me
 * @param {(seek: Seek) => void} accept
 */
export function seekGraph(seeks, me, accept) {
  const frame = matchMedia("(max-width: 640px)").matches ? NARROW : WIDE;
  const { width, height, left, right, top } = frame;
  const bottom = height - frame.bottom;
  const untimed = width - right / 2;
  const { low, high, step } = ratingSpan(seeks.map((seek) => seek.rating));
  const up = (/** @type {number} */ rating) => top + ((high - rating) / (high - low)) * (bottom - top);
  const tip = h("p", { class: "seek-graph-tip", "aria-live": "polite" }, "\u00a0");
  const taken = new Set();
  const marks = seeks.map((seek) => {
    let x = seek.estimate === null ? untimed : across(frame, seek.estimate);
    const y = up(seek.rating);
    while (taken.has(`${Math.round(x)}:${Math.round(y)}`)) x += RADIUS;
    taken.add(`${Math.round(x)}:${Math.round(y)}`);
    const words = seekWords(seek);
    const own = seek.user === me;
    const can = me !== null && !own;
    const label = own ? say("lobby.graph.mine", { seek: words }) : say("lobby.graph.accept", { seek: words });
    const take = () => {
      if (can) accept(seek);
    };
    return s(
      "g",
      {
        class: `seek-mark game-${seek.settings.game || "backgammon"}${own ? " mine" : ""}${seek.rated ? " rated" : ""}`,
        role: "button",
        tabindex: 0,
        "aria-label": label,
        "aria-disabled": can ? null : "true",
        dataset: { seek: seek.id, user: seek.user },
        onclick: take,
        onkeydown: (/** @type {KeyboardEvent} */ event) => {
          if (event.key !== "Enter" && event.key !== " ") return;
          event.preventDefault();
          take();
        },
        onpointerenter: () => tell(tip, seek),
        onfocus: () => tell(tip, seek),
      },
      s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: RADIUS }),
      s("title", {}, words),
    );
  });
  const ticks = [];
  for (let rating = low; rating <= high; rating += step) ticks.push(rating);
  const edges = [SHORTEST, ...BANDS, LONGEST];
  const end = width - right;
  const middle = (top + bottom) / 2;
  const graph = s(
    "svg",
    { class: "seek-graph", viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": say("lobby.graph.label") },
    ticks.map((rating) => [
      s("line", { class: "grid", x1: left, x2: end, y1: up(rating), y2: up(rating) }),
      s("text", { class: "axis", x: left - 6, y: up(rating) + 4, "text-anchor": "end" }, rating),
    ]),
    BANDS.map((seconds) => s("line", { class: "band", x1: across(frame, seconds), x2: across(frame, seconds), y1: top, y2: bottom })),
    TIMED.map((speed, i) =>
      s(
        "text",
        { class: "axis speed", x: (across(frame, edges[i]) + across(frame, edges[i + 1])) / 2, y: top - 8, "text-anchor": "middle" },
        speedName(speed),
      ),
    ),
    s("line", { class: "band", x1: end, x2: end, y1: top, y2: bottom }),
    s("text", { class: "axis speed", x: untimed, y: top - 8, "text-anchor": "middle" }, speedName("untimed")),
    s("text", { class: "axis", x: (left + end) / 2, y: height - 8, "text-anchor": "middle" }, say("lobby.graph.x")),
    s("text", { class: "axis", x: 10, y: middle, "text-anchor": "middle", transform: `rotate(-90 10 ${middle})` }, say("lobby.graph.y")),
    marks,
  );
  const legend = h(
    "ul",
    { class: "seek-graph-legend" },
    Object.entries(GAMES).map(([game, title]) => h("li", { class: `game-${game}` }, h("span", { class: "swatch", "aria-hidden": "true" }), title)),
  );
  return h("figure", { class: "seek-graph-card" }, h("figcaption", {}, say("lobby.graph.title")), graph, legend, tip);
}
