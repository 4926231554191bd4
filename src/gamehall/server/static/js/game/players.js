// @ts-check
// A player's card beside the board: colour, name, presence and grace countdown, score, clock.

import { colourOf } from "../boards/tables.js";
import { ratingBadge } from "../competition/ratings.js";
import { h, mount } from "../dom.js";
import { reportButton } from "../moderation/report.js";
import { hasText, say } from "../say.js";
import { pointsWord } from "./score.js";

/** @typedef {import("../types.js").State} State */

/**
 * @param {State} state
 * @param {number} seat
 */
function chipClass(state, seat) {
  if (state.game === "renju") return state.black === seat ? "dark" : "light";
  return colourOf(state, seat);
}

/**
 * A seat's name as the reader reads it: a player's as he chose it, the computer's as its level
 * in the reader's words ("Компьютер (новичок)"), where the server names it in English; an
 * external engine (its level is the operator's id for it) by the operator's name for it.
 * @param {{name: string, kind: string, level?: string | null}} seat
 */
export function seatName(seat) {
  if (seat.kind !== "computer" || !seat.level) return seat.name;
  const key = `lobby.level.${seat.level}`;
  return hasText(key) ? say("game.computer-name", { level: say(key) }) : seat.name;
}

/**
 * The state with its computer players named in the reader's words (`seatName`).
 * @param {State} state
 * @param {{name: string, kind: string, level?: string | null}[]} seats
 * @returns {State}
 */
export function withSeatNames(state, seats) {
  if (!seats.some((seat) => seat.kind === "computer")) return state;
  return { ...state, players: state.players.map((name, seat) => (seats[seat] ? seatName(seats[seat]) : name)) };
}

/**
 * Fill `node` with the card of `seat`. The clock and the grace countdown are left empty for the
 * page's ticker ([data-clock], .grace[data-seat]).
 * @param {HTMLElement} node
 * A person's name can be reported to the operators from here (`matchId`, the game's).
 * @param {{state: State, seat: number, info: {name: string, kind: string, bot?: boolean}, you: number|null, away: boolean, matchId: string}} card
 */
export function playerCard(node, { state, seat, info, you, away, matchId }) {
  node.dataset.seat = String(seat);
  node.classList.toggle("to-act", state.to_act === seat);
  const name =
    info.kind === "computer"
      ? h("span", { class: "name" }, state.players[seat] ?? info.name)
      : h("a", { class: "name", translate: "no", href: `#/player/${encodeURIComponent(info.name)}` }, info.name);
  mount(
    node,
    h("span", { class: `chip ${chipClass(state, seat)}`, "aria-hidden": "true" }),
    h(
      "span",
      { class: "who" },
      name,
      info.kind === "computer" || info.name.startsWith("Guest-") ? null : ratingBadge(info.name, state.game),
      info.bot ? h("span", { class: "tag bot" }, say("player.bot")) : null,
      seat === you ? h("span", { class: "tag" }, say("game.card.you")) : null,
      info.kind === "computer" ? null : reportButton({ kind: "player", player: info.name, match_id: matchId }, info.name),
      h("span", { class: `presence${away ? " away" : ""}`, title: say(away ? "game.card.away" : "game.card.connected") }),
    ),
    h(
      "span",
      { class: "meta" },
      h("span", { class: "score", title: say("game.card.score.title") }, say("game.card.score", { points: pointsWord(state.score[seat]) })),
      h("span", { class: "grace", dataset: { seat } }),
    ),
    state.clocks ? h("span", { class: "clock", dataset: { clock: seat } }) : null,
  );
}
