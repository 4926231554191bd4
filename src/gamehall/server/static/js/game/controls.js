// @ts-check
// The buttons beside the board: what the player may do now (the server's `actions`), the offers
// to answer, and the resignation dialogs.

import { h } from "../dom.js";
import { ask } from "./ask.js";
import { exitButtons } from "./exits.js";
import { takebackControls } from "./takeback.js";
import { surrenderText } from "../settings.js";

/**
 * @typedef {import("../types.js").State} State
 * @typedef {import("../types.js").MatchSettings} MatchSettings
 * @typedef {import("../types.js").Legal} Legal
 * @typedef {(kind: string, data?: object) => void} Act
 * @typedef {object} ControlsView
 * @property {State} state
 * @property {MatchSettings | null} settings
 * @property {string[]} actions what the reader may do now (the server's list)
 * @property {Legal | null} legal
 * @property {number | null} nextCube the stake a double would make (the server's)
 * @property {number | null} offerPoints what the resignation on offer is worth (the server's)
 * @property {number | null} [you] the reader's seat
 */

/** @type {[number, string][]} */
const RESIGN_KINDS = [
  [1, "a single game"],
  [2, "a gammon"],
  [3, "a backgammon"],
];

/**
 * The name of the player in `seat` (nobody's: "").
 * @param {State} state
 * @param {number | null | undefined} seat
 */
function nameOf(state, seat) {
  return seat === null || seat === undefined ? "" : state.players[seat];
}

/**
 * A button that sends the action `kind`, or runs `onclick` when given.
 * @param {string} kind
 * @param {string} label
 * @param {Act} act
 * @param {{primary?: boolean, onclick?: () => void}} [how]
 */
function button(kind, label, act, { primary = false, onclick = () => act(kind) } = {}) {
  return h("button", { type: "button", class: primary ? "primary" : "", dataset: { action: kind }, onclick }, label);
}

/**
 * An offer of the opponent to answer.
 * @param {string} text
 * @param {(HTMLElement | null)[]} buttons
 */
function prompt(text, buttons) {
  return h(
    "div",
    { class: "prompt", role: "alertdialog", "aria-label": text },
    h("p", {}, text),
    h("div", { class: "buttons" }, buttons),
  );
}

/**
 * @param {State} state
 * @param {MatchSettings | null} settings
 * @param {Act} act
 */
async function resignTables(state, settings, act) {
  if (state.game === "nardy") {
    const sure = await ask("Surrender?", `You lose this game. ${surrenderText(settings)}`, [["yes", "Surrender", true]]);
    if (sure) act("resign");
    return;
  }
  const value = await ask(
    "Resign",
    "Offer your opponent the game as one of these; they see what it is worth and accept or decline.",
    RESIGN_KINDS.map(([v, kind]) => [String(v), kind, v === 1]),
  );
  if (value) act("resign", { value: Number(value) });
}

/**
 * Type a whole play (24/18 13/11): the keyboard's way to move.
 * @param {string[]} plays
 * @param {Act} act
 */
function playForm(plays, act) {
  const input = h("input", {
    name: "play",
    list: "legal-plays",
    autocomplete: "off",
    placeholder: "e.g. 24/18 13/11",
    "aria-label": "Type a play",
  });
  const submit = (/** @type {Event} */ event) => {
    event.preventDefault();
    if (input.value.trim()) act("play", { text: input.value.trim() });
  };
  return h(
    "form",
    { class: "play-form", onsubmit: submit },
    input,
    h("datalist", { id: "legal-plays" }, plays.map((p) => h("option", { value: p }))),
    h("button", { type: "submit" }, "Play"),
  );
}

/**
 * @param {ControlsView} view
 * @param {Act} act
 */
function tablesControls({ state, settings, actions, legal, nextCube, offerPoints }, act) {
  const has = (/** @type {string} */ kind) => actions.includes(kind);
  const out = [];
  if (state.phase === "double" && has("take")) {
    out.push(
      prompt(`${nameOf(state, state.doubled_by)} doubles: the stake would be ${nextCube}.`, [
        button("take", "Take", act, { primary: true }),
        button("drop", "Pass", act),
        has("beaver") ? button("beaver", "Beaver", act) : null,
      ]),
    );
  }
  const offer = state.resign_offer;
  if (state.phase === "resign" && has("accept") && offer) {
    const kind = RESIGN_KINDS.find(([v]) => v === offer.value)?.[1] || "the game";
    const worth = offerPoints === null ? "" : `: ${offerPoints} point${offerPoints === 1 ? "" : "s"} to you`;
    out.push(
      prompt(`${nameOf(state, offer.player)} offers to resign ${kind}${worth}.`, [
        button("accept", "Accept", act, { primary: true }),
        button("decline", "Decline", act),
      ]),
    );
  }
  const row = [
    has("roll") && button("roll", "Roll", act, { primary: true }),
    has("double") && button("double", "Double", act),
    has("undo") && button("undo", "Undo", act),
    has("confirm") && button("confirm", "Confirm", act, { primary: true }),
    has("next_game") && button("next_game", "Next game", act, { primary: true }),
    has("end_session") && button("end_session", "End the session", act),
    has("resign") &&
      button("resign", state.game === "nardy" ? "Surrender" : "Resign", act, { onclick: () => resignTables(state, settings, act) }),
  ].filter(Boolean);
  if (row.length) out.push(h("div", { class: "buttons" }, row));
  if (has("play") && legal?.plays?.length) out.push(playForm(legal.plays, act));
  return out;
}

/**
 * @param {ControlsView} view
 * @param {Act} act
 */
function renjuControls({ state, actions }, act) {
  const has = (/** @type {string} */ kind) => actions.includes(kind);
  const out = [];
  if (has("accept")) {
    out.push(
      prompt(`${nameOf(state, state.draw_offer)} offers a draw.`, [
        button("accept", "Accept the draw", act, { primary: true }),
        button("decline", "Decline", act),
      ]),
    );
  }
  const resign = async () => {
    if (await ask("Resign this game?", "Your opponent wins the game.", [["yes", "Resign", true]])) act("resign");
  };
  const pass = async () => {
    const why = "You place no stone this turn. If your opponent passes too, the game is drawn.";
    if (await ask("Pass this turn?", why, [["yes", "Pass", true]])) act("pass");
  };
  const row = [
    has("offer_draw") && button("offer_draw", "Offer a draw", act),
    has("resign") && button("resign", "Resign", act, { onclick: resign }),
  ].filter(Boolean);
  if (row.length) out.push(h("div", { class: "buttons" }, row));
  // Pass stands apart from the offers, and asks first: a pass by mistake gives the move away.
  if (has("pass")) out.push(h("div", { class: "buttons pass-row" }, button("pass", "Pass the turn", act, { onclick: pass })));
  return out;
}

/**
 * The controls for a view; act(kind, data) sends.
 * @param {ControlsView} view
 * @param {Act} act
 */
export function controls(view, act) {
  const game = view.state.game === "renju" ? renjuControls(view, act) : tablesControls(view, act);
  return [...game, ...takebackControls(view.state, view.actions, view.you ?? null, act), ...exitButtons(view.actions, act)];
}
