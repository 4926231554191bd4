// @ts-check
// Match settings (gamehall.play.settings.MatchSettings): the form that makes them and their text.
// Every choice carries a short name and a sentence saying what the rules layer then does; the
// form shows only the settings that apply to the game and the match length chosen.

import { h } from "./dom.js";

/** @typedef {import("./types.js").MatchSettings} MatchSettings */
/** @typedef {import("./types.js").SettingsBody} SettingsBody */

/** @type {Record<string, string>} */
export const GAMES = {
  backgammon: "Backgammon",
  georgian: "Georgian backgammon",
  nardy: "Long nardy",
  renju: "Renju",
};

/**
 * What the form knows when it decides which settings apply.
 * @typedef {{game: string, length: number, rule: string, dice: string, forbidden: string}} Context
 */

/**
 * One setting of the form: a select whose every choice has a short name and a meaning.
 * @typedef {object} Setting
 * @property {string} name the form control's name (`option:x` for a rules option)
 * @property {string} label
 * @property {Record<string, [string, string]>} choices value -> [short name, what it does]
 * @property {(context: Context) => boolean} applies
 */

const isBackgammon = (/** @type {Context} */ c) => c.game === "backgammon" || c.game === "georgian";
const isMoney = (/** @type {Context} */ c) => isBackgammon(c) && c.length === 0;

