// @ts-check
// The pages' words: the texts of the catalog (src/gamehall/words/) in the reader's language, as
// the server answers them (`/api/words`, loaded by language.js before any page is drawn), with
// their {name} marks filled in, as gamehall.words says them in the terminal.

/** @type {Readonly<Record<string, string>>} */
let texts = {};

/**
 * Speak these texts from now on (the catalog of one language, by key).
 * @param {Readonly<Record<string, string>>} catalog
 */
export function useTexts(catalog) {
  texts = catalog;
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
  return text.replace(/\{([\w-]+)\}/g, (_, name) => String(values[name] ?? ""));
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
