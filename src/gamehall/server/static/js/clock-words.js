/** A time control in the reader's words ("5 min + 5 s"), built from its typed parts. */
import { say } from "./say.js";

/** @typedef {import("./api-types.js").ClockControl} ClockControl */

/** Seconds in the reader's words: whole minutes as minutes, anything else as seconds. */
export function durationWords(/** @type {number} */ seconds) {
  return seconds >= 60 && seconds % 60 === 0
    ? say("clock.minutes", { count: seconds / 60 })
    : say("clock.seconds", { count: seconds });
}

/** A clock's parts in words: "5 min + 5 s", "12 s per point + 1 min delay", "10 min + 5 × 30 s". */
export function clockWords(/** @type {ClockControl} */ control) {
  const initial = durationWords(control.initial);
  if (control.kind === "fischer") return say("clock.fischer", { initial, increment: durationWords(control.increment) });
  if (control.kind === "byoyomi")
    return say("clock.byoyomi", { initial, periods: control.periods, period: durationWords(control.period) });
  const key = control.per_point ? "clock.delay.per-point" : "clock.delay";
  return say(key, { initial, delay: durationWords(control.delay) });
}
