// @ts-check
// Hints on the game page, for a player on move in an unrated match: the engine's ranked choices
// with its figures (GET /api/matches/{id}/hint), and in renju the winning sequence when the
// engine finds one. The server computes everything and says what to draw: the page lists the
// rows, and hands the board a play's single moves, a point, or the numbered stones of the line.

import { errorText, get } from "../api.js";
import { h, mount } from "../dom.js";
import { hasText, say, sayCount } from "../say.js";

/**
 * One ranked choice, as the server sends it.
 * @typedef {object} HintCandidate
 * @property {string} move the play or the point
 * @property {string} text its evaluation in words ("+0.163", "forced win")
 * @property {number | null} equity tables: the mover's cubeless equity after it
 * @property {number | null} difference tables: to the best (0 for the best)
 * @property {Record<string, number>} probabilities tables: win, win_gammon, ... by name
 * @property {number | null} ply tables: the depth it was scored at
 * @property {[number, number][]} steps tables: its single moves [src, dst] in the asker's numbering
 * @property {number | null} score renju: the search's score
 */

/**
 * @typedef {{point: string, colour: string, number: number}} HintStone
 * @typedef {object} WinningLine renju: the side to move's forced win, played out
 * @property {string} kind "vcf" (by fours) or "vct" (by threes and fours)
 * @property {string} attacker
 * @property {string[]} moves
 * @property {string} ending "five", or "forbidden" (White's four that only a point forbidden to Black stops)
 * @property {string | null} trap
 * @property {HintStone[]} stones what to draw, numbered from 1
 */

/**
 * @typedef {object} HintAnswer
 * @property {string} game
 * @property {string} method
 * @property {HintCandidate[]} candidates
 * @property {WinningLine | null} winning
 * @property {string[]} notes
 */

/**
 * What the panel asks the board to draw: a tables play's moves, a renju point, the numbered
 * stones of a winning line, or nothing.
 * @typedef {{steps: [number, number][]} | {point: string} | {stones: HintStone[]} | null} HintMark
 */

/** @param {number} p */
const percent = (p) => `${(100 * p).toFixed(1)}%`;

/**
 * The hint panel: a Hint button while the reader is on move, the ranked choices under it.
 * @param {{matchId: string, show: (mark: HintMark) => void, toast: (message: string) => void}} options
 */
