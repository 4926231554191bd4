// @ts-check
// The bodies of the HTTP API and the messages of the WebSockets, generated from the server's
// OpenAPI schemas and its protocol's by
// `python -m gamehall.server.jstypes`: do not edit (`make lint` fails when it is stale).
// JSDoc only, for the type-check; nothing runs here.

/**
 * Accepting a seek or a challenge; the body may be left out.
 * @typedef {object} AcceptBody
 * @property {string | null} [seed]
 */

/**
 * What holds against a player now.
 * @typedef {object} AccountStanding
 * @property {string} player
 * @property {boolean} operator
 * @property {boolean} banned
 * @property {string | null} muted_until
 * @property {boolean} engine_assisted
 * @property {number} warnings
 */

/**
 * The action is done; the game stream carries what followed.
 * @typedef {object} Acted
 * @property {true} ok
 */

/**
 * A player's action: its ``kind`` (an action of the play layer, or ``claim_abandoned``), its
 * ``data`` and a ``ref`` of the player's own, given back with an error.
 * @typedef {object} ActionFrame
 * @property {"action"} type
 * @property {string} kind
 * @property {Record<string, JsonValue>} [data]
 * @property {JsonValue} [ref]
 */

/**
 * One operator's action: when, who, what, to whom, why.
 * @typedef {object} ActionView
 * @property {string} at
 * @property {string} by
 * @property {"ban" | "close-report" | "end-match" | "mark-engine" | "mute" | "operator" | "unban" | "unmark-engine" | "unmute" | "warn"} action
 * @property {string} subject
 * @property {string} reason
 */

/**
 * The operators' latest actions, the newest first.
 * @typedef {object} Actions
 * @property {ActionView[]} actions
 */

/**
 * A match against the house engine: the game, the engine's level (``random`` is the fastest), the
 * match's other settings (their ``game``, if given, must be this one), the seat the bot takes and
 * its own fair-dice seed.
 * @typedef {object} AiChallengeBody
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 * @property {"advanced" | "beginner" | "expert" | "intermediate" | "random" | "world-class"} [level]
 * @property {SettingsInput} [settings]
 * @property {0 | 1} [side]
 * @property {string | null} [seed]
 */

/**
 * The process lives.
 * @typedef {object} Alive
 * @property {string} status
 * @property {string} version
 */

/**
 * A player's average figure in one game over his last ``matches`` analysed matches: ``error_rate``
 * (mEMG a decision, lower is better) or renju's ``accuracy`` (%).
 * @typedef {object} AnalysedView
 * @property {string} game
 * @property {"accuracy" | "error_rate"} kind
 * @property {number} matches
 * @property {number} average
 */

/**
 * A match's analysis: ``none`` asked for yet, ``running`` (``done`` of ``total`` decisions judged;
 * 0 of 0 while it waits its turn), ``done`` (``tables`` or ``renju`` holds it, made at ``made_at``
 * looking ``depth`` deep: plies, or seconds a move in renju) or ``failed`` (``reason`` says why;
 * asking again begins it again).
 * @typedef {object} AnalysisAnswer
 * @property {string} match_id
 * @property {"done" | "failed" | "none" | "running"} status
 * @property {number} done
 * @property {number} total
 * @property {string | null} reason
 * @property {number | null} depth
 * @property {string | null} made_at
 * @property {TablesResult | null} tables
 * @property {RenjuResult | null} renju
 */

/**
 * An answer: a renju ``move`` after the ``line`` played so far (the solver's moves and the replies,
 * alternating), a tables play as its single ``moves``, or a ``cube`` action.
 * @typedef {object} AnswerRequest
 * @property {string[]} [line]
 * @property {string | null} [move]
 * @property {[number, number][] | null} [moves]
 * @property {string | null} [cube]
 */

/**
 * The arena as it stands: on connecting and whenever it changes.
 * @typedef {object} ArenaBoard
 * @property {"arena"} type
 * @property {number} tournament
 * @property {"finished" | "open" | "running"} status
 * @property {ArenaView} arena
 */

/**
 * What a client sends on an arena socket.
 * @typedef {Ping} ArenaClientMessage
 */

/**
 * One game of the arena, with its match.
 * @typedef {object} ArenaGameView
 * @property {number} number
 * @property {string} first
 * @property {string} second
 * @property {"+-" | "-+" | "--" | "0-1" | "1-0" | "1/2-1/2" | null} result
 * @property {string | null} match_id
 * @property {number[] | null} score
 */

/**
 * A player's line on the leaderboard.
 * @typedef {object} ArenaRowView
 * @property {number} rank
 * @property {string} player
 * @property {number} score
 * @property {number} games
 * @property {number} wins
 * @property {boolean} fire
 * @property {boolean} paused
 * @property {boolean} playing
 * @property {SheetMarkView[]} sheet
 */

/**
 * What the server sends on an arena socket.
 * @typedef {ArenaBoard | SocketError | Pong} ArenaServerMessage
 */

/**
 * An arena as it stands: its times (ISO 8601; null before it starts), whether it is over, the
 * leaderboard, and the games under way and the latest finished, newest first.
 * @typedef {object} ArenaView
 * @property {number} duration
 * @property {string | null} started_at
 * @property {string | null} closes_at
 * @property {string | null} ends_at
 * @property {string} now
 * @property {boolean} finished
 * @property {ArenaRowView[]} leaderboard
 * @property {ArenaGameView[]} games
 * @property {string | null} winner
 */

/**
 * One rated attempt of the solver's.
 * @typedef {object} AttemptView
 * @property {number} puzzle_id
 * @property {boolean} solved
 * @property {number} rating_before
 * @property {number} rating_after
 * @property {string} at
 */

/**
 * A tables player's errors by band.
 * @typedef {object} BandCounts
 * @property {number} doubtful
 * @property {number} error
 * @property {number} blunder
 */

/**
 * The players I block, by name: they can neither message nor challenge me.
 * @typedef {object} Blocks
 * @property {string[]} names
 */

/**
 * The single moves of a tables play made so far (``[point, die]`` each).
 * @typedef {object} BoardRequest
 * @property {[number, number][]} moves
 */

/**
 * A bot's action in its match: the kind and data of a match socket's ``action`` frame.
 * @typedef {object} BotAction
 * @property {string} kind
 * @property {Record<string, JsonValueInput>} [data]
 */

/**
 * A challenge of a player by name: the match's settings, rated or not, and the challenger's own
 * fair-dice seed.
 * @typedef {object} BotChallengeBody
 * @property {SettingsInput} [settings]
 * @property {boolean} [rated]
 * @property {string | null} [seed]
 */

/**
 * One ranked choice (``engines.hints.Candidate``): the move, its figures in words, and for the
 * tables games the equity, its difference to the best, the probabilities by name, the ply and the
 * single moves ``[src, dst]`` in the asker's numbering; for renju the score.
 * @typedef {object} CandidateView
 * @property {string} move
 * @property {string} text
 * @property {number | null} equity
 * @property {number | null} difference
 * @property {Record<string, number>} probabilities
 * @property {number | null} ply
 * @property {[number, number][]} steps
 * @property {number | null} score
 */

