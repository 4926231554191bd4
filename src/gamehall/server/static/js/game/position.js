// @ts-check
// The analysis of one reviewed position: from any step of a finished match's review, "Analyse
// this position" asks the engine for the side to move's choices there (GET
// /api/matches/{id}/review/{step}/hint: the same ranked rows as a player's Hint, each shown on
// the board on a click) and shows the step's judgement from the match's computer analysis when
// one has been made. The panel belongs to its step: it closes when the review moves on.

import { errorText, get } from "../api.js";
import { h, mount } from "../dom.js";
import { say } from "../say.js";
import { hintTable } from "./hints.js";

/**
 * @typedef {import("./hints.js").HintMark} HintMark
 * @typedef {import("../api-types.js").HintAnswer} HintAnswer
 */

/**
 * @param {{matchId: string, show: (mark: HintMark, seat: number) => void, judgements: (frame: number) => HTMLElement[] | null}} options
 *   `show` marks a choice on the board, seen from `seat` (the side to move, whose numbering the
 *   choice's moves are in); `judgements` are the analysis's of a frame
 */
export function positionPanel({ matchId, show, judgements }) {
  const element = h("section", { class: "position-analysis", hidden: true, "aria-label": say("review.analyse.title"), dataset: { position: "" } });
  /** @type {number | null} the frame analysed */
  let step = null;
  /** @type {HintAnswer | null} */
  let answer = null;
  /** @type {number | null} */
  let marked = null;
  let names = ["", ""];
  /** why the engine gave no choices here (nobody to move, busy...) */
  let failed = "";

  /**
   * Analyse frame `index` (the players' names for the words).
   * @param {number} index
   * @param {string[]} players
   */
  async function open(index, players) {
    step = index;
    answer = null;
    marked = null;
    failed = "";
    names = players;
    draw();
    try {
      const got = /** @type {HintAnswer} */ (await get(`/api/matches/${encodeURIComponent(matchId)}/review/${index}/hint`));
      if (step !== index) return; // the review moved on meanwhile
      answer = got;
    } catch (error) {
      if (step === index) failed = errorText(error);
    }
    draw();
  }

  /** @param {number} index */
  function mark(index) {
    if (!answer) return;
    const candidate = answer.candidates[index];
    marked = marked === index ? null : index;
    const shown = candidate.steps.length ? { steps: candidate.steps } : answer.game === "renju" ? { point: candidate.move } : null;
    show(marked === null ? null : shown, answer.seat);
    draw();
  }

  function close() {
    if (step === null) return;
    if (marked !== null && answer) show(null, answer.seat);
    step = null;
    answer = null;
    marked = null;
    draw();
  }

  function draw() {
    element.hidden = step === null;
    if (step === null) return mount(element, []);
    const judged = judgements(step);
    mount(
      element,
      h("h3", {}, say("review.analyse.title", { step: step + 1 })),
      failed
        ? h("p", { class: "form-error", role: "alert" }, failed)
        : answer
        ? [
            h("p", { class: "hint-method" }, say("review.analyse.to-move", { name: names[answer.seat] ?? "", method: answer.method })),
            hintTable(/** @type {import("./hints.js").HintAnswer} */ (answer), marked, mark),
            answer.notes.map((note) => h("p", { class: "hint-note" }, note)),
          ]
        : h("p", { class: "hint", role: "status" }, say("review.analyse.thinking")),
      h("h4", {}, say("review.analyse.judgement")),
      judged ?? h("p", { class: "hint", dataset: { noJudgement: "" } }, say("review.analyse.no-judgement")),
      h("button", { type: "button", class: "secondary", dataset: { action: "close-position" }, onclick: close }, say("review.analyse.close")),
    );
  }

  return {
    element,
    open,
    close,
    /**
     * Follow the review: the panel closes when the step shown is no longer its own.
     * @param {number | null} index the frame reviewed (null: no review)
     */
    follow(index) {
      if (step !== null && index !== step) close();
    },
  };
}
