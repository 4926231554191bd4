// @ts-check
// A tournament's page (#/tournament/{id}): its terms, the entries (join, leave, start), an
// entered player's next game (competition/next-game.js), the games to watch and to review
// (competition/watch-games.js), every round's pairings with links to the live games, the
// standings with their tie-breaks, a crosstable for round robins and groups, and the bracket of
// a knockout; an arena's countdown, leaderboard and games instead (competition/arena.js), live
// over its socket; and the tournament's chat (/ws/tournaments/{id}/chat), which stays open while
// the rest is drawn again. It reloads on the user's notices about this tournament and every few
// seconds.

import { errorText, get, post, session } from "../api.js";
import { bracketSvg } from "../competition/bracket.js";
import { arenaButtons, arenaSections, countdownText, followArena } from "../competition/arena.js";
import { addComputer, entryLabel, entryName, withdrawComputer } from "../competition/computers.js";
import { crosstable } from "../competition/crosstable.js";
import { nextGame, nextGamePanel } from "../competition/next-game.js";
import { watchGamesSection } from "../competition/watch-games.js";
import { h, mount } from "../dom.js";
import { chatPanel } from "../game/chat.js";
import { languageTag } from "../language.js";
import { hasText, say, sayCount } from "../say.js";
import { describeSettings } from "../settings.js";
import { formatName, tiebreakName, whenText } from "./tournaments.js";

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
  if (!p.result) return say(p.match_id ? "tournament.result.playing" : "tournament.result.waiting");
  const names = /** @type {Record<string, string>} */ ({
    "1/2-1/2": "½–½",
    "+-": say("tournament.result.forfeit-first"),
    "-+": say("tournament.result.forfeit-second"),
    "--": say("tournament.result.forfeit-both"),
    bye: say("tournament.bye"),
  });
  const text = names[p.result.outcome] ?? p.result.outcome.replace("-", "–");
  return p.result.score && length > 1 ? `${text} (${p.result.score.join("–")})` : text;
}

/**
 * Why a forfeit was given, in the reader's words (gamehall.words.forfeits): the result's code
 * said of the player its outcome names, or of both; a text stored before the codes as it is.
 * @param {TournamentDetail} detail
 * @param {PairingView} p
 */
function forfeitReason(detail, p) {
  const result = p.result;
  if (!result?.reason) return null;
  const key = `forfeit.${result.reason}`;
  if (!hasText(key)) return result.reason;
  const first = entryName(detail, p.first);
  const second = p.second === null ? "" : entryName(detail, p.second);
  const both = result.outcome === "--" && hasText(`${key}.both`);
  return say(both ? `${key}.both` : key, { player: result.outcome === "-+" ? first : second, first, second });
}

/**
 * How the standings break ties, in words.
 * @param {StandingsView} standings
 */