/**
 * The user's challenge was accepted by ``opponent``: the match has started (``rated``: it changes
 * both players' ratings).
 * @typedef {object} ChallengeAccepted
 * @property {"challenge_accepted"} type
 * @property {string} match_id
 * @property {string} opponent
 * @property {Settings} settings
 * @property {boolean} rated
 */

/**
 * An invitation of one player.
 * @typedef {object} ChallengeBody
 * @property {string} opponent
 * @property {SettingsInput} settings
 * @property {boolean} [rated]
 * @property {string | null} [seed]
 */

/**
 * The user's challenge was declined by ``opponent``: no match starts.
 * @typedef {object} ChallengeDeclined
 * @property {"challenge_declined"} type
 * @property {string} opponent
 * @property {Settings} settings
 * @property {boolean} rated
 */

/**
 * The event stream: a challenge made to this account, open until answered.
 * @typedef {object} ChallengeLine
 * @property {"challenge"} type
 * @property {ChallengeView} challenge
 */

/**
 * An invitation from one player to another.
 * @typedef {object} ChallengeView
 * @property {number} id
 * @property {string} from
 * @property {string} to
 * @property {SettingsOutput} settings
 * @property {"accepted" | "declined" | "open" | "withdrawn"} status
 * @property {boolean} rated
 * @property {string} created_at
 * @property {string | null} answered_at
 * @property {boolean} from_bot
 * @property {boolean} to_bot
 */

/**
 * @typedef {object} Challenges
 * @property {ChallengeView[]} challenges
 */

/**
 * A challenge to or from the user was made, declined or withdrawn: read them again.
 * @typedef {object} ChallengesChanged
 * @property {"challenges"} type
 */

/**
 * What a client sends on a chat socket.
 * @typedef {Say} ChatClientMessage
 */

/**
 * What was said could not be sent, and why: the reason's stable code (``chat-empty``,
 * ``chat-too-fast``...) and the words in the reader's language.
 * @typedef {object} ChatError
 * @property {"error"} type
 * @property {string | null} code
 * @property {string} message
 */

/**
 * The first message: the room (the players' or the spectators'), whether the socket may write, and
 * the room's last messages.
 * @typedef {object} ChatHello
 * @property {"hello"} type
 * @property {"players" | "spectators"} room
 * @property {boolean} can_write
 * @property {ChatLine[]} messages
 */

/**
 * A message said in the room: its id (by which a player reports it), who said it, the text, and
 * when (server time).
 * @typedef {object} ChatLine
 * @property {"chat"} type
 * @property {string} id
 * @property {string} from
 * @property {string} text
 * @property {number} time
 */

/**
 * What the server sends on a chat socket.
 * @typedef {ChatHello | ChatLine | ChatError} ChatServerMessage
 */

/**
 * A line said in a game's chat, by its id (``ChatLine.id``).
 * @typedef {object} ChatSubject
 * @property {"chat"} kind
 * @property {string} match_id
 * @property {string} line_id
 */

/**
 * One dependency's state: whether it is ready, and if not, why.
 * @typedef {object} Check
 * @property {boolean} ready
 * @property {string} detail
 */

/**
 * One of a tables decision's choices: the play or cube action and its equity (EMG).
 * @typedef {object} ChoiceView
 * @property {string} move
 * @property {number} equity
 */

/**
 * A time control's parts: 0 where its kind has none.
 * @typedef {object} ClockControl
 * @property {"byoyomi" | "delay" | "fischer"} kind
 * @property {number} initial
 * @property {number} increment
 * @property {number} delay
 * @property {boolean} per_point
 * @property {number} periods
 * @property {number} period
 */

/**
 * ``ClockSnapshot.to_dict()``: what a front end reads of both clocks.
 * @typedef {object} ClockReadings
 * @property {number[]} remaining
 * @property {number[]} periods
 * @property {number | null} running
 * @property {number} elapsed
 * @property {number | null} flagged
 */

/**
 * How the reports on a subject were resolved.
 * @typedef {object} CloseReport
 * @property {string} resolution
 */

/**
 * A match against the computer; ``side`` is the seat the person takes (0 or 1).
 * @typedef {object} ComputerBody
 * @property {SettingsInput} settings
 * @property {"advanced" | "beginner" | "expert" | "intermediate" | "random" | "world-class"} [level]
 * @property {string | null} [engine]
 * @property {0 | 1} [side]
 * @property {string | null} [seed]
 */

/**
 * A house engine the director enters in his tournament: the level it plays at.
 * @typedef {object} ComputerEntryBody
 * @property {"advanced" | "beginner" | "expert" | "intermediate" | "random" | "world-class"} level
 */

/**
 * The levels the computer plays each game at, weakest first, and the external engines offered for
 * each game (none unless the operator configures some).
 * @typedef {object} ComputerLevels
 * @property {Record<string, ("advanced" | "beginner" | "expert" | "intermediate" | "random" | "world-class")[]>} levels
 * @property {Record<string, ExternalEngineView[]>} engines
 */

/**
 * The messages between me and ``name``, oldest first (a page of them: ``older`` says whether there
 * are earlier ones), and whether I block him.
 * @typedef {object} ConversationAnswer
 * @property {string} name
 * @property {MessageView[]} messages
 * @property {boolean} older
 * @property {boolean} blocked
 */

/**
 * A conversation with ``name``: its latest message and how many to me are unread.
 * @typedef {object} ConversationView
 * @property {string} name
 * @property {MessageView} last
 * @property {number} unread
 */

/**
 * My conversations, the latest first, and how many messages to me are unread in all.
 * @typedef {object} Conversations
 * @property {ConversationView[]} conversations
 * @property {number} unread
 */

/**
 * A name and a password (register, log in).
 * @typedef {object} Credentials
 * @property {string} name
 * @property {string} password
 */

/**
 * The stake, who owns the cube (None: the middle) and what a double would make (None: the cube
 * cannot be turned further).
 * @typedef {object} CubeView
 * @property {number} value
 * @property {number | null} owner
 * @property {number | null} next
 */

/**
 * A finished game's dice record and the server's check of it.
 * @typedef {object} DiceAnswer
 * @property {number} game
 * @property {DiceRecordView} record
 * @property {Verification} verification
 */

/**
 * A game's provably fair dice (``docs/fair-dice.md``).
 * @typedef {object} DiceRecordView
 * @property {number} version
 * @property {string} server_seed_hash
 * @property {string | null} server_seed
 * @property {string[]} client_seeds
 * @property {Roll[]} rolls
 */

/**
 * Done; nothing to tell.
 * @typedef {Record<string, any>} Empty
 */

