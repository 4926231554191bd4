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

const NUMBER = "(\\d+(?:\\.\\d+)?)";
/** The notation's forms, as gamehall.play.clock reads them. */
const FORMS = {
  fischer: new RegExp(`^fischer:${NUMBER}(?:\\+${NUMBER})?$`),
  delay: new RegExp(`^delay:${NUMBER}\\+${NUMBER}(/pt)?$`),
  byoyomi: new RegExp(`^byoyomi:${NUMBER}\\+(\\d+)x${NUMBER}$`),
};

/**
 * A time control written as the API writes it ("fischer:300+5", "delay:12+60/pt",
 * "byoyomi:600+5x30") read into its parts; null when the text is no time control.
 * @param {string} text
 * @returns {ClockControl | null}
 */
export function clockControl(text) {
  const written = text.trim().toLowerCase();
  const none = { increment: 0, delay: 0, per_point: false, periods: 0, period: 0 };
  const fischer = FORMS.fischer.exec(written);
  if (fischer) return { ...none, kind: "fischer", initial: Number(fischer[1]), increment: Number(fischer[2] ?? 0) };
  const delay = FORMS.delay.exec(written);
  if (delay) return { ...none, kind: "delay", initial: Number(delay[2]), delay: Number(delay[1]), per_point: Boolean(delay[3]) };
  const byoyomi = FORMS.byoyomi.exec(written);
  if (byoyomi) return { ...none, kind: "byoyomi", initial: Number(byoyomi[1]), periods: Number(byoyomi[2]), period: Number(byoyomi[3]) };
  return null;
}

/** A time control's text in the reader's words (the text as it is if it is no time control). */
export function clockText(/** @type {string} */ text) {
  const control = clockControl(text);
  return control ? clockWords(control) : text;
}