export function hintPanel({ matchId, show, toast }) {
  const element = h("div", { class: "hints", hidden: true, dataset: { hints: "" } });
  /** @type {boolean | null} null until the server has said whether hints are given here */
  let allowed = null;
  /** @type {HintAnswer | null} */
  let answer = null;
  /** the moment (the count of events) the shown hints belong to */
  let shownAt = -1;
  let asking = false;
  let onMove = false;
  /** @type {number | null} the row marked on the board */
  let marked = null;
  let lineShown = false;

  get(`/api/matches/${encodeURIComponent(matchId)}/hint/terms`)
    .then((terms) => {
      allowed = Boolean(terms.allowed);
      draw();
    })
    .catch(() => {
      allowed = false; // a spectator who is not logged in, or the match is gone
    });

  async function ask() {
    if (asking) return;
    asking = true;
    const at = shownAt;
    draw();
    try {
      const got = /** @type {HintAnswer} */ (await get(`/api/matches/${encodeURIComponent(matchId)}/hint`));
      if (shownAt !== at) return; // the match moved on meanwhile: these hints are for a past move
      answer = got;
      marked = null;
      lineShown = false;
    } catch (error) {
      toast(errorText(error));
    } finally {
      asking = false;
      draw();
    }
  }

  /**
   * Mark a row's move on the board (a second click takes the mark away).
   * @param {number} index
   */
  function mark(index) {
    if (!answer) return;
    const candidate = answer.candidates[index];
    marked = marked === index ? null : index;
    lineShown = false;
    if (marked === null) show(null);
    else show(candidate.steps.length ? { steps: candidate.steps } : answer.game === "renju" ? { point: candidate.move } : null);
    draw();
  }

  function toggleLine() {
    const line = answer?.winning;
    if (!line) return;
    lineShown = !lineShown;
    marked = null;
    show(lineShown ? { stones: line.stones } : null);
    draw();
  }

  /** @param {WinningLine} line */
  function lineText(line) {
    const how = line.kind === "vcf" ? "vcf" : "vct";
    const end = line.ending === "five" ? "five" : "forbidden";
    const side = say(line.attacker === "black" ? "hints.black" : "hints.white");
    return sayCount(`hints.line.${how}.${end}`, line.moves.length, { side, moves: line.moves.join(" "), trap: line.trap ?? "" });
  }

  function draw() {
    element.hidden = !allowed || (!onMove && !answer);
    if (element.hidden) return mount(element, []);
    /** @type {HTMLElement[]} */
    const parts = [
      h(
        "button",
        { type: "button", class: "secondary", dataset: { action: "hint" }, disabled: asking || !onMove, onclick: ask },
        asking ? say("hints.thinking") : say("hints.hint"),
      ),
    ];
    if (answer) {
      // the engine's method is its own name (not translated): the text around it is
      const [before, after = ""] = say("hints.method", { method: "\u0000" }).split("\u0000");
      parts.push(h("p", { class: "hint-method" }, before, h("span", { translate: "no" }, answer.method), after), hintTable(answer, marked, mark));
      for (const note of answer.notes) parts.push(h("p", { class: "hint-note" }, note));
      const line = answer.winning;
      if (line) {
        parts.push(
          h("p", { class: "hint-line", dataset: { winning: line.moves.join(" ") } }, lineText(line)),
          h(
            "button",
            { type: "button", class: lineShown ? "primary" : "secondary", dataset: { action: "winning" }, onclick: toggleLine },
            lineShown ? say("hints.hide-line") : say("hints.show-line"),
          ),
        );
      }
    }
    mount(element, parts);
  }

  return {
    element,
    /**
     * Follow the match: the button is there while the reader is on move; the hints shown go
     * (and their marks on the board) once anything happens in the match.
     * @param {{moment: number, onMove: boolean}} now
     */
    update({ moment, onMove: moving }) {
      onMove = moving;
      if (moment !== shownAt) {
        if (answer && (marked !== null || lineShown)) show(null);
        answer = null;
        marked = null;
        lineShown = false;
        shownAt = moment;
      }
      draw();
    },
  };
}

/**
 * The ranked choices as a table; a click (or Enter) on a row calls `mark` with its index.
 * @param {HintAnswer} shown
 * @param {number | null} marked the row marked on the board
 * @param {(index: number) => void} mark
 */
export function hintTable(shown, marked, mark) {
  const names = Object.keys(shown.candidates[0]?.probabilities || {});
  const tables = shown.game !== "renju";
  const head = h(
    "tr",
    {},
    h("th", {}, "#"),
    h("th", { class: "hint-move" }, say(tables ? "hints.play" : "hints.move")),
    h("th", {}, say(tables ? "hints.equity" : "hints.score")),
    tables ? h("th", {}, say("hints.diff")) : null,
    names.map((name) =>
      h("th", { title: hasText(`hints.chance.${name}`) ? say(`hints.chance.${name}`) : name }, hasText(`hints.label.${name}`) ? say(`hints.label.${name}`) : name),
    ),
  );
  const rows = shown.candidates.map((candidate, i) =>
    h(
      "tr",
      {
        class: marked === i ? "marked" : "",
        tabindex: 0,
        dataset: { hintRow: String(i), move: candidate.move },
        title: say("hints.show"),
        onclick: () => mark(i),
        onkeydown: (/** @type {KeyboardEvent} */ event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            mark(i);
          }
        },
      },
      h("td", {}, i + 1),
      h("td", { class: "hint-move", translate: "no" }, candidate.move),
      h("td", { class: "hint-value" }, candidate.text),
      tables ? h("td", {}, i === 0 ? "" : (candidate.difference ?? 0).toFixed(3)) : null,
      names.map((name) => h("td", {}, percent(candidate.probabilities[name]))),
    ),
  );
  return h("table", { class: "hint-table" }, h("thead", {}, head), h("tbody", {}, rows));
}