/**
 * An operator's end of a stuck match: who loses (a seat, 0 or 1, or a player's name) and why (kept
 * in the operators' record).
 * @typedef {object} EndMatch
 * @property {number | string} loser
 * @property {string} reason
 */

/**
 * Mark a player as engine-assisted (``marked``) or take the mark off, and why.
 * @typedef {object} EngineMark
 * @property {boolean} marked
 * @property {string} reason
 */

/**
 * The engines' queue of this process, the longest waiting first.
 * @typedef {object} EngineQueue
 * @property {QueuedDecisionView[]} waiting
 */

/**
 * One event of a match's log (``Event.to_dict``); keys without a value are left out.
 * @typedef {object} EventView
 * @property {number} seq
 * @property {string} kind
 * @property {number | null} player
 * @property {number} time
 * @property {Record<string, any>} data
 * @property {Record<string, any>} outcome
 * @property {boolean} derived
 * @property {Record<string, any> | null} clocks
 */

/**
 * An external engine the operator offers: its id, its name and its level, as the operator wrote
 * them.
 * @typedef {object} ExternalEngineView
 * @property {string} id
 * @property {string} name
 * @property {string} level
 */

/**
 * A player the user follows has come online.
 * @typedef {object} FollowedOnline
 * @property {"followed_online"} type
 * @property {string} name
 */

/**
 * A player the user follows has started a match: watch it at ``#/game/{match_id}``.
 * @typedef {object} FollowedPlaying
 * @property {"followed_playing"} type
 * @property {string} name
 * @property {string} match_id
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 * @property {string} opponent
 */

/**
 * A player I follow: whether he is online now, and the matches he is playing.
 * @typedef {object} FollowedView
 * @property {string} name
 * @property {boolean} bot
 * @property {boolean} online
 * @property {PlayingView[]} playing
 */

/**
 * The players I follow, by name.
 * @typedef {object} Following
 * @property {FollowedView[]} players
 */

/**
 * The event stream: a match of this account's is over.
 * @typedef {object} GameFinish
 * @property {"game_finish"} type
 * @property {string} match_id
 */

/**
 * One game's matches being played, and the accounts playing them.
 * @typedef {object} GamePlayingView
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 * @property {number} matches
 * @property {number} players
 */

/**
 * One page of the finished matches found, the last finished first; ``more``: another page follows.
 * @typedef {object} GameSearchAnswer
 * @property {MatchView[]} matches
 * @property {number} page
 * @property {boolean} more
 */

/**
 * The event stream: a match of this account's is being played (at the stream's start, each one
 * already under way). ``you`` is the account's seat; open ``/api/bot/game/stream/{match_id}`` to
 * play it.
 * @typedef {object} GameStart
 * @property {"game_start"} type
 * @property {string} match_id
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 * @property {number} you
 * @property {string} opponent
 */

/**
 * A player away: the seat, and when (Unix seconds) his opponent may claim the match.
 * @typedef {object} Grace
 * @property {number} player
 * @property {number} deadline
 */

/**
 * A point of the match's graph: after decision ``decision`` (an index of the decisions), the first
 * player's equity (money play), match winning chance (a match) or, in renju, chance to win.
 * @typedef {object} GraphPointView
 * @property {number} game
 * @property {number} move
 * @property {number} player
 * @property {number} value
 * @property {number} decision
 */

/**
 * @typedef {object} HTTPValidationError
 * @property {ValidationError[]} [detail]
 */

/**
 * The first message to a socket: its seat (``you``, null for a spectator), the players, the match's
 * state and its whole public log, and what the seat may do now.
 * @typedef {object} Hello
 * @property {"hello"} type
 * @property {string} match_id
 * @property {number | null} you
 * @property {PlayerEntry[]} players
 * @property {TablesState | RenjuState} state
 * @property {LoggedEvent[]} events
 * @property {number | null} clocks_wait
 * @property {string[]} actions
 * @property {Legal | null} legal
 */

/**
 * The engine's advice for the asker, on move: the choices best first.
 * @typedef {object} HintAnswer
 * @property {string} match_id
 * @property {number} seat
 * @property {string} game
 * @property {string} method
 * @property {CandidateView[]} candidates
 * @property {WinningView | null} winning
 * @property {string[]} notes
 * @property {Record<string, any> | null} cube
 */

/**
 * Whether the asker may ask for hints in this match at all (on his turns), and if not, why: the
 * game page shows its Hint button only where they are given.
 * @typedef {object} HintTerms
 * @property {boolean} allowed
 * @property {string | null} reason
 */

/**
 * @typedef {object} HistoryPointView
 * @property {string} at
 * @property {number} rating
 * @property {number} deviation
 * @property {string | null} match_id
 */

/**
 * @typedef {any} JsonValue
 */

/**
 * @typedef {any} JsonValueInput
 */

/**
 * @typedef {any} JsonValueOutput
 */

/**
 * Renju's bands (win probability lost) and the logistic curve's scale.
 * @typedef {object} JudgingView
 * @property {number} inaccuracy
 * @property {number} mistake
 * @property {number} scale
 */

/**
 * Either stream, every few seconds when nothing else was sent: the server's time (Unix seconds). A
 * client that hears nothing for much longer may reconnect.
 * @typedef {object} KeepAlive
 * @property {"keep_alive"} type
 * @property {number} time
 */

/**
 * A player's choice of language: one the hall offers, or null for his browser's.
 * @typedef {object} LanguageBody
 * @property {string | null} language
 */

/**
 * A language the hall offers: its catalog name, its HTML tag and its own name.
 * @typedef {object} LanguageChoice
 * @property {string} language
 * @property {string} tag
 * @property {string} name
 */

/**
 * @typedef {object} Leaderboard
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 * @property {RatingView[]} players
 */

/**
 * What the player to move in a tables game may play: the single checker moves that keep a whole
 * play possible (send ``move`` ``{src, die}``) and, before the first of them, every whole play
 * (send ``play`` ``{text}``).
 * @typedef {object} Legal
 * @property {LegalMove[]} moves
 * @property {string[]} plays
 */

/**
 * A single checker move in the mover's numbering (25 the bar, 0 off).
 * @typedef {object} LegalMove
 * @property {number} src
 * @property {number} dst
 * @property {number} die
 * @property {boolean} hit
 */

/**
 * What a client sends on a lobby socket.
 * @typedef {Ping} LobbyClientMessage
 */

/**
 * What the server sends on a lobby socket.
 * @typedef {SeekList | SeekChanges | Online | Playing | SocketError | Pong} LobbyServerMessage
 */

/**
 * An event of the match's log as the log keeps it (``Event.to_dict``): its place from 0, its kind,
 * the seat that acted (null: the referee), the match's time; the action's ``data`` and what
 * followed (``outcome``) when not empty, ``derived`` when the rules did it by themselves, both
 * ``clocks`` after it when the match has a clock (``docs/protocol.md``, the log's events, has each
 * kind's keys).
 * @typedef {object} LoggedEvent
 * @property {number} seq
 * @property {string} kind
 * @property {number | null} player
 * @property {number} time
 * @property {Record<string, JsonValue>} [data]
 * @property {Record<string, JsonValue>} [outcome]
 * @property {boolean} [derived]
 * @property {ClockReadings} [clocks]
 */

