"""Matches and their event logs: ``MatchStore`` (``Store.matches``).

A match is stored with its two seats, settings, status and summary; its events are rows of
their own, appended as the match is played (``appends.py``: in batches of many matches, the
hot path), with the server's secrets and the latest snapshot kept on the match's row. A
player's history and statistics are read from the finished matches here.
"""

from collections.abc import Callable, Mapping, Sequence

from sqlalchemy import Select, and_, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, defer

from gamehall.jsontext import JsonObject
from gamehall.store.appends import Append, Refused, append_one, with_results, write_batch
from gamehall.store.checks import check_status
from gamehall.store.competition_models import TournamentGameRow
from gamehall.store.errors import StoreError
from gamehall.store.models import EventRow, MatchRow, SeatRow
from gamehall.store.new_matches import NewMatch, store_new_match
from gamehall.store.transactions import Transactions
from gamehall.store.values import (
    GamePlaying,
    MatchStats,
    MatchTerms,
    PlayerSeat,
    StoredMatch,
    stored_match_from_row,
)


class MatchStore:
    """The matches of one store, with their events."""

    def __init__(self, transactions: Transactions) -> None:
        self.transactions = transactions

    def create(
        self,
        match_dict: Mapping[str, object],
        *,
        players: list[PlayerSeat],
        rated: bool = False,
        then: Callable[[Session, str], None] | None = None,
    ) -> str:
        """Store a new match (``Match.to_dict(secrets=True)``) with its two seats; returns its
        new id. The events and secrets already in the dict are stored with it. A ``rated``
        match's result changes both players' ratings; ``then`` runs in the same transaction
        with the new id (a tournament links its pairing to the match)."""
        new = NewMatch.check(match_dict, players, rated)
        return store_new_match(self.transactions, new, lambda session: None, then)

    def append(
        self,
        match_id: str,
        events: Sequence[Mapping[str, object]],
        *,
        secrets: Mapping[str, object] | None,
        status: str,
        summary: Mapping[str, object],
        snapshot: Mapping[str, object] | None = None,
    ) -> None:
        """In one transaction: add the match's new events, replace its secrets, status
        (``playing``, ``over``, or ``aborted``: no result) and summary (``score``, ``winner``
        seat, ``end_reason``), and its snapshot when one is given (``Match.snapshot()`` after
        these events);
        the results among the events of a rated match (a renju game, a tables match) change
        both players' ratings (``ratings.rate_results``).
        ``EventConflictError`` if one of the events is stored already (another server wrote
        this match); nothing is written then."""
        append = Append(match_id, events, secrets, status, summary, snapshot)
        refusal = self.append_batch([append])[0]
        if refusal is not None:
            raise refusal

    def append_batch(self, appends: Sequence[Append]) -> list[StoreError | None]:
        """``append`` of several matches in one transaction (group commit: one writer
        stores what many matches logged meanwhile); returns the refusal of each, or None. One
        refused (a conflict, no such match) leaves the others to be written. If the
        transaction itself fails, that is raised and nothing is written.

        Written with a few prepared statements for the whole batch (``appends.py``); if one
        of them would be refused, the batch is rolled back and written again one match at a
        time, each in a savepoint, so that each gets its own outcome."""
        try:
            if with_results(appends):
                with self.transactions.write() as session:
                    write_batch(session.connection(), appends, self.transactions.now(), session)
            else:
                with self.transactions.write_connection() as connection:
                    write_batch(connection, appends, self.transactions.now(), None)
            return [None] * len(appends)
        except (Refused, IntegrityError):
            pass
        results: list[StoreError | None] = []
        with self.transactions.write() as session:
            for append in appends:
                try:
                    with session.begin_nested():
                        append_one(session, append, self.transactions.now())
                except StoreError as exc:
                    results.append(exc)
                else:
                    results.append(None)
        return results

    def load(self, match_id: str) -> StoredMatch | None:
        """The match with its events (in seq order), secrets and latest snapshot, or None."""
        with self.transactions.read() as session:
            row = session.get(MatchRow, match_id)
            if row is None:
                return None
            events = session.scalars(
                select(EventRow.event).where(EventRow.match_id == match_id).order_by(EventRow.seq)
            ).all()
            return stored_match_from_row(row, events, row.secrets, row.snapshot)

    def terms(self, match_id: str) -> MatchTerms:
        """Whether the match is rated, and whether it is a tournament's pairing (a match that
        is not stored is neither)."""
        with self.transactions.read() as session:
            rated = session.scalar(select(MatchRow.rated).where(MatchRow.id == match_id))
            pairing = session.scalar(
                select(TournamentGameRow.match_id).where(TournamentGameRow.match_id == match_id)
            )
            return MatchTerms(rated=bool(rated), pairing=pairing is not None)

    def event_counts(self, match_ids: Sequence[str]) -> dict[str, int]:
        """How many events each of ``match_ids`` has stored (a match with none, or not in the
        store, is left out): one query on the events' key, cheap enough to ask every second
        for every match a server holds (so that a process notices another's moves)."""
        counts: dict[str, int] = {}
        with self.transactions.read() as session:
            for start in range(0, len(match_ids), 500):
                chunk = list(match_ids[start : start + 500])
                query = (
                    select(EventRow.match_id, func.max(EventRow.seq))
                    .where(EventRow.match_id.in_(chunk))
                    .group_by(EventRow.match_id)
                )
                counts.update((m, last + 1) for m, last in session.execute(query))
        return counts

    def events_from(self, match_id: str, seq: int) -> list[JsonObject]:
        """The stored events of ``match_id`` from ``seq`` on, in order."""
        with self.transactions.read() as session:
            return list(
                session.scalars(
                    select(EventRow.event)
                    .where(EventRow.match_id == match_id, EventRow.seq >= seq)
                    .order_by(EventRow.seq)
                )
            )

    def load_recent(self, match_id: str) -> tuple[StoredMatch, int] | None:
        """The match with its secrets, latest snapshot and only the events a restore needs:
        from the last before the snapshot's end on, and from the game's start on when its
        fair dice go on (its secrets hold a seed); and the seq of the first of them (the
        earlier ones: ``read_events``). With no snapshot, every event (and 0). None if there
        is no such match."""
        with self.transactions.read() as session:
            row = session.get(MatchRow, match_id)
            if row is None:
                return None
            first = 0
            count = row.snapshot.get("events") if isinstance(row.snapshot, dict) else None
            if isinstance(count, int) and not isinstance(count, bool) and count > 0:
                first = count - 1
            if first and row.secrets:
                started = session.scalar(
                    select(EventRow.seq)
                    .where(EventRow.match_id == match_id, EventRow.kind == "game_start")
                    .order_by(EventRow.seq.desc())
                    .limit(1)
                )
                first = min(first, started if started is not None else 0)
            events = session.scalars(
                select(EventRow.event)
                .where(EventRow.match_id == match_id, EventRow.seq >= first)
                .order_by(EventRow.seq)
            ).all()
            return stored_match_from_row(row, events, row.secrets, row.snapshot), first

    def read_events(self, match_id: str, stop: int) -> list[JsonObject]:
        """The match's events before seq ``stop``, in order (as ``Event.to_dict()`` gave them)."""
        with self.transactions.read() as session:
            return list(
                session.scalars(
                    select(EventRow.event)
                    .where(EventRow.match_id == match_id, EventRow.seq < stop)
                    .order_by(EventRow.seq)
                ).all()
            )

    def list_matches(
        self, status: str | None = None, user_id: int | None = None, limit: int = 50
    ) -> list[StoredMatch]:
        """Matches, newest first, without their events or secrets; only those of ``status``
        and of the user ``user_id`` when given."""
        if status is not None:
            check_status(status)
        query = select(MatchRow).options(defer(MatchRow.secrets), defer(MatchRow.snapshot))
        if status is not None:
            query = query.where(MatchRow.status == status)
        if user_id is not None:
            query = query.where(MatchRow.id.in_(_matches_of(user_id)))
        query = query.order_by(MatchRow.created_at.desc(), MatchRow.id.desc())
        return self._matches(query, limit)

    def _matches(self, query: Select[MatchRow], limit: int) -> list[StoredMatch]:
        if not isinstance(limit, int) or limit < 0:
            raise StoreError(f"a limit is 0 or more, not {limit!r}")
        with self.transactions.read() as session:
            return [stored_match_from_row(row) for row in session.scalars(query.limit(limit))]

    # -- profiles -----------------------------------------------------------------------------

    def history(self, user_id: int, limit: int = 20) -> list[StoredMatch]:
        """The user's finished matches, the last finished first (without events)."""
        query = (
            select(MatchRow)
            .options(defer(MatchRow.secrets), defer(MatchRow.snapshot))
            .where(MatchRow.status == "over", MatchRow.id.in_(_matches_of(user_id)))
            .order_by(MatchRow.updated_at.desc(), MatchRow.id.desc())
        )
        return self._matches(query, limit)

    def computer_matches_playing(self, user_id: int) -> int:
        """How many matches against the computer the user is playing."""
        computer = select(SeatRow.match_id).where(SeatRow.kind == "computer")
        query = select(func.count()).where(
            MatchRow.status == "playing",
            MatchRow.id.in_(_matches_of(user_id)),
            MatchRow.id.in_(computer),
        )
        with self.transactions.read() as session:
            return session.scalar(query) or 0

    def playing_by_game(self) -> list[GamePlaying]:
        """The games with matches being played, by name: how many matches, and how many
        accounts sit in them (the computer's seats are not counted). One query, so that every
        server process sharing the database counts the same."""
        human = and_(SeatRow.match_id == MatchRow.id, SeatRow.user_id.is_not(None))
        query = (
            select(
                MatchRow.game,
                func.count(func.distinct(MatchRow.id)),
                func.count(func.distinct(SeatRow.user_id)),
            )
            .select_from(MatchRow)
            .outerjoin(SeatRow, human)
            .where(MatchRow.status == "playing")
            .group_by(MatchRow.game)
            .order_by(MatchRow.game)
        )
        with self.transactions.read() as session:
            rows = session.execute(query).all()
        return [GamePlaying(game, matches, players) for game, matches, players in rows]

    def stats(self, user_id: int) -> MatchStats:
        """How many matches the user finished, won and lost (the rest were drawn or ended
        without a winner)."""
        query = (
            select(MatchRow.winner, SeatRow.seat)
            .select_from(SeatRow)
            .join(MatchRow, MatchRow.id == SeatRow.match_id)
            .where(SeatRow.user_id == user_id, MatchRow.status == "over")
        )
        with self.transactions.read() as session:
            ends = session.execute(query).all()
        won = sum(1 for winner, seat in ends if winner == seat)
        lost = sum(1 for winner, seat in ends if winner is not None and winner != seat)
        return MatchStats(played=len(ends), won=won, lost=lost)


def _matches_of(user_id: int) -> Select[str]:
    """The ids of the matches where the user has a seat (a subquery)."""
    return select(SeatRow.match_id).where(SeatRow.user_id == user_id)
