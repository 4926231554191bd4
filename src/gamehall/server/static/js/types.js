// @ts-check
// The shapes of what the server sends and takes (docs/protocol.md), for the type-check
// (`tsc --noEmit`, see jsconfig.json): JSDoc only, nothing runs here.

// The bodies of the HTTP API come from the server's schemas (api-types.js, generated): these
// names are the front end's for them.
/** @typedef {import("./api-types.js").SettingsOutput} MatchSettings a match's settings, all there */
/** @typedef {import("./api-types.js").SettingsInput} SettingsBody settings sent: defaults left out */
/** @typedef {import("./api-types.js").UserView} User */
/** @typedef {import("./api-types.js").SeekView} Seek */
/** @typedef {import("./api-types.js").ChallengeView} Challenge */
/** @typedef {import("./api-types.js").Seat} Seat */
/** @typedef {import("./api-types.js").MatchView} MatchSummary */

// The views of a match and the messages of the WebSockets come from the server's schemas too
// (the protocol's, `/api/protocol.json`): the socket's messages are a union tagged by `type`.
/** @typedef {import("./api-types.js").LoggedEvent} MatchEvent an event of a match's log */
/** @typedef {import("./api-types.js").ClockReadings} ClockSnapshot both clocks at one instant */
/** @typedef {import("./api-types.js").PositionView} TablesPosition a tables board as sent */
/** @typedef {import("./api-types.js").LegalMove} LegalMove */
/** @typedef {import("./api-types.js").Legal} Legal */
/** @typedef {import("./api-types.js").MatchServerMessage} SocketMessage a match socket's message */
/** @typedef {import("./api-types.js").MatchClientMessage} SocketFrame what a match socket takes */

/** @typedef {import("./api-types.js").PlayerEntry} Player a seat as the hello lists it */

/**
 * The match as a front end shows it (`play.views.state_of`), read as one shape: the fields
 * every game has, and those of a tables game or of renju where the game has them. The last
 * game and renju's opening are still plain objects in the play layer's views: their shapes
 * are written here (`LastGame`, `Opening`) until the views type them.
 * @typedef {Pick<import("./api-types.js").TablesState, CommonKey>
 *   & Partial<Omit<import("./api-types.js").TablesState, "last_game">>
 *   & Partial<Omit<import("./api-types.js").RenjuState, "last_game" | "opening">>
 *   & {last_game?: LastGame, opening?: Opening | null}} State
 */

/**
 * Renju's opening rule while its stones and choices are being made (Swap2 and the others).
 * @typedef {object} Opening
 * @property {string} rule
 * @property {number} first
 * @property {string} step
 * @property {string[]} choices
 * @property {number} [count]
 * @property {string[]} [offers]
 */
/**
 * @typedef {"game" | "players" | "length" | "score" | "game_number" | "phase" | "to_act"
 *   | "winner" | "end_reason"} CommonKey
 */

/**
 * The game finished last, as it ended (the next game starts at once on the server).
 * @typedef {object} LastGame
 * @property {number} number
 * @property {number | null} winner
 * @property {string} reason
 * @property {number[]} score
 * @property {number} [points] tables
 * @property {string} [kind] tables: single, gammon, backgammon, oin, mars, draw
 * @property {number} [cube] backgammon: the cube's value
 * @property {number | null} [cube_owner] backgammon
 * @property {TablesPosition | null} [position] tables: the final board
 * @property {number | null} [black] renju: the seat that had Black
 * @property {Record<string, "black" | "white">} [stones] renju
 * @property {string[]} [moves] renju
 * @property {string[]} [five] renju
 */

/**
 * A page of the single page app: it fills `root`, and may return what stops it (timers, a
 * socket) when another page replaces it.
 * @typedef {(root: HTMLElement) => (() => void) | void} Page
 */

export {};
