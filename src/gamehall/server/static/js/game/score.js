// @ts-check
// A match's points as the page writes them: a half point as ½ ("½–½ to 1", "2½").

/** @param {number} points */
export function pointsWord(points) {
  return String(points).replace(/\.5$/, "½").replace(/^0½$/, "½");
}

/** @param {number[]} score the two seats' points, in seat order */
export function scoreWord(score) {
  return score.map(pointsWord).join("–");
}
