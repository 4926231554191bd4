// @ts-check
// The single page: hash routes to pages, and the account corner of the header.
//   #/                the lobby          #/login          log in, register, play as a guest
//   #/watch           live matches       #/player/{name}  a player's profile and history
//   #/game/{id}       a game page (players play there, everybody else watches)
//   #/tournaments     tournaments        #/tournament/{id} one tournament
//   #/ratings/{game}  a game's leaderboard   #/tokens         my API tokens (docs/bot-api.md)
//   #/rules/{game}    how to play each game   #/operator   the operators' page (operators only)
//   #/following       the players I follow    #/messages       my conversations
//   #/messages/{name} one conversation     #/games?player=…  the search of finished games
//   #/puzzles         puzzles: the next one, #/puzzles/{id} one, #/puzzles/daily/{game} the day's

import { errorText, loadSession, logout, onSessionChange, session } from "./api.js";
import { startNotices } from "./competition/notices.js";
import { h, mount } from "./dom.js";
import { followProfile, languageMenu, loadLanguage } from "./language.js";
import { authPage } from "./pages/auth.js";
import { gamePage } from "./pages/game.js";
import { leaderboardPage } from "./pages/leaderboard.js";
import { followWarnings, isOperator, loadStanding } from "./moderation/standing.js";
import { gamesPage } from "./pages/games.js";
import { lobbyPage } from "./pages/lobby.js";
import { watchPage } from "./pages/matches.js";
import { conversationPage, conversationsPage } from "./pages/messages.js";
import { operatorPage } from "./pages/operator.js";
import { profilePage } from "./pages/profile.js";
import { puzzlesPage } from "./pages/puzzles.js";
import { rulesPage } from "./pages/rules.js";
import { tokensPage } from "./pages/tokens.js";
import { tournamentPage } from "./pages/tournament.js";
import { tournamentsPage } from "./pages/tournaments.js";
import { say } from "./say.js";
import { followingPage } from "./social/following.js";
import { messagesLink } from "./social/unread.js";

/** @typedef {import("./types.js").Page} Page */

/** @type {[RegExp, (found: RegExpMatchArray) => Page][]} */
const ROUTES = [
  [/^\/?$/, () => lobbyPage],
  [/^\/login$/, () => authPage],
  [/^\/watch$/, () => watchPage],
  [/^\/player\/([^/?]+)(?:\?(.*))?$/, (m) => (root) => profilePage(root, { name: decodeURIComponent(m[1]), query: m[2] ?? "" })],
  [/^\/game\/([^/]+)$/, (m) => (root) => gamePage(root, { id: decodeURIComponent(m[1]) })],
  [/^\/tournaments$/, () => tournamentsPage],
  [/^\/tournament\/(\d+)$/, (m) => (root) => tournamentPage(root, { id: m[1] })],
  [/^\/ratings(?:\/([a-z]+))?$/, (m) => (root) => leaderboardPage(root, { game: m[1] || "renju" })],
  [/^\/tokens$/, () => tokensPage],
  [/^\/operator$/, () => operatorPage],
  [/^\/rules(?:\/([a-z]+))?$/, (m) => (root) => rulesPage(root, { game: m[1] })],
  [/^\/following$/, () => followingPage],
  [/^\/games(?:\?(.*))?$/, (m) => (root) => gamesPage(root, { query: m[1] ?? "" })],
  [/^\/messages$/, () => conversationsPage],
  [/^\/messages\/([^/]+)$/, (m) => (root) => conversationPage(root, { name: decodeURIComponent(m[1]) })],
  [/^\/puzzles$/, () => (root) => puzzlesPage(root, {})],
  [/^\/puzzles\/(\d+)$/, (m) => (root) => puzzlesPage(root, { id: m[1] })],
  [/^\/puzzles\/daily\/([a-z]+)$/, (m) => (root) => puzzlesPage(root, { daily: m[1] })],
];

const app = /** @type {HTMLElement} */ (document.getElementById("app"));
/** @type {(() => void) | null} */
let cleanup = null;

/** @type {Page} */
function notFound(root) {
  mount(root, h("h1", {}, say("site.not-found")), h("p", {}, h("a", { href: "#/" }, say("site.back-to-lobby"))));
}

function route() {
  if (cleanup) cleanup();
  cleanup = null;
  const path = location.hash.replace(/^#/, "") || "/";
  let page = notFound;
  for (const [pattern, make] of ROUTES) {
    const found = path.match(pattern);
    if (found) {
      page = make(found);
      break;
    }
  }
  const stop = page(app);
  cleanup = typeof stop === "function" ? stop : null;
  document.body.dataset.page = path.split(/[/?]/)[1] || "lobby";
}

function renderAccount() {
  const corner = /** @type {HTMLElement} */ (document.getElementById("account"));
  if (!session.user) {
    mount(corner, h("a", { href: "#/login", class: "login-link" }, say("site.log-in")));
    return;
  }
  mount(
    corner,
    h("a", { href: `#/player/${encodeURIComponent(session.user.name)}`, class: "me", translate: "no" }, session.user.name),
    isOperator() ? h("a", { href: "#/operator", class: "operator-link" }, say("operator.link")) : null,
    session.user.guest ? null : messagesLink(),
    h(
      "button",
      {
        type: "button",
        class: "link",
        onclick: async () => {
          await logout();
          location.hash = "#/";
        },
      },
      say("site.log-out"),
    ),
  );
}

async function start() {
  try {
    await loadLanguage();
  } catch (error) {
    mount(app, h("p", { class: "form-error", role: "alert" }, `The server cannot be reached: ${errorText(error)}`));
    return;
  }
  try {
    await loadSession();
  } catch (error) {
    mount(app, h("p", { class: "form-error", role: "alert" }, say("site.unreachable", { reason: errorText(error) })));
    return;
  }
  followProfile(session.language);
  mount(/** @type {HTMLElement} */ (document.getElementById("language")), languageMenu());
  await loadStanding();
  renderAccount();
  startNotices();
  followWarnings();
  onSessionChange(() => {
    followProfile(session.language);
    renderAccount();
    if (!location.hash.startsWith("#/game/")) route();
    // the operator's link and the warnings follow when they are read: the page is not drawn
    // again for them (a form being filled in would be lost)
    loadStanding().then(renderAccount);
  });
  window.addEventListener("hashchange", route);
  route();
}

start();
