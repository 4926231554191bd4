"""Ratings in the store: a rated result rates both players in the transaction that stores it,
and the leaderboard, a player's ratings and rating history are read from here.

``rate_results`` is called by ``MatchStore.append_batch`` inside its transaction, with the events
being stored: each result among them (a renju game's end; a tables match's end) is rated there
and then, so a result and the ratings it changes are written together or not at all, and
exactly once, since an event is written once. Only a rated match between two registered people
is rated, and none of an engine-assisted player's (``rerating.py`` takes his past ones out).
``RatingStore`` is what the server reads (leaderboard, profiles, seeding).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, and_, select
from sqlalchemy.orm import Session

from gamehall.jsontext import JsonObject
from gamehall.ratings import GameRatings, check_game, rate_result
from gamehall.store.competition_models import RatingHistoryRow, RatingRow
from gamehall.store.errors import StoreError
from gamehall.store.models import MatchRow, UserRow
from gamehall.store.transactions import Transactions
from gamehall.store.values import LoggedEvent, Seek

MAX_LIST = 500
"""The longest leaderboard or history a caller may ask for."""


@dataclass(frozen=True)
class PlayerRating:
    """A player's ratings in one game, as profiles and the leaderboard show them."""

    user_id: int
    name: str
    ratings: GameRatings
    games: int
    bot: bool = False
    """Whether the player is a bot (rated among people, and marked)."""

    def to_dict(self) -> JsonObject:
        """The rating as a client sees it: the shown number with "?" while provisional."""
        glicko = self.ratings.glicko2
        return {
            "player": self.name,
            "game": self.ratings.game,
            "rating": round(glicko.rating, 1),
            "deviation": round(glicko.deviation, 1),
            "provisional": self.ratings.provisional,
            "display": self.ratings.display(),
            "fibs": round(self.ratings.fibs.rating, 2) if self.ratings.fibs else None,
            "games": self.games,
            "bot": self.bot,
        }


@dataclass(frozen=True)
class HistoryPoint:
    """A player's Glicko-2 rating after one rated result."""

    at: datetime
    rating: float
    deviation: float
    match_id: str | None

    def to_dict(self) -> JsonObject:
        """The point as the rating chart reads it."""
        return {
            "at": self.at.isoformat(),
            "rating": round(self.rating, 1),
            "deviation": round(self.deviation, 1),
            "match_id": self.match_id,
        }


RESULT_KINDS = ("game_end", "match_end")
"""The kinds of event that may carry a rated result (``rated_results``)."""


def rated_results(game: str, events: Sequence[LoggedEvent]) -> list[float]:
    """The rated results among a batch of a match's new events: the first seat's score in
    each. Renju is rated game by game (each ``game_end``: a win, or ½ for a draw),
    and a game cut short (a forfeit, an abandoned match) as a loss of its player; a tables
    match is rated once, at its ``match_end``."""
    found: list[float] = []
    previous: str | None = None
    for event in events:
        winner = _winner(event)
        score = 1.0 if winner == 0 else 0.0 if winner == 1 else 0.5
        game_over = game == "renju" and event.kind == "game_end"
        cut_short = game == "renju" and previous != "game_end"
        decided = winner in (0, 1)
        match_over = event.kind == "match_end" and decided and (game != "renju" or cut_short)
        if game_over or match_over:
            found.append(score)
        previous = event.kind
    return found


def _winner(event: LoggedEvent) -> object:
    """The winner's seat in an event's outcome (None when it has none)."""
    outcome = event.event.get("outcome")
    return outcome.get("winner") if isinstance(outcome, Mapping) else None


def assisted(user_ids: Sequence[int]) -> ColumnElement[bool]:
    """The condition of a user among ``user_ids`` marked as engine-assisted."""
    return and_(UserRow.id.in_(user_ids), UserRow.engine_assisted_at.is_not(None))


