// @ts-check
// The words of the pages, generated from the catalog (src/gamehall/words/) by
// `python -m gamehall.server.wordsjs`: do not edit (`make lint` fails when it is stale).

/** @type {Readonly<Record<string, string>>} */
export const WORDS = {
  "end.abandoned": "a player left and did not come back",
  "end.abandoned.by": "{loser} left and did not come back",
  "end.agreement": "by agreement",
  "end.bear-off": "bore off all checkers",
  "end.double-four": "Black's double-four",
  "end.double-three": "Black's double-three",
  "end.drop": "the double was passed",
  "end.drop.by": "{loser} passed the double",
  "end.five": "five in a row",
  "end.full-board": "the board is full",
  "end.last-roll tie": "a tie on the last roll",
  "end.no-show": "a player did not come",
  "end.no-show.by": "{loser} did not come",
  "end.overline": "Black's overline",
  "end.resign": "resignation",
  "end.resign.by": "{loser} resigned",
  "end.session ended": "the session was ended",
  "end.time": "time ran out",
  "end.time.by": "{loser} ran out of time",
  "end.two-passes": "both players passed",
  "end.withdrawn": "a player withdrew from the tournament",
  "end.withdrawn.by": "{loser} withdrew from the tournament",
  "notice.accepted.challenge": "{opponent} accepted your challenge{terms}: the game has started.",
  "notice.accepted.seek": "{opponent} accepted your seek{terms}: the game has started.",
  "notice.answer": "Answer",
  "notice.go": "Go to the game",
  "notice.rematch": "The rematch has started.",
  "notice.rematch-offer": "{opponent} offers a rematch.",
  "notice.see-pairings": "See the pairings",
  "notice.see-standings": "See the standings",
  "notice.tournament-match": "{tournament}, round {round}: your match against {opponent} is ready.",
  "notice.tournament-over": "{tournament} is over.",
  "notice.tournament-over.won": "{tournament} is over: {winner} wins.",
  "notice.tournament-round": "{tournament}: round {round} is paired.",
  "notice.tournament-round.bye": "{tournament}: round {round} is paired — you have a bye.",
  "notice.your-turn": "Your turn against {opponent}{game}."
};
