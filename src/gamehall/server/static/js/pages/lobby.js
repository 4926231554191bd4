// @ts-check
// The lobby (#/): open seeks to accept (through the filters, in a list and on the seek graph),
// challenges to answer, the player's games, who is online and what is being played, and the
// form that seeks an opponent, challenges a player or starts a game against the computer. The
// seeks and the counts come by push (/ws/lobby), the challenges' changes and the acceptances by
// the user's socket; a new match of the player's opens as soon as somebody accepts his offer.

import { del, errorText, get, playAsGuest, post, session } from "../api.js";
import { arenasCard } from "../competition/arena-list.js";
import { h, mount } from "../dom.js";
import { hasText, say, sayWith } from "../say.js";
import { playingTable } from "../lobby/playing.js";
import { quickGames } from "../lobby/quick-games.js";
import { filterForm, filtering, keptFilters, passes } from "../lobby/seek-filters.js";
import { seekGraph } from "../lobby/seek-graph.js";
import { describeSettings, readSeed, readSettings, settingsFieldset } from "../settings.js";
import { followedOnlinePanel } from "../social/following.js";
import { matchTable } from "./matches.js";
import { TOO_MANY_SOCKETS } from "../socket-cap.js";

/** How often the page asks for the seeks while their socket is down. */
const POLL_MS = 3000;
/** How long before the lobby socket connects again after a drop. */
const RETRY_MS = 2000;

/**
 * @typedef {import("../types.js").Seek} Seek
 * @typedef {import("../types.js").Challenge} Challenge
 * @typedef {import("../types.js").MatchSummary} MatchSummary
 * @typedef {(text: string | (string | Node)[], isError?: boolean) => void} Report
 */

/** @param {string} matchId */
function openMatch(matchId) {
  location.hash = `#/game/${matchId}`;
}

/** @param {string} name */
function nameNode(name) {
  return h("span", { translate: "no" }, name);
}

function welcome() {
  const error = h("p", { class: "form-error", role: "alert", hidden: true });
  return h(
    "section",
    { class: "card welcome" },
    h("h2", {}, say("lobby.welcome.title")),
    h("p", {}, sayWith("lobby.welcome.text", { link: h("a", { href: "#/login" }, say("lobby.welcome.link")) })),
    error,
    h(
      "button",
      {
        type: "button",
        class: "primary",
        onclick: async () => {
          try {
            await playAsGuest();
          } catch (err) {
            error.textContent = errorText(err);
            error.hidden = false;
          }
        },
      },
      say("lobby.play-as-guest"),
    ),
  );
}

/**
 * The form that seeks, challenges or starts a game against the computer.
 * @param {Report} report
 * @param {() => void} refresh
 */
