// @ts-check
// The tournaments' and ratings' API answers (docs/protocol.md): generated from the server's
// schemas in api-types.js; these are the names the competition pages use for them.

/**
 * @typedef {import("../api-types.js").ResultView} ResultView
 * @typedef {import("../api-types.js").PairingView} PairingView
 * @typedef {import("../api-types.js").StandingView} StandingView
 * @typedef {import("../api-types.js").StandingsView} StandingsView
 * @typedef {import("../api-types.js").TournamentView} TournamentView
 * @typedef {import("../api-types.js").TournamentDetail} TournamentDetail
 * @typedef {import("../api-types.js").RatingView} RatingView
 * @typedef {import("../api-types.js").HistoryPointView} HistoryPoint
 */

export {};
