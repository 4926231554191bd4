// @ts-check
// How to play (#/rules, #/rules/{game}): each game's rules in short, in the reader's language,
// from the rules pages the library implements (docs/renju.md, docs/backgammon.md, docs/nardy.md).

import { h, mount } from "../dom.js";
import { say } from "../say.js";

/** Each game's paragraphs (keys under rules.{game}.), in reading order. */
const GAMES = /** @type {const} */ ([
  ["renju", ["goal", "opening", "forbidden", "end"]],
  ["backgammon", ["goal", "moves", "score", "cube"]],
  ["georgian", ["rules"]],
  ["nardy", ["goal", "moves", "head", "block", "score"]],
]);

/**
 * @param {HTMLElement} root
 * @param {{game?: string}} params the game to show first (and scroll to)
 */
export function rulesPage(root, { game } = {}) {
  const sections = GAMES.map(([name, parts]) =>
    h(
      "section",
      { class: "card rules", id: `rules-${name}`, dataset: { game: name } },
      h("h2", {}, say(`settings.game.${name}`)),
      parts.map((part) => h("p", {}, say(`rules.${name}.${part}`))),
    ),
  );
  const contents = h(
    "nav",
    { class: "rules-contents", "aria-label": say("rules.title") },
    GAMES.map(([name]) => h("a", { href: `#/rules/${name}` }, say(`settings.game.${name}`))),
  );
  mount(root, h("h1", {}, say("rules.title")), h("p", {}, say("rules.intro")), contents, sections);
  if (game) document.getElementById(`rules-${game}`)?.scrollIntoView();
}