/**
 * A new session: who it is, and the CSRF token its changes must carry.
 * @typedef {object} LoggedIn
 * @property {UserView} user
 * @property {string} csrf_token
 * @property {string | null} language
 */

/**
 * A match's summary and its state now.
 * @typedef {object} MatchAnswer
 * @property {MatchView} match
 * @property {TablesState | RenjuState} state
 */

/**
 * What a client sends on a match's socket.
 * @typedef {ActionFrame | Ping} MatchClientMessage
 */

/**
 * The id of the match just started.
 * @typedef {object} MatchCreated
 * @property {string} match_id
 */

/**
 * Whether the match was ended now (False: it was over already).
 * @typedef {object} MatchEnded
 * @property {boolean} ended
 */

/**
 * A match's public log, ``Match.to_dict()``: ``Match.from_dict`` replays it.
 * @typedef {object} MatchRecord
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 * @property {SettingsOutput} settings
 * @property {string[]} players
 * @property {EventView[]} events
 */

/**
 * What the server sends on a match's socket.
 * @typedef {Hello | Update | Presence | RematchStarted | SocketError | Pong} MatchServerMessage
 */

/**
 * A match's settings as its page reads them: with the clock's parts beside its text.
 * @typedef {object} MatchSettingsView
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 * @property {number} length
 * @property {string | null} clock
 * @property {"fair" | "secure"} dice
 * @property {boolean | null} crawford
 * @property {boolean} jacoby
 * @property {boolean} beavers
 * @property {number | null} cube_cap
 * @property {"alternate" | "winner"} first_move
 * @property {"mars" | "oin"} surrender_value
 * @property {Record<string, string>} options
 * @property {ClockControl | null} control
 *   Sent, not read: the clock's parts, so that a page counts the clocks down without reading the
 *   control's text.
 */

/**
 * A stored match as lists and pages show it (no events).
 * @typedef {object} MatchView
 * @property {string} id
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 * @property {MatchSettingsView} settings
 * @property {Seat[]} players
 * @property {"aborted" | "over" | "playing"} status
 * @property {Summary} summary
 * @property {string} created_at
 * @property {string} updated_at
 */

/**
 * @typedef {object} Matches
 * @property {MatchView[]} matches
 */

/**
 * The session of the request: nulls when not logged in.
 * @typedef {object} Me
 * @property {UserView | null} user
 * @property {string | null} csrf_token
 * @property {string | null} language
 */

/**
 * A private message's text: 1 to 500 characters once control, bidirectional and zero-width
 * characters are taken out.
 * @typedef {object} MessageBody
 * @property {string} text
 */

/**
 * A private message to or from the user (from another of his tabs), stored already.
 * @typedef {object} MessageNotice
 * @property {"message"} type
 * @property {MessageView} message
 */

/**
 * A private message, by its id.
 * @typedef {object} MessageSubject
 * @property {"message"} kind
 * @property {number} message_id
 */

/**
 * A private message: its stable ``id`` (a report names it by that), who sent it to whom, its text,
 * when (ISO 8601, UTC), and whether the recipient has read it.
 * @typedef {object} MessageView
 * @property {number} id
 * @property {string} from
 * @property {string} to
 * @property {string} text
 * @property {string} sent_at
 * @property {boolean} read
 */

/**
 * A mute in every chat for ``minutes`` (up to 30 days), and why.
 * @typedef {object} Mute
 * @property {number} minutes
 * @property {string} reason
 */

/**
 * The solver's puzzle rating, its deviation, his rated attempts and the latest of them.
 * @typedef {object} MyPuzzlesView
 * @property {number} rating
 * @property {number} deviation
 * @property {number} attempts
 * @property {AttemptView[]} history
 */

/**
 * What the pages need to know of me at each load: whether I am an operator (the operators' page is
 * linked), my unread warnings and until when I am muted (null: I am not).
 * @typedef {object} MyStanding
 * @property {boolean} operator
 * @property {WarningView[]} warnings
 * @property {string | null} muted_until
 */

/**
 * The users with a user socket open on any server process, in alphabetical order: on connecting and
 * whenever it changes.
 * @typedef {object} Online
 * @property {"online"} type
 * @property {string[]} players
 * @property {string[]} bots
 */

/**
 * The open reports grouped by subject, the group with the newest report first.
 * @typedef {object} OpenReports
 * @property {ReportGroupView[]} groups
 */

/**
 * One pairing of a round, with its match once it has one.
 * @typedef {object} PairingView
 * @property {number} round
 * @property {number} board
 * @property {number} leg
 * @property {string} first
 * @property {string | null} second
 * @property {ResultView | null} result
 * @property {string | null} group
 * @property {"final" | "groups" | "main"} stage
 * @property {string | null} match_id
 * @property {"over" | "playing" | null} match_status
 */

/**
 * Any socket: are you there? Answered with a ``pong``.
 * @typedef {object} Ping
 * @property {"ping"} type
 */

/**
 * Who sits at one side of the match, as the hello lists them.
 * @typedef {object} PlayerEntry
 * @property {string} name
 * @property {string} kind
 * @property {string | null} level
 * @property {boolean} bot
 */

/**
 * A player's ratings in every game played rated, and the history of each.
 * @typedef {object} PlayerRatings
 * @property {string} player
 * @property {RatingView[]} ratings
 * @property {Record<string, HistoryPointView[]>} history
 */

/**
 * A player reported for how he plays or behaves (from his profile, or from a game's page:
 * ``match_id``).
 * @typedef {object} PlayerSubject
 * @property {"player"} kind
 * @property {string} player
 * @property {string | null} [match_id]
 */

/**
 * How many matches of each game are being played, and by how many, over every server process (read
 * from the database): every game, in the order the hall lists them, on connecting and whenever a
 * count changes.
 * @typedef {object} Playing
 * @property {"playing"} type
 * @property {GamePlayingView[]} games
 */

/**
 * A match a followed player is playing: watch it at ``#/game/{match_id}``.
 * @typedef {object} PlayingView
 * @property {string} match_id
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 * @property {string} opponent
 */

/**
 * The answer to a ping: the server's wall-clock time (Unix seconds).
 * @typedef {object} Pong
 * @property {"pong"} type
 * @property {number} time
 */

/**
 * A tables board from player 0's side of the table: each seat's 26 counts in its own numbering (0
 * borne off, 1-24 the points, 25 the bar), each seat's pips, and where a point of one seat's
 * numbering is in the other's (to draw both on one board).
 * @typedef {object} PositionView
 * @property {number[][]} checkers
 * @property {number[]} pips
 * @property {number[]} opposite
 * @property {string} [id]
 * @property {number[]} [board]
 * @property {string} [turn]
 */

