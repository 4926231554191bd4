// @ts-check
// A tournament's page (#/tournament/{id}): its terms, the entries (join, leave, start), every
// round's pairings with links to the live games, the standings with their tie-breaks, a
// crosstable for round robins and groups, and the bracket of a knockout. It reloads on the
// user's notices about this tournament and every few seconds while it runs.

import { errorText, get, post, session } from "../api.js";
import { bracketSvg } from "../competition/bracket.js";
import { crosstable } from "../competition/crosstable.js";
import { dateText, h, mount } from "../dom.js";
import { describeSettings } from "../settings.js";
import { FORMATS, tiebreakName } from "./tournaments.js";

/**
 * @typedef {import("../competition/types.js").TournamentDetail} TournamentDetail
 * @typedef {import("../competition/types.js").PairingView} PairingView
 * @typedef {import("../competition/types.js").StandingsView} StandingsView
 */

const POLL_MS = 3000;

/** @param {number} value */
function half(value) {
  return String(value).replace(/\.5$/, "½").replace(/^0½$/, "½");
}

/**
 * @param {PairingView} p
 * @param {number} length points (or games) of each match: its score is shown when above 1
 */
function resultText(p, length) {
  if (!p.result) return p.match_id ? "playing" : "waiting";
  const names = /** @type {Record<string, string>} */ ({ "1/2-1/2": "½–½", "+-": "+ – − (forfeit)", "-+": "− – + (forfeit)", "--": "− – − (forfeit)", bye: "bye" });
  const text = names[p.result.outcome] ?? p.result.outcome.replace("-", "–");
  return p.result.score && length > 1 ? `${text} (${p.result.score.join("–")})` : text;
}

/**
 * How the standings break ties, in words.
 * @param {StandingsView} standings
 */
function tieText(standings) {
  const lots = `lots (seed ${standings.lots_seed}, so that anybody can check the draw)`;
  const names = standings.tiebreaks.map(tiebreakName);
  return names.length ? `Ties are broken by ${names.join(", ")}, then by ${lots}.` : `Ties are broken by ${lots}.`;
}

/**
 * The pairings of each round, newest first.
 * @param {TournamentDetail} detail
 */
function roundsSection(detail) {
  if (!detail.pairings.length) return null;
  /** @type {Map<number, PairingView[]>} */
  const rounds = new Map();
  for (const p of detail.pairings) rounds.set(p.round, [...(rounds.get(p.round) ?? []), p]);
  const me = session.user?.name;
  return h(
    "section",
    { class: "rounds" },
    h("h2", {}, "Pairings"),
    [...rounds.entries()]
      .sort(([a], [b]) => b - a)
      .map(([round, pairings]) =>
        h(
          "table",
          { class: "list pairings", dataset: { round } },
          h("caption", {}, `Round ${round}`),
          h("thead", {}, h("tr", {}, h("th", {}, "Board"), h("th", {}, "First (Black)"), h("th", {}, "Second"), h("th", {}, "Result"), h("th", {}, "Game"))),
          h(
            "tbody",
            {},
            pairings.map((p) =>
              h(
                "tr",
                { class: me && (p.first === me || p.second === me) ? "mine" : null, dataset: { board: p.board } },
                h("td", {}, p.group ? `${p.group}${p.board}` : p.board, p.leg > 1 ? ` (replay ${p.leg - 1})` : ""),
                h("td", {}, p.first),
                h("td", {}, p.second ?? "—"),
                h("td", { class: "outcome" }, resultText(p, Number(detail.tournament.settings.match?.length ?? 1))),
                h("td", {}, p.match_id ? h("a", { href: `#/game/${p.match_id}` }, p.match_status === "playing" ? "Watch live" : "Replay") : ""),
              ),
            ),
          ),
        ),
      ),
  );
}

/**
 * What the standings count: every round (final), the rounds whose every game is over ("After
 * round 2"), or some of the current round's games too ("Round 3 in play"); a bye is no game.
 * @param {TournamentDetail} detail
 */
