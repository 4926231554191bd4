// @ts-check
// Lists of matches (the watch page, #/watch; profiles and the lobby use matchTable too).

import { errorText, get } from "../api.js";
import { h, mount } from "../dom.js";
import { languageTag } from "../language.js";
import { reasonText, say } from "../say.js";
import { describeSettings } from "../settings.js";
import { scoreWord } from "../game/score.js";

const POLL_MS = 4000;

/** @typedef {import("../types.js").MatchSummary} MatchSummary */

/**
 * How a match ended, from `viewer`'s side when given.
 * @param {MatchSummary} match
 * @param {string | null} viewer
 */
function resultText(match, viewer) {
  const { summary, players } = match;
  if (match.status === "playing") return say("watch.playing");
  if (summary.winner === null || summary.winner === undefined) return say("watch.no-winner", { reason: reasonText(summary.end_reason) });
  const winner = players[summary.winner].name;
  const how = reasonText(summary.end_reason, players[1 - summary.winner]?.name ?? null);
  if (viewer) return say(winner === viewer ? "watch.won" : "watch.lost", { how });
  return say("watch.winner-won", { winner, how });
}

/**
 * The score (0–0 while the summary, stored with the match's first change, is empty); a match
 * forfeited (a player left or withdrew) says so, since it is the winner's whatever the score was.
 * @param {MatchSummary} match
 */
function scoreText(match) {
  const score = scoreWord(match.summary.score?.length ? match.summary.score : [0, 0]);
  const reason = match.summary.end_reason;
  return match.status === "over" && (reason === "abandoned" || reason === "withdrawn") ? say("watch.forfeit", { score }) : score;
}

/**
 * When a match started, in the reader's language.
 * @param {string} iso
 */
export function dateText(iso) {
  return iso ? new Intl.DateTimeFormat(languageTag(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)) : "";
}

/**
 * A table of match summaries, each with a link to its game page.
 * @param {MatchSummary[]} matches
 * @param {{viewer?: string | null, linkText?: string | null}} [how]
 */
export function matchTable(matches, { viewer = null, linkText = null } = {}) {
  return h(
    "table",
    { class: "list matches" },
    h("thead", {}, h("tr", {}, ["players", "game", "score", "result", "started"].map((t) => h("th", { scope: "col" }, say(`watch.${t}`))), h("th", { scope: "col" }))),
    h(
      "tbody",
      {},
      matches.map((match) =>
        h(
          "tr",
          { dataset: { match: match.id } },
          h(
            "td",
            { translate: "no" },
            match.players.map((p, seat) => [seat ? " – " : "", p.name, p.bot ? h("span", { class: "tag bot" }, say("player.bot")) : null]),
          ),
          h("td", {}, describeSettings(match.settings)),
          h("td", {}, scoreText(match)),
          h("td", {}, resultText(match, viewer)),
          h("td", {}, dateText(match.created_at)),
          h("td", {}, h("a", { href: `#/game/${match.id}` }, linkText || say(match.status === "over" ? "watch.review" : "watch.watch"))),
        ),
      ),
    ),
  );
}

/** @type {import("../types.js").Page} */
export function watchPage(root) {
  const list = h("div", { class: "watch-list", "aria-live": "polite" }, h("p", { class: "loading" }, say("watch.loading")));
  mount(root, h("h1", {}, say("watch.title")), list, h("p", {}, h("a", { href: "#/games", class: "games-link" }, say("games.find"))));
  let shown = "";
  async function refresh() {
    try {
      /** @type {{matches: MatchSummary[]}} */
      const { matches } = await get("/api/matches?status=live");
      const key = JSON.stringify(matches);
      if (key === shown) return;
      shown = key;
      mount(list, matches.length ? matchTable(matches) : h("p", { class: "empty" }, say("watch.none")));
    } catch (error) {
      shown = "";
      mount(list, h("p", { class: "form-error", role: "alert" }, errorText(error)));
    }
  }
  refresh();
  const timer = setInterval(refresh, POLL_MS);
  return () => clearInterval(timer);
}
