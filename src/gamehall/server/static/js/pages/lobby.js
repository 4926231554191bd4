// @ts-check
// The lobby (#/): open seeks to accept, challenges to answer, the player's games, and the form
// that seeks an opponent, challenges a player or starts a game against the computer. The seeks
// come by push (/ws/lobby), the challenges' changes and the acceptances by the user's socket;
// a new match of the player's opens as soon as somebody accepts his offer.

import { del, errorText, get, playAsGuest, post, session } from "../api.js";
import { h, mount } from "../dom.js";
import { describeSettings, readSeed, readSettings, settingsFieldset } from "../settings.js";
import { matchTable } from "./matches.js";

/** How often the page asks for the seeks while their socket is down. */
const POLL_MS = 3000;
/** How long before the lobby socket connects again after a drop. */
const RETRY_MS = 2000;

/**
 * @typedef {import("../types.js").Seek} Seek
 * @typedef {import("../types.js").Challenge} Challenge
 * @typedef {import("../types.js").MatchSummary} MatchSummary
 * @typedef {(text: string, isError?: boolean) => void} Report
 */

/** @param {string} matchId */
function openMatch(matchId) {
  location.hash = `#/game/${matchId}`;
}

function welcome() {
  const error = h("p", { class: "form-error", role: "alert", hidden: true });
  return h(
    "section",
    { class: "card welcome" },
    h("h2", {}, "Play renju, backgammon and long nardy"),
    h("p", {}, h("a", { href: "#/login" }, "Log in or register"), " to seek opponents and keep your history, or play at once as a guest."),
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
      "Play as a guest",
    ),
  );
}

/**
 * The form that seeks, challenges or starts a game against the computer.
 * @param {Report} report
 * @param {() => void} refresh
 */