function standingsCaption(detail) {
  if (detail.tournament.status === "finished") return "Final standings";
  const round = detail.current_round;
  const games = detail.pairings.filter((p) => p.round === round && p.second !== null);
  const done = games.filter((p) => p.result !== null).length;
  if (games.length && done === games.length) return `After round ${round}`;
  if (done === 0 && round > 1) return `After round ${round - 1}`;
  return `Round ${round} in play`;
}

/**
 * A standings table with a column a tie-break.
 * @param {StandingsView} standings
 * @param {string} caption
 */
function standingsTable(standings, caption) {
  const value = (/** @type {number | null | undefined} */ v) => (v === null || v === undefined ? "–" : half(v));
  const table = h(
    "table",
    { class: "list standings" },
    h("caption", {}, caption),
    h(
      "thead",
      {},
      h("tr", {}, h("th", {}, "#"), h("th", {}, "Player"), h("th", {}, "Points"), standings.tiebreaks.map((t) => h("th", {}, tiebreakName(t)))),
    ),
    h(
      "tbody",
      {},
      standings.rows.map((row) =>
        h(
          "tr",
          { class: row.qualified ? "qualified" : null, dataset: { player: row.player } },
          h("td", {}, row.rank),
          h("td", {}, h("a", { href: `#/player/${encodeURIComponent(row.player)}` }, row.player), row.qualified ? h("span", { class: "tag" }, "qualified") : null),
          h("td", { class: "points" }, half(row.points)),
          standings.tiebreaks.map((t) => h("td", {}, value(row.tiebreaks[t]))),
        ),
      ),
    ),
  );
  return h("div", { class: "table-scroll" }, table);
}

/**
 * @param {StandingsView} standings
 */
function pointsOf(standings) {
  return Object.fromEntries(standings.rows.map((r) => [r.player, r.points]));
}

/**
 * The crosstables (round robins, each group) and the bracket (knockouts).
 * @param {TournamentDetail} detail
 */
function tablesSection(detail) {
  const format = detail.tournament.format;
  const settings = detail.tournament.settings;
  const parts = [];
  if (format === "round-robin" && detail.standings) {
    parts.push(crosstable(detail.standings.rows.map((r) => r.player), detail.pairings, pointsOf(detail.standings), "Crosstable"));
  }
  for (const group of detail.groups) {
    const members = group.rows.map((r) => r.player);
    const pairings = detail.pairings.filter((p) => p.group === group.name);
    parts.push(crosstable(members, pairings, pointsOf(group), `Group ${group.name}`));
  }
  const knockout = format === "knockout" ? detail.pairings : format === "two-stage" && settings.final === "knockout" ? detail.pairings.filter((p) => p.stage === "final") : [];
  if (format === "knockout" || (format === "two-stage" && settings.final === "knockout")) {
    const size = format === "knockout" ? detail.players.length : undefined;
    parts.push(h("div", { class: "bracket-frame" }, knockout.length ? bracketSvg(knockout, size) : h("p", { class: "empty" }, "The bracket is drawn when the knockout starts.")));
  }
  return parts.length ? h("section", { class: "tables" }, h("h2", {}, format === "knockout" ? "Bracket" : "Tables"), parts) : null;
}

/**
 * @param {TournamentDetail} detail
 * @param {() => void} reload
 * @param {(text: string) => void} report
 */
