// @ts-check
// The search of finished games (#/games?player=…&result=…): the filters, kept in the address,
// and the matches found, 20 a page (docs/web.md, Find games).

import { h, mount } from "../dom.js";
import { say } from "../say.js";
import { filtersForm, foundGames } from "../social/game-filters.js";

/** @param {URLSearchParams} params */
const address = (params) => `#/games${params.size ? `?${params}` : ""}`;

/**
 * @param {HTMLElement} root
 * @param {{query: string}} params
 */
export function gamesPage(root, { query }) {
  const params = new URLSearchParams(query);
  const player = params.get("player");
  mount(
    root,
    h("h1", {}, say("games.title")),
    h("p", { class: "lead" }, say("games.lead")),
    filtersForm(params, { address }),
    foundGames(params, { address, viewer: player }),
  );
}
