// @ts-check
// The pages' words: the texts of the catalog (src/gamehall/words/) in the reader's language, as
// the server answers them (`/api/words`, loaded by language.js before any page is drawn), with
// their {name} marks filled in, as gamehall.words says them in the terminal.

/** @type {Readonly<Record<string, string>>} */
let texts = {};
/** @type {Readonly<Record<string, Record<string, string>>>} */
let counted = {};
let plurals = new Intl.PluralRules("en");

/**
 * Speak these texts from now on (the catalog of one language, by key): `catalog` the plain
 * ones, `forms` the counted ones by CLDR plural category, `tag` the language ("zh-Hans").
 * @param {Readonly<Record<string, string>>} catalog
 * @param {Readonly<Record<string, Record<string, string>>>} forms
 * @param {string} tag
 */
export function useTexts(catalog, forms, tag) {
  texts = catalog;
  counted = forms;
  plurals = new Intl.PluralRules(tag);
}

/**
 * The counted text `key` in the form the language gives `count` ("1 очко", "5 очков"), its
 * {count} mark filled with it and its other marks from `values`.
 * @param {string} key
 * @param {number} count
 * @param {Record<string, string | number>} [values]
 */
export function sayCount(key, count, values = {}) {
  const forms = counted[key];
  if (forms === undefined) throw new Error(`no counted text ${key} in the words`);
  const text = forms[plurals.select(Math.abs(count))] ?? forms.other;
  return fill(text, { ...values, count });
}

/**
 * @param {string} text
 * @param {Record<string, string | number>} values
 */
function fill(text, values) {
  return text.replace(/\{([\w-]+)\}/g, (_, name) => String(values[name] ?? ""));
}

/**
 * Whether the catalog has a text `key`.
 * @param {string} key
 */
export function hasText(key) {
  return key in texts;
}

/**
 * The text `key` with its {name} marks filled from `values`.
 * @param {string} key
 * @param {Record<string, string | number>} [values]
 */
export function say(key, values = {}) {
  const text = texts[key];
  if (text === undefined) throw new Error(`no text ${key} in the words`);
  return fill(text, values);
}

/**
 * Why a game or match ended, in words (gamehall.words.Words.end_reason). `loser` names who
 * lost when the reason is something he did (resigned, left, withdrew): "you" on the reader's own
 * page, else the player's name. An unknown reason is shown as it is.
 * @param {string | null | undefined} reason
 * @param {string | null} [loser]
 */
export function reasonText(reason, loser = null) {
  if (!reason) return "";
  if (loser && `end.${reason}.by` in texts) return say(`end.${reason}.by`, { loser });
  return texts[`end.${reason}`] ?? reason;
}

/**
 * The text `key` with its {name} marks filled by nodes (a player's name marked translate="no",
 * a link) and by `values`.
 * @param {string} key
 * @param {Record<string, Node>} nodes
 * @param {Record<string, string | number>} [values]
 * @returns {(string | Node)[]}
 */
export function sayWith(key, nodes, values = {}) {
  const marks = Object.fromEntries(Object.keys(nodes).map((name) => [name, `\u0000${name}\u0000`]));
  return say(key, { ...values, ...marks })
    .split("\u0000")
    .map((part, i) => (i % 2 ? nodes[part] : part))
    .filter((part) => part !== "");
}
