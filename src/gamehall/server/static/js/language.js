// @ts-check
// The language of the pages: the server's answer to `/api/words` (the reader's chosen
// language, else his browser's, else English), loaded before any page is drawn; and the menu
// on every page that chooses another. The choice is kept in a cookie, so the server speaks it
// too (its errors), and in a signed-in player's profile, so it follows him to other browsers.

import { get, put, session } from "./api.js";
import { h } from "./dom.js";
import { say, useTexts } from "./say.js";

/** @typedef {import("./api-types.js").WordsAnswer} WordsAnswer */

const COOKIE = "gamehall_language";
const YEAR_SECONDS = 365 * 24 * 3600;

/** @type {WordsAnswer | null} */
let spoken = null;

/** The language the pages speak now (a catalog name: "en", "ru", "ka", "zh_Hans"). */
export function language() {
  return spoken?.language ?? "en";
}

/** The language as the platform names it (`Intl`, `toLocaleString`): "zh-Hans". */
export function languageTag() {
  return spoken?.tag ?? "en";
}

/** Load the texts of the reader's language, and say it to the document and its static words. */
export async function loadLanguage() {
  spoken = /** @type {WordsAnswer} */ (await get("/api/words"));
  useTexts(spoken.texts, spoken.counted, spoken.tag);
  document.documentElement.lang = spoken.tag;
  for (const element of document.querySelectorAll("[data-say]")) {
    element.textContent = say(/** @type {HTMLElement} */ (element).dataset.say ?? "");
  }
  for (const element of document.querySelectorAll("[data-say-label]")) {
    element.setAttribute("aria-label", say(/** @type {HTMLElement} */ (element).dataset.sayLabel ?? ""));
  }
}

/**
 * Speak `chosen` from now on: remember it (the cookie; the profile when signed in) and draw the
 * pages again in it.
 * @param {string} chosen
 */
async function choose(chosen) {
  document.cookie = `${COOKIE}=${encodeURIComponent(chosen)}; path=/; max-age=${YEAR_SECONDS}; SameSite=Lax`;
  if (session.user) await put("/api/me/language", { language: chosen });
  location.reload();
}

/**
 * A signed-in player's remembered language, spoken here too if it is not already.
 * @param {string | null} remembered
 */
export function followProfile(remembered) {
  if (!remembered || remembered === language()) return;
  if (!spoken?.offered.some((offer) => offer.language === remembered)) return;
  document.cookie = `${COOKIE}=${encodeURIComponent(remembered)}; path=/; max-age=${YEAR_SECONDS}; SameSite=Lax`;
  location.reload();
}

/** The menu of the languages the hall speaks, each in its own words. */
export function languageMenu() {
  const offered = spoken?.offered ?? [];
  return h(
    "select",
    {
      class: "language-menu",
      name: "language",
      "aria-label": say("site.language"),
      onchange: (/** @type {Event} */ event) => choose(/** @type {HTMLSelectElement} */ (event.target).value),
    },
    ...offered.map((offer) =>
      h("option", { value: offer.language, lang: offer.tag, selected: offer.language === language() }, offer.name),
    ),
  );
}