function newGameForm(report, refresh) {
  const levelSelect = /** @type {HTMLSelectElement} */ (h("select", { name: "level", "aria-label": say("lobby.level.label") }));
  const form = h(
    "form",
    { class: "card new-game", "aria-label": say("lobby.new-game") },
    h("h2", {}, say("lobby.new-game")),
    h("p", { class: "rules-note" }, h("a", { class: "rules-link", href: "#/rules" }, say("rules.link"))),
    settingsFieldset(),
    h(
      "div",
      { class: "intents" },
      h(
        "div",
        { class: "intent" },
        h(
          "label",
          { class: "rated-choice", title: say("lobby.rated.hint") },
          h("input", { type: "checkbox", name: "rated", disabled: !!session.user?.guest }),
          " ",
          say("lobby.rated"),
        ),
        h("button", { type: "submit", class: "primary", value: "seek" }, say("lobby.seek")),
      ),
      h(
        "div",
        { class: "intent" },
        h("input", { name: "opponent", placeholder: say("lobby.opponent.placeholder"), "aria-label": say("lobby.opponent.label"), autocomplete: "off" }),
        h("button", { type: "submit", value: "challenge" }, say("lobby.challenge")),
      ),
      h(
        "div",
        { class: "intent" },
        levelSelect,
        h(
          "select",
          { name: "side", "aria-label": say("lobby.seat.label") },
          h("option", { value: "0" }, say("lobby.seat.first")),
          h("option", { value: "1" }, say("lobby.seat.second")),
        ),
        h("button", { type: "submit", value: "computer" }, say("lobby.play-computer")),
      ),
    ),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const submitter = /** @type {SubmitEvent} */ (event).submitter;
    const intent = submitter instanceof HTMLButtonElement ? submitter.value : "seek";
    const settings = readSettings(form);
    const data = new FormData(form);
    const seed = readSeed(form);
    const seeded = seed ? { seed } : {};
    try {
      if (intent === "seek") {
        await post("/api/seeks", { settings, rated: data.get("rated") === "on", ...seeded });
        report(say("lobby.seek.posted"));
        refresh();
      } else if (intent === "challenge") {
        const opponent = String(data.get("opponent") || "").trim();
        if (!opponent) throw new Error(say("lobby.opponent.missing"));
        const rated = data.get("rated") === "on";
        await post("/api/challenges", { opponent, settings, rated, ...seeded });
        report(sayWith(rated ? "lobby.challenge.sent-rated" : "lobby.challenge.sent", { opponent: nameNode(opponent) }));
        refresh();
      } else {
        const choice = String(data.get("level") || "");
        const opponent = choice.startsWith(ENGINE) ? { engine: choice.slice(ENGINE.length) } : { level: choice };
        const answer = await post("/api/computer", { settings, ...opponent, side: Number(data.get("side")), ...seeded });
        openMatch(answer.match_id);
      }
    } catch (err) {
      report(errorText(err), true);
    }
  });
  const showLevels = () => {
    const game = /** @type {HTMLSelectElement} */ (form.elements.namedItem("game")).value;
    fillLevels(levelSelect, game);
  };
  form.addEventListener("change", (event) => {
    if (event.target instanceof HTMLSelectElement && event.target.name === "game") showLevels();
  });
  showLevels();
  return form;
}

/**
 * What a level of the computer is, in a few words (docs/engines.md says more).
 * @param {string} level
 */
function levelName(level) {
  const key = `lobby.level.${level}`;
  return hasText(key) ? say(key) : level;
}

/** The prefix of an external engine's choice in the level list (its id follows). */
const ENGINE = "engine:";

/** @type {Promise<import("../api-types.js").ComputerLevels> | null} */
let computerChoices = null;

/**
 * Fill `select` with the levels the server's computer plays `game` at (/api/computer/levels),
 * then the external engines the operator offers for it, each by its name and level; keeping
 * the choice when the new game has it, else Beginner.
 * @param {HTMLSelectElement} select
 * @param {string} game
 */
async function fillLevels(select, game) {
  computerChoices ??= get("/api/computer/levels");
  const choices = await computerChoices;
  const levels = choices.levels[game] || [];
  const engines = choices.engines[game] || [];
  const chosen = select.value || "beginner";
  const values = [...levels, ...engines.map((engine) => ENGINE + engine.id)];
  select.replaceChildren(
    ...levels.map((level) => h("option", { value: level }, levelName(level))),
    ...(engines.length
      ? [
          h(
            "optgroup",
            { label: say("lobby.engines.group") },
            ...engines.map((engine) =>
              h("option", { value: ENGINE + engine.id }, engine.level ? say("lobby.engines.option", { name: engine.name, level: engine.level }) : engine.name),
            ),
          ),
        ]
      : []),
  );
  select.value = values.includes(chosen) ? chosen : "beginner";
}

/**
 * Accept `seek`: its game opens (from the list's button and the graph's mark alike).
 * @param {Seek} seek
 * @param {Report} report
 */
function acceptSeek(seek, report) {
  post(`/api/seeks/${seek.id}/accept`).then((a) => openMatch(a.match_id), (e) => report(errorText(e), true));
}

