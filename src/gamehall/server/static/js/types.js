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

/**
 * An event of a match's log.
 * @typedef {object} MatchEvent
 * @property {string} kind
 * @property {number | null} player
 * @property {Record<string, any>} data
 * @property {Record<string, any>} outcome
 * @property {boolean} [derived] made by the match itself, not asked for by a player
 */

/**
 * Both clocks at one instant (gamehall.play.clock.ClockSnapshot).
 * @typedef {object} ClockSnapshot
 * @property {number[]} remaining
 * @property {number[]} periods
 * @property {number | null} running
 * @property {number} elapsed
 * @property {number | null} flagged
 */

/**
 * A tables position as the state sends it: each seat's 26 counts in its own numbering (0 borne
 * off, 1-24 the points, 25 the bar), each seat's pip count, and the map of one seat's point
 * numbers onto the other's (so that both are drawn on one board).
 * @typedef {object} TablesPosition
 * @property {number[][]} checkers
 * @property {number[]} pips
 * @property {number[]} opposite where a player's point q is in the other player's numbering
 * @property {string} [id]
 */

/**
 * The match as a front end shows it (Match.state()): the fields of both families of games.
 * @typedef {object} State
 * @property {string} game
 * @property {string[]} players
 * @property {number} length
 * @property {number[]} score
 * @property {number} game_number
 * @property {string} phase
 * @property {number | null} to_act
 * @property {number | null} winner
 * @property {string | null} end_reason
 * @property {ClockSnapshot} [clocks]
 * @property {number} [on_roll] tables
 * @property {number[] | null} [dice] tables
 * @property {number[]} [dice_used] tables: the dice the turn's single moves have played
 * @property {number[] | null} [dice_left] tables: the dice not yet played
 * @property {string[]} [moves] tables: the single moves of the turn; renju: the stones
 * @property {TablesPosition} [position] tables: the board as it stands now
 * @property {TablesPosition} [turn_start] tables, during a turn: the board at its start
 * @property {number[]} [pips] tables: each seat's pip count now
 * @property {{value: number, owner: number | null, next: number | null}} [cube] backgammon:
 *   the stake, who owns the cube (null: in the middle) and the stake a double would make (null:
 *   the cube cannot be turned further)
 * @property {boolean} [crawford] backgammon
 * @property {number | null} [doubled_by] backgammon
 * @property {string[]} [colours] nardy: each seat's colour
 * @property {{player: number, value: number}} [resign_offer] backgammon
 * @property {number | null} [black] renju: the seat playing Black
 * @property {Record<string, string>} [stones] renju: each stone's colour by point
 * @property {string} [turn] renju: "black" or "white"
 * @property {number | null} [draw_offer] renju
 * @property {Record<string, string>} [forbidden] renju: Black's forbidden points and why
 * @property {{winner: string | null, reason: string} | null} [result] renju
 * @property {Record<string, string>} [options] renju
 * @property {string[]} [five] renju: the stones of the five that won the game on the board
 * @property {{rule: string, first: number, step: string, choices: string[], count?: number, offers?: string[]} | null} [opening]
 *   renju: an opening rule's stones and choices (Swap2) while they are being made
 * @property {LastGame} [last_game] the game finished last, as it ended
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
 * @property {Record<string, string>} [stones] renju
 * @property {string[]} [moves] renju
 * @property {string[]} [five] renju
 */

/**
 * A single checker move the player to move may make (points in his own numbering).
 * @typedef {object} LegalMove
 * @property {number} src
 * @property {number} dst
 * @property {number} die
 * @property {boolean} hit
 */

/**
 * What the player to move in a tables game may play.
 * @typedef {object} Legal
 * @property {LegalMove[]} moves
 * @property {string[]} plays
 */

/**
 * A message of the match's WebSocket.
 * @typedef {object} SocketMessage
 * @property {string} type "hello", "update", "presence", "error" or "pong"
 * @property {number | null} [you]
 * @property {Seat[]} [players]
 * @property {State} [state]
 * @property {MatchEvent[]} [events]
 * @property {string[]} [actions]
 * @property {Legal | null} [legal]
 * @property {boolean[]} [connected]
 * @property {{player: number, deadline: number} | null} [grace]
 * @property {string} [message]
 * @property {number} [time]
 */

/**
 * A page of the single page app: it fills `root`, and may return what stops it (timers, a
 * socket) when another page replaces it.
 * @typedef {(root: HTMLElement) => (() => void) | void} Page
 */

export {};