/**
 * Who is at the table (a computer always is), and the earliest running grace period.
 * @typedef {object} Presence
 * @property {"presence"} type
 * @property {boolean[]} connected
 * @property {Grace | null} grace
 */

/**
 * A player's page; ``analysed``: his figures over his analysed matches (none for a guest);
 * ``engine_assisted``: the operators marked him as playing with an engine's help (his games count
 * for no one's rating).
 * @typedef {object} Profile
 * @property {UserView} user
 * @property {Stats} stats
 * @property {MatchView[]} recent
 * @property {AnalysedView[]} analysed
 * @property {boolean} engine_assisted
 */

/**
 * A puzzle to solve: ``task`` what to find (renju's ``win``, the tables games' ``play`` or
 * ``cube``), ``mover`` the side to move (renju's colour; in the tables games the solver is always
 * seat 0), the choices of a cube puzzle, its rating and how it has fared; ``renju`` or ``tables``
 * its board.
 * @typedef {object} PuzzleView
 * @property {number} id
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 * @property {"cube" | "play" | "win"} task
 * @property {string} mover
 * @property {string[]} themes
 * @property {number} rating
 * @property {number} attempts
 * @property {number} solved
 * @property {number[] | null} dice
 * @property {number} cube
 * @property {string[]} choices
 * @property {string | null} source
 * @property {number} move
 * @property {RenjuPosition | null} renju
 * @property {TablesPosition | null} tables
 */

/**
 * A computer's decision waiting for the engine thread.
 * @typedef {object} QueuedDecisionView
 * @property {string | null} match_id
 * @property {number} waiting_seconds
 */

/**
 * The solver's puzzle rating before and after a rated attempt.
 * @typedef {object} RatingChange
 * @property {number} before
 * @property {number} after
 */

/**
 * A player's ratings in one game: Glicko-2 (shown, "?" while provisional) and FIBS.
 * @typedef {object} RatingView
 * @property {string} player
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 * @property {number} rating
 * @property {number} deviation
 * @property {boolean} provisional
 * @property {string} display
 * @property {number | null} fibs
 * @property {number} games
 * @property {boolean} bot
 */

/**
 * Whether the process can serve players, and each dependency's state.
 * @typedef {object} Readiness
 * @property {boolean} ready
 * @property {Check} store
 * @property {Check | null} broker
 * @property {boolean} draining
 */

/**
 * Why an operator acts (kept in the operators' record).
 * @typedef {object} Reason
 * @property {string} reason
 */

/**
 * The rematch of ``of`` has started: the match ``match_id``.
 * @typedef {object} Rematch
 * @property {"rematch"} type
 * @property {string} of
 * @property {string} match_id
 */

/**
 * Where a rematch stands: offered (waiting for the opponent), or started.
 * @typedef {object} RematchAnswer
 * @property {string} status
 * @property {string | null} match_id
 */

/**
 * The opponent of the finished match ``of`` offers a rematch.
 * @typedef {object} RematchOffer
 * @property {"rematch_offer"} type
 * @property {string} of
 * @property {string} opponent
 */

/**
 * To the spectators of a finished match: its rematch has started, as the match ``match_id`` (their
 * page follows the players there).
 * @typedef {object} RematchStarted
 * @property {"rematch"} type
 * @property {string} match_id
 */

/**
 * A renju move or opening step judged (``analysis.renju_record.RenjuDecision``), and ``frame``: the
 * review frame showing its position, or null.
 * @typedef {object} RenjuDecisionView
 * @property {number} game
 * @property {number} move
 * @property {number} player
 * @property {"black" | "white"} colour
 * @property {"choice" | "move" | "offer" | "pass"} kind
 * @property {string} played
 * @property {string | null} best
 * @property {number} loss
 * @property {number} win_before
 * @property {number} win_after
 * @property {"blunder" | "inaccuracy" | "mistake" | null} band
 * @property {boolean} forced_win_missed
 * @property {boolean} allowed_forced_win
 * @property {string[] | null} winning_line
 * @property {"vcf" | "vct" | null} winning_kind
 * @property {"only-move" | "opening" | null} forced
 * @property {number | null} frame
 */

/**
 * A renju player's figures: moves judged, blunders, mistakes, inaccuracies, the forced wins he
 * missed and allowed, the win probability lost a move and the accuracy (%).
 * @typedef {object} RenjuPlayerView
 * @property {string} name
 * @property {number | null} accuracy
 * @property {number} blunders
 * @property {number} mistakes
 * @property {number} inaccuracies
 * @property {number} moves
 * @property {number} forced_wins_missed
 * @property {number} forced_wins_allowed
 * @property {number | null} average_loss
 */

/**
 * A renju board: its stones by point, the moves that placed them (the last marked), the colour to
 * move and the points forbidden to Black now.
 * @typedef {object} RenjuPosition
 * @property {Record<string, "black" | "white">} stones
 * @property {string[]} moves
 * @property {string} turn
 * @property {Record<string, string>} forbidden
 */

/**
 * A renju match analysed (``RenjuAnalysis``), with its graph.
 * @typedef {object} RenjuResult
 * @property {"renju"} game
 * @property {RenjuPlayerView[]} players
 * @property {RenjuDecisionView[]} decisions
 * @property {JudgingView} judging
 * @property {number} seconds_per_move
 * @property {GraphPointView[]} graph
 */

/**
 * @typedef {object} RenjuResultView
 * @property {"black" | "white" | null} winner
 * @property {string} reason
 */

/**
 * A renju match as a front end shows it.
 * @typedef {object} RenjuState
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 * @property {string[]} players
 * @property {number} length
 * @property {number[]} score
 * @property {number} game_number
 * @property {string} phase
 * @property {number} black
 * @property {number | null} to_act
 * @property {number | null} draw_offer
 * @property {number | null} winner
 * @property {string | null} end_reason
 * @property {Record<string, string>} options
 * @property {Record<string, any> | null} opening
 * @property {string[]} [moves]
 * @property {Record<string, "black" | "white">} [stones]
 * @property {string} [turn]
 * @property {Record<string, string>} [forbidden]
 * @property {Record<string, any>[]} [fouls]
 * @property {string[]} [five]
 * @property {RenjuResultView | null} [result]
 * @property {number} [takeback]
 * @property {ClockReadings} [clocks]
 * @property {Record<string, JsonValue>} [last_game]
 */

/**
 * A report to the operators: what, why (a category) and, if the reporter likes, a short text of his
 * own.
 * @typedef {object} ReportBody
 * @property {PlayerSubject | ChatSubject | MessageSubject} subject
 * @property {"abuse" | "cheating" | "other" | "sandbagging"} category
 * @property {string} [text]
 */

/**
 * The stored report's id.
 * @typedef {object} ReportFiled
 * @property {number} id
 */

