// @ts-check
// The pages' words: texts of the catalog (words.js, generated from src/gamehall/words/) with
// their {name} marks filled in, as gamehall.words says them in the terminal.

import { WORDS } from "./words.js";

/**
 * The text `key` with its {name} marks filled from `values`.
 * @param {string} key
 * @param {Record<string, string | number>} [values]
 */
export function say(key, values = {}) {
  const text = WORDS[key];
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
  if (loser && `end.${reason}.by` in WORDS) return say(`end.${reason}.by`, { loser });
  return WORDS[`end.${reason}`] ?? reason;
}
