"""Finding finished matches: ``GameSearch`` (``Store.games``).

A search names any of: a player, his opponent, the game, the result (``win``, ``loss`` or
``draw`` from the named player's side), how the match ended (``five``, ``resign``, ``time``...:
the summary's ``end_reason``), whether it was rated, a renju match's opening rule (as the
records name it: ``center``, ``swap2``, ``yamaguchi``...) and the days it finished between. The
answer is one page of matches, the last finished first, and whether more follow. Every filter
is a column with an index (the seats' ``user_id``, the matches' ``game``, ``end_reason``,
``opening``, ``updated_at``), so the query never reads the JSON.
"""

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Literal

from sqlalchemy import Select, select
from sqlalchemy.orm import aliased, defer

from gamehall.store.errors import StoreError
from gamehall.store.models import MatchRow, SeatRow
from gamehall.store.transactions import Transactions
from gamehall.store.values import StoredMatch, stored_match_from_row

Result = Literal["win", "loss", "draw"]
PAGE = 20
"""Matches on one page of an answer."""
MOST_PAGES = 500
"""The furthest page a search reaches (narrow it to go further back)."""


@dataclass(frozen=True)
class GameQuery:
    """What a search asks for; None leaves a filter out. ``player_id`` and ``opponent_id`` are
    accounts' ids; ``result`` needs a player; ``since`` and ``until`` are days (UTC), both
    included."""

    player_id: int | None = None
    opponent_id: int | None = None
    game: str | None = None
    result: Result | None = None
    ended: str | None = None
    rated: bool | None = None
    opening: str | None = None
    since: date | None = None
    until: date | None = None
    page: int = 1

    def __post_init__(self) -> None:
        if self.result is not None and self.player_id is None:
            raise StoreError("name a player to search by result", reason="result-needs-player")
        if not isinstance(self.page, int) or not 1 <= self.page <= MOST_PAGES:
            raise StoreError(f"a page is 1 to {MOST_PAGES}, not {self.page!r}")
        if self.since is not None and self.until is not None and self.since > self.until:
            raise StoreError("the first day comes after the last", reason="days-reversed")


@dataclass(frozen=True)
class GamePage:
    """One page of the matches found, the last finished first; ``more``: another page follows."""

    matches: list[StoredMatch]
    page: int
    more: bool


class GameSearch:
    """The search of the finished matches."""

    def __init__(self, transactions: Transactions) -> None:
        self.transactions = transactions

    def search(self, query: GameQuery) -> GamePage:
        """The page ``query.page`` of the finished matches that fit ``query``."""
        found = _query(query).offset((query.page - 1) * PAGE).limit(PAGE + 1)
        with self.transactions.read() as session:
            rows = [stored_match_from_row(row) for row in session.scalars(found)]
        return GamePage(rows[:PAGE], query.page, len(rows) > PAGE)


def _query(query: GameQuery) -> Select[MatchRow]:
    """The finished matches that fit ``query``, the last finished first."""
    found = (
        select(MatchRow)
        .options(defer(MatchRow.secrets), defer(MatchRow.snapshot))
        .where(MatchRow.status == "over")
    )
    if query.player_id is not None:
        mine = aliased(SeatRow)
        found = found.join(mine, (mine.match_id == MatchRow.id) & (mine.user_id == query.player_id))
        if query.result == "win":
            found = found.where(MatchRow.winner == mine.seat)
        elif query.result == "loss":
            found = found.where(MatchRow.winner.is_not(None), MatchRow.winner != mine.seat)
        elif query.result == "draw":
            found = found.where(MatchRow.winner.is_(None))
    if query.opponent_id is not None:
        theirs = aliased(SeatRow)
        found = found.join(
            theirs, (theirs.match_id == MatchRow.id) & (theirs.user_id == query.opponent_id)
        )
    if query.game is not None:
        found = found.where(MatchRow.game == query.game)
    if query.ended is not None:
        found = found.where(MatchRow.end_reason == query.ended)
    if query.rated is not None:
        found = found.where(MatchRow.rated.is_(query.rated))
    if query.opening is not None:
        found = found.where(MatchRow.opening == query.opening)
    if query.since is not None:
        found = found.where(MatchRow.updated_at >= _start(query.since))
    if query.until is not None:
        found = found.where(MatchRow.updated_at < _start(query.until + timedelta(days=1)))
    return found.order_by(MatchRow.updated_at.desc(), MatchRow.id.desc())


def _start(day: date) -> datetime:
    return datetime.combine(day, time(), tzinfo=UTC)
