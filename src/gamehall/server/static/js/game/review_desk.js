// @ts-check
// The game page's review of a finished match, put together: the button that starts it (or a
// click on a line of the move list, which starts it at that line's step), the bar and its keys,
// the move list's marks, the state the header and the cards draw while reviewing, and the
// analysis of the position reviewed (position.js). The page keeps the review in `game.review`
// (the browser tests read it) and draws the board from it.

import { errorText, get } from "../api.js";
import { h } from "../dom.js";
import { say } from "../say.js";
import { positionPanel } from "./position.js";
import { reviewBar } from "./review.js";
import { currentLines, frameOf, keyStep } from "./review_nav.js";

/**
 * @typedef {import("./review.js").Frame} Frame
 * @typedef {import("../pages/game.js").PageGame} PageGame
 * @typedef {import("./hints.js").HintMark} HintMark
 */

/**
 * @param {{game: PageGame, render: () => void, toast: (message: string) => void,
 *   judgements: (frame: number) => HTMLElement[] | null, mark: (mark: HintMark, seat: number) => void}} page
 *   `judgements` are the match analysis's of a frame; `mark` draws an engine's choice on the
 *   board seen from `seat`
 */
export function reviewDesk({ game, render, toast, judgements, mark }) {
  const position = positionPanel({ matchId: game.id, judgements, show: mark });

  /**
   * Review the finished match, from its start or from the step of event `seq`.
   * @param {number} [seq]
   */
  async function start(seq) {
    try {
      if (!game.review) {
        /** @type {import("../api-types.js").ReviewAnswer} */
        const answer = await get(`/api/matches/${encodeURIComponent(game.id)}/review`);
        game.review = { frames: /** @type {Frame[]} */ (answer.frames), steps: answer.steps, index: 0 };
      }
      if (seq !== undefined) game.review.index = frameOf(game.review.frames, seq);
      render();
    } catch (error) {
      toast(errorText(error));
    }
  }

  /** @param {number} index */
  function go(index) {
    if (!game.review) return;
    game.review.index = index;
    render();
  }

  return {
    /** the analysis of the position reviewed, to be placed under the bar */
    panel: position.element,
    start,
    /** What a finished match's move list does: a line goes to its step; the step's lines marked. */
    nav: {
      pick: (/** @type {number} */ seq) => start(seq),
      current: (/** @type {number[]} */ seqs) => (game.review ? currentLines(game.review.frames, game.review.steps, game.review.index, seqs) : []),
    },
    /** The state of the step reviewed, or null outside a review. */
    shown() {
      return game.review ? game.review.frames[game.review.index].state : null;
    },
    /** The bar while reviewing, else the button that starts a review of a finished match. */
    bar() {
      const review = game.review;
      position.follow(review ? review.index : null);
      if (!review) {
        return game.state?.phase === "over"
          ? h("button", { type: "button", class: "review-start", dataset: { action: "review" }, onclick: () => start() }, say("review.start"))
          : null;
      }
      return reviewBar({
        frames: review.frames,
        steps: review.steps,
        index: review.index,
        you: game.you,
        go,
        close: () => {
          game.review = null;
          render();
        },
        analyse: () => position.open(review.index, review.frames[review.index].state.players),
      });
    },
    /** @param {KeyboardEvent} event the review's keys (review_nav.js) */
    onKey(event) {
      const review = game.review;
      if (!review || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLSelectElement) return;
      const index = keyStep(event, review.index, review.frames.length, review.steps);
      if (index === null) return;
      event.preventDefault();
      go(index);
    },
  };
}
