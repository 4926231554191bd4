// @ts-check
// A player's page (#/player/{name}): when they joined, what they won, their figures over their
// analysed matches, the matches they are playing and those they finished.

import { get, session } from "../api.js";
import { ratingsSection } from "../competition/ratings.js";
import { h, mount } from "../dom.js";
import { say } from "../say.js";
import { GAMES } from "../settings.js";
import { profileActions } from "../social/profile-actions.js";
import { dateText, matchTable } from "./matches.js";

/**
 * @param {HTMLElement} root
 * @param {{name: string}} params
 */
export function profilePage(root, { name }) {
  mount(root, h("p", { class: "loading" }, say("watch.loading")));
  let gone = false;
  const quoted = encodeURIComponent(name);
  Promise.all([get(`/api/users/${quoted}`), get(`/api/matches?status=live&user=${quoted}`)])
    .then(([profile, live]) => {
      if (gone) return;
      const { user, stats, recent, analysed } = profile;
      mount(
        root,
        h("h1", {}, h("span", { translate: "no" }, user.name), user.guest ? h("span", { class: "tag" }, say("player.guest")) : null, user.bot ? h("span", { class: "tag bot" }, say("player.bot")) : null),
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
        recent.length ? matchTable(recent, { viewer: user.name }) : h("p", { class: "empty" }, say("player.no-finished")),
      );
    })
    .catch((error) => {
      if (!gone) mount(root, h("h1", { translate: "no" }, name), h("p", { class: "form-error", role: "alert" }, error.message));
    });
  return () => {
    gone = true;
  };
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
