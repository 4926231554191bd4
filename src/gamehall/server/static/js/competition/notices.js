// @ts-check
// The user's own socket (/ws/user): while logged in, whatever page is open, the server's
// notices arrive here (a challenge accepted or declined, a tournament's round paired, the next match ready, the tournament over,
// your turn in a correspondence-length match) and are shown in the notice area with a link, and by
// the browser itself while the tab is hidden if the reader allowed it; pages that care hear
// them as a "gamehall:notice" event on window. The socket reconnects after a drop.

import { onSessionChange, session } from "../api.js";
import { h } from "../dom.js";
import { dismissButton, noticeArea } from "../notice-area.js";
import { describeSettings, GAMES } from "../settings.js";
import { say } from "../say.js";
import { tones } from "../sound.js";
import { computerName } from "./computers.js";
import { TOO_MANY_SOCKETS } from "../socket-cap.js";

/**
 * @typedef {{type: string, tournament?: {id: number, name: string}, round?: number,
 *   match_id?: string, opponent?: string, seat?: number, byes?: string[], winner?: string | null,
 *   settings?: import("../types.js").MatchSettings, rated?: boolean, of?: string, game?: string,
 *   arena?: boolean, opponent_level?: string | null, winner_level?: string | null, name?: string,
 *   message?: import("../api-types.js").MessageView}} Notice
 */

const RETRY_MS = 2000;
/** The most notices shown at once. */
const MAX_SHOWN = 4;
/** How long a notice that needs nothing more of the player stays. */
const SHOWN_MS = 20_000;
/** @type {WebSocket | null} */
let socket = null;
/** @type {string | null} */
let connectedAs = null;
let retry = 0;

/** The list of notices, in the notice area under the header (it covers nothing). */
function tray() {
  let node = document.getElementById("notices");
  if (!node) {
    node = h("div", { id: "notices", class: "notices", role: "status", "aria-live": "polite" });
    noticeArea().prepend(node);
    new MutationObserver(markTitle).observe(node, { childList: true });
  }
  return node;
}

/** The unread mark of the tab's title: "(2) " while two notices wait in the notice area. */
export function titleMark() {
  const count = document.getElementById("notices")?.children.length ?? 0;
  return count ? `(${count}) ` : "";
}

/** Put the unread mark in front of the tab's title (the pages write the rest). */
export function markTitle() {
  document.title = titleMark() + document.title.replace(/^\(\d+\) /, "");
}

/**
 * The words and link of a notice, or null for one that is not shown.
 * @param {Notice} notice
 * @returns {[string, string, string] | null} [text, link, link text]
 */
function describe(notice) {
  const game = `#/game/${notice.match_id}`;
  if (notice.type === "seek_accepted" || notice.type === "challenge_accepted") {
    const key = notice.type === "seek_accepted" ? "notice.accepted.seek" : "notice.accepted.challenge";
    const rated = notice.rated ? ` · ${say("notice.rated")}` : "";
    const terms = notice.settings ? ` (${describeSettings(notice.settings)}${rated})` : "";
    return [say(key, { opponent: notice.opponent ?? "", terms }), game, say("notice.go")];
  }
  if (notice.type === "challenge_declined") {
    const rated = notice.rated ? ` · ${say("notice.rated")}` : "";
    const terms = notice.settings ? ` (${describeSettings(notice.settings)}${rated})` : "";
    return [say("notice.declined.challenge", { opponent: notice.opponent ?? "", terms }), "#/", say("notice.lobby")];
  }
  if (notice.type === "rematch_offer") return [say("notice.rematch-offer", { opponent: notice.opponent ?? "" }), `#/game/${notice.of}`, say("notice.answer")];
  if (notice.type === "rematch") return [say("notice.rematch"), game, say("notice.go")];
  if (notice.type === "message" && notice.message && notice.message.to === session.user?.name) {
    const from = notice.message.from;
    const at = `#/messages/${encodeURIComponent(from)}`;
    return location.hash === at ? null : [say("notice.message", { name: from }), at, say("notice.read")];
  }
  if (notice.type === "followed_online" && notice.name) return [say("notice.followed-online", { name: notice.name }), `#/player/${encodeURIComponent(notice.name)}`, say("notice.see-player")];
  if (notice.type === "followed_playing" && notice.name) {
    const words = say("notice.followed-playing", { name: notice.name, game: GAMES[notice.game ?? ""] || notice.game || "", opponent: notice.opponent ?? "" });
    return [words, game, say("notice.watch")];
  }
  if (notice.type === "your_turn") {
    const name = notice.game ? ` (${GAMES[notice.game] || notice.game})` : "";
    return [say("notice.your-turn", { opponent: notice.opponent ?? "", game: name }), game, say("notice.go")];
  }
  const t = notice.tournament;
  if (!t) return null;
  const at = `#/tournament/${t.id}`;
  if (notice.type === "tournament_match") {
    const key = notice.arena ? "notice.arena-match" : "notice.tournament-match";
    const opponent = notice.opponent_level ? computerName(notice.opponent_level) : (notice.opponent ?? "");
    return [say(key, { tournament: t.name, round: notice.round ?? "", opponent }), game, say("notice.go")];
  }
  if (notice.type === "tournament_round") {
    const bye = session.user && notice.byes?.includes(session.user.name);
    const key = bye ? "notice.tournament-round.bye" : "notice.tournament-round";
    return [say(key, { tournament: t.name, round: notice.round ?? "" }), at, say("notice.see-pairings")];
  }
  if (notice.type === "tournament_over") {
    const winner = notice.winner_level ? computerName(notice.winner_level) : notice.winner;
    const words = winner ? say("notice.tournament-over.won", { tournament: t.name, winner }) : say("notice.tournament-over", { tournament: t.name });
    return [words, at, say("notice.see-standings")];
  }
  return null;
}

