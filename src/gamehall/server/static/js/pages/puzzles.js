// @ts-check
// Puzzles (#/puzzles, #/puzzles/{id}, #/puzzles/daily/{game}): one puzzle at a time on the game
// page's own boards. Renju: find the forced win, stone by stone; the server answers each right
// move with the defender's reply (its threat search) until the five. The tables games: make
// the best play with the dice (as in play: click or drag the checkers) or choose the cube
// action. Right or wrong is shown with the solution, and a signed-in solver's first attempt
// changes his puzzle rating (Glicko-2, as lichess rates puzzles).

import { errorText, get, post, session } from "../api.js";
import { RenjuBoard } from "../boards/renju.js";
import { TablesBoard } from "../boards/tables.js";
import { gameName } from "../competition/ratings.js";
import { h, mount } from "../dom.js";
import { say } from "../say.js";

/** @typedef {import("../api-types.js").PuzzleView} PuzzleView */
/** @typedef {import("../api-types.js").VerdictView} VerdictView */
/** @typedef {import("../api-types.js").RenjuPosition} RenjuPosition */
/** @typedef {import("../api-types.js").TablesPosition} TablesPosition */
/** @typedef {import("../types.js").State} State */

const GAMES = ["renju", "backgammon", "georgian", "nardy"];
const THEMES = ["fours", "fours-and-threes", "opening", "middle", "race", "bear-off", "head", "cube"];
/** What the filter asked for, and the puzzles seen, kept while the page is open. */
const chosen = { game: "", theme: "" };
/** @type {number[]} */
const seen = [];

/**
 * @param {HTMLElement} root
 * @param {{id?: string, daily?: string}} params
 */
export function puzzlesPage(root, { id, daily }) {
  const area = h("section", { class: "puzzle", dataset: { puzzleArea: "" } }, h("p", { class: "loading" }, say("watch.loading")));
  const mine = h("p", { class: "muted", dataset: { myRating: "" } });
  mount(root, h("h1", {}, say("puzzles.title")), filterForm(), dailyLinks(), mine, area);
  let gone = false;
  if (session.user && !session.user.guest) {
    get("/api/puzzles/mine").then((answer) => {
      if (!gone) mine.textContent = say("puzzles.my-rating", { rating: answer.rating, attempts: answer.attempts });
    }, () => {});
  }
  const path = id ? `/api/puzzles/${encodeURIComponent(id)}` : daily ? `/api/puzzles/daily/${encodeURIComponent(daily)}` : nextPath();
  get(path).then(
    (/** @type {PuzzleView} */ puzzle) => {
      if (!gone) showPuzzle(area, puzzle, mine);
    },
    (error) => {
      if (!gone) mount(area, h("p", { class: "empty", role: "alert" }, errorText(error)));
    },
  );
  return () => {
    gone = true;
  };
}

function nextPath() {
  const query = new URLSearchParams();
  if (chosen.game) query.set("game", chosen.game);
  if (chosen.theme) query.set("theme", chosen.theme);
  for (const puzzle of seen.slice(-50)) query.append("skip", String(puzzle));
  const text = query.toString();
  return `/api/puzzles/next${text ? `?${text}` : ""}`;
}

function nextPuzzle() {
  if (location.hash === "#/puzzles") window.dispatchEvent(new HashChangeEvent("hashchange"));
  else location.hash = "#/puzzles";
}

function filterForm() {
  const game = h(
    "select",
    { name: "game", onchange: () => (chosen.game = game.value) },
    h("option", { value: "" }, say("puzzles.any-game")),
    GAMES.map((g) => h("option", { value: g, selected: chosen.game === g }, gameName(g))),
  );
  const theme = h(
    "select",
    { name: "theme", onchange: () => (chosen.theme = theme.value) },
    h("option", { value: "" }, say("puzzles.any-theme")),
    THEMES.map((t) => h("option", { value: t, selected: chosen.theme === t }, say(`puzzles.theme.${t}`))),
  );
  return h(
    "form",
    {
      class: "puzzle-filter",
      "aria-label": say("puzzles.filter"),
      onsubmit: (/** @type {Event} */ event) => {
        event.preventDefault();
        nextPuzzle();
      },
    },
    h("label", {}, say("puzzles.game"), " ", game),
    h("label", {}, say("puzzles.theme"), " ", theme),
    h("button", { type: "submit", dataset: { action: "next" } }, say("puzzles.next")),
  );
}