function header(detail, reload, report) {
  const t = detail.tournament;
  const me = session.user?.name;
  const entered = !!me && t.entries.includes(me);
  const act = (/** @type {string} */ what) => post(`/api/tournaments/${t.id}/${what}`).then(reload, (e) => report(errorText(e)));
  const buttons = [];
  if (t.status === "open" && me) {
    buttons.push(entered ? h("button", { type: "button", onclick: () => act("leave") }, "Leave") : h("button", { type: "button", class: "primary", onclick: () => act("join") }, "Join"));
    if (t.created_by === me) buttons.push(h("button", { type: "button", onclick: () => act("start") }, "Start now"));
  }
  if (t.status === "running" && entered && !detail.withdrawn.includes(/** @type {string} */ (me))) {
    const withdraw = () => {
      if (confirm(`Withdraw from ${t.name}? Your remaining games are lost by forfeit.`)) act("leave");
    };
    buttons.push(h("button", { type: "button", class: "secondary", onclick: withdraw }, "Withdraw"));
  }
  const status = { open: "taking entries", running: `round ${detail.current_round}`, finished: "finished" }[t.status] ?? t.status;
  return [
    h("h1", {}, t.name, " ", h("span", { class: "tag" }, t.rated ? "rated" : "casual"), h("span", { class: "tag status", dataset: { status: t.status } }, status)),
    h(
      "p",
      { class: "lead" },
      `${FORMATS[t.format] ?? t.format}${t.settings.rounds ? ` of ${t.settings.rounds} rounds` : ""} · ${describeSettings(/** @type {any} */ (t.settings.match))}`,
      t.starts_at ? ` · starts ${dateText(t.starts_at)}` : "",
      ` · ${t.grace_seconds} s to come to a match`,
    ),
    detail.winner ? h("p", { class: "winner" }, `Winner: ${detail.winner}`) : null,
    buttons.length ? h("div", { class: "buttons" }, buttons) : null,
  ];
}

/**
 * @param {TournamentDetail} detail
 */
function entriesSection(detail) {
  return h(
    "section",
    { class: "entries" },
    h("h2", {}, `Players (${detail.players.length})`),
    detail.players.length
      ? h(
          "ol",
          { class: "entry-list" },
          detail.players.map((p) =>
            h(
              "li",
              { dataset: { player: p } },
              h("a", { href: `#/player/${encodeURIComponent(p)}` }, p),
              " ",
              h("span", { class: "rating" }, detail.ratings[p] ?? ""),
              detail.withdrawn.includes(p) ? h("span", { class: "tag" }, "withdrawn") : null,
            ),
          ),
        )
      : h("p", { class: "empty" }, "Nobody has entered yet."),
  );
}

/**
 * @param {HTMLElement} root
 * @param {{id: string}} params
 */
export function tournamentPage(root, { id }) {
  mount(root, h("p", { class: "loading" }, "Loading…"));
  const message = h("p", { class: "form-error", role: "alert", hidden: true });
  let gone = false;
  let shown = "";
  const report = (/** @type {string} */ text) => {
    message.textContent = text;
    message.hidden = !text;
  };
  const load = () =>
    get(`/api/tournaments/${encodeURIComponent(id)}`).then(
      (/** @type {TournamentDetail} */ detail) => {
        const key = JSON.stringify([detail, session.user?.name]);
        if (gone || key === shown) return;
        shown = key;
        const standings = detail.standings
          ? h(
              "section",
              { class: "standings-section" },
              h("h2", {}, "Standings"),
              standingsTable(detail.standings, standingsCaption(detail)),
              detail.groups.map((g) => standingsTable(g, `Group ${g.name}`)),
              h("p", { class: "muted" }, tieText(detail.standings)),
            )
          : null;
        mount(root, h("div", { class: "tournament", dataset: { status: detail.tournament.status } }, header(detail, load, report), message, standings, tablesSection(detail), roundsSection(detail), entriesSection(detail)));
      },
      (error) => {
        if (!gone) mount(root, h("h1", {}, "Tournament"), h("p", { class: "form-error", role: "alert" }, errorText(error)));
      },
    );
  load();
  const timer = setInterval(load, POLL_MS);
  const onNotice = (/** @type {Event} */ event) => {
    const notice = /** @type {CustomEvent} */ (event).detail;
    if (notice?.tournament?.id === Number(id)) load();
  };
  window.addEventListener("gamehall:notice", onNotice);
  return () => {
    gone = true;
    clearInterval(timer);
    window.removeEventListener("gamehall:notice", onNotice);
  };
}