/** @type {Setting[]} */
const SETTINGS = [
  {
    name: "dice",
    label: "Dice",
    choices: {
      secure: ["Secure", "Rolled by the server's secure random generator."],
      fair: [
        "Provably fair",
        "The server commits to a secret seed before each game and reveals it after, so that every roll can be checked.",
      ],
    },
    applies: (c) => c.game !== "renju",
  },
  {
    name: "crawford",
    label: "Crawford rule",
    choices: {
      "": ["As usual for the game", "On in backgammon, off in Georgian backgammon."],
      on: ["On", "When a player is one point away from winning the match, the next game is played without the cube."],
      off: ["Off", "The cube may be used in every game of the match."],
    },
    applies: (c) => isBackgammon(c) && c.length > 1,
  },
  {
    name: "jacoby",
    label: "Jacoby rule",
    choices: {
      off: ["Off", "Gammons and backgammons always count double and triple."],
      on: ["On", "Gammons and backgammons count only once the cube has been turned."],
    },
    applies: isMoney,
  },
  {
    name: "beavers",
    label: "Beavers",
    choices: {
      off: ["Off", "A player who is doubled takes or passes."],
      on: ["On", "A player who is doubled may also beaver: take and at once redouble, keeping the cube."],
    },
    applies: isMoney,
  },
  {
    name: "option:bearoff",
    label: "Bearing off",
    choices: {
      seed: [
        "Full dice first",
        "You must bear off with the dice at their full value when you can: a larger die takes a checker off the highest point only when no play uses the dice in full (the traditional rule).",
      ],
      standard: [
        "As in backgammon",
        "Any play that uses the most dice: a larger die may take a checker off the highest point even when the dice could be used in full.",
      ],
      maxpips: [
        "Most pips",
        "Among the plays that use the most dice, you must choose one that moves the most pips (bearing off from point p counts p).",
      ],
    },
    applies: (c) => c.game === "nardy",
  },
  {
    name: "option:block_check",
    label: "Six-point block",
    choices: {
      step: [
        "Checked after each move",
        "Six points in a row are allowed only with an opposing checker ahead of them, and may not stand even for a moment during a turn.",
      ],
      final: [
        "Checked at the end of the turn",
        "Six points in a row are allowed only with an opposing checker ahead of them; during a turn they may stand if the turn ends without them.",
      ],
    },
    applies: (c) => c.game === "nardy",
  },
  {
    name: "option:head_exception",
    label: "Leaving the head",
    choices: {
      seed: [
        "Two on a first 6-6, 4-4, 3-3, unless blocked",
        "One checker may leave the head (your starting point) each turn. On your first turn 6-6, 4-4 or 3-3 lets two leave, except 4-4 when an opposing checker stands on your point 16: then only one (the traditional rule).",
      ],
      plain: [
        "Two on a first 6-6, 4-4, 3-3, always",
        "One checker may leave the head (your starting point) each turn. On your first turn 6-6, 4-4 or 3-3 always lets two leave.",
      ],
    },
    applies: (c) => c.game === "nardy",
  },
  {
    name: "option:last_roll_tie",
    label: "When white finishes",
    choices: {
      off: ["The game ends", "The game ends as soon as a player has borne off all his checkers."],
      on: [
        "Black rolls once more",
        "When white (who moved first) bears off his last checker, black rolls once more: if he then bears off all his checkers, the game is a draw.",
      ],
    },
    applies: (c) => c.game === "nardy",
  },
  {
    name: "first_move",
    label: "Later games start with",
    choices: {
      alternate: ["Each player in turn", "The first move of each new game goes to the other player."],
      winner: ["The last winner", "The winner of a game makes the first move of the next."],
    },
    applies: (c) => c.game === "nardy" && c.length > 1,
  },
  {
    name: "surrender_value",
    label: "A surrender costs",
    choices: {
      oin: ["1 point (oin), always", "Surrendering always loses 1 point, even with no checker borne off."],
      mars: [
        "2 points (mars) with nothing borne off",
        "Surrendering loses 2 points (mars) if you have borne off no checker yet, else 1 point (oin).",
      ],
    },
    applies: (c) => c.game === "nardy",
  },
  {
    name: "option:rule",
    label: "Rule",
    choices: {
      renju: [
        "Renju",
        "Black has forbidden moves (double-three, double-four, overline) and wins only with exactly five; White wins with five or more.",
      ],
      "gomoku-freestyle": ["Gomoku, freestyle", "Five or more in a row wins, for both; no forbidden moves."],
      "gomoku-standard": ["Gomoku, exactly five", "Exactly five in a row wins, for both; six or more does not."],
    },
    applies: (c) => c.game === "renju",
  },
  {
    name: "option:opening",
    label: "Opening",
    choices: {
      center: ["First stones in the centre", "Move 1 on h8, move 2 next to it, move 3 within f6 to j10."],
      free: ["Free", "Any empty point from the first move on."],
      swap2: [
        "Swap2",
        "The first player places three stones (Black, White, Black); the other plays White, takes Black, or places two more and lets the first choose.",
      ],
      "taraguchi-10": [
        "Taraguchi-10 (RIF)",
        "Moves 1 to 4 in growing central squares with a swap after each; then move 5 within 9x9 (swaps around it) or ten fifth moves offered.",
      ],
      yamaguchi: [
        "Yamaguchi (RIF)",
        "One of the 26 openings and the number of fifth moves declared, swap, move 4, Black offers them, White chooses one.",
      ],
      "soosorv-8": [
        "Soosõrv-8 (RIF)",
        "One of the 26 openings, swap, move 4 and 1 to 8 fifth moves declared, swap, Black offers them, White chooses one.",
      ],
    },
    applies: (c) => c.game === "renju",
  },
  {
    name: "option:forbidden",
    label: "Black's forbidden moves",
    choices: {
      loss: ["Lose the game", "A forbidden move by Black ends the game: White wins."],
      refuse: ["Are refused", "A forbidden move by Black is not allowed: Black must play elsewhere."],
      claim: [
        "White must claim them",
        "A forbidden move stands unless White claims it: a double-three or double-four at once, an overline before the end. The points are not marked.",
      ],
    },
    applies: (c) => c.game === "renju" && c.rule === "renju",
  },
  {
    name: "option:false_claim",
    label: "A false claim",
    choices: {
      loss: ["A warning, then the game", "White's claim when there is nothing to claim is a warning the first time; a second false claim in a game loses it."],
      time: ["A minute to Black", "Each false claim gives Black 60 seconds (matches with a clock)."],
      none: ["Costs nothing", "False claims are shown to both players and kept in the record, nothing more."],
    },
    applies: (c) => c.game === "renju" && c.rule === "renju" && c.forbidden === "claim",
  },
  {
    name: "option:draws",
    label: "A drawn game",
    choices: {
      count: ["Counts a half", "Each player scores 1/2; a match of N games ends after N games, and may end drawn."],
      replay: ["Is played again", "The match goes on until a player has N points: it cannot end drawn."],
    },
    applies: (c) => c.game === "renju",
  },
];