/**
 * The open reports on one subject, the newest first: the reported player, the chat line (its id and
 * its words as said) or message, and the game it came from.
 * @typedef {object} ReportGroupView
 * @property {"chat" | "message" | "player"} kind
 * @property {string} player
 * @property {string | null} ref
 * @property {string | null} match_id
 * @property {string | null} quoted
 * @property {ReportView[]} reports
 */

/**
 * One report, as the operators read it.
 * @typedef {object} ReportView
 * @property {number} id
 * @property {string} at
 * @property {string} reporter
 * @property {"abuse" | "cheating" | "other" | "sandbagging"} category
 * @property {string} text
 */

/**
 * How many reports were closed (every open one on the subject).
 * @typedef {object} ReportsClosed
 * @property {number} closed
 */

/**
 * @typedef {object} ResignOfferView
 * @property {number} player
 * @property {number} value
 */

/**
 * A pairing's result; a forfeit's ``reason`` is its code (``withdrawn``, ``director``…, said by the
 * catalog's ``forfeit.<code>``), or a text stored before the codes.
 * @typedef {object} ResultView
 * @property {"+-" | "-+" | "--" | "0-1" | "1-0" | "1/2-1/2" | "bye"} outcome
 * @property {number[] | null} score
 * @property {string | null} reason
 */

/**
 * The steps of a finished match, the start first, and how they group.
 * @typedef {object} ReviewAnswer
 * @property {string} match_id
 * @property {Record<string, any>[]} frames
 * @property {ReviewStepsView} steps
 */

/**
 * A game of the match among the steps: its number, its first and last frames.
 * @typedef {object} ReviewGameView
 * @property {number} number
 * @property {number} first
 * @property {number} last
 */

/**
 * The frames a step by turn stops at (ascending) and the games (``ReviewSteps``).
 * @typedef {object} ReviewStepsView
 * @property {number[]} turns
 * @property {ReviewGameView[]} games
 */

/**
 * @typedef {object} Roll
 * @property {number} counter
 * @property {number[]} dice
 */

/**
 * @typedef {KeepAlive | ChallengeLine | GameStart | GameFinish} RootModel_Annotated_Union_KeepAlive__ChallengeLine__GameStart__GameFinish___FieldInfo_annotation_NoneType__required_True__discriminator__type____
 */

/**
 * @typedef {Hello | Update | Presence | RematchStarted | SocketError | Pong | KeepAlive} RootModel_Union_Annotated_Union_Hello__Update__Presence__RematchStarted__SocketError__Pong___FieldInfo_annotation_NoneType__required_True__discriminator__type_____KeepAlive__
 */

/**
 * Something to say in the room: 1 to 300 characters once control characters are taken out (``text``
 * is checked by the room, which says what is wrong with it).
 * @typedef {object} Say
 * @property {"say"} type
 * @property {JsonValue} [text]
 */

/**
 * Who sits at one side of a match.
 * @typedef {object} Seat
 * @property {number | null} user_id
 * @property {"computer" | "human"} kind
 * @property {string | null} level
 * @property {string} name
 * @property {boolean} bot
 */

/**
 * The user's seek was accepted by ``opponent``: the match has started (``rated``: it changes both
 * players' ratings).
 * @typedef {object} SeekAccepted
 * @property {"seek_accepted"} type
 * @property {string} match_id
 * @property {string} opponent
 * @property {Settings} settings
 * @property {boolean} rated
 */

/**
 * An offer to play anybody.
 * @typedef {object} SeekBody
 * @property {SettingsInput} settings
 * @property {boolean} [rated]
 * @property {string | null} [seed]
 */

/**
 * How the open seeks changed since the last list or changes: the ids of those gone, and those that
 * joined, oldest first, to be put after the ones kept (a seek joins the list after every seek in
 * it: it is newer, or was left out of a full list until then).
 * @typedef {object} SeekChanges
 * @property {"seek_changes"} type
 * @property {number[]} removed
 * @property {SeekView[]} added
 */

/**
 * The open seeks, oldest first: on connecting and whenever they change.
 * @typedef {object} SeekList
 * @property {"seeks"} type
 * @property {SeekView[]} seeks
 */

/**
 * An open offer to play anybody, with its owner's rating in its game and its speed, by which the
 * lobby filters and draws the offers.
 * @typedef {object} SeekView
 * @property {number} id
 * @property {string} user
 * @property {Settings} settings
 * @property {boolean} rated
 * @property {string} created_at
 * @property {number} rating
 * @property {string} rating_shown
 * @property {"blitz" | "bullet" | "classical" | "rapid" | "untimed"} speed
 * @property {number | null} estimate
 */

/**
 * @typedef {object} Seeks
 * @property {SeekView[]} seeks
 */

/**
 * ``MatchSettings`` as the API reads and writes it (``docs/protocol.md``); a field left out takes
 * the play layer's default.
 * @typedef {object} Settings
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 * @property {number} length
 * @property {string | null} clock
 * @property {"fair" | "secure"} dice
 * @property {boolean | null} crawford
 * @property {boolean} jacoby
 * @property {boolean} beavers
 * @property {number | null} cube_cap
 * @property {"alternate" | "winner"} first_move
 * @property {"mars" | "oin"} surrender_value
 * @property {Record<string, string>} options
 */

/**
 * ``MatchSettings`` as the API reads and writes it (``docs/protocol.md``); a field left out takes
 * the play layer's default.
 * @typedef {object} SettingsInput
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} [game]
 * @property {number} [length]
 * @property {string | null} [clock]
 * @property {"fair" | "secure"} [dice]
 * @property {boolean | null} [crawford]
 * @property {boolean} [jacoby]
 * @property {boolean} [beavers]
 * @property {number | null} [cube_cap]
 * @property {"alternate" | "winner"} [first_move]
 * @property {"mars" | "oin"} [surrender_value]
 * @property {Record<string, string>} [options]
 */

/**
 * ``MatchSettings`` as the API reads and writes it (``docs/protocol.md``); a field left out takes
 * the play layer's default.
 * @typedef {object} SettingsOutput
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 * @property {number} length
 * @property {string | null} clock
 * @property {"fair" | "secure"} dice
 * @property {boolean | null} crawford
 * @property {boolean} jacoby
 * @property {boolean} beavers
 * @property {number | null} cube_cap
 * @property {"alternate" | "winner"} first_move
 * @property {"mars" | "oin"} surrender_value
 * @property {Record<string, string>} options
 */

/**
 * One finished game on a player's sheet: how it went, its points, and whether the player was on
 * fire (its points doubled).
 * @typedef {object} SheetMarkView
 * @property {"draw" | "loss" | "win"} mark
 * @property {number} points
 * @property {boolean} fire
 */

/**
 * A frame was refused: why, in the player's words; nothing changed. ``ref`` is the frame's own
 * ``ref`` (null when the frame could not be read); ``code`` is the refusal's stable machine code
 * (``docs/protocol.md``), ``message`` its words in the reader's language.
 * @typedef {object} SocketError
 * @property {"error"} type
 * @property {JsonValue} ref
 * @property {string} code
 * @property {string} message
 * @property {string | null} reason
 */