/**
 * @param {Seek} seek
 * @param {() => void} refresh
 * @param {Report} report
 */
function seekRow(seek, refresh, report) {
  const mine = session.user && seek.user === session.user.name;
  const action = mine
    ? h("button", { type: "button", class: "secondary", onclick: () => del(`/api/seeks/${seek.id}`).then(refresh, (e) => report(errorText(e), true)) }, say("lobby.cancel"))
    : h(
        "button",
        {
          type: "button",
          class: "primary",
          disabled: !session.user,
          onclick: () => acceptSeek(seek, report),
        },
        say("lobby.accept"),
      );
  return h(
    "tr",
    { dataset: { seek: seek.id, user: seek.user } },
    h(
      "td",
      {},
      h("a", { href: `#/player/${encodeURIComponent(seek.user)}`, translate: "no" }, seek.user),
      h("span", { class: "rating" }, ` ${seek.rating_shown}`),
    ),
    h("td", {}, describeSettings(seek.settings), seek.rated ? h("span", { class: "tag" }, say("lobby.rated.tag")) : null),
    h("td", {}, action),
  );
}

/**
 * @param {Challenge} challenge
 * @param {() => void} refresh
 * @param {Report} report
 */
function challengeItem(challenge, refresh, report) {
  const incoming = session.user && challenge.to === session.user.name;
  const text = incoming
    ? sayWith("lobby.challenge.incoming", { name: nameNode(challenge.from) })
    : sayWith("lobby.challenge.outgoing", { name: nameNode(challenge.to) });
  return h(
    "li",
    { dataset: { challenge: challenge.id } },
    text,
    (incoming ? challenge.from_bot : challenge.to_bot) ? h("span", { class: "tag bot" }, say("player.bot")) : null,
    describeSettings(challenge.settings),
    challenge.rated ? h("span", { class: "tag" }, say("lobby.rated.tag")) : null,
    incoming
      ? h(
          "span",
          { class: "buttons" },
          h(
            "button",
            {
              type: "button",
              class: "primary",
              onclick: () => post(`/api/challenges/${challenge.id}/accept`).then((a) => openMatch(a.match_id), (e) => report(errorText(e), true)),
            },
            say("lobby.accept"),
          ),
          h(
            "button",
            { type: "button", onclick: () => post(`/api/challenges/${challenge.id}/decline`).then(refresh, (e) => report(errorText(e), true)) },
            say("lobby.decline"),
          ),
        )
      : h(
          "span",
          { class: "buttons" },
          h("span", { class: "muted" }, say("lobby.challenge.waiting")),
          h(
            "button",
            {
              type: "button",
              class: "secondary",
              dataset: { action: "withdraw" },
              onclick: () => post(`/api/challenges/${challenge.id}/withdraw`).then(refresh, (e) => report(errorText(e), true)),
            },
            say("lobby.withdraw"),
          ),
        ),
  );
}