/** What a nardy surrender costs under a match's settings, in a sentence ("" before they are known). */
export function surrenderText(/** @type {MatchSettings | null} */ settings) {
  if (!settings) return "";
  const setting = SETTINGS.find((s) => s.name === "surrender_value");
  const chosen = setting?.choices[settings.surrender_value || "oin"];
  return chosen ? chosen[1] : "";
}

const CLOCKS = ["fischer:180+2", "fischer:300+5", "fischer:900+10", "delay:12+60/pt", "byoyomi:600+5x30"];

/**
 * A select of `choices` ([value, text] pairs).
 * @param {string} name
 * @param {[string, string][]} choices
 * @param {string} value
 */
function select(name, choices, value) {
  return h(
    "select",
    { name },
    choices.map(([key, text]) => h("option", { value: key, selected: key === value }, text)),
  );
}

/**
 * A labelled control with a line of explanation under it.
 * @param {string} label
 * @param {HTMLElement} control
 * @param {string} [hint]
 */
function field(label, control, hint) {
  return h("label", { class: "field" }, h("span", {}, label), control, hint ? h("small", {}, hint) : null);
}

/**
 * A setting's field: its select, and under it what the chosen value does.
 * @param {Setting} setting
 */
function settingField(setting) {
  const choices = Object.entries(setting.choices);
  const control = select(setting.name, choices.map(([v, [text]]) => [v, text]), choices[0][0]);
  const hint = h("small", { class: "meaning" });
  const explain = () => (hint.textContent = setting.choices[control.value][1]);
  control.addEventListener("change", explain);
  explain();
  const node = h("label", { class: "field", dataset: { setting: setting.name } }, h("span", {}, setting.label), control, hint);
  return { setting, node, control };
}

/**
 * A field shown only when `applies`; its control is disabled (so left out of the form's data)
 * when hidden.
 * @typedef {{node: HTMLElement, control: HTMLInputElement | HTMLSelectElement, applies: (c: Context) => boolean}} Conditional
 */

/** The fieldset of everything two players agree on; read it back with readSettings(form). */
export function settingsFieldset() {
  const gameSelect = select("game", Object.entries(GAMES), "backgammon");
  const lengthInput = h("input", { name: "length", type: "number", min: 0, max: 64, value: 1, required: true });
  const capInput = h("input", { name: "cube_cap", type: "number", min: 2, placeholder: "no limit", autocomplete: "off" });
  const settingFields = SETTINGS.map(settingField);
  const seedInput = h("input", { name: "seed", maxlength: 200, placeholder: "optional", autocomplete: "off" });
  /** @type {Conditional[]} */
  const conditional = [
    ...settingFields.map(({ setting, node, control }) => ({ node, control, applies: setting.applies })),
    {
      node: field("Cube limit", capInput, "The highest value the cube may reach; leave it empty for no limit."),
      control: capInput,
      applies: isMoney,
    },
    {
      node: field("Your dice seed", seedInput, "Any text; every roll of the match depends on it too, so that nobody can choose the dice (check them after each game)."),
      control: seedInput,
      applies: (c) => c.dice === "fair" && c.game !== "renju",
    },
  ];
  const ruleSelect = settingFields.find((f) => f.setting.name === "option:rule")?.control;
  const forbiddenSelect = settingFields.find((f) => f.setting.name === "option:forbidden")?.control;
  const diceSelect = settingFields.find((f) => f.setting.name === "dice")?.control;
  const fieldset = h(
    "fieldset",
    { class: "settings" },
    h("legend", {}, "What to play"),
    h(
      "div",
      { class: "field-row" },
      field("Game", gameSelect),
      field("Match to", lengthInput, "What wins the match: points in backgammon and nardy, games won in renju (0: money play, game by game, backgammon only)."),
      field(
        "Clock",
        h("input", { name: "clock", list: "clock-presets", placeholder: "no clock", autocomplete: "off" }),
        "Empty: no clock. fischer:300+5 is 5 minutes each and 5 more seconds a move; delay:12+60/pt and byoyomi:600+5x30 are in the list.",
      ),
      h("datalist", { id: "clock-presets" }, CLOCKS.map((c) => h("option", { value: c }))),
    ),
    h("div", { class: "field-row options" }, conditional.map((c) => c.node)),
  );
  const update = () => {
    /** @type {Context} */
    const context = {
      game: gameSelect.value,
      length: Number(lengthInput.value),
      rule: ruleSelect?.value || "renju",
      dice: diceSelect?.value || "secure",
      forbidden: forbiddenSelect?.value || "loss",
    };
    for (const { node, control, applies } of conditional) {
      const on = applies(context);
      node.hidden = !on;
      control.disabled = !on;
    }
  };
  fieldset.addEventListener("change", update);
  fieldset.addEventListener("input", update);
  update();
  return fieldset;
}

