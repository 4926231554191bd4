// Match settings (gamehall.play.settings.MatchSettings): the form that makes them and their text.

import { h } from "./dom.js";

export const GAMES = {
  backgammon: "Backgammon",
  georgian: "Georgian backgammon",
  nardy: "Long nardy",
  renju: "Renju",
};

const OPTIONS = {
  renju: {
    rule: ["Rule", { renju: "Renju", "gomoku-freestyle": "Gomoku, freestyle", "gomoku-standard": "Gomoku, exactly five" }],
    opening: ["Opening", { center: "First stone in the centre", free: "Free" }],
    forbidden: ["Black's forbidden moves", { loss: "lose the game", refuse: "are refused" }],
  },
  nardy: {
    bearoff: ["Bearing off", { seed: "Seed rules", standard: "Standard", maxpips: "Most pips first" }],
    block_check: ["Six-block check", { step: "After each step", final: "At the end of the play" }],
    head_exception: ["Head on the first roll", { seed: "6-6, 4-4, 3-3 take two", plain: "Always one" }],
  },
};

const CLOCKS = ["fischer:180+2", "fischer:300+5", "fischer:900+10", "delay:12+60/pt", "byoyomi:600+5x30"];

function select(name, choices, value) {
  return h(
    "select",
    { name },
    Object.entries(choices).map(([key, text]) => h("option", { value: key, selected: key === value }, text)),
  );
}

function field(label, control, hint) {
  return h("label", { class: "field" }, h("span", {}, label), control, hint ? h("small", {}, hint) : null);
}

/** The fieldset of everything two players agree on; read it back with readSettings(form). */
export function settingsFieldset() {
  const gameSelect = select("game", GAMES, "backgammon");
  const extra = h("div", { class: "field-row" });
  const fieldset = h(
    "fieldset",
    { class: "settings" },
    h("legend", {}, "What to play"),
    h(
      "div",
      { class: "field-row" },
      field("Game", gameSelect),
      field("Match to", h("input", { name: "length", type: "number", min: 0, max: 64, value: 1, required: true }), "points to win (backgammon: 0 is money play)"),
      field(
        "Clock",
        h("input", { name: "clock", list: "clock-presets", placeholder: "no clock", autocomplete: "off" }),
        "e.g. fischer:300+5",
      ),
      h("datalist", { id: "clock-presets" }, CLOCKS.map((c) => h("option", { value: c }))),
    ),
    extra,
  );
  const showOptions = () => {
    const chosen = gameSelect.value;
    const controls = Object.entries(OPTIONS[chosen] || {}).map(([name, [label, choices]]) =>
      field(label, select(`option:${name}`, choices, Object.keys(choices)[0])),
    );
    if (chosen !== "renju") {
      controls.push(field("Dice", select("dice", { secure: "Secure", fair: "Provably fair" }, "secure")));
    }
    if (chosen === "backgammon" || chosen === "georgian") {
      controls.push(field("Crawford rule", select("crawford", { "": "The variant's own", on: "On", off: "Off" }, "")));
    }
    if (chosen === "nardy") {
      controls.push(field("Later games start with", select("first_move", { alternate: "Each in turn", winner: "The last winner" }, "alternate")));
      controls.push(field("Surrender costs", select("surrender_value", { oin: "Oin or mars as the board stands", mars: "Always mars" }, "oin")));
    }
    extra.replaceChildren(...controls);
  };
  gameSelect.addEventListener("change", showOptions);
  showOptions();
  return fieldset;
}

/** The MatchSettings dict of a form holding settingsFieldset(). */
export function readSettings(form) {
  const data = new FormData(form);
  const settings = { game: data.get("game"), length: Number(data.get("length")), options: {} };
  const clock = String(data.get("clock") || "").trim();
  settings.clock = clock || null;
  for (const [name, value] of data.entries()) {
    if (name.startsWith("option:")) settings.options[name.slice(7)] = value;
  }
  for (const name of ["dice", "first_move", "surrender_value"]) {
    if (data.has(name)) settings[name] = data.get(name);
  }
  if (data.get("crawford")) settings.crawford = data.get("crawford") === "on";
  return settings;
}

/** One line about a match's settings: "Backgammon · 5 points · fischer:300+5 · fair dice". */
export function describeSettings(settings) {
  const game = GAMES[settings.game] || settings.game;
  const length = settings.length === 0 ? "money" : settings.length === 1 ? "1 point" : `${settings.length} points`;
  const parts = [game, length, settings.clock || "no clock"];
  if (settings.dice === "fair") parts.push("fair dice");
  const options = settings.options || {};
  if (settings.game === "renju" && options.rule && options.rule !== "renju") parts.push(OPTIONS.renju.rule[1][options.rule]);
  return parts.join(" · ");
}
