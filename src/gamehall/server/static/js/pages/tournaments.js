// @ts-check
// The tournaments page (#/tournaments): those taking entries, being played and over, and the
// form that makes one (format, game and match, rounds or groups, tie-breaks, start, rated).

import { errorText, get, post, session } from "../api.js";
import { gameName } from "../competition/ratings.js";
import { h, mount } from "../dom.js";
import { languageTag } from "../language.js";
import { say, sayCount } from "../say.js";
import { describeSettings, readSettings, settingsFieldset } from "../settings.js";

/** @typedef {import("../competition/types.js").TournamentView} TournamentView */

const POLL_MS = 4000;

/** The formats, in the order the form offers them. */
export const FORMAT_CODES = ["swiss", "round-robin", "groups", "knockout", "two-stage", "arena"];

/** The tie-breaks the server may name. */
const TIEBREAKS = ["buchholz", "median-buchholz", "sonneborn-berger", "direct-encounter", "wins", "points-difference"];

/**
 * A format's name in the reader's language.
 * @param {string} code
 */
export function formatName(code) {
  return FORMAT_CODES.includes(code) ? say(`tournament.format.${code}`) : code;
}

/** @param {string} name */
export function tiebreakName(name) {
  return TIEBREAKS.includes(name) ? say(`tournament.tiebreak.${name}`) : name;
}

/**
 * A date and time in the reader's language.
 * @param {string | null | undefined} iso
 */
export function whenText(iso) {
  return iso ? new Date(iso).toLocaleString(languageTag(), { dateStyle: "medium", timeStyle: "short" }) : "";
}

/**
 * @param {TournamentView[]} list
 * @param {string} empty
 */
function table(list, empty) {
  if (!list.length) return h("p", { class: "empty" }, empty);
  return h(
    "table",
    { class: "list tournaments" },
    h("thead", {}, h("tr", {}, h("th", {}, say("tournament.column.tournament")), h("th", {}, say("tournament.column.format")), h("th", {}, say("tournament.column.play")), h("th", {}, say("tournament.column.players")), h("th", {}, say("tournament.column.starts")))),
    h(
      "tbody",
      {},
      list.map((t) =>
        h(
          "tr",
          { dataset: { tournament: t.id } },
          h("td", {}, h("a", { href: `#/tournament/${t.id}`, translate: "no" }, t.name), t.rated ? h("span", { class: "tag" }, say("tournament.rated")) : h("span", { class: "tag casual" }, say("tournament.casual"))),
          h("td", {}, formatName(t.format), t.settings.rounds ? `, ${sayCount("tournament.rounds", t.settings.rounds)}` : "", t.settings.duration ? `, ${sayCount("arena.minutes", Math.round(Number(t.settings.duration) / 60))}` : ""),
          h("td", {}, describeSettings(/** @type {any} */ (t.settings.match))),
          h("td", {}, t.entries.length),
          h("td", {}, t.starts_at ? whenText(t.starts_at) : t.status === "open" ? say("tournament.starts-by-maker") : ""),
        ),
      ),
    ),
  );
}