def _ratings_of(session: Session, user_id: int, game: str) -> tuple[RatingRow | None, GameRatings]:
    row = session.get(RatingRow, (user_id, game), populate_existing=True)
    kind = check_game(game)
    return row, GameRatings.from_dict(row.ratings) if row is not None else GameRatings.new(kind)


def _keep(
    session: Session,
    user_id: int,
    row: RatingRow | None,
    ratings: GameRatings,
    now: datetime,
    match_id: str,
) -> RatingRow:
    glicko = ratings.glicko2
    if row is None:
        row = RatingRow(user_id=user_id, game=ratings.game, games=0)
        session.add(row)
    row.ratings = ratings.to_dict()
    row.rating = glicko.rating
    row.deviation = glicko.deviation
    row.games = row.games + 1
    row.updated_at = now
    session.add(
        RatingHistoryRow(
            user_id=user_id,
            game=ratings.game,
            at=now,
            rating=glicko.rating,
            deviation=glicko.deviation,
            match_id=match_id,
        )
    )
    return row


def rate_results(
    session: Session, match_id: str, events: Sequence[LoggedEvent], now: datetime
) -> int:
    """Rate the results among ``events``, the new events of match ``match_id`` being stored
    in the caller's transaction, if the match is rated and between two people; returns how
    many results it rated. An event is stored once (its seq is unique), so a result is rated
    once."""
    if not any(event.kind in RESULT_KINDS for event in events):
        return 0  # most batches: a move, a roll (no need to read the match)
    match = session.get(MatchRow, match_id, populate_existing=True)
    if match is None or not match.rated:
        return 0
    users = [seat.user_id for seat in match.seats]
    if len(users) != 2 or users[0] is None or users[1] is None or users[0] == users[1]:
        return 0
    if (
        session.scalar(select(UserRow.id).where(assisted([users[0], users[1]])).limit(1))
        is not None
    ):
        return 0  # an engine-assisted player's games count for no one
    results = rated_results(match.game, events)
    if not results:
        return 0
    first_row, first = _ratings_of(session, users[0], match.game)
    second_row, second = _ratings_of(session, users[1], match.game)
    length = None if match.game == "renju" else match_length(match.settings)
    for score in results:
        first, second = rate_result(first, second, score, length)
        first_row = _keep(session, users[0], first_row, first, now, match_id)
        second_row = _keep(session, users[1], second_row, second, now, match_id)
    return len(results)


def match_length(settings: JsonObject) -> int:
    """The points a tables match is played to, from its stored settings (1 if they do not
    say)."""
    length = settings.get("length", 1)
    return int(length) if isinstance(length, (int, float, str)) else 1


def _limit(limit: object) -> int:
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_LIST:
        raise StoreError(f"a limit is a whole number from 1 to {MAX_LIST}, not {limit!r}")
    return limit


def leaderboard(session: Session, game: str, limit: int) -> list[PlayerRating]:
    """The rated players of ``game``, highest Glicko-2 rating first (provisional ones too,
    marked)."""
    kind = check_game(game)
    rows = session.execute(
        select(RatingRow, UserRow.name, UserRow.bot)
        .join(UserRow, UserRow.id == RatingRow.user_id)
        .where(RatingRow.game == kind)
        .order_by(RatingRow.rating.desc(), UserRow.name_key)
        .limit(_limit(limit))
    ).all()
    return [
        PlayerRating(row.user_id, name, GameRatings.from_dict(row.ratings), row.games, bot)
        for row, name, bot in rows
    ]


def ratings_of_user(session: Session, user_id: int) -> list[PlayerRating]:
    """A player's ratings in each game they have a rated result in."""
    rows = session.execute(
        select(RatingRow, UserRow.name, UserRow.bot)
        .join(UserRow, UserRow.id == RatingRow.user_id)
        .where(RatingRow.user_id == user_id)
        .order_by(RatingRow.game)
    ).all()
    return [
        PlayerRating(row.user_id, name, GameRatings.from_dict(row.ratings), row.games, bot)
        for row, name, bot in rows
    ]


