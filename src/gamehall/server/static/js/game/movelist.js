// @ts-check
// The move list, read from the match's public event log (gamehall.play.events.Event). Each line
// keeps its event's seq: in a finished match a click on a line goes to it in the review, and the
// lines of the step reviewed are marked.

import { h } from "../dom.js";
import { hasText, reasonText, say, sayCount } from "../say.js";
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
  return seat === you ? say("moves.you") : names[seat] ?? "";
}

/** @param {string} text a sentence starting with "you" or a player's name (left as it is) */
const capital = (text) => (text.startsWith(say("moves.you")) ? text.charAt(0).toUpperCase() + text.slice(1) : text);

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
      return say("moves.double", { name: who, cube: out.cube });
    case "take":
      return say("moves.take", { name: who });
    case "beaver":
      return say("moves.beaver", { name: who, cube: out.cube });
    case "drop":
      return say("moves.drop", { name: who });
    case "resign":
      if (event.data?.value && out.points !== undefined && !("kind" in out)) {
        const value = [1, 2, 3].includes(event.data.value) ? event.data.value : "other";
        return say(`moves.resign-offer.${value}`, { name: who, points: pointsText(out.points) });
      }
      return say("moves.resign", { name: who });
    case "offer_draw":
      return say("moves.offer-draw", { name: who });
    case "opening_choice":
      return (
        { white: say("moves.white", { name: who }), black: say(out.swap ? "moves.black-swap" : "moves.black", { name: who }), place2: say("moves.place2", { name: who }) }[String(out.choice)] ||
        sayCount("moves.declare", Number(out.choice), { name: who })
      );
    case "offer":
      return say("moves.offer", { name: who, point: event.data?.point ?? "" });
    case "claim":
      return say(hasText(`moves.claim.${out.pattern}`) ? `moves.claim.${out.pattern}` : "moves.claim", { name: who, pattern: out.pattern, point: out.point });
    case "false_claim": {
      const sanction = say(`claim.false.${out.penalty}`, { seconds: out.seconds ?? 0 });
      return `${who} ${say("claim.false")}${sanction ? ` (${sanction})` : ""}`;
    }
    case "accept":
      return say("moves.accept", { name: who });
    case "decline":
      return event.derived ? null : say("moves.decline", { name: who });
    case "flag":
      return say("end.time.by", { loser: names[out.player] ?? "" });
    case "forfeit":
      return say("moves.forfeit", { reason: capital(reasonText(event.data?.reason, playerWord(names, event.data?.player, you))) });
    case "game_end": {
      const score = scoreWord(out.score || []);
      if (out.winner === null || out.winner === undefined) return say("moves.draw", { reason: reasonText(out.reason), score });
      const points = out.points !== undefined && out.kind !== "win" ? ` ${pointsText(out.points)}` : "";
      const kind = out.kind && !["win", "single", "draw"].includes(out.kind) ? ` (${hasText(`moves.kind.${out.kind}`) ? say(`moves.kind.${out.kind}`) : out.kind})` : "";
      const winner = out.winner === you ? say("moves.you-win") : say("moves.wins", { name: names[out.winner] ?? "" });
      return `${winner}${points}${kind}: ${reasonText(out.reason, playerWord(names, 1 - out.winner, you))} · ${score}`;
    }
    case "match_end":
      if (out.winner === null || out.winner === undefined) return say("moves.match-ends");
      return out.winner === you ? say("moves.you-win-match") : say("moves.wins-match", { name: names[out.winner] ?? "" });
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
      game = { title: say(out.crawford ? "moves.game-crawford" : "moves.game", { number: out.number }), lines: [], moves: [] };
      games.push(game);
      dice = null;
    } else if (event.kind === "opening") {
      /** @type {number[]} */
      const opening = out.dice;
      dice = opening[0] === opening[1] ? null : [...opening].sort((a, b) => b - a);
      if (game && opening.length === 2) {
        const rolls = [0, 1].map((seat) => `${playerWord(names, seat, you)} ${opening[seat]}`).join(", ");
        game.lines.push({ player: null, seq: event.seq, text: say(opening[0] === opening[1] ? "moves.opening-tie" : "moves.opening", { rolls }), note: true });
      }
    } else if (event.kind === "roll") {
      dice = out.dice;
    } else if (event.kind === "confirm" && game) {
      game.lines.push({ player: event.player, seq: event.seq, dice: diceText(dice), text: out.play || say("moves.no-move") });
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
      game = { title: say("moves.game-black", { number, name: names[out.black] ?? "" }), moves: [], lines: [] };
      games.push(game);
    } else if (event.kind === "move" && game) {
      game.moves.push({ text: out.move, seq: event.seq });
    } else if (event.kind === "pass" && game) {
      game.moves.push({ text: say("moves.pass"), seq: event.seq });
    } else if (game) {
      if (typeof out.black === "number") game.title = say("moves.game-black", { number, name: names[out.black] ?? "" }); // colours chosen
      const text = note(event, names, you);
      if (text) game.lines.push({ player: event.player, seq: event.seq, text, note: true });
    }
  }
  return games;
}

/**
 * A text with the players' names in it, each name marked as not to be translated.
 * @param {string} text
 * @param {string[]} names
 * @returns {(string | HTMLElement)[]}
 */
function keepNames(text, names) {
  const shown = names.filter(Boolean).sort((a, b) => b.length - a.length);
  if (!shown.length) return [text];
  const pattern = new RegExp(`(${shown.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`);
  return text.split(pattern).map((part, i) => (i % 2 ? h("span", { translate: "no" }, part) : part));
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
 * @param {string[]} names the players'
 * @param {Nav | null} nav
 * @param {Set<number>} marked
 */
function renderRenjuGame(game, names, nav, marked) {
  const rows = [];
  const ply = (/** @type {Ply} */ move) => h("span", { ...lineAttributes(move.seq, "ply", nav, marked), translate: "no" }, move.text);
  for (let i = 0; i < game.moves.length; i += 2) {
    rows.push(h("li", { class: "pair" }, ply(game.moves[i]), i + 1 < game.moves.length ? ply(game.moves[i + 1]) : null));
  }
  return [h("ol", { class: "renju-moves" }, rows), game.lines.map((line) => h("p", lineAttributes(line.seq, "note", nav, marked), keepNames(line.text, names)))];
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
        line.note || line.player === null ? null : h("span", { class: "who", translate: "no" }, state.players[line.player]),
        line.dice ? h("span", { class: "dice-text", translate: "no" }, line.dice) : null,
        line.note ? h("span", { class: "play" }, keepNames(line.text, state.players)) : h("span", { class: "play", translate: "no" }, line.text),
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
      h("h3", {}, keepNames(game.title, state.players)),
      renju ? renderRenjuGame(game, state.players, nav, marked) : renderTablesGame(game, state, nav, marked),
    ),
  );
}