function dailyLinks() {
  return h(
    "p",
    { class: "puzzle-daily" },
    GAMES.map((g) => h("a", { href: `#/puzzles/daily/${g}`, dataset: { daily: g } }, say("puzzles.daily-link", { game: gameName(g) }))),
  );
}

/**
 * A text of the catalog with notation (moves, points) in it marked as not to be translated.
 * @param {string} key
 * @param {string} name the value's name in the text
 * @param {string} notation
 */
function withNotation(key, name, notation) {
  const mark = "\u0000";
  const [before, after = ""] = say(key, { [name]: mark }).split(mark);
  return [before, h("span", { translate: "no", class: "notation" }, notation), after];
}

/**
 * What the puzzle asks.
 * @param {PuzzleView} puzzle
 */
function taskText(puzzle) {
  if (puzzle.task === "win") return say(puzzle.mover === "black" ? "puzzles.task.win-black" : "puzzles.task.win-white");
  if (puzzle.task === "play") return say("puzzles.task.play", { dice: (puzzle.dice || []).join("-") });
  return say(puzzle.choices.includes("take") ? "puzzles.task.take" : "puzzles.task.cube", { cube: puzzle.cube });
}

/**
 * A renju board's state as the game page's board draws it, the solver on move until the end.
 * @param {RenjuPosition} position
 * @param {string} mover
 * @param {boolean} over
 * @returns {State}
 */
function renjuState(position, mover, over) {
  return {
    game: "renju",
    players: ["", ""],
    length: 1,
    score: [0, 0],
    game_number: 1,
    winner: null,
    end_reason: null,
    phase: over ? "over" : "move",
    to_act: 0,
    black: mover === "black" ? 0 : 1,
    stones: position.stones,
    moves: position.moves,
    turn: position.turn,
    forbidden: position.forbidden,
    five: [],
  };
}

/**
 * @param {HTMLElement} area
 * @param {PuzzleView} puzzle
 * @param {HTMLElement} mine
 */
