// @ts-check
// The leaderboard of each game (#/ratings/{game}): the rated players, highest Glicko-2 rating
// first; "?" marks a provisional rating, and the tables games show the FIBS rating beside it.

import { errorText, get } from "../api.js";
import { gameName } from "../competition/ratings.js";
import { h, mount } from "../dom.js";
import { say } from "../say.js";

/** @typedef {import("../competition/types.js").RatingView} RatingView */

const GAMES = ["renju", "backgammon", "georgian", "nardy"];

/**
 * @param {HTMLElement} root
 * @param {{game: string}} params
 */
export function leaderboardPage(root, { game }) {
  const chosen = GAMES.includes(game) ? game : "renju";
  const body = h("div", {}, h("p", { class: "loading" }, say("watch.loading")));
  mount(
    root,
    h("h1", {}, say("ratings.leaderboard")),
    h(
      "nav",
      { class: "tabs", "aria-label": say("ratings.games") },
      GAMES.map((g) => h("a", { href: `#/ratings/${g}`, class: g === chosen ? "current" : null, "aria-current": g === chosen ? "page" : null }, gameName(g))),
    ),
    body,
  );
  let gone = false;
  get(`/api/ratings/${chosen}`).then(
    (answer) => {
      if (gone) return;
      /** @type {RatingView[]} */
      const players = answer.players;
      const fibs = players.some((p) => p.fibs !== null);
      mount(
        body,
        players.length
          ? h(
              "table",
              { class: "list leaderboard", dataset: { game: chosen } },
              h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, say("ratings.player")),
                  h("th", {}, say("ratings.rating")),
                  fibs ? h("th", {}, "FIBS") : null,
                  h("th", {}, say("ratings.rated-results")),
                )),
              h(
                "tbody",
                {},
                players.map((p, i) =>
                  h(
                    "tr",
                    { dataset: { player: p.player } },
                    h("td", {}, i + 1),
                    h(
                      "td",
                      {},
                      h("a", { href: `#/player/${encodeURIComponent(p.player)}`, translate: "no" }, p.player),
                      p.bot ? h("span", { class: "tag bot" }, say("player.bot")) : null,
                    ),
                    h("td", { class: "rating", title: `± ${Math.round(p.deviation)}` }, p.display),
                    fibs ? h("td", {}, p.fibs?.toFixed(2) ?? "") : null,
                    h("td", {}, p.games),
                  ),
                ),
              ),
            )
          : h("p", { class: "empty" }, say("ratings.nobody", { game: gameName(chosen) })),
        h("p", { class: "muted" }, say("ratings.about")),
      );
    },
    (error) => {
      if (!gone) mount(body, h("p", { class: "form-error", role: "alert" }, errorText(error)));
    },
  );
  return () => {
    gone = true;
  };
}
