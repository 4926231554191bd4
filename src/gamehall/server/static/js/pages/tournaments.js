// @ts-check
// The tournaments page (#/tournaments): those taking entries, being played and over, and the
// form that makes one (format, game and match, rounds or groups, tie-breaks, start, rated).

import { errorText, get, post, session } from "../api.js";
import { gameName } from "../competition/ratings.js";
import { dateText, h, mount } from "../dom.js";
import { describeSettings, readSettings, settingsFieldset } from "../settings.js";

/** @typedef {import("../competition/types.js").TournamentView} TournamentView */

const POLL_MS = 4000;

export const FORMATS = /** @type {Record<string, string>} */ ({
  swiss: "Swiss",
  "round-robin": "Round robin",
  groups: "Groups",
  knockout: "Knockout",
  "two-stage": "Two stages: groups, then a final",
});

const TIEBREAKS = /** @type {Record<string, string>} */ ({
  buchholz: "Buchholz",
  "median-buchholz": "Median Buchholz",
  "sonneborn-berger": "Sonneborn-Berger",
  "direct-encounter": "Direct encounter",
  wins: "Wins",
  "points-difference": "Points difference",
});

/** @param {string} name */
export function tiebreakName(name) {
  return TIEBREAKS[name] ?? name;
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
    h("thead", {}, h("tr", {}, h("th", {}, "Tournament"), h("th", {}, "Format"), h("th", {}, "Play"), h("th", {}, "Players"), h("th", {}, "Starts"))),
    h(
      "tbody",
      {},
      list.map((t) =>
        h(
          "tr",
          { dataset: { tournament: t.id } },
          h("td", {}, h("a", { href: `#/tournament/${t.id}` }, t.name), t.rated ? h("span", { class: "tag" }, "rated") : h("span", { class: "tag casual" }, "casual")),
          h("td", {}, FORMATS[t.format] ?? t.format, t.settings.rounds ? `, ${t.settings.rounds} rounds` : ""),
          h("td", {}, describeSettings(/** @type {any} */ (t.settings.match))),
          h("td", {}, t.entries.length),
          h("td", {}, t.starts_at ? dateText(t.starts_at) : t.status === "open" ? "when its maker starts it" : ""),
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
    { class: "card new-tournament", "aria-label": "New tournament" },
    h("h2", {}, "New tournament"),
    h(
      "div",
      { class: "field-row" },
      h("label", { class: "field" }, h("span", {}, "Name"), h("input", { name: "name", required: true, maxlength: 80, placeholder: "Autumn Swiss" })),
      h(
        "label",
        { class: "field" },
        h("span", {}, "Format"),
        h("select", { name: "format" }, Object.entries(FORMATS).map(([v, t]) => h("option", { value: v }, t))),
      ),
      h("label", { class: "field" }, h("span", {}, "Rounds"), h("input", { name: "rounds", type: "number", min: 1, max: 64, value: 5 }), h("small", {}, "a Swiss only")),
      h("label", { class: "field" }, h("span", {}, "Group size"), h("input", { name: "group_size", type: "number", min: 3, max: 16, placeholder: "8 to 10" }), h("small", {}, "left empty: groups of 8 to 10, one group under 16 players")),
      h("label", { class: "field" }, h("span", {}, "Qualify per group"), h("input", { name: "qualify", type: "number", min: 1, max: 15, value: 3 })),
      h(
        "label",
        { class: "field" },
        h("span", {}, "Final"),
        h("select", { name: "final" }, h("option", { value: "knockout" }, "Knockout"), h("option", { value: "round-robin" }, "Round robin")),
        h("small", {}, "two stages only"),
      ),
      h("label", { class: "field" }, h("span", {}, "Starts at"), h("input", { name: "starts_at", type: "datetime-local" }), h("small", {}, "empty: you start it")),
      h("label", { class: "field" }, h("span", {}, "Grace (seconds)"), h("input", { name: "grace_seconds", type: "number", min: 0, max: 3600, value: 60 }), h("small", {}, "to come to a match before losing it")),
      h("label", { class: "field check" }, h("span", {}, "Rated"), h("input", { name: "rated", type: "checkbox", disabled: !!session.user?.guest })),
    ),
    settingsFieldset(),
    error,
    h("button", { type: "submit", class: "primary" }, "Make the tournament"),
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
  const lists = h("div", { class: "tournament-lists" }, h("p", { class: "loading" }, "Loading…"));
  mount(
    root,
    h("h1", {}, "Tournaments"),
    h("p", { class: "lead" }, "Swiss, round robins, groups and knockouts of every game. The server pairs each round as the last one ends and tells you where to play."),
    lists,
    session.user ? newTournamentForm() : h("p", {}, h("a", { href: "#/login" }, "Log in"), " to make or enter a tournament."),
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
          h("h2", {}, "Upcoming"),
          table(answer.upcoming, "No tournament is taking entries."),
          h("h2", {}, "Running"),
          table(answer.running, "No tournament is being played."),
          h("h2", {}, "Finished"),
          table(answer.finished, "No tournament has finished yet."),
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