function showPuzzle(area, puzzle, mine) {
  if (!seen.includes(puzzle.id)) seen.push(puzzle.id);
  const status = h("p", { class: "puzzle-status", role: "status", "aria-live": "polite", dataset: { verdict: "" } });
  const solution = h("p", { class: "puzzle-solution", dataset: { solution: "" } });
  const rating = h("p", { class: "puzzle-rating", dataset: { ratingChange: "" } });
  const next = h("button", { type: "button", class: "primary", dataset: { action: "next-puzzle" }, hidden: true, onclick: nextPuzzle }, say("puzzles.next"));
  const tools = h("div", { class: "puzzle-tools" });
  let busy = false;

  /** @param {VerdictView} verdict */
  function ended(verdict) {
    status.textContent = say(verdict.solved ? "puzzles.solved" : "puzzles.wrong");
    status.dataset.verdict = verdict.solved ? "solved" : "wrong";
    solution.replaceChildren(...withNotation("puzzles.solution", "moves", verdict.solution.join(" ")));
    if (verdict.rating) {
      rating.textContent = say("puzzles.rating-change", { before: verdict.rating.before, after: verdict.rating.after });
      mine.textContent = "";
    } else {
      rating.textContent = say(session.user && !session.user.guest ? "puzzles.unrated-again" : "puzzles.unrated-guest");
    }
    tools.replaceChildren();
    next.hidden = false;
    next.focus();
  }

  /**
   * Send an answer; the verdict shown (and returned), or null after a refusal (shown).
   * @param {object} body
   * @returns {Promise<VerdictView | null>}
   */
  async function answer(body) {
    busy = true;
    status.textContent = say("puzzles.judging");
    status.dataset.verdict = "";
    try {
      /** @type {VerdictView} */
      const verdict = await post(`/api/puzzles/${puzzle.id}/answer`, body);
      if (verdict.over) ended(verdict);
      else {
        status.replaceChildren(say("puzzles.correct"), ...(verdict.reply ? [" ", ...withNotation("puzzles.reply", "move", verdict.reply)] : []));
        status.dataset.verdict = "correct";
      }
      return verdict;
    } catch (error) {
      status.textContent = errorText(error);
      status.dataset.verdict = "refused";
      return null;
    } finally {
      busy = false;
    }
  }

  const wrap = h("div", { class: `puzzle-board board-wrap ${puzzle.game === "renju" ? "renju" : "tables"}`, dataset: { moves: "0" } });
  /** @type {HTMLElement | SVGElement} */
  let boardElement;
  if (puzzle.game === "renju" && puzzle.renju) {
    const first = puzzle.renju;
    /** @type {string[]} */
    let line = [];
    const board = new RenjuBoard({
      onMove: async (point) => {
        if (busy) return;
        const verdict = await answer({ line, move: point });
        if (!verdict) return;
        if (verdict.over) {
          board.render({ state: renjuState(first, puzzle.mover, true), you: 0, showForbidden: false, showNumbers: false });
          const colours = [puzzle.mover, puzzle.mover === "black" ? "white" : "black"];
          board.showHint({ stones: verdict.solution.map((p, i) => ({ point: p, colour: colours[i % 2], number: i + 1 })) });
          return;
        }
        if (verdict.renju) {
          line = verdict.renju.moves.slice(first.moves.length);
          wrap.dataset.moves = String(line.length);
          board.render({ state: renjuState(verdict.renju, puzzle.mover, false), you: 0, showForbidden: true, showNumbers: false });
        }
      },
    });
    board.render({ state: renjuState(first, puzzle.mover, false), you: 0, showForbidden: true, showNumbers: false });
    boardElement = board.element;
  } else if (puzzle.tables) {
    /** @type {[number, number][]} */
    let moves = [];
    const board = new TablesBoard({
      onMove: async (src, die) => {
        if (busy) return;
        const tried = [...moves, /** @type {[number, number]} */ ([src, die])];
        busy = true;
        try {
          /** @type {TablesPosition} */
          const shown = await post(`/api/puzzles/${puzzle.id}/board`, { moves: tried });
          moves = tried;
          draw(shown);
          busy = false;
          if (!shown.legal) await answer({ moves });
        } catch (error) {
          busy = false;
          status.textContent = errorText(error);
        }
      },
    });
    /** @param {TablesPosition} shown */
    const draw = (shown) => {
      wrap.dataset.moves = String(moves.length);
      board.render({ state: /** @type {State} */ (shown.state), seat: 0, legal: shown.legal, oneTap: false, canUndo: false, you: 0 });
      const again = h(
        "button",
        {
          type: "button",
          dataset: { action: "start-again" },
          onclick: () => {
            moves = [];
            draw(/** @type {TablesPosition} */ (puzzle.tables));
          },
        },
        say("puzzles.start-again"),
      );
      tools.replaceChildren(...(moves.length && shown.legal ? [again] : []));
    };
    draw(puzzle.tables);
    if (puzzle.task === "cube") {
      tools.replaceChildren(
        ...puzzle.choices.map((choice) =>
          h("button", { type: "button", dataset: { cube: choice }, onclick: () => busy || answer({ cube: choice }) }, say(`puzzles.choice.${choice}`)),
        ),
      );
    }
    boardElement = board.element;
  } else {
    boardElement = h("p", {});
  }
  wrap.append(boardElement);

  mount(
    area,
    h("p", { class: "puzzle-task", dataset: { task: puzzle.task, game: puzzle.game } }, h("strong", {}, gameName(puzzle.game)), " · ", taskText(puzzle)),
    h("p", { class: "muted" }, say("puzzles.themes", { themes: puzzle.themes.map((t) => say(`puzzles.theme.${t}`)).join(", ") }), " · ", say("puzzles.fared", { rating: puzzle.rating, solved: puzzle.solved, attempts: puzzle.attempts })),
    wrap,
    tools,
    status,
    solution,
    rating,
    next,
    puzzle.source ? h("p", { class: "muted" }, h("a", { href: `#/game/${encodeURIComponent(puzzle.source)}` }, say("puzzles.from-match", { move: puzzle.move }))) : null,
  );
}
