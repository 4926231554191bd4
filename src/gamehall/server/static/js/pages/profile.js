// @ts-check
// A player's page (#/player/{name}): when they joined, what they won, their figures over their
// analysed matches, the matches they are playing and those they finished.

import { get, session } from "../api.js";
import { ratingsSection } from "../competition/ratings.js";
import { h, mount } from "../dom.js";
import { reportButton } from "../moderation/report.js";
import { say } from "../say.js";
import { GAMES } from "../settings.js";
import { profileActions } from "../social/profile-actions.js";
import { filtersForm, foundGames } from "../social/game-filters.js";
import { dateText, matchTable } from "./matches.js";

/**
 * @param {HTMLElement} root
 * @param {{name: string, query?: string}} params `query`: the history's filters
 */
export function profilePage(root, { name, query = "" }) {
  mount(root, h("p", { class: "loading" }, say("watch.loading")));
  let gone = false;
  const quoted = encodeURIComponent(name);
  Promise.all([get(`/api/users/${quoted}`), get(`/api/matches?status=live&user=${quoted}`)])
    .then(([profile, live]) => {
      if (gone) return;
      const { user, stats, recent, analysed, engine_assisted: engine } = profile;
      mount(
        root,
        h("h1", {}, h("span", { translate: "no" }, user.name), user.guest ? h("span", { class: "tag" }, say("player.guest")) : null, user.bot ? h("span", { class: "tag bot" }, say("player.bot")) : null, engine ? h("span", { class: "tag engine-assisted", title: say("player.engine-assisted.title") }, say("player.engine-assisted")) : null),
        reportButton({ kind: "player", player: user.name, match_id: null }, user.name),
        h("p", { class: "lead" }, say("player.joined", { date: dateText(user.created_at) })),
        profileActions(user.name),
        session.user && session.user.name === user.name
          ? h(
              "p",
              { class: "own-links" },
              user.guest ? null : [h("a", { href: "#/tokens", class: "tokens-link" }, say("tokens.link")), " · "],
              h("a", { href: "#/following" }, say("social.nav.following")),
              " · ",
              h("a", { href: "#/messages" }, say("social.nav.messages")),
            )
          : null,
        h(
          "dl",
          { class: "stats" },
          h("div", {}, h("dt", {}, say("player.matches")), h("dd", {}, stats.played)),
          h("div", {}, h("dt", {}, say("player.won")), h("dd", {}, stats.won)),
          h("div", {}, h("dt", {}, say("player.lost")), h("dd", {}, stats.lost)),
        ),
        analysed.length ? [h("h2", {}, say("profile.analysed")), analysedList(analysed)] : null,
        user.guest ? null : ratingsSection(user.name),
        live.matches.length ? [h("h2", {}, say("player.playing-now")), matchTable(live.matches)] : null,
        h("h2", {}, say("player.finished")),
        recent.length ? history(user.name, new URLSearchParams(query)) : h("p", { class: "empty" }, say("player.no-finished")),
      );
    })
    .catch((error) => {
      if (!gone) mount(root, h("h1", { translate: "no" }, name), h("p", { class: "form-error", role: "alert" }, error.message));
    });
  return () => {
    gone = true;
  };
}

/** The filters of a player's history, in the order its form shows them. */
const HISTORY_FILTERS = ["game", "result", "rated", "opponent", "since", "until"];

/**
 * The player's finished matches, filtered as the address says, a page at a time.
 * @param {string} name
 * @param {URLSearchParams} params
 */
function history(name, params) {
  const address = (/** @type {URLSearchParams} */ chosen) => `#/player/${encodeURIComponent(name)}${chosen.size ? `?${chosen}` : ""}`;
  const filtering = HISTORY_FILTERS.some((filter) => params.has(filter));
  return [
    h("details", { class: "filters history-filters", open: filtering }, h("summary", {}, say("games.filter")), filtersForm(params, { fixed: ["player"], names: HISTORY_FILTERS, address })),
    foundGames(params, { fixed: { player: name }, address, viewer: name }),
  ];
}

/**
 * The player's average figure in each game over his last analysed matches.
 * @param {import("../api-types.js").AnalysedView[]} analysed
 */
function analysedList(analysed) {
  return h(
    "ul",
    { class: "analysed", dataset: { analysed: "" } },
    analysed.map((figure) =>
      h(
        "li",
        { dataset: { game: figure.game } },
        say(`profile.analysed.${figure.kind}`, {
          game: GAMES[/** @type {keyof typeof GAMES} */ (figure.game)] || figure.game,
          average: figure.average.toFixed(1),
          matches: figure.matches,
        }),
      ),
    ),
  );
}
