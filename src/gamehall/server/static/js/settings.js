// @ts-check
// Match settings (gamehall.play.settings.MatchSettings): the form that makes them and their text.
// Every choice carries a short name and a sentence saying what the rules layer then does; the
// form shows only the settings that apply to the game and the match length chosen.

import { h } from "./dom.js";
import { clockText, clockWords } from "./clock-words.js";
import { hasText, say, sayCount } from "./say.js";

/** @typedef {import("./types.js").MatchSettings} MatchSettings */
/** @typedef {import("./types.js").SettingsBody} SettingsBody */
/** @typedef {import("./api-types.js").ClockControl} ClockControl */

/**
 * The games' names in the reader's language (read when asked: the words arrive after the page's
 * modules are loaded).
 * @type {Record<string, string>}
 */
export const GAMES = {
  get backgammon() {
    return say("settings.game.backgammon");
  },
  get georgian() {
    return say("settings.game.georgian");
  },
  get nardy() {
    return say("settings.game.nardy");
  },
  get renju() {
    return say("settings.game.renju");
  },
};

/**
 * What the form knows when it decides which settings apply.
 * @typedef {{game: string, length: number, rule: string, dice: string, forbidden: string}} Context
 */

/**
 * One setting of the form: a select whose every choice has a short name and a meaning.
 * @typedef {object} Setting
 * @property {string} name the form control's name (`option:x` for a rules option)
 * @property {string[]} choices the values; their short name and what each does are the texts
 *   settings.<name>.<value> and settings.<name>.<value>.meaning (<name> without `option:`)
 * @property {(context: Context) => boolean} applies
 */

const isBackgammon = (/** @type {Context} */ c) => c.game === "backgammon" || c.game === "georgian";
const isMoney = (/** @type {Context} */ c) => isBackgammon(c) && c.length === 0;

/** @type {Setting[]} */
const SETTINGS = [
  {
    name: "dice",
    choices: ["secure", "fair"],
    applies: (c) => c.game !== "renju",
  },
  {
    name: "crawford",
    choices: ["", "on", "off"],
    applies: (c) => isBackgammon(c) && c.length > 1,
  },
  {
    name: "jacoby",
    choices: ["off", "on"],
    applies: isMoney,
  },
  {
    name: "beavers",
    choices: ["off", "on"],
    applies: isMoney,
  },
  {
    name: "option:bearoff",
    choices: ["seed", "standard", "maxpips"],
    applies: (c) => c.game === "nardy",
  },
  {
    name: "option:block_check",
    choices: ["step", "final"],
    applies: (c) => c.game === "nardy",
  },
  {
    name: "option:head_exception",
    choices: ["seed", "plain"],
    applies: (c) => c.game === "nardy",
  },
  {
    name: "option:last_roll_tie",
    choices: ["off", "on"],
    applies: (c) => c.game === "nardy",
  },
  {
    name: "first_move",
    choices: ["alternate", "winner"],
    applies: (c) => c.game === "nardy" && c.length > 1,
  },
  {
    name: "surrender_value",
    choices: ["oin", "mars"],
    applies: (c) => c.game === "nardy",
  },
  {
    name: "option:rule",
    choices: ["renju", "gomoku-freestyle", "gomoku-standard"],
    applies: (c) => c.game === "renju",
  },
  {
    name: "option:opening",
    choices: ["center", "free", "swap2", "taraguchi-10", "yamaguchi", "soosorv-8"],
    applies: (c) => c.game === "renju",
  },
  {
    name: "option:forbidden",
    choices: ["loss", "refuse", "claim"],
    applies: (c) => c.game === "renju" && c.rule === "renju",
  },
  {
    name: "option:false_claim",
    choices: ["loss", "time", "none"],
    applies: (c) => c.game === "renju" && c.rule === "renju" && c.forbidden === "claim",
  },
  {
    name: "option:draws",
    choices: ["count", "replay"],
    applies: (c) => c.game === "renju",
  },
];

/**
 * The key of a setting's texts: settings.<name> its label, settings.<name>.<value> a choice's
 * short name and settings.<name>.<value>.meaning what it does ("" is the usual value: "usual").
 * @param {string} name
 * @param {string} [value]
 */
