// @ts-check
// The house engines of a tournament: their names in the reader's words ("Компьютер (новичок)")
// with a "computer" mark, and the director's controls to enter one at a level and to withdraw it.

import { errorText, get, post } from "../api.js";
import { h } from "../dom.js";
import { hasText, say } from "../say.js";

/** @typedef {import("./types.js").TournamentDetail} TournamentDetail */

/** @type {Promise<import("../api-types.js").ComputerLevels> | null} */
let levelsAnswer = null;

/** @param {string} level */
function levelName(level) {
  const key = `lobby.level.${level}`;
  return hasText(key) ? say(key) : level;
}

/**
 * The house engine of `level`, named in the reader's words ("Computer (Expert)").
 * @param {string} level
 */
export function computerName(level) {
  return say("game.computer-name", { level: levelName(level) });
}

/**
 * An entry's name as the reader reads it: a person's as he chose it, a house engine's by its
 * level in the reader's words.
 * @param {TournamentDetail} detail
 * @param {string} name
 */
export function entryName(detail, name) {
  const level = detail.tournament.computers[name];
  return level ? computerName(level) : name;
}

/**
 * An entry's name, marked when it is a house engine; a person's links to his page.
 * @param {TournamentDetail} detail
 * @param {string} name
 */
export function entryLabel(detail, name) {
  if (!detail.tournament.computers[name]) return h("a", { href: `#/player/${encodeURIComponent(name)}`, translate: "no" }, name);
  return h("span", { class: "computer-entry" }, entryName(detail, name), " ", h("span", { class: "tag computer" }, say("tournament.computer")));
}

/**
 * The director's control to enter a house engine before the start: the levels of the
 * tournament's game not entered yet, and a button.
 * @param {TournamentDetail} detail
 * @param {() => void} reload
 * @param {(text: string) => void} report
 */
export function addComputer(detail, reload, report) {
  const t = detail.tournament;
  const entered = new Set(Object.values(t.computers));
  const select = /** @type {HTMLSelectElement} */ (h("select", { name: "computer-level", "aria-label": say("lobby.level.label") }));
  levelsAnswer ??= get("/api/computer/levels");
  levelsAnswer.then((answer) => {
    const levels = (answer.levels[t.game] ?? []).filter((level) => !entered.has(level));
    select.replaceChildren(...levels.map((level) => h("option", { value: level }, levelName(level))));
  }, (error) => report(errorText(error)));
  const add = () => {
    if (!select.value) return;
    post(`/api/tournaments/${t.id}/computers`, { level: select.value }).then(reload, (error) => report(errorText(error)));
  };
  return h("span", { class: "add-computer" }, select, h("button", { type: "button", onclick: add }, say("tournament.computer.add")));
}

/**
 * The director's button to withdraw a house engine (while the tournament is played, after he
 * confirms: its remaining games are lost by forfeit).
 * @param {TournamentDetail} detail
 * @param {string} name
 * @param {() => void} reload
 * @param {(text: string) => void} report
 */
export function withdrawComputer(detail, name, reload, report) {
  const t = detail.tournament;
  const level = t.computers[name];
  const withdraw = () => {
    if (t.status === "running" && !confirm(say("tournament.computer.withdraw.confirm", { name: entryName(detail, name), tournament: t.name }))) return;
    post(`/api/tournaments/${t.id}/computers/${encodeURIComponent(level)}/withdraw`).then(reload, (error) => report(errorText(error)));
  };
  return h("button", { type: "button", class: "secondary withdraw-computer", "aria-label": say("tournament.computer.withdraw"), onclick: withdraw }, say("tournament.withdraw"));
}
