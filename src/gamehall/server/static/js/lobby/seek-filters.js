// @ts-check
// The lobby's seek filters: which games, rated only, the owner's rating from and to, and the
// speeds of the time controls (the server says each seek's speed and its owner's rating). The
// page applies them to the pushed list and the graph; the browser remembers them.

import { h } from "../dom.js";
import { say } from "../say.js";
import { GAMES } from "../settings.js";

/** @typedef {import("../types.js").Seek} Seek */
/** @typedef {import("../api-types.js").SeekView["speed"]} Speed */

/**
 * What the lobby shows: empty lists mean every game, every speed; null no bound.
 * @typedef {{games: string[], rated: boolean, from: number | null, to: number | null, speeds: Speed[]}} Filters
 */

/** Where the browser keeps the filters. */
const STORAGE = "gamehall.lobby.filters";

/** @type {Speed[]} */
export const SPEEDS = ["untimed", "bullet", "blitz", "rapid", "classical"];

/** @returns {Filters} */
function none() {
  return { games: [], rated: false, from: null, to: null, speeds: [] };
}

/** @param {unknown} value */
function bound(value) {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/**
 * The filters the browser kept (none when it kept none, or something else).
 * @returns {Filters}
 */
export function keptFilters() {
  try {
    const kept = JSON.parse(localStorage.getItem(STORAGE) || "{}");
    const games = Array.isArray(kept.games) ? kept.games.filter((/** @type {unknown} */ g) => typeof g === "string" && g in GAMES) : [];
    const speeds = Array.isArray(kept.speeds) ? kept.speeds.filter((/** @type {Speed} */ s) => SPEEDS.includes(s)) : [];
    return { games, rated: kept.rated === true, from: bound(kept.from), to: bound(kept.to), speeds };
  } catch {
    return none();
  }
}

/**
 * Whether the filters leave any seek out (the lobby opens them then, to show why).
 * @param {Filters} filters
 */
export function filtering(filters) {
  return filters.games.length > 0 || filters.rated || filters.from !== null || filters.to !== null || filters.speeds.length > 0;
}

/**
 * Whether `seek` is one the filters show.
 * @param {Seek} seek
 * @param {Filters} filters
 */
export function passes(seek, filters) {
  const game = seek.settings.game || "backgammon";
  if (filters.games.length && !filters.games.includes(game)) return false;
  if (filters.rated && !seek.rated) return false;
  if (filters.from !== null && seek.rating < filters.from) return false;
  if (filters.to !== null && seek.rating > filters.to) return false;
  return !filters.speeds.length || filters.speeds.includes(seek.speed);
}

/**
 * A speed's name in the reader's words.
 * @param {Speed} speed
 */
export function speedName(speed) {
  return say(`lobby.speed.${speed}`);
}

/**
 * The filters' form, filled with `filters`; every change is kept in the browser and handed to
 * `changed`.
 * @param {Filters} filters
 * @param {(filters: Filters) => void} changed
 */
export function filterForm(filters, changed) {
  /**
   * @param {string} name
   * @param {string} value
   * @param {boolean} checked
   * @param {string} text
   */
  const box = (name, value, checked, text) => h("label", { class: "filter-choice" }, h("input", { type: "checkbox", name, value, checked }), " ", text);
  /** @param {"from" | "to"} name */
  const rating = (name) =>
    h("input", {
      type: "number",
      name,
      min: 0,
      max: 4000,
      step: 50,
      inputmode: "numeric",
      value: filters[name] ?? "",
      "aria-label": `${say("lobby.filters.rating")} ${say(`lobby.filters.rating.${name}`)}`,
    });
  const form = h(
    "form",
    { class: "seek-filters", "aria-label": say("lobby.filters.title") },
    h(
      "fieldset",
      {},
      h("legend", {}, say("lobby.filters.games")),
      Object.entries(GAMES).map(([game, title]) => box("game", game, filters.games.includes(game), title)),
    ),
    h("fieldset", {}, h("legend", {}, say("lobby.filters.speed")), SPEEDS.map((speed) => box("speed", speed, filters.speeds.includes(speed), speedName(speed)))),
    h(
      "fieldset",
      { class: "filter-rating" },
      h("legend", {}, say("lobby.filters.rating")),
      h("label", {}, say("lobby.filters.rating.from"), " ", rating("from")),
      h("label", {}, say("lobby.filters.rating.to"), " ", rating("to")),
    ),
    h(
      "div",
      { class: "filter-end" },
      box("rated-only", "on", filters.rated, say("lobby.filters.rated-only")),
      h("button", { type: "reset", class: "secondary" }, say("lobby.filters.reset")),
    ),
  );
  const read = () => {
    const data = new FormData(form);
    /** @param {string} name */
    const number = (name) => {
      const text = String(data.get(name) || "").trim();
      return text === "" ? null : bound(Number(text));
    };
    /** @type {Filters} */
    const now = {
      games: data.getAll("game").map(String),
      rated: data.get("rated-only") === "on",
      from: number("from"),
      to: number("to"),
      speeds: /** @type {Speed[]} */ (data.getAll("speed").map(String)),
    };
    localStorage.setItem(STORAGE, JSON.stringify(now));
    changed(now);
  };
  form.addEventListener("input", read);
  form.addEventListener("change", read);
  form.addEventListener("submit", (event) => event.preventDefault());
  // after a reset the boxes are as they were drawn; clear them all instead
  form.addEventListener("reset", (event) => {
    event.preventDefault();
    for (const input of form.querySelectorAll("input")) {
      if (input.type === "checkbox") input.checked = false;
      else input.value = "";
    }
    read();
  });
  return form;
}
