// @ts-check
// An arena on its tournament page: the countdown (to the start, to the close of pairings, to
// the end), the leaderboard (score with the streak's flame, the sheet of each game's points,
// games, paused or playing), the games under way (with their match's score) and the latest
// finished, and the players' buttons (join, pause, come back, leave). The board comes live over /ws/arenas/{id}.

import { session } from "../api.js";
import { h } from "../dom.js";
import { say } from "../say.js";
import { TOO_MANY_SOCKETS } from "../socket-cap.js";
import { scoreText } from "./watch-games.js";

/**
 * @typedef {import("../api-types.js").ArenaView} ArenaView
 * @typedef {import("../api-types.js").ArenaRowView} ArenaRowView
 * @typedef {import("../api-types.js").TournamentDetail} TournamentDetail
 */

const RETRY_MS = 2000;

/**
 * Seconds as the countdown writes them: 4:05, 1:02:03.
 * @param {number} seconds
 */
export function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return hours ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

/**
 * What the countdown says now: before the start, while pairing, after the close, at the end.
 * @param {{status: string, starts_at?: string | null}} tournament
 * @param {ArenaView} arena
 * @param {number} offset the server's clock less this one, in milliseconds
 */
export function countdownText(tournament, arena, offset) {
  const now = Date.now() + offset;
  const left = (/** @type {string | null | undefined} */ iso) => (iso ? (Date.parse(iso) - now) / 1000 : 0);
  if (tournament.status === "finished") return say("arena.over");
  if (tournament.status === "open") {
    return tournament.starts_at ? say("arena.starts-in", { time: clockText(left(tournament.starts_at)) }) : say("tournament.starts-by-maker");
  }
  if (left(arena.closes_at) > 0) return say("arena.ends-in", { time: clockText(left(arena.ends_at)) });
  if (left(arena.ends_at) > 0) return say("arena.closing", { time: clockText(left(arena.ends_at)) });
  return say("arena.finishing");
}

/**
 * The sheet of a row: each game's points, doubled ones marked.
 * @param {ArenaRowView} row
 */
function sheet(row) {
  return h(
    "span",
    { class: "arena-sheet" },
    row.sheet.map((m) => h("span", { class: `mark ${m.mark}${m.fire ? " fire" : ""}` }, String(m.points))),
  );
}

/**
 * @param {ArenaView} arena
 */
function leaderboard(arena) {
  if (!arena.leaderboard.length) return h("p", { class: "empty" }, say("arena.leaderboard.empty"));
  const me = session.user?.name;
  return h(
    "div",
    { class: "table-scroll" },
    h(
      "table",
      { class: "list arena-leaderboard" },
      h("caption", {}, say("arena.leaderboard")),
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, say("tournament.column.player")), h("th", {}, say("arena.column.score")), h("th", {}, say("arena.column.sheet")), h("th", {}, say("arena.column.games")))),
      h(
        "tbody",
        {},
        arena.leaderboard.map((row) =>
          h(
            "tr",
            { class: row.player === me ? "mine" : null, dataset: { player: row.player, score: row.score } },
            h("td", {}, row.rank),
            h(
              "td",
              {},
              h("a", { href: `#/player/${encodeURIComponent(row.player)}`, translate: "no" }, row.player),
              row.paused ? h("span", { class: "tag" }, say("arena.paused")) : null,
              row.playing ? h("span", { class: "tag playing" }, say("arena.playing")) : null,
            ),
            h("td", { class: "points" }, String(row.score), row.fire ? h("span", { class: "fire", title: say("arena.fire"), "aria-label": say("arena.fire") }, "🔥") : null),
            h("td", {}, sheet(row)),
            h("td", {}, row.games),
          ),
        ),
      ),
    ),
  );
}

/**
 * @param {ArenaView} arena
 */
function games(arena) {
  if (!arena.games.length) return null;
  const outcome = (/** @type {string | null} */ r) => (r === null ? say("tournament.result.playing") : r === "1/2-1/2" ? "½–½" : r.replace("-", "–"));
  const score = (/** @type {ArenaView["games"][number]} */ g) => (g.result === null && g.score ? ` (${scoreText(g.score)})` : "");
  return h(
    "section",
    { class: "arena-games" },
    h("h2", {}, say("arena.games")),
    h(
      "table",
      { class: "list" },
      h(
        "tbody",
        {},
        arena.games.map((g) =>
          h(
            "tr",
            { dataset: { game: g.number } },
            h("td", {}, g.number),
            h("td", { translate: "no" }, g.first),
            h("td", { translate: "no" }, g.second),
            h("td", { class: "outcome" }, outcome(g.result), score(g)),
            h("td", {}, g.match_id ? h("a", { href: `#/game/${g.match_id}` }, say(g.result === null ? "tournament.watch" : "tournament.replay")) : ""),
          ),
        ),
      ),
    ),
  );
}

/**
 * The arena's part of its page.
 * @param {TournamentDetail} detail
 * @param {ArenaView} arena
 * @param {number} offset the server's clock less this one, in milliseconds
 */
export function arenaSections(detail, arena, offset) {
  return [
    h("p", { class: "arena-countdown", role: "timer" }, countdownText(detail.tournament, arena, offset)),
    h("p", { class: "muted" }, say("arena.rules")),
    h("section", { class: "arena-board" }, leaderboard(arena)),
    games(arena),
  ];
}

/**
 * A player's buttons: join (or come back from a pause), pause, leave; its maker's start.
 * @param {TournamentDetail} detail
 * @param {(what: string) => void} act
 */
export function arenaButtons(detail, act) {
  const t = detail.tournament;
  const me = session.user?.name;
  if (!me || t.status === "finished" || !detail.arena) return [];
  const row = detail.arena.leaderboard.find((r) => r.player === me);
  const button = (/** @type {string} */ what, /** @type {string} */ key, primary = false) =>
    h("button", { type: "button", class: primary ? "primary" : null, onclick: () => act(what) }, say(key));
  if (t.status === "open") {
    const entry = t.entries.includes(me) ? button("leave", "tournament.leave") : button("join", "tournament.join", true);
    return t.created_by === me ? [entry, button("start", "tournament.start")] : [entry];
  }
  if (!row) return [button("join", "tournament.join", true)];
  if (row.paused) return [button("join", "arena.resume", true)];
  return [button("pause", "arena.pause"), button("leave", "tournament.leave")];
}

/**
 * Follow the arena's board over its socket: `onBoard` hears each one; reconnects until stopped.
 * @param {number | string} id
 * @param {(board: {status: string, arena: ArenaView}) => void} onBoard
 * @returns {() => void} stops it
 */
export function followArena(id, onBoard) {
  let stopped = false;
  /** @type {WebSocket | null} */
  let socket = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let retry;
  const connect = () => {
    if (stopped) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/arenas/${encodeURIComponent(String(id))}`);
    socket = ws;
    ws.addEventListener("message", (event) => {
      try {
        const message = JSON.parse(String(event.data));
        if (message.type === "arena") onBoard(message);
      } catch {
        // not an arena's message
      }
    });
    ws.addEventListener("close", (event) => {
      if (!stopped && event.code !== TOO_MANY_SOCKETS) retry = setTimeout(connect, RETRY_MS);
    });
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close();
  };
}
