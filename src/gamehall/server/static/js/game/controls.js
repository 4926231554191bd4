// @ts-check
// The buttons beside the board: what the player may do now (the server's `actions`), the offers
// to answer, and the resignation dialogs.

import { h } from "../dom.js";
import { ask } from "./ask.js";
import { exitButtons } from "./exits.js";
import { takebackControls } from "./takeback.js";
import { surrenderText } from "../settings.js";
import { say, sayCount } from "../say.js";

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

/** The kinds of game a resignation offers, by value (keys of the words). @type {[number, string][]} */
const RESIGN_KINDS = [
  [1, "game.resign.single"],
  [2, "game.resign.gammon"],
  [3, "game.resign.backgammon"],
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
    const sure = await ask(say("game.surrender.title"), say("game.surrender.text", { cost: surrenderText(settings) }).trim(), [
      ["yes", say("game.surrender"), true],
    ]);
    if (sure) act("resign");
    return;
  }
  const value = await ask(
    say("game.resign"),
    say("game.resign.text"),
    RESIGN_KINDS.map(([v, kind]) => [String(v), say(kind), v === 1]),
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
    placeholder: say("game.play.placeholder", { example: "24/18 13/11" }),
    "aria-label": say("game.play.label"),
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
    h("button", { type: "submit" }, say("game.play")),
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
      prompt(say("game.double.offer", { name: nameOf(state, state.doubled_by), stake: nextCube ?? "" }), [
        button("take", say("game.take"), act, { primary: true }),
        button("drop", say("game.pass"), act),
        has("beaver") ? button("beaver", say("game.beaver"), act) : null,
      ]),
    );
  }
  const offer = state.resign_offer;
  if (state.phase === "resign" && has("accept") && offer) {
    const kind = say(RESIGN_KINDS.find(([v]) => v === offer.value)?.[1] || "game.resign.game");
    const name = nameOf(state, offer.player);
    const text = offerPoints === null ? say("game.resign.offer", { name, kind }) : sayCount("game.resign.offer.worth", offerPoints, { name, kind });
    out.push(
      prompt(text, [
        button("accept", say("game.accept"), act, { primary: true }),
        button("decline", say("game.decline"), act),
      ]),
    );
  }
  const row = [
    has("roll") && button("roll", say("game.roll"), act, { primary: true }),
    has("double") && button("double", say("game.double"), act),
    has("undo") && button("undo", say("game.undo"), act),
    has("confirm") && button("confirm", say("game.confirm"), act, { primary: true }),
    has("next_game") && button("next_game", say("game.next-game"), act, { primary: true }),
    has("end_session") && button("end_session", say("game.end-session"), act),
    has("resign") &&
      button("resign", say(state.game === "nardy" ? "game.surrender" : "game.resign"), act, { onclick: () => resignTables(state, settings, act) }),
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
      prompt(say("game.status.draw.theirs", { name: nameOf(state, state.draw_offer) }), [
        button("accept", say("game.draw.accept"), act, { primary: true }),
        button("decline", say("game.decline"), act),
      ]),
    );
  }
  const resign = async () => {
    if (await ask(say("game.renju.resign.title"), say("game.renju.resign.text"), [["yes", say("game.resign"), true]])) act("resign");
  };
  const pass = async () => {
    if (await ask(say("game.renju.pass.title"), say("game.renju.pass.text"), [["yes", say("game.pass"), true]])) act("pass");
  };
  const row = [
    has("offer_draw") && button("offer_draw", say("game.draw.offer"), act),
    has("resign") && button("resign", say("game.resign"), act, { onclick: resign }),
  ].filter(Boolean);
  if (row.length) out.push(h("div", { class: "buttons" }, row));
  // Pass stands apart from the offers, and asks first: a pass by mistake gives the move away.
  if (has("pass")) out.push(h("div", { class: "buttons pass-row" }, button("pass", say("game.renju.pass"), act, { onclick: pass })));
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