/**
 * @typedef {object} StandingView
 * @property {number} rank
 * @property {string} player
 * @property {number} points
 * @property {Record<string, number | null>} tiebreaks
 * @property {number} lot
 * @property {string | null} group
 * @property {boolean} qualified
 * @property {boolean} annulled
 */

/**
 * Ranked rows; ``tiebreaks`` names the tie-breaks in the order they were applied.
 * @typedef {object} StandingsView
 * @property {string | null} name
 * @property {StandingView[]} rows
 * @property {string[]} tiebreaks
 * @property {number} lots_seed
 */

/**
 * Finished matches of a player.
 * @typedef {object} Stats
 * @property {number} played
 * @property {number} won
 * @property {number} lost
 */

/**
 * A stone of the winning line as the board draws it, numbered from 1.
 * @typedef {object} Stone
 * @property {string} point
 * @property {string} colour
 * @property {number} number
 */

/**
 * What the store keeps beside a match's log (empty until its first change is stored).
 * @typedef {object} Summary
 * @property {string[]} players
 * @property {number[]} score
 * @property {number} games
 * @property {number | null} to_act
 * @property {number | null} winner
 * @property {string | null} end_reason
 * @property {number} clock_offset
 * @property {number | null} paused_at
 */

/**
 * A tables decision judged (``analysis.values.Decision``), and ``frame``: the index of the review
 * frame (``GET /review``) showing its position, or null.
 * @typedef {object} TablesDecisionView
 * @property {number} game
 * @property {number} move
 * @property {number} player
 * @property {"accept" | "beaver" | "checker" | "double" | "drop" | "no-double" | "resign" | "take"} kind
 * @property {string} played
 * @property {string} best
 * @property {number} loss
 * @property {number | null} loss_mwc
 * @property {"blunder" | "doubtful" | "error" | null} band
 * @property {number | null} luck
 * @property {number} equity_before
 * @property {number} equity_after
 * @property {number[] | null} dice
 * @property {boolean} forced
 * @property {ChoiceView[]} choices
 * @property {number | null} mwc_after
 * @property {number | null} frame
 */

/**
 * A tables player's figures (``analysis.values.PlayerFigures``): rates in mEMG a decision, PR,
 * luck, the result and gnubg's rating word.
 * @typedef {object} TablesPlayerView
 * @property {string} name
 * @property {number} error_rate
 * @property {number} checker_error_rate
 * @property {number} cube_error_rate
 * @property {number} pr
 * @property {string} rating
 * @property {number} luck_rate
 * @property {number} luck_total
 * @property {number} luck_adjusted
 * @property {number} result
 * @property {number} rolls
 * @property {number} checker_decisions
 * @property {number} checker_error
 * @property {number} cube_decisions
 * @property {number} cube_error
 * @property {BandCounts} errors
 */

/**
 * A tables board as the game page draws it: the match's state with the solver (seat 0) on roll, and
 * the single moves he may make now (none once the dice are played).
 * @typedef {object} TablesPosition
 * @property {TablesState} state
 * @property {Legal | null} legal
 */

/**
 * A backgammon, Georgian or nardy match analysed (``TablesAnalysis``).
 * @typedef {object} TablesResult
 * @property {string} game
 * @property {number} plies
 * @property {boolean} match_play
 * @property {ThresholdsView} thresholds
 * @property {TablesPlayerView[]} players
 * @property {TablesDecisionView[]} decisions
 * @property {GraphPointView[]} graph
 */

/**
 * A backgammon, Georgian or nardy match as a front end shows it.
 * @typedef {object} TablesState
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 * @property {string[]} players
 * @property {number} length
 * @property {number[]} score
 * @property {number} game_number
 * @property {string} phase
 * @property {number} on_roll
 * @property {number | null} to_act
 * @property {number[] | null} dice
 * @property {number[] | null} dice_left
 * @property {number[]} dice_used
 * @property {string[]} moves
 * @property {number | null} winner
 * @property {string | null} end_reason
 * @property {Record<string, JsonValue>} [last_game]
 * @property {PositionView} [position]
 * @property {number[]} [pips]
 * @property {PositionView} [turn_start]
 * @property {CubeView} [cube]
 * @property {boolean} [crawford]
 * @property {number | null} [doubled_by]
 * @property {string} [match_id]
 * @property {string[]} [colours]
 * @property {ResignOfferView} [resign_offer]
 * @property {number} [takeback]
 * @property {ClockReadings} [clocks]
 */

/**
 * The least loss (EMG) of each band.
 * @typedef {object} ThresholdsView
 * @property {number} doubtful
 * @property {number} error
 * @property {number} blunder
 */

/**
 * A new token: its name (for its owner's list) and the scopes it grants.
 * @typedef {object} TokenBody
 * @property {string} name
 * @property {("play" | "read")[]} [scopes]
 */

/**
 * The new token, shown this once (the server keeps only its hash), and its entry.
 * @typedef {object} TokenCreated
 * @property {string} token
 * @property {TokenView} entry
 */

/**
 * A token as its owner's list shows it (never the token itself).
 * @typedef {object} TokenView
 * @property {number} id
 * @property {string} name
 * @property {("play" | "read")[]} scopes
 * @property {string} created_at
 * @property {string | null} last_used_at
 * @property {string | null} revoked_at
 */

/**
 * My tokens, revoked ones too, newest first.
 * @typedef {object} Tokens
 * @property {TokenView[]} tokens
 */

/**
 * A new tournament: its format and terms, the match every pairing plays, when it starts (an ISO
 * 8601 time, or null: its maker starts it), rated or casual.
 * @typedef {object} TournamentBody
 * @property {string} name
 * @property {"arena" | "groups" | "knockout" | "round-robin" | "swiss" | "two-stage"} format
 * @property {SettingsInput} settings
 * @property {number | null} [rounds]
 * @property {boolean} [double]
 * @property {number | null} [group_size]
 * @property {number} [qualify]
 * @property {"knockout" | "round-robin"} [final]
 * @property {"lots" | "standard"} [seeding]
 * @property {("buchholz" | "direct-encounter" | "median-buchholz" | "points-difference" | "sonneborn-berger" | "wins")[]} [tiebreaks]
 * @property {"annul-under-half" | "forfeit-remaining"} [withdrawal]
 * @property {boolean} [rated]
 * @property {string | null} [starts_at]
 * @property {number} [grace_seconds]
 * @property {number | null} [duration]
 */

/**
 * What a client sends on a tournament's chat socket.
 * @typedef {Say} TournamentChatClientMessage
 */

/**
 * The first message: the tournament, whether the socket may write (an entrant, the tournament's
 * maker, an operator), and the chat's last lines (kept in the store).
 * @typedef {object} TournamentChatHello
 * @property {"hello"} type
 * @property {number} tournament
 * @property {boolean} can_write
 * @property {ChatLine[]} messages
 */

