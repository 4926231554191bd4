// @ts-check
// "Your game" on a tournament's page, for a player entered in it: a countdown to the start of
// the tournament (his first game), then where his next game stands — his game has started (a
// link to it), a bye, the round being finished by the others, or in an arena: paired as soon as
// another player is free. The countdown runs from the server's time (the page's offset), so a
// wrong clock on the reader's machine changes nothing.

import { session } from "../api.js";
import { h } from "../dom.js";
import { languageTag } from "../language.js";
import { say, sayCount, sayWith } from "../say.js";
import { clockText } from "./arena.js";
import { entryName } from "./computers.js";

/**
 * @typedef {import("./types.js").TournamentDetail} TournamentDetail
 * @typedef {{text: (string | Node)[], matchId: string | null, counting: boolean}} NextGame
 */

const DAY = 86_400;

/**
 * A wait as the countdown writes it: 4:05 or 1:02:03, and whole days beyond a day ("3 days", in
 * the reader's language).
 * @param {number} seconds
 */
export function waitText(seconds) {
  if (seconds < DAY) return clockText(seconds);
  const days = Math.floor(seconds / DAY);
  return new Intl.NumberFormat(languageTag(), { style: "unit", unit: "day", unitDisplay: "long" }).format(days);
}

/**
 * Where the reader's next game stands, or null when he is not playing in the tournament (not
 * entered, withdrawn, or it is over). `counting`: the text counts down (said again each second).
 * @param {TournamentDetail} detail
 * @param {number} offset the server's clock less this one, in milliseconds
 * @returns {NextGame | null}
 */
export function nextGame(detail, offset) {
  const me = session.user?.name;
  const t = detail.tournament;
  if (!me || !t.entries.includes(me) || detail.withdrawn.includes(me) || t.status === "finished") return null;
  const arena = t.format === "arena";
  /** @param {string | (string | Node)[]} text */
  const told = (text, matchId = /** @type {string | null} */ (null), counting = false) => ({ text: typeof text === "string" ? [text] : text, matchId, counting });
  const name = (/** @type {string} */ player) => h("span", { translate: "no" }, entryName(detail, player));
  if (t.status === "open") {
    if (!t.starts_at) return told(say("tournament.next.by-maker"));
    const left = (Date.parse(t.starts_at) - (Date.now() + offset)) / 1000;
    if (left <= 0) return told(say("tournament.next.starting"));
    return told(say(arena ? "tournament.next.arena-starts-in" : "tournament.next.starts-in", { time: waitText(left) }), null, true);
  }
  if (detail.arena) {
    const game = detail.arena.games.find((g) => g.result === null && (g.first === me || g.second === me));
    if (game) return told(sayWith("tournament.next.arena-playing", { opponent: name(game.first === me ? game.second : game.first) }), game.match_id);
    const row = detail.arena.leaderboard.find((r) => r.player === me);
    if (row?.paused) return told(say("tournament.next.arena-paused"));
    const closes = detail.arena.closes_at ? Date.parse(detail.arena.closes_at) : 0;
    return closes > Date.now() + offset ? told(say("tournament.next.arena-waiting")) : null;
  }
  const round = detail.current_round;
  const pairings = detail.pairings.filter((p) => p.round === round);
  const mine = pairings.find((p) => p.result === null && p.match_status === "playing" && (p.first === me || p.second === me));
  if (mine) {
    const opponent = name(mine.first === me ? mine.second ?? "" : mine.first);
    return told(sayWith("tournament.next.playing", { opponent }, { round }), mine.match_id);
  }
  if (pairings.some((p) => p.second === null && p.first === me)) return told(say("tournament.next.bye", { round }));
  const left = pairings.filter((p) => p.second !== null && p.result === null).length;
  return left ? told(sayCount("tournament.next.round-ends", left, { round })) : null;
}

/**
 * The "Your game" panel, or null for a reader who is not playing in the tournament.
 * @param {TournamentDetail} detail
 * @param {number} offset the server's clock less this one, in milliseconds
 */
export function nextGamePanel(detail, offset) {
  const next = nextGame(detail, offset);
  if (!next) return null;
  return h(
    "section",
    { class: "next-game", "aria-live": "polite", dataset: { match: next.matchId ?? "" } },
    h("h2", {}, say("tournament.next.title")),
    h("p", { class: "next-game-text", role: next.counting ? "timer" : null }, ...next.text),
    next.matchId ? h("a", { class: "go-to-game", href: `#/game/${next.matchId}` }, say("tournament.next.go")) : null,
  );
}
