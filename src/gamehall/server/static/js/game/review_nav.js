// @ts-check
// Where the review goes: by turn (the server's grouping of the frames: a roll, its checkers and
// the confirmation at once; one renju stone), by single action, by game, or to a move of the
// move list. Only indices here: the server said which frames end a turn and where each game
// begins (GET /api/matches/{id}/review's `steps`), so nothing of a game's rules is worked out.

/**
 * @typedef {import("../api-types.js").ReviewStepsView} Steps
 * @typedef {{seq: number}} Sequenced a frame, as far as the move list is concerned
 */

/**
 * The next frame a step by turn stops at after `index` (the last frame at the end).
 * @param {Steps} steps
 * @param {number} index
 * @param {number} count the number of frames
 */
export function nextTurn(steps, index, count) {
  return steps.turns.find((turn) => turn > index) ?? count - 1;
}

/**
 * The frame a step by turn stops at before `index` (the first frame at the start).
 * @param {Steps} steps
 * @param {number} index
 */
export function previousTurn(steps, index) {
  return steps.turns.findLast((turn) => turn < index) ?? 0;
}

/**
 * Which of the games (their place in `steps.games`) frame `index` belongs to.
 * @param {Steps} steps
 * @param {number} index
 */
export function gameAt(steps, index) {
  const at = steps.games.findIndex((game) => game.first <= index && index <= game.last);
  return Math.max(at, 0);
}

/**
 * The first frame of the next game, or the last frame in the last game.
 * @param {Steps} steps
 * @param {number} index
 * @param {number} count
 */
export function nextGame(steps, index, count) {
  return steps.games[gameAt(steps, index) + 1]?.first ?? count - 1;
}

/**
 * The first frame of this game, or of the game before when already there.
 * @param {Steps} steps
 * @param {number} index
 */
export function previousGame(steps, index) {
  const at = gameAt(steps, index);
  const first = steps.games[at]?.first ?? 0;
  return index > first ? first : (steps.games[at - 1]?.first ?? 0);
}

/**
 * The index a key moves to, or null for a key that is not the review's: ← and → a turn, with
 * Shift one action; Page Up and Page Down a game; Home and End the match's start and end.
 * @param {{key: string, shiftKey: boolean}} event
 * @param {number} index
 * @param {number} count
 * @param {Steps} steps
 */
export function keyStep({ key, shiftKey }, index, count, steps) {
  if (key === "ArrowLeft") return shiftKey ? Math.max(0, index - 1) : previousTurn(steps, index);
  if (key === "ArrowRight") return shiftKey ? Math.min(count - 1, index + 1) : nextTurn(steps, index, count);
  if (key === "PageUp") return previousGame(steps, index);
  if (key === "PageDown") return nextGame(steps, index, count);
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * The frame that shows the event `seq` done: the first frame at or after it.
 * @param {Sequenced[]} frames
 * @param {number} seq
 */
export function frameOf(frames, seq) {
  const at = frames.findIndex((frame) => frame.seq >= seq);
  return at < 0 ? frames.length - 1 : at;
}

/**
 * The move list's lines (by their events' seq) that stand for frame `index`: those of the turn
 * it is part of (the last line at or before the turn's end).
 * @param {Sequenced[]} frames
 * @param {Steps} steps
 * @param {number} index
 * @param {number[]} seqs the lines' events
 */
export function currentLines(frames, steps, index, seqs) {
  const end = steps.turns.find((turn) => turn >= index) ?? frames.length - 1;
  const at = seqs.map((seq) => frameOf(frames, seq));
  const target = Math.max(-1, ...at.filter((frame) => frame <= end));
  return seqs.filter((_, i) => at[i] === target && target >= 0);
}