/**
 * What the server sends on a tournament's chat socket.
 * @typedef {TournamentChatHello | ChatLine | ChatError} TournamentChatServerMessage
 */

/**
 * A tournament's page: entries, every round's pairings, standings (and each group's).
 * @typedef {object} TournamentDetail
 * @property {TournamentView} tournament
 * @property {string[]} players
 * @property {Record<string, string>} ratings
 * @property {number} current_round
 * @property {PairingView[]} pairings
 * @property {StandingsView | null} standings
 * @property {StandingsView[]} groups
 * @property {string[]} withdrawn
 * @property {string | null} winner
 * @property {ArenaView | null} arena
 * @property {TournamentGameView[]} games
 * @property {string} now
 */

/**
 * A game of the tournament to watch (being played) or to review (over): its pairing, players, the
 * match's score as it stands (first, second) and its result once decided.
 * @typedef {object} TournamentGameView
 * @property {number} round
 * @property {number} board
 * @property {number} leg
 * @property {string} first
 * @property {string} second
 * @property {"over" | "playing"} status
 * @property {number[] | null} score
 * @property {ResultView | null} result
 * @property {string} match_id
 */

/**
 * Tournaments taking entries, being played, and over (newest first).
 * @typedef {object} TournamentLists
 * @property {TournamentView[]} upcoming
 * @property {TournamentView[]} running
 * @property {TournamentView[]} finished
 */

/**
 * The user's match of a round has started: go to ``#/game/{match_id}``. Also sent on connecting,
 * while the match waits for him.
 * @typedef {object} TournamentMatch
 * @property {"tournament_match"} type
 * @property {TournamentRef} tournament
 * @property {number} round
 * @property {number} board
 * @property {number} leg
 * @property {string} match_id
 * @property {number} seat
 * @property {string} opponent
 * @property {boolean} arena
 * @property {"advanced" | "beginner" | "expert" | "intermediate" | "random" | "world-class" | null} opponent_level
 */

/**
 * A tournament the user plays in is over, and who won it (null: nobody alone).
 * @typedef {object} TournamentOver
 * @property {"tournament_over"} type
 * @property {TournamentRef} tournament
 * @property {string | null} winner
 * @property {"advanced" | "beginner" | "expert" | "intermediate" | "random" | "world-class" | null} winner_level
 */

/**
 * A tournament, as a notice names it.
 * @typedef {object} TournamentRef
 * @property {number} id
 * @property {string} name
 */

/**
 * A round of a tournament the user plays in is paired (``byes``: who sits it out).
 * @typedef {object} TournamentRound
 * @property {"tournament_round"} type
 * @property {TournamentRef} tournament
 * @property {number} round
 * @property {string[]} byes
 */

/**
 * A tournament in a list.
 * @typedef {object} TournamentView
 * @property {number} id
 * @property {string} name
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 * @property {"arena" | "groups" | "knockout" | "round-robin" | "swiss" | "two-stage"} format
 * @property {Record<string, any>} settings
 * @property {boolean} rated
 * @property {number} grace_seconds
 * @property {string | null} starts_at
 * @property {"finished" | "open" | "running"} status
 * @property {string | null} created_by
 * @property {string} created_at
 * @property {string[]} entries
 * @property {Record<string, "advanced" | "beginner" | "expert" | "intermediate" | "random" | "world-class">} computers
 */

/**
 * After every stored change (an action, a computer's move, a flag), to everybody: the new events,
 * the state now, and what the seat may do now.
 * @typedef {object} Update
 * @property {"update"} type
 * @property {LoggedEvent[]} events
 * @property {TablesState | RenjuState} state
 * @property {number | null} clocks_wait
 * @property {string[]} actions
 * @property {Legal | null} legal
 */

/**
 * What a client sends on a user's socket.
 * @typedef {Ping} UserClientMessage
 */

/**
 * The first message: whose notices these are.
 * @typedef {object} UserHello
 * @property {"hello"} type
 * @property {string} user
 */

/**
 * What the server sends on a user's socket.
 * @typedef {UserHello | TournamentRound | TournamentMatch | TournamentOver | SeekAccepted | ChallengeAccepted | ChallengeDeclined | ChallengesChanged | RematchOffer | Rematch | YourTurn | Warned | MessageNotice | FollowedOnline | FollowedPlaying | SocketError | Pong} UserServerMessage
 */

/**
 * A player's account as others see it (times are ISO 8601, UTC).
 * @typedef {object} UserView
 * @property {number} id
 * @property {string} name
 * @property {boolean} guest
 * @property {boolean} bot
 * @property {string} created_at
 */

/**
 * @typedef {object} ValidationError
 * @property {(string | number)[]} loc
 * @property {string} msg
 * @property {string} type
 * @property {any} [input]
 * @property {Record<string, any>} [ctx]
 */

/**
 * The verdict: ``correct``; ``solved`` once the puzzle is done right; ``over`` once it is done
 * (solved or failed: then ``solution`` shows the answer); renju's ``reply`` (the defender's answer
 * to a right move, or the defence that refutes a wrong one) and the board after it; the ``rating``
 * change when the attempt was rated, and whether it was.
 * @typedef {object} VerdictView
 * @property {boolean} correct
 * @property {boolean} solved
 * @property {boolean} over
 * @property {string} answer
 * @property {string | null} reply
 * @property {string[]} solution
 * @property {RenjuPosition | null} renju
 * @property {boolean} rated
 * @property {RatingChange | null} rating
 */

/**
 * @typedef {object} Verification
 * @property {boolean} ok
 * @property {number} rolls_checked
 * @property {string} summary
 */

/**
 * An operator warned the user: his unread warnings are read again and shown (``GET
 * /api/moderation/me``).
 * @typedef {object} Warned
 * @property {"warned"} type
 */

/**
 * An operator's warning to me, shown until I have read it.
 * @typedef {object} WarningView
 * @property {number} id
 * @property {string} at
 * @property {string} reason
 */

/**
 * Renju's forced win of the side to move, played out (``engines.hints.WinningLine``).
 * @typedef {object} WinningView
 * @property {string} kind
 * @property {string} attacker
 * @property {string[]} moves
 * @property {string} ending
 * @property {string | null} trap
 * @property {Stone[]} stones
 */

/**
 * The pages' texts in one language, by key, with the languages one may choose.
 * @typedef {object} WordsAnswer
 * @property {string} language
 * @property {string} tag
 * @property {Record<string, string>} texts
 * @property {Record<string, Record<string, string>>} counted
 * @property {LanguageChoice[]} offered
 */

/**
 * In a correspondence-length match the opponent has acted: it is the user's turn.
 * @typedef {object} YourTurn
 * @property {"your_turn"} type
 * @property {string} match_id
 * @property {string} opponent
 * @property {"backgammon" | "georgian" | "nardy" | "renju"} game
 */

export {};