def history(session: Session, user_id: int, game: str, limit: int) -> list[HistoryPoint]:
    """A player's rating after each rated result in ``game``, oldest first (the last
    ``limit``)."""
    kind = check_game(game)
    rows = session.scalars(
        select(RatingHistoryRow)
        .where(
            RatingHistoryRow.user_id == user_id,
            RatingHistoryRow.game == kind,
            RatingHistoryRow.counted,
        )
        .order_by(RatingHistoryRow.at.desc(), RatingHistoryRow.id.desc())
        .limit(_limit(limit))
    ).all()
    return [HistoryPoint(r.at, r.rating, r.deviation, r.match_id) for r in reversed(rows)]


def seeding_ratings(session: Session, names: list[str], game: str) -> dict[str, float]:
    """The Glicko-2 rating in ``game`` of each of ``names`` (a newcomer's 1500 for a player
    not rated yet), for seeding a tournament."""
    kind = check_game(game)
    rows = session.execute(
        select(UserRow.name, RatingRow.rating)
        .join(UserRow, UserRow.id == RatingRow.user_id)
        .where(RatingRow.game == kind, UserRow.name.in_(names))
    ).all()
    found = {name: float(rating) for name, rating in rows}
    return {name: found.get(name, GameRatings.new(kind).glicko2.rating) for name in names}


def shown_ratings(session: Session, names: list[str], game: str) -> dict[str, str]:
    """The rating each of ``names`` shows in ``game`` ("1500?" for a player not rated yet)."""
    kind = check_game(game)
    rows = session.execute(
        select(UserRow.name, RatingRow.ratings)
        .join(UserRow, UserRow.id == RatingRow.user_id)
        .where(RatingRow.game == kind, UserRow.name.in_(names))
    ).all()
    found = {name: GameRatings.from_dict(data).display() for name, data in rows}
    return {name: found.get(name, GameRatings.new(kind).display()) for name in names}


def owners_ratings(session: Session, seeks: Sequence[Seek]) -> dict[int, GameRatings]:
    """The ratings of each seek's owner in the seek's game, by seek id (a newcomer's for an
    owner not rated in it yet): one query for all the seeks."""
    owners = {seek.user_id for seek in seeks}
    rows = session.execute(
        select(RatingRow.user_id, RatingRow.game, RatingRow.ratings).where(
            RatingRow.user_id.in_(owners)
        )
    ).all()
    found = {(user_id, game): data for user_id, game, data in rows}
    ratings: dict[int, GameRatings] = {}
    for seek in seeks:
        game = seek.settings.game
        data = found.get((seek.user_id, game))
        ratings[seek.id] = (
            GameRatings.from_dict(data) if data is not None else GameRatings.new(check_game(game))
        )
    return ratings


class RatingStore:
    """The ratings of one store, read in short transactions of their own."""

    def __init__(self, transactions: Transactions) -> None:
        self.transactions = transactions

    def leaderboard(self, game: str, limit: int = 100) -> list[PlayerRating]:
        """See ``leaderboard``."""
        with self.transactions.read() as session:
            return leaderboard(session, game, limit)

    def of_user(self, user_id: int) -> list[PlayerRating]:
        """See ``ratings_of_user``."""
        with self.transactions.read() as session:
            return ratings_of_user(session, user_id)

    def history(self, user_id: int, game: str, limit: int = 200) -> list[HistoryPoint]:
        """See ``history``."""
        with self.transactions.read() as session:
            return history(session, user_id, game, limit)

    def seeding(self, names: list[str], game: str) -> dict[str, float]:
        """See ``seeding_ratings``."""
        with self.transactions.read() as session:
            return seeding_ratings(session, names, game)

    def shown(self, names: list[str], game: str) -> dict[str, str]:
        """See ``shown_ratings``."""
        with self.transactions.read() as session:
            return shown_ratings(session, names, game)

    def of_seeks(self, seeks: Sequence[Seek]) -> dict[int, GameRatings]:
        """See ``owners_ratings``."""
        if not seeks:
            return {}
        with self.transactions.read() as session:
            return owners_ratings(session, seeks)
