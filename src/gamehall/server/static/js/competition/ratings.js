// @ts-check
// Ratings on the pages: a player's shown rating as a small badge (player cards), their ratings
// and an SVG chart of each game's rating history (profiles). "?" marks a provisional rating.

import { get } from "../api.js";
import { h, s } from "../dom.js";
import { languageTag } from "../language.js";
import { say, sayCount } from "../say.js";
import { GAMES } from "../settings.js";

/** @typedef {import("./types.js").RatingView} RatingView */
/** @typedef {import("./types.js").HistoryPoint} HistoryPoint */
/** @typedef {{player: string, ratings: RatingView[], history: Record<string, HistoryPoint[]>}} PlayerRatings */

const NEWCOMER = "1500?";
const CACHE_MS = 30_000;

/** @type {Map<string, {at: number, answer: Promise<PlayerRatings>}>} */
const cache = new Map();

/**
 * A player's ratings and history: asked again at most every 30 s (player cards), or now
 * (`fresh`: a profile).
 * @param {string} name
 * @param {boolean} [fresh]
 * @returns {Promise<PlayerRatings>}
 */
export function playerRatings(name, fresh = false) {
  const kept = cache.get(name);
  if (kept && !fresh && Date.now() - kept.at < CACHE_MS) return kept.answer;
  const answer = get(`/api/users/${encodeURIComponent(name)}/ratings`);
  cache.set(name, { at: Date.now(), answer });
  return answer;
}

/** @param {string} game */
export function gameName(game) {
  return GAMES[game] ?? game;
}

/**
 * A badge with the player's rating in `game`, filled in when it arrives.
 * @param {string} name
 * @param {string} game
 */
export function ratingBadge(name, game) {
  const badge = h("span", { class: "rating", title: say("ratings.badge", { game: gameName(game) }) }, "");
  playerRatings(name).then(
    (answer) => {
      const found = answer.ratings.find((r) => r.game === game);
      badge.textContent = found ? found.display : NEWCOMER;
    },
    () => badge.remove(),
  );
  return badge;
}

/**
 * The rating history of one game as an SVG line chart (rating, and its deviation as a band).
 * @param {HistoryPoint[]} points oldest first
 * @param {string} game
 */
export function ratingChart(points, game) {
  const width = 560;
  const height = 200;
  const pad = { left: 44, right: 12, top: 12, bottom: 24 };
  const lows = points.map((p) => p.rating - p.deviation);
  const highs = points.map((p) => p.rating + p.deviation);
  const low = Math.floor(Math.min(1500, ...points.map((p) => p.rating), ...lows) / 50) * 50;
  const high = Math.ceil(Math.max(1500, ...points.map((p) => p.rating), ...highs) / 50) * 50;
  const x = (/** @type {number} */ i) => pad.left + (points.length < 2 ? 0.5 : i / (points.length - 1)) * (width - pad.left - pad.right);
  const y = (/** @type {number} */ r) => pad.top + ((high - r) / Math.max(high - low, 1)) * (height - pad.top - pad.bottom);
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)} ${y(p.rating).toFixed(1)}`).join(" ");
  const band =
    points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)} ${y(p.rating + p.deviation).toFixed(1)}`).join(" ") +
    " " +
    points
      .map((p, i) => [p, i])
      .reverse()
      .map(([p, i]) => {
        const point = /** @type {HistoryPoint} */ (p);
        return `L${x(/** @type {number} */ (i)).toFixed(1)} ${y(point.rating - point.deviation).toFixed(1)}`;
      })
      .join(" ") +
    " Z";
  const ticks = [low, (low + high) / 2, high];
  const last = points[points.length - 1];
  return s(
    "svg",
    {
      class: "rating-chart",
      viewBox: `0 0 ${width} ${height}`,
      role: "img",
      "aria-label": sayCount("ratings.chart", points.length, { game: gameName(game), rating: Math.round(last.rating) }),
      dataset: { game },
    },
    ticks.map((t) => [
      s("line", { class: "grid", x1: pad.left, x2: width - pad.right, y1: y(t), y2: y(t) }),
      s("text", { class: "axis", x: pad.left - 6, y: y(t) + 4, "text-anchor": "end" }, Math.round(t)),
    ]),
    s("path", { class: "deviation", d: band }),
    s("path", { class: "line", d: line }),
    points.map((p, i) =>
      s("circle", { class: "point", cx: x(i), cy: y(p.rating), r: 3 }, s("title", {}, `${new Date(p.at).toLocaleString(languageTag())}: ${Math.round(p.rating)} ± ${Math.round(p.deviation)}`)),
    ),
    s("text", { class: "axis", x: pad.left, y: height - 6 }, say("ratings.chart.first")),
    s("text", { class: "axis", x: width - pad.right, y: height - 6, "text-anchor": "end" }, say("ratings.chart.now")),
  );
}

/**
 * A profile's ratings section: each game's rating and its chart.
 * @param {string} name
 */
export function ratingsSection(name) {
  const section = h("section", { class: "ratings-section" }, h("h2", {}, say("ratings.title")), h("p", { class: "loading" }, say("watch.loading")));
  playerRatings(name, true).then(
    (answer) => {
      const body = answer.ratings.length
        ? answer.ratings.map((r) =>
            h(
              "div",
              { class: "rating-game", dataset: { game: r.game } },
              h(
                "h3",
                {},
                gameName(r.game),
                " ",
                h("span", { class: "rating big" }, r.display),
                r.fibs !== null ? h("span", { class: "muted" }, ` FIBS ${r.fibs.toFixed(2)}`) : null,
                h("span", { class: "muted" }, ` · ${sayCount("ratings.results", r.games)}`),
              ),
              ratingChart(answer.history[r.game] ?? [], r.game),
            ),
          )
        : h("p", { class: "empty" }, say("ratings.none"));
      section.replaceChildren(h("h2", {}, say("ratings.title")), ...[body].flat());
    },
    (error) => section.replaceChildren(h("h2", {}, say("ratings.title")), h("p", { class: "form-error" }, error.message)),
  );
  return section;
}
