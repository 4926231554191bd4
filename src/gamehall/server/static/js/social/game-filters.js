// @ts-check
// The filters of a search of finished games (GET /api/games), kept in the page's address
// (#/games?player=ann&result=win, #/player/ann?game=renju): the form that edits them, the page
// of matches they find and the links to the pages before and after it. The search page and
// each player's history on his profile use them.

import { errorText, get } from "../api.js";
import { h, mount } from "../dom.js";
import { reasonText, say } from "../say.js";
import { GAMES } from "../settings.js";
import { matchTable } from "../pages/matches.js";

/** The filters, in the order the form shows them. */
const NAMES = ["player", "opponent", "game", "result", "rated", "ended", "opening", "since", "until"];
/** How a match may end, as the search names it (the summary's end_reason). */
const ENDINGS = ["five", "resign", "time", "agreement", "double-four", "double-three", "overline", "full-board", "two-passes", "bear-off", "drop", "abandoned", "no-show", "withdrawn", "match resigned"];
const OPENINGS = ["center", "free", "swap2", "soosorv-8", "taraguchi-10", "yamaguchi"];

/**
 * A select of `choices` ([value, words]) after "any".
 * @param {string} name
 * @param {string} label
 * @param {[string, string][]} choices
 * @param {string} value
 */
function choice(name, label, choices, value) {
  return h(
    "label",
    {},
    label,
    h(
      "select",
      { name },
      h("option", { value: "" }, say("games.any")),
      choices.map(([v, words]) => h("option", { value: v, selected: v === value }, words)),
    ),
  );
}

/**
 * The fields of each filter, filled from `params`; those in `fixed` are left out.
 * @param {URLSearchParams} params
 * @param {string[]} fixed
 */
function fields(params, fixed) {
  const value = (/** @type {string} */ name) => params.get(name) ?? "";
  /** @type {Record<string, () => HTMLElement>} */
  const make = {
    player: () => h("label", {}, say("games.player"), h("input", { name: "player", value: value("player"), maxLength: 20, autocomplete: "off" })),
    opponent: () => h("label", {}, say("games.opponent"), h("input", { name: "opponent", value: value("opponent"), maxLength: 20, autocomplete: "off" })),
    game: () => choice("game", say("games.game"), Object.keys(GAMES).map((g) => [g, GAMES[g]]), value("game")),
    result: () =>
      choice(
        "result",
        say("games.result"),
        ["win", "loss", "draw"].map((r) => [r, say(`games.result.${r}`)]),
        value("result"),
      ),
    rated: () => choice("rated", say("games.rated"), [["true", say("games.rated.true")], ["false", say("games.rated.false")]], value("rated")),
    ended: () => choice("ended", say("games.ended"), ENDINGS.map((e) => [e, reasonText(e)]), value("ended")),
    opening: () => choice("opening", say("games.opening"), OPENINGS.map((o) => [o, say(`settings.opening.${o}`)]), value("opening")),
    since: () => h("label", {}, say("games.since"), h("input", { name: "since", type: "date", value: value("since") })),
    until: () => h("label", {}, say("games.until"), h("input", { name: "until", type: "date", value: value("until") })),
  };
  return NAMES.filter((name) => !fixed.includes(name)).map((name) => make[name]());
}

/**
 * The form of the filters: on submit the address takes them (`address(params)` gives it), so
 * that the search can be kept, shared and gone back to.
 * @param {URLSearchParams} params
 * @param {{fixed?: string[], address: (params: URLSearchParams) => string, names?: string[]}} how
 *   `fixed`: filters the page sets itself (a profile's player); `names`: the filters shown
 */
export function filtersForm(params, { fixed = [], address, names = NAMES }) {
  const hidden = NAMES.filter((name) => !names.includes(name));
  const form = h(
    "form",
    { class: "game-filters", dataset: { gameFilters: "" } },
    fields(params, [...fixed, ...hidden]),
    h("div", { class: "buttons" }, h("button", { type: "submit", class: "primary" }, say("games.search")), h("a", { href: address(new URLSearchParams()) }, say("games.clear"))),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string" && value.trim()) chosen.set(name, value.trim());
    location.hash = address(chosen);
  });
  return form;
}

/**
 * The matches that `params` find (with `fixed` added), a page at a time, with links to the
 * newer and older pages; `viewer`: whose side the results are told from.
 * @param {URLSearchParams} params
 * @param {{fixed?: Record<string, string>, address: (params: URLSearchParams) => string, viewer?: string | null}} how
 */
export function foundGames(params, { fixed = {}, address, viewer = null }) {
  const node = h("div", { class: "found-games", dataset: { foundGames: "" } }, h("p", { class: "loading" }, say("watch.loading")));
  const query = new URLSearchParams(params);
  for (const [name, value] of Object.entries(fixed)) query.set(name, value);
  const page = Math.max(1, Number(params.get("page")) || 1);
  /** @param {number} to */
  const pageLink = (to) => {
    const next = new URLSearchParams(params);
    if (to > 1) next.set("page", String(to));
    else next.delete("page");
    return address(next);
  };
  get(`/api/games?${query}`)
    .then((/** @type {import("../api-types.js").GameSearchAnswer} */ answer) => {
      mount(
        node,
        answer.matches.length ? matchTable(answer.matches, { viewer }) : h("p", { class: "empty" }, say("games.none")),
        page > 1 || answer.more
          ? h(
              "nav",
              { class: "pages", "aria-label": say("games.pages") },
              page > 1 ? h("a", { href: pageLink(page - 1), rel: "prev" }, say("games.newer")) : null,
              h("span", {}, say("games.page", { page })),
              answer.more ? h("a", { href: pageLink(page + 1), rel: "next" }, say("games.older")) : null,
            )
          : null,
      );
    })
    .catch((error) => mount(node, h("p", { class: "form-error", role: "alert" }, errorText(error))));
  return node;
}
