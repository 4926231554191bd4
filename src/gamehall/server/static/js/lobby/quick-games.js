// @ts-check
// The lobby's quick games: a grid of usual games, each a click from being played (somebody's
// open seek on the same terms accepted, or else one posted).

import { errorText, post, session } from "../api.js";
import { h } from "../dom.js";
import { say } from "../say.js";
import { describeSettings, GAMES, lengthText } from "../settings.js";

/**
 * @typedef {import("../types.js").Seek} Seek
 * @typedef {(text: string | (string | Node)[], isError?: boolean) => void} Report
 */

/**
 * The quick games: a game, a length and a clock each, every other setting as usual. The first
 * string names the button (its data-quick, the same in every language).
 * @type {[string, import("../types.js").SettingsBody][]}
 */
const QUICK = [
  ["Backgammon · 1 point · 3 min + 2 s", { game: "backgammon", length: 1, clock: "fischer:180+2", options: {} }],
  ["Backgammon · 5 points · 12 s a move + 1 min a point", { game: "backgammon", length: 5, clock: "delay:12+60/pt", options: {} }],
  ["Georgian · 3 points · 5 min + 5 s", { game: "georgian", length: 3, clock: "fischer:300+5", options: {} }],
  ["Long nardy · 1 point · 5 min + 5 s", { game: "nardy", length: 1, clock: "fischer:300+5", options: {} }],
  ["Renju · 1 game · 5 min + 5 s", { game: "renju", length: 1, clock: "fischer:300+5", options: {} }],
  ["Renju · 3 games · 15 min + 10 s", { game: "renju", length: 3, clock: "fischer:900+10", options: {} }],
];

/**
 * The quick-game grid: a click accepts somebody's open seek on the same terms, or else posts
 * one (the game opens when somebody takes it).
 * @param {() => Seek[]} openSeeks
 * @param {Report} report
 * @param {() => void} refresh
 * @param {(matchId: string) => void} openMatch
 */
export function quickGames(openSeeks, report, refresh, openMatch) {
  return h(
    "section",
    { class: "card quick" },
    h("h2", {}, say("lobby.quick.title")),
    h("p", { class: "hint" }, say("lobby.quick.hint")),
    h(
      "div",
      { class: "quick-grid" },
      QUICK.map(([label, settings]) => {
        const game = settings.game || "backgammon";
        return h(
          "button",
          {
            type: "button",
            class: "quick-game",
            disabled: !session.user,
            dataset: { quick: label },
            onclick: async () => {
              const wanted = describeSettings(settings);
              const waiting = openSeeks().find((seek) => seek.user !== session.user?.name && !seek.rated && describeSettings(seek.settings) === wanted);
              try {
                if (waiting) {
                  const answer = await post(`/api/seeks/${waiting.id}/accept`);
                  openMatch(answer.match_id);
                } else {
                  await post("/api/seeks", { settings, rated: false });
                  report(say("lobby.quick.posted", { settings: wanted }));
                  refresh();
                }
              } catch (err) {
                report(errorText(err), true);
              }
            },
          },
          h("strong", {}, GAMES[game] || game),
          h("span", {}, `${lengthText(game, settings.length ?? 1)} · ${clockText(settings.clock || "")}`),
        );
      }),
    ),
  );
}

/**
 * A quick game's clock in words: "5 min + 5 s" (Fischer), "12 s a move + 1 min a point"
 * (delay, with a reserve per point of the match).
 * @param {string} clock
 */
function clockText(clock) {
  const fischer = /^fischer:(\d+)\+(\d+)$/.exec(clock);
  if (fischer) return say("lobby.quick.clock.fischer", { minutes: Number(fischer[1]) / 60, seconds: Number(fischer[2]) });
  const delay = /^delay:(\d+)\+(\d+)\/pt$/.exec(clock);
  if (delay) return say("lobby.quick.clock.delay", { seconds: Number(delay[1]), minutes: Number(delay[2]) / 60 });
  return clock;
}
