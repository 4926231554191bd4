// @ts-check
// The move list, read from the match's public event log (gamehall.play.events.Event). Each line
// keeps its event's seq: in a finished match a click on a line goes to it in the review, and the
// lines of the step reviewed are marked.

import { h } from "../dom.js";
import { reasonText, say, sayCount } from "../say.js";
import { scoreWord } from "./score.js";
import { withoutTakenBack } from "./takeback.js";

/**
 * @typedef {import("../types.js").State} State
 * @typedef {import("../types.js").MatchEvent} MatchEvent
 * @typedef {{player: number | null, text: string, seq: number, dice?: string, note?: boolean, current?: boolean}} Line
 * @typedef {{text: string, seq: number}} Ply
 * @typedef {{title: string, lines: Line[], moves: Ply[]}} Game
 * @typedef {object} Nav what a finished match's list does in the review
 * @property {(seq: number) => void} pick go to the step of the line of event `seq`
 * @property {(seqs: number[]) => number[]} current the lines (their seqs) of the step reviewed
 */

/** @type {Record<number, string>} */
const KINDS = { 1: "single game", 2: "gammon", 3: "backgammon" };

/** @param {number} points */
function pointsText(points) {
  return sayCount("points", points);
}

/**
 * A player as the reader calls him: "you" for the reader's own seat, else his name.
 * @param {string[]} names
 * @param {number | null | undefined} seat
 * @param {number | null} you
 */
export function playerWord(names, seat, you) {
  if (seat === null || seat === undefined) return "";
  return seat === you ? "you" : names[seat] ?? "";
}

/** @param {string} text a sentence starting with "you" or a player's name (left as it is) */
const capital = (text) => text.replace(/^you\b/, "You");

/**
 * A line for an event that is not a move, or null.
 * @param {MatchEvent} event
 * @param {string[]} names
 * @param {number | null} you the reader's seat
 */
function note(event, names, you) {
  const who = event.player === null ? "" : names[event.player] ?? "";
  const out = event.outcome || {};
  switch (event.kind) {
    case "double":
      return `${who} doubles to ${out.cube}`;
    case "take":
      return `${who} takes`;
    case "beaver":
      return `${who} beavers: the cube is ${out.cube}`;
    case "drop":
      return `${who} passes`;
    case "resign":
      if (event.data?.value && out.points !== undefined && !("kind" in out)) {
        return `${who} offers to resign a ${KINDS[event.data.value] || "game"} (${pointsText(out.points)})`;
      }
      return `${who} resigns`;
    case "offer_draw":
      return `${who} offers a draw`;
    case "opening_choice":
      return { white: `${who} plays White`, black: `${who} takes Black${out.swap ? " (a swap)" : ""}`, place2: `${who} places two more stones` }[String(out.choice)] || `${who} declares ${out.choice} fifth moves`;
    case "offer":
      return `${who} offers ${event.data?.point} as a fifth move`;
    case "claim":
      return `${who} claims Black's ${out.pattern} on ${out.point}`;
    case "false_claim": {
      const sanction = say(`claim.false.${out.penalty}`, { seconds: out.seconds ?? 0 });
      return `${who} ${say("claim.false")}${sanction ? ` (${sanction})` : ""}`;
    }
    case "accept":
      return `${who} accepts`;
    case "decline":
      return event.derived ? null : `${who} declines`;
    case "flag":
      return say("end.time.by", { loser: names[out.player] ?? "" });
    case "forfeit":
      return `${capital(reasonText(event.data?.reason, playerWord(names, event.data?.player, you)))}: the match is forfeited`;
    case "game_end": {
      const score = scoreWord(out.score || []);
      if (out.winner === null || out.winner === undefined) return `Draw (${reasonText(out.reason)}) · ${score}`;
      const points = out.points !== undefined && out.kind !== "win" ? ` ${pointsText(out.points)}` : "";
      const kind = out.kind && !["win", "single", "draw"].includes(out.kind) ? ` (${out.kind})` : "";
      const winner = out.winner === you ? "You win" : `${names[out.winner]} wins`;
      return `${winner}${points}${kind}: ${reasonText(out.reason, playerWord(names, 1 - out.winner, you))} · ${score}`;
    }
    case "match_end":
      if (out.winner === null || out.winner === undefined) return "The match ends";
      return out.winner === you ? "You win the match" : `${names[out.winner]} wins the match`;
    default:
      return null;
  }
}

/** @param {number[] | null | undefined} dice */
function diceText(dice) {
  return dice ? dice.join("") : "";
}

/**
 * The list of a backgammon or nardy match: one line per turn, and the cube and results.
 * @param {MatchEvent[]} events
 * @param {State} state
 * @param {number | null} you
 */