/** The notices of a game waiting for the player: they stay, and ring. */
const WAITING = ["seek_accepted", "challenge_accepted", "tournament_match"];

/** A short two-note chime. */
const chime = () => tones([660, 880]);

/**
 * The browser's own notice (outside the page) while the tab is hidden, if the reader allowed
 * them; a click on it brings the tab back at `link`.
 * @param {string} text
 * @param {string} link
 */
function browserNotice(text, link) {
  if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const shown = new Notification("gamehall", { body: text, tag: link });
    shown.onclick = () => {
      window.focus();
      location.hash = link;
    };
  } catch {
    // some browsers allow notices only from a service worker: the tab's title still shows it
  }
}

/**
 * A button that asks the browser to allow its notices (while it has not been asked).
 * @param {string} [label]
 */
export function allowButton(label = say("competition.allow-notices")) {
  if (!("Notification" in window) || Notification.permission !== "default") return null;
  return h(
    "button",
    {
      type: "button",
      class: "link allow-notices",
      onclick: (/** @type {Event} */ event) => {
        /** @type {HTMLElement} */ (event.currentTarget).remove();
        Notification.requestPermission().catch(() => {});
      },
    },
    label,
  );
}

/**
 * A notice's words with the names in them (players', tournaments') marked as not to be
 * translated.
 * @param {string} text
 * @param {Notice} notice
 * @returns {(string | HTMLElement)[]}
 */
function marked(text, notice) {
  const names = [notice.tournament?.name, notice.opponent, notice.winner, notice.name, notice.message?.from].filter((n) => !!n);
  /** @type {(string | HTMLElement)[]} */
  let parts = [text];
  for (const name of /** @type {string[]} */ (names)) {
    parts = parts.flatMap((part) => {
      if (typeof part !== "string") return [part];
      const pieces = part.split(name);
      return pieces.flatMap((piece, i) => (i ? [h("span", { translate: "no" }, name), piece] : [piece]));
    });
  }
  return parts.filter((part) => part !== "");
}

/** @param {Notice} notice */
function show(notice) {
  window.dispatchEvent(new CustomEvent("gamehall:notice", { detail: notice }));
  const words = describe(notice);
  if (!words) return;
  const [text, link, linkText] = words;
  if (WAITING.includes(notice.type) || notice.type === "your_turn") browserNotice(text, link);
  // On the game page itself the turn is shown by the page (its title, its sound).
  if (notice.type === "your_turn" && location.hash === link) return;
  const key = `${notice.type}:${notice.tournament?.id}:${notice.round ?? ""}:${notice.match_id ?? ""}`;
  const node = tray();
  node.querySelector(`[data-key="${CSS.escape(key)}"]`)?.remove();
  const item = h(
    "div",
    { class: `notice-item ${notice.type}`, dataset: { key, type: notice.type } },
    h("span", {}, marked(text, notice), " "),
    (location.hash || "#/") === link ? null : h("a", { href: link }, linkText), // "": the lobby
    dismissButton(() => item.remove()),
    notice.type === "your_turn" ? allowButton() : null,
  );
  if (WAITING.includes(notice.type) || notice.type === "your_turn") chime();
  if (notice.type === "seek_accepted" || notice.type === "challenge_accepted" || notice.type === "your_turn") {
    item.dataset.link = link; // stays until the player is at the game
    if (location.hash === link) setTimeout(() => item.remove(), SHOWN_MS);
  } else if (notice.type === "tournament_match") {
    // A match's notice stays until the player is at the match (or a newer one replaces it).
    node.querySelectorAll(`[data-type="tournament_match"][data-tournament="${notice.tournament?.id}"]`).forEach((old) => old.remove());
    item.dataset.tournament = String(notice.tournament?.id);
    item.dataset.link = link;
  } else {
    setTimeout(() => item.remove(), SHOWN_MS);
  }
  node.append(item);
  while (node.children.length > MAX_SHOWN) {
    // The oldest news goes first; a match still waiting for the player goes last.
    const news = node.querySelector(':scope > :not([data-type="tournament_match"])');
    (news ?? node.firstElementChild)?.remove();
  }
}

/** Put away the notice of the match the player has just opened. */
function arrived() {
  document.querySelectorAll(`#notices [data-link="${CSS.escape(location.hash)}"]`).forEach((item) => item.remove());
}

function connect() {
  const name = session.user?.name ?? null;
  if (connectedAs === name && socket) return;
  socket?.close();
  socket = null;
  connectedAs = name;
  if (!name) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/user`);
  socket = ws;
  ws.addEventListener("open", () => (retry = 0));
  ws.addEventListener("message", (event) => {
    try {
      show(JSON.parse(String(event.data)));
    } catch {
      // a frame that is not JSON is not a notice
    }
  });
  ws.addEventListener("close", (event) => {
    if (socket !== ws) return;
    socket = null;
    if (event.code === TOO_MANY_SOCKETS) return; // connected again at the next login
    connectedAs = null;
    retry = Math.min(retry + 1, 10);
    setTimeout(connect, RETRY_MS * retry);
  });
}

/** Keep the user's socket open while somebody is logged in. */
export function startNotices() {
  window.addEventListener("hashchange", arrived);
  connect();
  onSessionChange(connect);
}