function settingKey(name, value) {
  const base = `settings.${name.replace(/^option:/, "")}`;
  return value === undefined ? base : `${base}.${value || "usual"}`;
}

/** What a nardy surrender costs under a match's settings, in a sentence ("" before they are known). */
export function surrenderText(/** @type {MatchSettings | null} */ settings) {
  if (!settings) return "";
  const value = settings.surrender_value || "oin";
  const key = `${settingKey("surrender_value", value)}.meaning`;
  return hasText(key) ? say(key) : "";
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
  const choices = setting.choices.map((value) => /** @type {[string, string]} */ ([value, say(settingKey(setting.name, value))]));
  const control = select(setting.name, choices, setting.choices[0]);
  const hint = h("small", { class: "meaning" });
  const explain = () => (hint.textContent = say(`${settingKey(setting.name, control.value)}.meaning`));
  control.addEventListener("change", explain);
  explain();
  const node = h("label", { class: "field", dataset: { setting: setting.name } }, h("span", {}, say(settingKey(setting.name))), control, hint);
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
  const capInput = h("input", { name: "cube_cap", type: "number", min: 2, placeholder: say("settings.cube_cap.placeholder"), autocomplete: "off" });
  const settingFields = SETTINGS.map(settingField);
  const seedInput = h("input", { name: "seed", maxlength: 200, placeholder: say("settings.seed.placeholder"), autocomplete: "off" });
  /** @type {Conditional[]} */
  const conditional = [
    ...settingFields.map(({ setting, node, control }) => ({ node, control, applies: setting.applies })),
    {
      node: field(say("settings.cube_cap"), capInput, say("settings.cube_cap.hint")),
      control: capInput,
      applies: isMoney,
    },
    {
      node: field(say("settings.seed"), seedInput, say("settings.seed.hint")),
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
    h("legend", {}, say("settings.legend")),
    h(
      "div",
      { class: "field-row" },
      field(say("settings.game"), gameSelect),
      field(say("settings.length"), lengthInput, say("settings.length.hint")),
      field(
        say("settings.clock"),
        h("input", { name: "clock", list: "clock-presets", placeholder: say("settings.clock.placeholder"), autocomplete: "off" }),
        say("settings.clock.hint"),
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
 * "Long nardy · 5 points · 5 min + 5 s · Dice: Provably fair · Bearing off: Most pips".
 */
export function describeSettings(/** @type {MatchSettings | SettingsBody} */ settings) {
  const { game: name = "backgammon", length: points = 1 } = settings; // the server's defaults
  const control = /** @type {{ control?: ClockControl | null }} */ (settings).control; // MatchSettingsView sends it
  const clock = control ? clockWords(control) : settings.clock ? clockText(settings.clock) : say("settings.no-clock");
  const parts = [gameTitle(settings), lengthText(name, points), clock];
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
    const fallback = setting.name === "crawford" ? (name === "backgammon" ? "on" : "off") : setting.choices[0];
    if (value === null || value === fallback) continue;
    const choice = setting.choices.includes(value) ? say(settingKey(setting.name, value)) : value;
    parts.push(`${say(settingKey(setting.name))}: ${choice}`);
  }
  if (settings.cube_cap) parts.push(`${say("settings.cube_cap")}: ${settings.cube_cap}`);
  return parts.join(" · ");
}

/**
 * A match's length in words: "5 points", "3 games" (a renju match is played to games won),
 * "money" (0: money play).
 * @param {string} game
 * @param {number} length
 */
export function lengthText(game, length) {
  if (length === 0) return say("settings.money");
  return game === "renju" ? sayCount("settings.games", length) : sayCount("points", length);
}

/**
 * The game a match's settings play: Gomoku for renju's board under a gomoku rule.
 * @param {MatchSettings | SettingsBody} settings
 */
export function gameTitle(settings) {
  const name = settings.game || "backgammon";
  if (name === "renju" && settings.options?.rule?.startsWith("gomoku")) return say("settings.game.gomoku");
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
