// @ts-check
// The two clocks, counting down between the server's updates. The server is the authority: each
// update carries both clocks (gamehall.play.clock.ClockSnapshot), and the running one is
// advanced here by the time since that update arrived. The control's parts (a delay's free
// seconds, a byoyomi period) come from the server too, in the settings' `control`: nothing here
// reads a control's text.

import { clockText } from "../dom.js";
import { say } from "../say.js";

/** @typedef {import("../types.js").ClockSnapshot} ClockSnapshot */
/** @typedef {import("../api-types.js").ClockControl} ClockControl the control's parts, as the server sends them */

/**
 * What a side's clock shows `since` seconds after the snapshot.
 * @param {ClockControl | null} control the match settings' `control` (null: no clock)
 * @param {ClockSnapshot} snapshot
 * @param {number} side
 * @param {number} since
 * @returns {{main: string, extra: string, seconds: number, running: boolean, low: boolean}}
 */
export function clockFace(control, snapshot, side, since) {
  const running = snapshot.running === side && snapshot.flagged === null;
  const spent = running ? since : 0;
  let remaining = snapshot.remaining[side];
  let extra = "";
  if (control?.kind === "delay") {
    const elapsed = snapshot.running === side ? snapshot.elapsed + spent : 0;
    const delayLeft = Math.max(control.delay - elapsed, 0);
    const before = Math.max(snapshot.elapsed - control.delay, 0);
    remaining -= running ? Math.max(elapsed - control.delay, 0) - before : 0;
    extra = running ? say("game.clock.delay", { seconds: Math.ceil(delayLeft) }) : "";
  } else {
    remaining -= spent;
  }
  let shown = Math.max(remaining, 0);
  if (control?.kind === "byoyomi") {
    // The remaining time counts the main time and every period left: show them apart.
    const periods = Math.min(snapshot.periods[side], Math.ceil(shown / control.period));
    const main = shown - snapshot.periods[side] * control.period;
    shown = main > 0 ? main : shown - Math.max(periods - 1, 0) * control.period;
    extra = periods ? say("game.clock.periods", { periods, seconds: control.period }) : "";
  }
  const seconds = shown;
  return {
    main: snapshot.flagged === side ? "0:00" : clockText(seconds),
    extra,
    seconds,
    running,
    low: seconds < 20,
  };
}
