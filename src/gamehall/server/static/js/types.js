// @ts-check
// The shapes of what the server sends and takes (docs/protocol.md), for the type-check
// (`tsc --noEmit`, see jsconfig.json): JSDoc only, nothing runs here.

/**
 * The dict form of gamehall.play.settings.MatchSettings.
 * @typedef {object} MatchSettings
 * @property {string} game
 * @property {number} length
 * @property {string | null} [clock]
 * @property {string} [dice] "secure" or "fair"
 * @property {boolean | null} [crawford]
 * @property {boolean} [jacoby]
 * @property {boolean} [beavers]
 * @property {number | null} [cube_cap]
 * @property {string} [first_move] "alternate" or "winner"
 * @property {string} [surrender_value] "oin" or "mars"
 * @property {Record<string, string>} options
 */

export {};