function newGameForm(report, refresh) {
  const levelSelect = /** @type {HTMLSelectElement} */ (h("select", { name: "level", "aria-label": "Computer's level" }));
  const form = h(
    "form",
    { class: "card new-game", "aria-label": "New game" },
    h("h2", {}, "New game"),
    settingsFieldset(),
    h(
      "div",
      { class: "intents" },
      h(
        "div",
        { class: "intent" },
        h(
          "label",
          { class: "rated-choice", title: "A rated game changes both players' ratings (registered players only)" },
          h("input", { type: "checkbox", name: "rated", disabled: !!session.user?.guest }),
          " Rated",
        ),
        h("button", { type: "submit", class: "primary", value: "seek" }, "Seek an opponent"),
      ),
      h(
        "div",
        { class: "intent" },
        h("input", { name: "opponent", placeholder: "player's name", "aria-label": "Player to challenge", autocomplete: "off" }),
        h("button", { type: "submit", value: "challenge" }, "Challenge"),
      ),
      h(
        "div",
        { class: "intent" },
        levelSelect,
        h(
          "select",
          { name: "side", "aria-label": "Your seat" },
          h("option", { value: "0" }, "Seat 1 (Black in renju's first game)"),
          h("option", { value: "1" }, "Seat 2 (White in renju's first game)"),
        ),
        h("button", { type: "submit", value: "computer" }, "Play the computer"),
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
        report("Your seek is in the list: the game opens when somebody accepts it.");
        refresh();
      } else if (intent === "challenge") {
        const opponent = String(data.get("opponent") || "").trim();
        if (!opponent) throw new Error("write the name of the player to challenge");
        const rated = data.get("rated") === "on";
        await post("/api/challenges", { opponent, settings, rated, ...seeded });
        report(`${opponent} is challenged${rated ? " to a rated game" : ""}: the game opens when they accept.`);
        refresh();
      } else {
        const answer = await post("/api/computer", { settings, level: data.get("level"), side: Number(data.get("side")), ...seeded });
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

/** What each level of the computer is, in a few words (docs/engines.md says more). */
const LEVEL_NAMES = {
  random: "Random mover",
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
  expert: "Expert",
  "world-class": "World class",
};

/** @type {Promise<Record<string, string[]>> | null} */
let levelsByGame = null;

/**
 * Fill `select` with the levels the server's computer plays `game` at (/api/computer/levels),
 * keeping the chosen level when the new game has it, else Beginner.
 * @param {HTMLSelectElement} select
 * @param {string} game
 */
async function fillLevels(select, game) {
  levelsByGame ??= get("/api/computer/levels").then((answer) => answer.levels);
  const levels = (await levelsByGame)[game] || [];
  const chosen = select.value || "beginner";
  select.replaceChildren(
    ...levels.map((level) => h("option", { value: level }, LEVEL_NAMES[/** @type {keyof typeof LEVEL_NAMES} */ (level)] || level)),
  );
  select.value = levels.includes(chosen) ? chosen : "beginner";
}

/**
 * @param {Seek} seek
 * @param {() => void} refresh
 * @param {Report} report
 */
function seekRow(seek, refresh, report) {
  const mine = session.user && seek.user === session.user.name;
  const action = mine
    ? h("button", { type: "button", class: "secondary", onclick: () => del(`/api/seeks/${seek.id}`).then(refresh, (e) => report(errorText(e), true)) }, "Cancel")
    : h(
        "button",
        {
          type: "button",
          class: "primary",
          disabled: !session.user,
          onclick: () => post(`/api/seeks/${seek.id}/accept`).then((a) => openMatch(a.match_id), (e) => report(errorText(e), true)),
        },
        "Accept",
      );
  return h(
    "tr",
    { dataset: { seek: seek.id, user: seek.user } },
    h("td", {}, h("a", { href: `#/player/${encodeURIComponent(seek.user)}` }, seek.user)),
    h("td", {}, describeSettings(seek.settings), seek.rated ? h("span", { class: "tag" }, "rated") : null),
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
  const text = incoming ? `${challenge.from} challenges you: ` : `You challenged ${challenge.to}: `;
  return h(
    "li",
    { dataset: { challenge: challenge.id } },
    text,
    describeSettings(challenge.settings),
    challenge.rated ? h("span", { class: "tag" }, "rated") : null,
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
            "Accept",
          ),
          h("button", { type: "button", onclick: () => post(`/api/challenges/${challenge.id}/decline`).then(refresh, (e) => report(errorText(e), true)) }, "Decline"),
        )
      : h(
          "span",
          { class: "buttons" },
          h("span", { class: "muted" }, "waiting for an answer"),
          h(
            "button",
            {
              type: "button",
              class: "secondary",
              dataset: { action: "withdraw" },
              onclick: () => post(`/api/challenges/${challenge.id}/withdraw`).then(refresh, (e) => report(errorText(e), true)),
            },
            "Withdraw",
          ),
        ),
  );
}

/**
 * The quick games: a game, a length and a clock each, every other setting as usual.
 * @type {[string, import("../types.js").SettingsBody][]}
 */
const QUICK = [
  ["Backgammon · 1 point · 3 min + 2 s", { game: "backgammon", length: 1, clock: "fischer:180+2", options: {} }],
  ["Backgammon · 5 points · 12 s a move + 1 min a point", { game: "backgammon", length: 5, clock: "delay:12+60/pt", options: {} }],
  ["Georgian · 3 points · 5 min + 5 s", { game: "georgian", length: 3, clock: "fischer:300+5", options: {} }],
  ["Long nardy · 1 point · 5 min + 5 s", { game: "nardy", length: 1, clock: "fischer:300+5", options: {} }],
  ["Renju · 1 game · 5 min + 5 s", { game: "renju", length: 1, clock: "fischer:300+5", options: {} }],
  ["Renju · 3 games · 15 min + 10 s", { game: "renju", length: 3, clock: "fischer:900+10", options: {} }],
];

/**
 * The quick-game grid: a click accepts somebody's open seek on the same terms, or else posts
 * one (the game opens when somebody takes it).
 * @param {() => Seek[]} openSeeks
 * @param {Report} report
 * @param {() => void} refresh
 */
function quickGames(openSeeks, report, refresh) {
  return h(
    "section",
    { class: "card quick" },
    h("h2", {}, "Quick game"),
    h("p", { class: "hint" }, "Join the first player waiting on these terms, or wait for one."),
    h(
      "div",
      { class: "quick-grid" },
      QUICK.map(([label, settings]) => {
        const [game, ...terms] = label.split(" · ");
        return h(
          "button",
          {
            type: "button",
            class: "quick-game",
            disabled: !session.user,
            dataset: { quick: label },
            onclick: async () => {
              const wanted = describeSettings(settings);
              const waiting = openSeeks().find((seek) => seek.user !== session.user?.name && !seek.rated && describeSettings(seek.settings) === wanted);
              try {
                if (waiting) {
                  const answer = await post(`/api/seeks/${waiting.id}/accept`);
                  openMatch(answer.match_id);
                } else {
                  await post("/api/seeks", { settings, rated: false });
                  report(`Your seek (${wanted}) is in the list: the game opens when somebody accepts it.`);
                  refresh();
                }
              } catch (err) {
                report(errorText(err), true);
              }
            },
          },
          h("strong", {}, game),
          h("span", {}, terms.join(" · ")),
        );
      }),
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
    message.textContent = text;
    message.classList.toggle("form-error", isError);
  }

  const online = h("div", { class: "online" });
  /**
   * Who is online: a link to each player's profile.
   * @param {string[]} names
   */
  function drawOnline(names) {
    show(online, names, () =>
      names.length
        ? [
            h("h2", {}, `Online now (${names.length})`),
            h(
              "ul",
              { class: "online-list" },
              names.slice(0, 60).map((name) => h("li", {}, h("a", { href: `#/player/${encodeURIComponent(name)}` }, name))),
            ),
          ]
        : [h("h2", {}, "Online now"), h("p", { class: "empty" }, "Nobody else is here yet.")],
    );
  }

  /** @type {Seek[]} */
  let lastSeeks = [];
  /** @param {Seek[]} open */
  function drawSeeks(open) {
    lastSeeks = open;
    show(seeks, open, () =>
        open.length
          ? h(
              "table",
              { class: "list seeks-table" },
              h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Game"), h("th", { scope: "col" }, ""))),
              h("tbody", {}, open.map((seek) => seekRow(seek, refresh, report))),
            )
          : h("p", { class: "empty" }, "No open seek: post one."),
    );
  }

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
          : h("p", { class: "empty" }, "No challenge."),
      );
      show(mine, matches, () =>
        matches.length ? matchTable(matches, { linkText: "Play" }) : h("p", { class: "empty" }, "You are not playing now."),
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

  const sections = [quickGames(() => lastSeeks, report, refresh), h("section", { class: "card" }, h("h2", {}, "Open seeks"), seeks)];
  if (session.user) {
    sections.push(h("section", { class: "card" }, h("h2", {}, "Challenges"), challenges));
    sections.push(h("section", { class: "card" }, h("h2", {}, "Your games"), mine));
  }
  sections.push(h("section", { class: "card" }, online));
  mount(
    root,
    h(
      "div",
      { class: "lobby" },
      h("div", { class: "lobby-main" }, message, sections),
      h("div", { class: "lobby-side" }, session.user ? newGameForm(report, refresh) : welcome()),
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
      report(`${notice.opponent} declined your challenge.`);
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
        } else if (message.type === "online") {
          drawOnline(message.players || []);
        }
      } catch {
        // not a message of the lobby
      }
    });
    ws.addEventListener("close", () => {
      pushed = false;
      if (!gone) retryTimer = setTimeout(connect, RETRY_MS);
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
    window.removeEventListener("gamehall:notice", accepted);
  };
}