function tablesList(events, state, you) {
  const names = state.players;
  /** @type {Game[]} */
  const games = [];
  /** @type {Game | null} */
  let game = null;
  /** @type {number[] | null} */
  let dice = null;
  for (const event of events) {
    const out = event.outcome || {};
    if (event.kind === "game_start") {
      game = { title: `Game ${out.number}${out.crawford ? " (Crawford)" : ""}`, lines: [], moves: [] };
      games.push(game);
      dice = null;
    } else if (event.kind === "opening") {
      /** @type {number[]} */
      const opening = out.dice;
      dice = opening[0] === opening[1] ? null : [...opening].sort((a, b) => b - a);
      if (game && opening.length === 2) {
        const rolls = [0, 1].map((seat) => `${playerWord(names, seat, you)} ${opening[seat]}`).join(", ");
        game.lines.push({ player: null, seq: event.seq, text: `Opening roll: ${rolls}${opening[0] === opening[1] ? " (a tie: again)" : ""}`, note: true });
      }
    } else if (event.kind === "roll") {
      dice = out.dice;
    } else if (event.kind === "confirm" && game) {
      game.lines.push({ player: event.player, seq: event.seq, dice: diceText(dice), text: out.play || "(no move)" });
      dice = null;
    } else if (game) {
      const text = note(event, names, you);
      if (text) game.lines.push({ player: event.player, seq: event.seq, text, note: true });
    }
  }
  if (game && state.phase === "move" && state.dice) {
    game.lines.push({ player: state.on_roll ?? null, seq: Infinity, dice: diceText(state.dice), text: (state.moves || []).join(" ") || "…", current: true });
  }
  return games;
}

/**
 * The list of a renju match: the stones by number, Black's and White's side by side; a game's
 * title names who holds Black, after the opening's choice of colours too (Swap2, Soosõrv).
 * @param {MatchEvent[]} events
 * @param {State} state
 * @param {number | null} you
 */
function renjuList(events, state, you) {
  const names = state.players;
  /** @type {Game[]} */
  const games = [];
  /** @type {Game | null} */
  let game = null;
  let number = 0;
  for (const event of events) {
    const out = event.outcome || {};
    if (event.kind === "game_start") {
      number = out.number;
      game = { title: `Game ${number} · Black: ${names[out.black]}`, moves: [], lines: [] };
      games.push(game);
    } else if (event.kind === "move" && game) {
      game.moves.push({ text: out.move, seq: event.seq });
    } else if (event.kind === "pass" && game) {
      game.moves.push({ text: "pass", seq: event.seq });
    } else if (game) {
      if (typeof out.black === "number") game.title = `Game ${number} · Black: ${names[out.black]}`; // colours chosen
      const text = note(event, names, you);
      if (text) game.lines.push({ player: event.player, seq: event.seq, text, note: true });
    }
  }
  return games;
}

/**
 * The attributes of a line or a stone: its event, marked when it is the step reviewed, and in a
 * finished match a click (or Enter) that goes to it.
 * @param {number} seq
 * @param {string} base its class
 * @param {Nav | null} nav
 * @param {Set<number>} marked
 */
function lineAttributes(seq, base, nav, marked) {
  const at = marked.has(seq);
  const classes = `${base}${at ? " at" : ""}${nav && Number.isFinite(seq) ? " pickable" : ""}`;
  if (!nav || !Number.isFinite(seq)) return { class: classes, dataset: { seq: String(seq) } };
  return {
    class: classes,
    tabindex: 0,
    "aria-current": at ? "step" : null,
    dataset: { seq: String(seq) },
    onclick: () => nav.pick(seq),
    onkeydown: (/** @type {KeyboardEvent} */ event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        nav.pick(seq);
      }
    },
  };
}

/**
 * @param {Game} game
 * @param {Nav | null} nav
 * @param {Set<number>} marked
 */
function renderRenjuGame(game, nav, marked) {
  const rows = [];
  const ply = (/** @type {Ply} */ move) => h("span", lineAttributes(move.seq, "ply", nav, marked), move.text);
  for (let i = 0; i < game.moves.length; i += 2) {
    rows.push(h("li", { class: "pair" }, ply(game.moves[i]), i + 1 < game.moves.length ? ply(game.moves[i + 1]) : null));
  }
  return [h("ol", { class: "renju-moves" }, rows), game.lines.map((line) => h("p", lineAttributes(line.seq, "note", nav, marked), line.text))];
}

/**
 * @param {Game} game
 * @param {State} state
 * @param {Nav | null} nav
 * @param {Set<number>} marked
 */
function renderTablesGame(game, state, nav, marked) {
  return h(
    "ol",
    { class: "turns" },
    game.lines.map((line) => {
      const attributes = lineAttributes(line.seq, `${line.note ? "note" : "turn"}${line.current ? " current" : ""}`, nav, marked);
      return h(
        "li",
        { ...attributes, dataset: { ...attributes.dataset, player: line.player ?? "" } },
        line.note || line.player === null ? null : h("span", { class: "who" }, state.players[line.player]),
        line.dice ? h("span", { class: "dice-text" }, line.dice) : null,
        h("span", { class: "play" }, line.text),
      );
    }),
  );
}

/**
 * The move list's element for a match.
 * @param {MatchEvent[]} events
 * @param {State} state
 * @param {number | null} [you] the reader's seat (null: a spectator)
 * @param {Nav | null} [nav] a finished match's: its lines go to the review's steps
 */
export function moveList(events, state, you = null, nav = null) {
  const renju = state.game === "renju";
  const played = withoutTakenBack(events);
  const games = renju ? renjuList(played, state, you) : tablesList(played, state, you);
  const seqs = games.flatMap((game) => [...game.moves, ...game.lines].map((line) => line.seq));
  const marked = new Set(nav ? nav.current(seqs) : []);
  return games.map((game) =>
    h(
      "section",
      { class: "game-moves" },
      h("h3", {}, game.title),
      renju ? renderRenjuGame(game, nav, marked) : renderTablesGame(game, state, nav, marked),
    ),
  );
}