/** The player's own fair-dice seed of a form holding settingsFieldset(), or null. */
export function readSeed(/** @type {HTMLFormElement} */ form) {
  return String(new FormData(form).get("seed") ?? "").trim() || null;
}

/**
 * The settings a form holding settingsFieldset() sends: only the settings shown. The form's
 * choices are the server's own; the server checks every value and names what it refuses.
 * @param {HTMLFormElement} form
 * @returns {SettingsBody}
 */
export function readSettings(form) {
  const data = new FormData(form);
  const text = (/** @type {string} */ name) => String(data.get(name) ?? "").trim();
  /** @type {Record<string, string>} */
  const options = {};
  for (const [name, value] of data.entries()) {
    if (name.startsWith("option:")) options[name.slice(7)] = String(value);
  }
  /** @type {SettingsBody} */
  const settings = {
    game: /** @type {SettingsBody["game"]} */ (text("game")),
    length: Number(text("length")),
    clock: text("clock") || null,
    options,
  };
  if (data.has("dice")) settings.dice = /** @type {SettingsBody["dice"]} */ (text("dice"));
  if (data.has("first_move")) {
    settings.first_move = /** @type {SettingsBody["first_move"]} */ (text("first_move"));
  }
  if (data.has("surrender_value")) {
    settings.surrender_value = /** @type {SettingsBody["surrender_value"]} */ (text("surrender_value"));
  }
  for (const name of /** @type {const} */ (["jacoby", "beavers"])) {
    if (data.has(name)) settings[name] = text(name) === "on";
  }
  if (text("crawford")) settings.crawford = text("crawford") === "on";
  if (text("cube_cap")) settings.cube_cap = Number(text("cube_cap"));
  return settings;
}

/**
 * One line about a match's settings, naming every setting that differs from its default:
 * "Long nardy · 5 points · fischer:300+5 · Dice: Provably fair · Bearing off: Most pips".
 */
export function describeSettings(/** @type {MatchSettings | SettingsBody} */ settings) {
  const { game: name = "backgammon", length: points = 1 } = settings; // the server's defaults
  const unit = name === "renju" ? "game" : "point"; // a renju match is played to games won
  const length = points === 0 ? "money" : `${points} ${unit}${points === 1 ? "" : "s"}`;
  const parts = [gameTitle(settings), length, settings.clock || "no clock"];
  /** @type {Context} */
  const context = {
    game: name,
    length: points,
    rule: settings.options?.rule || "renju",
    dice: settings.dice || "secure",
    forbidden: settings.options?.forbidden || "loss",
  };
  for (const setting of SETTINGS) {
    if (!setting.applies(context)) continue;
    const value = settingValue(settings, setting.name);
    const fallback = setting.name === "crawford" ? (name === "backgammon" ? "on" : "off") : Object.keys(setting.choices)[0];
    if (value === null || value === fallback) continue;
    parts.push(`${setting.label}: ${setting.choices[value]?.[0] || value}`);
  }
  if (settings.cube_cap) parts.push(`Cube limit: ${settings.cube_cap}`);
  return parts.join(" · ");
}

/**
 * The game a match's settings play: Gomoku for renju's board under a gomoku rule.
 * @param {MatchSettings | SettingsBody} settings
 */
export function gameTitle(settings) {
  const name = settings.game || "backgammon";
  if (name === "renju" && settings.options?.rule?.startsWith("gomoku")) return "Gomoku";
  return GAMES[name] || name;
}

/**
 * The value a match's settings give a setting of the form, as the form's choice keys spell it
 * (null: not given, the default applies).
 * @param {MatchSettings | SettingsBody} settings
 * @param {string} name
 * @returns {string | null}
 */
function settingValue(settings, name) {
  if (name.startsWith("option:")) return settings.options?.[name.slice(7)] ?? null;
  const value = /** @type {Record<string, unknown>} */ (settings)[name];
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value ? "on" : "off";
  return String(value);
}
