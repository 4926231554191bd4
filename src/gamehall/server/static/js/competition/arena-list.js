// @ts-check
// The lobby's arenas: those to come (the server's scheduled ones among them) and those under way,
// each with its game and a countdown to its start or its end, linked to its page.

import { get } from "../api.js";
import { h, mount } from "../dom.js";
import { say, sayCount } from "../say.js";
import { describeSettings } from "../settings.js";
import { clockText } from "./arena.js";

/** @typedef {import("./types.js").TournamentView} TournamentView */

const READ_MS = 15000;

/**
 * When the arena starts (to come) or ends (under way), in milliseconds of this clock.
 * @param {TournamentView} t
 */
function target(t) {
  const start = t.starts_at ? Date.parse(t.starts_at) : NaN;
  return t.status === "open" ? start : start + Number(t.settings.duration ?? 0) * 1000;
}

/**
 * @param {TournamentView} t
 */
function countdown(t) {
  const left = (target(t) - Date.now()) / 1000;
  if (Number.isNaN(left)) return say("tournament.starts-by-maker");
  return say(t.status === "open" ? "arena.starts-in" : "arena.ends-in", { time: clockText(left) });
}

/**
 * The lobby's card of arenas; `stop` ends its reading and its countdown.
 * @returns {{node: HTMLElement, stop: () => void}}
 */
export function arenasCard() {
  const list = h("div", { class: "arena-list" }, h("p", { class: "empty" }, say("lobby.arenas.none")));
  const node = h("section", { class: "card arenas" }, h("h2", {}, say("lobby.arenas.title")), list);
  /** @type {TournamentView[]} */
  let arenas = [];
  const draw = () => {
    if (!arenas.length) {
      mount(list, h("p", { class: "empty" }, say("lobby.arenas.none")));
      return;
    }
    mount(
      list,
      h(
        "ul",
        { class: "arena-items" },
        arenas.map((t) =>
          h(
            "li",
            { dataset: { tournament: t.id, status: t.status } },
            h("a", { href: `#/tournament/${t.id}`, translate: "no" }, t.name),
            " ",
            h("span", { class: "muted" }, `${describeSettings(/** @type {any} */ (t.settings.match))} · ${sayCount("arena.minutes", Math.round(Number(t.settings.duration ?? 0) / 60))}`),
            " ",
            h("span", { class: "arena-countdown", role: "timer" }, countdown(t)),
          ),
        ),
      ),
    );
  };
  const read = () =>
    get("/api/tournaments").then(
      (/** @type {{upcoming: TournamentView[], running: TournamentView[]}} */ answer) => {
        const arena = (/** @type {TournamentView} */ t) => t.format === "arena";
        arenas = [...answer.running.filter(arena), ...answer.upcoming.filter(arena).sort((a, b) => target(a) - target(b))];
        draw();
      },
      () => {},
    );
  read();
  const reading = setInterval(read, READ_MS);
  const ticking = setInterval(() => {
    for (const item of list.querySelectorAll("li[data-tournament]")) {
      const t = arenas.find((a) => String(a.id) === /** @type {HTMLElement} */ (item).dataset.tournament);
      const clock = item.querySelector(".arena-countdown");
      if (t && clock) clock.textContent = countdown(t);
    }
  }, 1000);
  return {
    node,
    stop: () => {
      clearInterval(reading);
      clearInterval(ticking);
    },
  };
}
