// @ts-check
// Short tones made by the Web Audio API (no sound files): a chime for notices, a click for a
// move. Silent where the browser allows no sound yet (before the reader has touched the page).

/** @type {AudioContext | null} */
let audio = null;

/**
 * Play `notes` (frequencies in Hz) one after the other, each `length` seconds long.
 * @param {number[]} notes
 * @param {number} [length]
 * @param {number} [volume]
 */
export function tones(notes, length = 0.14, volume = 0.08) {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    notes.forEach((frequency, i) => {
      if (!audio) return;
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      const at = start + i * (length + 0.01);
      gain.gain.setValueAtTime(volume, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + length);
      tone.connect(gain).connect(audio.destination);
      tone.start(at);
      tone.stop(at + length + 0.01);
    });
  } catch {
    // no sound here: what it marks is shown all the same
  }
}