/** @type {import("../types.js").Page} */
export function lobbyPage(root) {
  const message = h("p", { class: "lobby-message", role: "status", "aria-live": "polite" });
  const seeks = h("div", { class: "seeks" });
  const challenges = h("div", { class: "challenges" });
  const mine = h("div", { class: "my-games" });
  /** @type {Set<string> | null} */
  let known = null; // ids of my live matches when the lobby opened
  let gone = false;
  const shown = new Map(); // what each list shows, so that an unchanged list is not redrawn

  /**
   * Redraw `node` from `data` only if the data changed (a click on it is never lost).
   * @param {HTMLElement} node
   * @param {unknown} data
   * @param {() => import("../dom.js").Child} draw
   */
  function show(node, data, draw) {
    const key = JSON.stringify(data);
    if (shown.get(node) === key) return;
    shown.set(node, key);
    mount(node, draw());
  }

  /** @type {Report} */
  function report(text, isError = false) {
    message.replaceChildren(...[text].flat());
    message.classList.toggle("form-error", isError);
  }

  const online = h("div", { class: "online" });
  /**
   * Who is online: a link to each player's profile, a program's marked.
   * @param {string[]} names
   * @param {string[]} bots
   */
  function drawOnline(names, bots) {
    show(online, names, () =>
      names.length
        ? [
            h("h2", {}, say("lobby.online.count", { count: names.length })),
            h(
              "ul",
              { class: "online-list" },
              names
                .slice(0, 60)
                .map((name) =>
                  h(
                    "li",
                    {},
                    h("a", { href: `#/player/${encodeURIComponent(name)}`, translate: "no" }, name),
                    bots.includes(name) ? h("span", { class: "tag bot" }, say("player.bot")) : null,
                  ),
                ),
            ),
          ]
        : [h("h2", {}, say("lobby.online")), h("p", { class: "empty" }, say("lobby.online.nobody"))],
    );
  }

  const playing = h("div", { class: "playing" });
  /** @param {import("../api-types.js").GamePlayingView[]} games */
  function drawPlaying(games) {
    show(playing, games, () => [h("h2", {}, say("lobby.playing.title")), playingTable(games)]);
  }

  /** @type {Seek[]} */
  let lastSeeks = [];
  let filters = keptFilters();
  const counted = h("p", { class: "seeks-count muted", "aria-live": "polite" });
  const graph = h("div", { class: "seek-graph-area" });
  /** The seeks again, through the filters: the list, the graph and how many they show. */
  function drawSeeks(/** @type {Seek[]} */ open) {
    lastSeeks = open;
    const fit = open.filter((seek) => passes(seek, filters));
    counted.textContent = say("lobby.filters.showing", { shown: fit.length, total: open.length });
    show(graph, fit, () => (fit.length ? seekGraph(fit, session.user?.name ?? null, (seek) => acceptSeek(seek, report)) : null));
    show(seeks, fit, () =>
      fit.length
        ? h(
            "table",
            { class: "list seeks-table" },
            h("thead", {}, h("tr", {}, h("th", { scope: "col" }, say("lobby.seeks.player")), h("th", { scope: "col" }, say("lobby.seeks.game")), h("th", { scope: "col" }, ""))),
            h("tbody", {}, fit.map((seek) => seekRow(seek, refresh, report))),
          )
        : h("p", { class: "empty" }, say(open.length ? "lobby.filters.nothing" : "lobby.seeks.none")),
    );
  }
  const filtersForm = filterForm(filters, (now) => {
    filters = now;
    drawSeeks(lastSeeks);
  });

  /** Everything again: the seeks (when their socket is down) and my challenges and games. */
  async function refresh() {
    try {
      if (!pushed) {
        /** @type {{seeks: Seek[]}} */
        const { seeks: open } = await get("/api/seeks");
        if (gone) return;
        drawSeeks(open);
      }
      await refreshMine();
    } catch (err) {
      if (!gone) report(errorText(err), true);
    }
  }

  /** My challenges and games (after a notice of my socket, or an action of mine). */
  async function refreshMine() {
    try {
      if (!session.user) return;
      /** @type {[{challenges: Challenge[]}, {matches: MatchSummary[]}]} */
      const [{ challenges: list }, { matches }] = await Promise.all([
        get("/api/challenges"),
        get(`/api/matches?status=live&user=${encodeURIComponent(session.user.name)}`),
      ]);
      if (gone) return;
      const pending = list.filter((c) => c.status === "open");
      show(challenges, pending, () =>
        pending.length
          ? h("ul", { class: "challenge-list" }, pending.map((c) => challengeItem(c, refresh, report)))
          : h("p", { class: "empty" }, say("lobby.challenges.none")),
      );
      show(mine, matches, () =>
        matches.length ? matchTable(matches, { linkText: say("lobby.mine.play") }) : h("p", { class: "empty" }, say("lobby.mine.none")),
      );
      const ids = matches.map((m) => m.id);
      const before = known;
      const fresh = before === null ? [] : ids.filter((id) => !before.has(id));
      known = new Set(ids);
      if (fresh.length) openMatch(fresh[0]);
    } catch (err) {
      if (!gone) report(errorText(err), true);
    }
  }

  const sections = [
    quickGames(() => lastSeeks, report, refresh, openMatch),
    h(
      "section",
      { class: "card seeks-card" },
      h("h2", {}, say("lobby.seeks.title")),
      h("details", { class: "filters", open: filtering(filters) }, h("summary", {}, say("lobby.filters.title")), filtersForm),
      counted,
      graph,
      seeks,
    ),
  ];
  if (session.user) {
    sections.push(h("section", { class: "card" }, h("h2", {}, say("lobby.challenges.title")), challenges));
    sections.push(h("section", { class: "card" }, h("h2", {}, say("lobby.mine.title")), mine));
  }
  const arenas = arenasCard();
  sections.push(arenas.node);
  const [followed, stopFollowed] = followedOnlinePanel();
  sections.push(h("section", { class: "card" }, followed, online, playing));
  mount(
    root,
    h(
      "div",
      { class: "lobby" },
      h("div", { class: "lobby-main" }, message, sections),
      h(
        "div",
        { class: "lobby-side" },
        session.user ? newGameForm(report, refresh) : welcome(),
        h(
          "p",
          { class: "lobby-puzzles" },
          h("a", { href: "#/puzzles", dataset: { puzzles: "" } }, say("puzzles.nav")),
          " · ",
          h("a", { href: "#/puzzles/daily/renju", dataset: { dailyPuzzle: "" } }, say("puzzles.daily")),
        ),
      ),
    ),
  );
  /**
   * A seek or challenge of mine accepted: its game opens at once; declined: say so and read the
   * challenges again; challenges changed: read them.
   */
  const accepted = (/** @type {Event} */ event) => {
    const notice = /** @type {CustomEvent} */ (event).detail;
    if (notice?.match_id && (notice.type === "seek_accepted" || notice.type === "challenge_accepted")) openMatch(notice.match_id);
    else if (notice?.type === "challenge_declined") {
      report(sayWith("lobby.challenge.declined", { opponent: nameNode(notice.opponent) }));
      refreshMine();
    } else if (notice?.type === "challenges") refreshMine();
  };
  window.addEventListener("gamehall:notice", accepted);

  // The seeks come by push over /ws/lobby; while that socket is down the page asks instead.
  let pushed = false;
  /** @type {WebSocket | null} */
  let lobbySocket = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let retryTimer;
  function connect() {
    if (gone) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/lobby`);
    lobbySocket = ws;
    ws.addEventListener("message", (event) => {
      try {
        const message = JSON.parse(String(event.data));
        if (message.type === "seeks") {
          pushed = true;
          drawSeeks(message.seeks || []);
        } else if (message.type === "seek_changes") {
          // the seeks gone, then those joined after the rest
          const removed = new Set(message.removed || []);
          drawSeeks([...lastSeeks.filter((seek) => !removed.has(seek.id)), ...(message.added || [])]);
        } else if (message.type === "online") {
          drawOnline(message.players || [], message.bots || []);
        } else if (message.type === "playing") {
          drawPlaying(message.games || []);
        }
      } catch {
        // not a message of the lobby
      }
    });
    ws.addEventListener("close", (event) => {
      pushed = false; // the page asks for the seeks meanwhile, and for good over the cap
      if (!gone && event.code !== TOO_MANY_SOCKETS) retryTimer = setTimeout(connect, RETRY_MS);
    });
  }
  connect();
  refresh();
  const timer = setInterval(() => {
    if (!pushed) refresh();
  }, POLL_MS);
  return () => {
    gone = true;
    clearInterval(timer);
    clearTimeout(retryTimer);
    lobbySocket?.close();
    arenas.stop();
    stopFollowed();
    window.removeEventListener("gamehall:notice", accepted);
  };
}