/** The form that makes a tournament. */
function newTournamentForm() {
  const error = h("p", { class: "form-error", role: "alert", hidden: true });
  const form = h(
    "form",
    { class: "card new-tournament", "aria-label": say("tournament.form.label") },
    h("h2", {}, say("tournament.form.label")),
    h(
      "div",
      { class: "field-row" },
      h("label", { class: "field" }, h("span", {}, say("tournament.form.name")), h("input", { name: "name", required: true, maxlength: 80, placeholder: say("tournament.form.name-placeholder") })),
      h(
        "label",
        { class: "field" },
        h("span", {}, say("tournament.column.format")),
        h("select", { name: "format" }, FORMAT_CODES.map((v) => h("option", { value: v }, formatName(v)))),
      ),
      h("label", { class: "field" }, h("span", {}, say("tournament.form.rounds")), h("input", { name: "rounds", type: "number", min: 1, max: 64, value: 5 }), h("small", {}, say("tournament.form.rounds-hint"))),
      h("label", { class: "field" }, h("span", {}, say("tournament.form.duration")), h("input", { name: "duration", type: "number", min: 1, max: 1440, value: 30 }), h("small", {}, say("tournament.form.duration-hint"))),
      h("label", { class: "field" }, h("span", {}, say("tournament.form.group-size")), h("input", { name: "group_size", type: "number", min: 3, max: 16, placeholder: say("tournament.form.group-size-placeholder") }), h("small", {}, say("tournament.form.group-size-hint"))),
      h("label", { class: "field" }, h("span", {}, say("tournament.form.qualify")), h("input", { name: "qualify", type: "number", min: 1, max: 15, value: 3 })),
      h(
        "label",
        { class: "field" },
        h("span", {}, say("tournament.form.final")),
        h("select", { name: "final" }, h("option", { value: "knockout" }, formatName("knockout")), h("option", { value: "round-robin" }, formatName("round-robin"))),
        h("small", {}, say("tournament.form.final-hint")),
      ),
      h("label", { class: "field" }, h("span", {}, say("tournament.form.starts-at")), h("input", { name: "starts_at", type: "datetime-local" }), h("small", {}, say("tournament.form.starts-at-hint"))),
      h("label", { class: "field" }, h("span", {}, say("tournament.form.grace")), h("input", { name: "grace_seconds", type: "number", min: 0, max: 3600, value: 60 }), h("small", {}, say("tournament.form.grace-hint"))),
      h("label", { class: "field check" }, h("span", {}, say("tournament.form.rated")), h("input", { name: "rated", type: "checkbox", disabled: !!session.user?.guest })),
    ),
    settingsFieldset(),
    error,
    h("button", { type: "submit", class: "primary" }, say("tournament.form.submit")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const number = (/** @type {string} */ name) => Number(data.get(name));
    const format = String(data.get("format"));
    const start = String(data.get("starts_at") || "");
    /** @type {Record<string, unknown>} */
    const body = {
      name: String(data.get("name") || "").trim(),
      format,
      settings: readSettings(form),
      rounds: format === "swiss" ? number("rounds") : null,
      rated: data.get("rated") === "on",
      grace_seconds: number("grace_seconds"),
      starts_at: start ? new Date(start).toISOString() : null,
    };
    if (format === "groups" || format === "two-stage") {
      body.group_size = data.get("group_size") ? number("group_size") : null;
      body.qualify = number("qualify");
    }
    if (format === "two-stage") body.final = String(data.get("final"));
    if (format === "arena") body.duration = Math.round(number("duration") * 60);
    try {
      const made = await post("/api/tournaments", body);
      location.hash = `#/tournament/${made.tournament.id}`;
    } catch (err) {
      error.textContent = errorText(err);
      error.hidden = false;
    }
  });
  return form;
}

/** @type {import("../types.js").Page} */
export function tournamentsPage(root) {
  const lists = h("div", { class: "tournament-lists" }, h("p", { class: "loading" }, say("competition.loading")));
  mount(
    root,
    h("h1", {}, say("tournament.title")),
    h("p", { class: "lead" }, say("tournament.list.lead")),
    lists,
    session.user ? newTournamentForm() : h("p", {}, h("a", { href: "#/login" }, say("tournament.list.log-in"))),
  );
  let gone = false;
  let shown = "";
  const load = () =>
    get("/api/tournaments").then(
      (answer) => {
        const key = JSON.stringify(answer);
        if (gone || key === shown) return;
        shown = key;
        mount(
          lists,
          h("h2", {}, say("tournament.list.upcoming")),
          table(answer.upcoming, say("tournament.list.empty.upcoming")),
          h("h2", {}, say("tournament.list.running")),
          table(answer.running, say("tournament.list.empty.running")),
          h("h2", {}, say("tournament.list.finished")),
          table(answer.finished, say("tournament.list.empty.finished")),
        );
      },
      (error) => {
        if (!gone) mount(lists, h("p", { class: "form-error", role: "alert" }, errorText(error)));
      },
    );
  load();
  const timer = setInterval(load, POLL_MS);
  return () => {
    gone = true;
    clearInterval(timer);
  };
}

export { gameName };