function tieText(standings) {
  const seed = standings.lots_seed;
  const names = standings.tiebreaks.map(tiebreakName);
  if (!names.length) return say("tournament.ties.lots", { seed });
  const tiebreaks = new Intl.ListFormat(languageTag(), { type: "conjunction" }).format(names);
  return say("tournament.ties", { tiebreaks, seed });
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
    h("h2", {}, say("tournament.pairings")),
    [...rounds.entries()]
      .sort(([a], [b]) => b - a)
      .map(([round, pairings]) =>
        h(
          "table",
          { class: "list pairings", dataset: { round } },
          h("caption", {}, say("tournament.round", { round })),
          h("thead", {}, h("tr", {}, h("th", {}, say("tournament.column.board")), h("th", {}, say("tournament.column.first")), h("th", {}, say("tournament.column.second")), h("th", {}, say("tournament.column.result")), h("th", {}, say("tournament.column.game")))),
          h(
            "tbody",
            {},
            pairings.map((p) =>
              h(
                "tr",
                { class: me && (p.first === me || p.second === me) ? "mine" : null, dataset: { board: p.board } },
                h("td", {}, p.group ? `${p.group}${p.board}` : p.board, p.leg > 1 ? ` ${say("tournament.replay-leg", { leg: p.leg - 1 })}` : ""),
                h("td", { translate: "no" }, entryName(detail, p.first)),
                h("td", { translate: "no" }, p.second === null ? "—" : entryName(detail, p.second)),
                h(
                  "td",
                  { class: "outcome" },
                  resultText(p, Number(detail.tournament.settings.match?.length ?? 1)),
                  p.result?.reason ? h("div", { class: "forfeit-reason" }, forfeitReason(detail, p)) : null,
                ),
                h("td", {}, p.match_id ? h("a", { href: `#/game/${p.match_id}` }, say(p.match_status === "playing" ? "tournament.watch" : "tournament.replay")) : ""),
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
  if (detail.tournament.status === "finished") return say("tournament.final-standings");
  const round = detail.current_round;
  const games = detail.pairings.filter((p) => p.round === round && p.second !== null);
  const done = games.filter((p) => p.result !== null).length;
  if (games.length && done === games.length) return say("tournament.round.after", { round });
  if (done === 0 && round > 1) return say("tournament.round.after", { round: round - 1 });
  return say("tournament.round.in-play", { round });
}

/**
 * A standings table with a column a tie-break.
 * @param {TournamentDetail} detail
 * @param {StandingsView} standings
 * @param {string} caption
 */
function standingsTable(detail, standings, caption) {
  const value = (/** @type {number | null | undefined} */ v) => (v === null || v === undefined ? "–" : half(v));
  const table = h(
    "table",
    { class: "list standings" },
    h("caption", {}, caption),
    h(
      "thead",
      {},
      h("tr", {}, h("th", {}, "#"), h("th", {}, say("tournament.column.player")), h("th", {}, say("tournament.column.points")), standings.tiebreaks.map((t) => h("th", {}, tiebreakName(t)))),
    ),
    h(
      "tbody",
      {},
      standings.rows.map((row) =>
        h(
          "tr",
          { class: row.qualified ? "qualified" : null, dataset: { player: row.player } },
          h("td", {}, row.rank),
          h("td", {}, entryLabel(detail, row.player), row.qualified ? h("span", { class: "tag" }, say("tournament.qualified")) : null),
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
    parts.push(crosstable(detail.standings.rows.map((r) => r.player), detail.pairings, pointsOf(detail.standings), say("tournament.crosstable"), (name) => entryName(detail, name)));
  }
  for (const group of detail.groups) {
    const members = group.rows.map((r) => r.player);
    const pairings = detail.pairings.filter((p) => p.group === group.name);
    parts.push(crosstable(members, pairings, pointsOf(group), say("tournament.group", { name: group.name ?? "" }), (name) => entryName(detail, name)));
  }
  const knockout = format === "knockout" ? detail.pairings : format === "two-stage" && settings.final === "knockout" ? detail.pairings.filter((p) => p.stage === "final") : [];
  if (format === "knockout" || (format === "two-stage" && settings.final === "knockout")) {
    const size = format === "knockout" ? detail.players.length : undefined;
    parts.push(h("div", { class: "bracket-frame" }, knockout.length ? bracketSvg(knockout, size, (name) => entryName(detail, name)) : h("p", { class: "empty" }, say("tournament.bracket.later"))));
  }
  return parts.length ? h("section", { class: "tables" }, h("h2", {}, say(format === "knockout" ? "tournament.bracket" : "tournament.tables")), parts) : null;
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
  if (t.format === "arena") {
    buttons.push(...arenaButtons(detail, act));
  } else if (t.status === "open" && me) {
    buttons.push(entered ? h("button", { type: "button", onclick: () => act("leave") }, say("tournament.leave")) : h("button", { type: "button", class: "primary", onclick: () => act("join") }, say("tournament.join")));
    if (t.created_by === me) buttons.push(h("button", { type: "button", onclick: () => act("start") }, say("tournament.start")), addComputer(detail, reload, report));
  }
  if (t.format !== "arena" && t.status === "running" && entered && !detail.withdrawn.includes(/** @type {string} */ (me))) {
    const withdraw = () => {
      if (confirm(say("tournament.withdraw.confirm", { tournament: t.name }))) act("leave");
    };
    buttons.push(h("button", { type: "button", class: "secondary", onclick: withdraw }, say("tournament.withdraw")));
  }
  const statuses = /** @type {Record<string, string>} */ ({
    open: say("tournament.status.open"),
    running: t.format === "arena" ? say("arena.status.running") : say("tournament.status.round", { round: detail.current_round }),
    finished: say("tournament.status.finished"),
  });
  const status = statuses[t.status] ?? t.status;
  const minutes = Math.round(Number(t.settings.duration ?? 0) / 60);
  const arenaFormat = minutes ? `${formatName(t.format)}, ${sayCount("arena.minutes", minutes)}` : formatName(t.format);
  const format = t.settings.rounds ? sayCount("tournament.format-rounds", Number(t.settings.rounds), { format: formatName(t.format) }) : arenaFormat;
  return [
    h("h1", {}, h("span", { translate: "no" }, t.name), " ", h("span", { class: "tag" }, say(t.rated ? "tournament.rated" : "tournament.casual")), h("span", { class: "tag status", dataset: { status: t.status } }, status)),
    h(
      "p",
      { class: "lead" },
      `${format} · ${describeSettings(/** @type {any} */ (t.settings.match))}`,
      t.starts_at ? ` · ${say("tournament.starts", { date: whenText(t.starts_at) })}` : "",
      ` · ${say("tournament.grace", { seconds: t.grace_seconds })}`,
    ),
    detail.winner ? h("p", { class: "winner" }, say("tournament.winner", { name: entryName(detail, detail.winner) })) : null,
    buttons.length ? h("div", { class: "buttons" }, buttons) : null,
  ];
}

/**
 * @param {TournamentDetail} detail
 * @param {() => void} reload
 * @param {(text: string) => void} report
 */
function entriesSection(detail, reload, report) {
  const t = detail.tournament;
  const directs = !!session.user && t.created_by === session.user.name && t.status !== "finished";
  return h(
    "section",
    { class: "entries" },
    h("h2", {}, sayCount("tournament.entries", detail.players.length)),
    detail.players.length
      ? h(
          "ol",
          { class: "entry-list" },
          detail.players.map((p) =>
            h(
              "li",
              { dataset: { player: p } },
              entryLabel(detail, p),
              " ",
              h("span", { class: "rating" }, detail.ratings[p] ?? ""),
              detail.withdrawn.includes(p) ? h("span", { class: "tag" }, say("tournament.withdrawn")) : null,
              directs && t.computers[p] && !detail.withdrawn.includes(p) ? withdrawComputer(detail, p, reload, report) : null,
            ),
          ),
        )
      : h("p", { class: "empty" }, say("tournament.entries.none")),
  );
}

/**
 * @param {HTMLElement} root
 * @param {{id: string}} params
 */
export function tournamentPage(root, { id }) {
  const body = h("div", { class: "tournament-body" }, h("p", { class: "loading" }, say("competition.loading")));
  const chat = chatPanel(`/ws/tournaments/${encodeURIComponent(id)}/chat`, () => say("tournament.chat.title"), say("tournament.chat.read-only"));
  chat.element.classList.add("tournament-chat");
  mount(root, body, chat.element);
  const message = h("p", { class: "form-error", role: "alert", hidden: true });
  let gone = false;
  let shown = "";
  let writer = "";
  const report = (/** @type {string} */ text) => {
    message.textContent = text;
    message.hidden = !text;
  };
  /** @type {TournamentDetail | null} */
  let last = null;
  let offset = 0; // the server's clock less this one (the countdowns), in milliseconds
  /** @type {(() => void) | null} */
  let unfollow = null;
  const render = (/** @type {TournamentDetail} */ detail) => {
    if (gone) return;
    const t = detail.tournament;
    const me = session.user?.name;
    offset = Date.parse(detail.arena?.now ?? detail.now) - Date.now();
    // who may write in the chat changed (logged in, entered, left): its socket is opened again
    const writes = JSON.stringify([me, !!me && t.entries.includes(me)]);
    if (writer && writes !== writer) chat.reconnect();
    writer = writes;
    const timeless = { ...detail, now: "", arena: detail.arena && { ...detail.arena, now: "" } };
    const key = JSON.stringify([timeless, me]);
    if (key === shown) return;
    shown = key;
    last = detail;
    const next = nextGamePanel(detail, offset);
    if (detail.arena) {
      if (!unfollow) unfollow = followArena(id, onBoard);
      const entries = t.status === "open" ? entriesSection(detail, load, report) : null;
      mount(body, h("div", { class: "tournament arena", dataset: { status: t.status } }, header(detail, load, report), message, next, arenaSections(detail, detail.arena, offset), entries));
      return;
    }
    const standings = detail.standings
      ? h(
          "section",
          { class: "standings-section" },
          h("h2", {}, say("tournament.standings")),
          standingsTable(detail, detail.standings, standingsCaption(detail)),
          detail.groups.map((g) => standingsTable(detail, g, say("tournament.group", { name: g.name ?? "" }))),
          h("p", { class: "muted" }, tieText(detail.standings)),
        )
      : null;
    mount(body, h("div", { class: "tournament", dataset: { status: t.status } }, header(detail, load, report), message, next, watchGamesSection(detail), standings, tablesSection(detail), roundsSection(detail), entriesSection(detail, load, report)));
  };
  /** An arena's board by push: the page redrawn with it (and read again when the status changes). */
  const onBoard = (/** @type {{status: string, arena: import("../api-types.js").ArenaView}} */ board) => {
    if (!last) return;
    const changed = board.status !== last.tournament.status;
    const tournament = { ...last.tournament, status: /** @type {any} */ (board.status) };
    render({ ...last, tournament, arena: board.arena, winner: board.arena.winner, players: board.arena.leaderboard.map((r) => r.player) });
    if (changed) load();
  };
  const load = () =>
    get(`/api/tournaments/${encodeURIComponent(id)}`).then(render, (error) => {
      if (gone) return;
      if (!last) chat.close(); // no such tournament: no chat either
      mount(body, h("h1", {}, say("tournament.error-title")), h("p", { class: "form-error", role: "alert" }, errorText(error)));
      shown = "";
    });
  load();
  const timer = setInterval(load, POLL_MS);
  const tick = setInterval(() => {
    if (!last) return;
    const countdown = root.querySelector(".arena-countdown");
    if (countdown && last.arena) countdown.textContent = countdownText(last.tournament, last.arena, offset);
    const waiting = root.querySelector(".next-game-text");
    const next = nextGame(last, offset);
    if (waiting && next?.counting) waiting.replaceChildren(...next.text);
  }, 1000);
  const onNotice = (/** @type {Event} */ event) => {
    const notice = /** @type {CustomEvent} */ (event).detail;
    if (notice?.tournament?.id === Number(id)) load();
  };
  window.addEventListener("gamehall:notice", onNotice);
  return () => {
    gone = true;
    clearInterval(timer);
    clearInterval(tick);
    unfollow?.();
    chat.close();
    window.removeEventListener("gamehall:notice", onNotice);
  };
}
