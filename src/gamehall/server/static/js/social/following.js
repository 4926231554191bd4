// @ts-check
// The players the reader follows (#/following): who is online now and the games each is
// playing, with a link to watch; kept current by the user socket's notices. The lobby shows
// those online in a small panel (followedOnlinePanel).

import { errorText, get, session } from "../api.js";
import { h, mount } from "../dom.js";
import { say } from "../say.js";
import { GAMES } from "../settings.js";

/** @typedef {import("../api-types.js").FollowedView} FollowedView */

/** The notices after which the list is read again. */
const CHANGES = ["followed_online", "followed_playing"];

/**
 * A game's name in the reader's words.
 * @param {string} game
 */
function gameName(game) {
  return GAMES[/** @type {keyof typeof GAMES} */ (game)] || game;
}

/**
 * The links to watch what a followed player is playing.
 * @param {FollowedView} player
 */
function games(player) {
  return player.playing.map((match) =>
    h(
      "a",
      { href: `#/game/${encodeURIComponent(match.match_id)}`, class: "watch-link", dataset: { match: match.match_id } },
      say("following.watch"),
      " · ",
      say("following.game", { game: gameName(match.game), opponent: match.opponent }),
    ),
  );
}

/**
 * Read the list again whenever a followed player comes online or starts a game, and every
 * half-minute (who left is not told); returns the function that stops it.
 * @param {() => void} read
 */
function keepCurrent(read) {
  /** @param {Event} event */
  const heard = (event) => {
    const notice = /** @type {CustomEvent} */ (event).detail;
    if (CHANGES.includes(notice?.type)) read();
  };
  window.addEventListener("gamehall:notice", heard);
  const timer = setInterval(read, 30_000);
  return () => {
    window.removeEventListener("gamehall:notice", heard);
    clearInterval(timer);
  };
}

/** @type {import("../types.js").Page} */
export function followingPage(root) {
  if (!session.user) {
    mount(root, h("h1", {}, say("following.title")), h("p", {}, h("a", { href: "#/login" }, say("messages.login"))));
    return;
  }
  const list = h("ul", { class: "following", dataset: { following: "" } });
  mount(root, h("h1", {}, say("following.title")), h("p", { class: "lead" }, say("following.lead")), list);
  let gone = false;
  const read = () =>
    get("/api/follows")
      .then((/** @type {import("../api-types.js").Following} */ answer) => {
        if (gone) return;
        if (!answer.players.length) {
          mount(list, h("li", { class: "empty" }, say("following.none")));
          return;
        }
        mount(
          list,
          answer.players.map((player) =>
            h(
              "li",
              { dataset: { player: player.name, online: String(player.online) } },
              h("a", { href: `#/player/${encodeURIComponent(player.name)}`, translate: "no" }, player.name),
              " ",
              h("span", { class: `tag ${player.online ? "online" : "offline"}` }, say(player.online ? "following.online" : "following.offline")),
              " ",
              games(player),
            ),
          ),
        );
      })
      .catch((error) => {
        if (!gone) mount(list, h("li", { class: "form-error", role: "alert" }, errorText(error)));
      });
  read();
  const stop = keepCurrent(read);
  return () => {
    gone = true;
    stop();
  };
}

/**
 * The lobby's panel of the followed players online now, with their games to watch (empty,
 * and hidden, while none is); and the function that stops keeping it current.
 * @returns {[HTMLElement, () => void]}
 */
export function followedOnlinePanel() {
  const panel = h("section", { class: "followed-online", hidden: true, dataset: { followedOnline: "" } });
  if (!session.user) return [panel, () => {}];
  let gone = false;
  const read = () =>
    get("/api/follows")
      .then((/** @type {import("../api-types.js").Following} */ answer) => {
        if (gone) return;
        const online = answer.players.filter((p) => p.online);
        panel.hidden = !online.length;
        mount(
          panel,
          h("h2", {}, h("a", { href: "#/following" }, say("following.online-now"))),
          h(
            "ul",
            {},
            online.map((player) =>
              h("li", { dataset: { player: player.name } }, h("a", { href: `#/player/${encodeURIComponent(player.name)}`, translate: "no" }, player.name), " ", games(player)),
            ),
          ),
        );
      })
      .catch(() => {
        // the panel is a help, not the lobby's business: it stays as it was
      });
  read();
  const stop = keepCurrent(read);
  return [
    panel,
    () => {
      gone = true;
      stop();
    },
  ];
}
