"""Tournaments in the store: their terms, entries, state and the matches of their pairings.

``TournamentStore`` (``Store.tournaments``) works on the store's ``Transactions``. A tournament
is ``open`` (taking entries), then ``running`` with its state (``Tournament.to_dict()``), then
``finished``. Every change is one short transaction, so the director of a restarted server
reads back exactly where the tournament stood. Entering a tournament and starting it are
guarded by its status in the same transaction, so nobody joins a tournament that has begun.

Its director may enter house engines too, one per level: such an entry is named
``computer_name(level)`` ("Computer (expert)"), which no person's name can be (names have no
spaces), and plays every pairing with a computer seat of that level.
"""

import copy
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from gamehall.jsontext import JsonObject
from gamehall.store.competition_models import (
    TournamentComputerRow,
    TournamentEntryRow,
    TournamentGameRow,
    TournamentRow,
)
from gamehall.store.errors import (
    ConflictError,
    LimitReachedError,
    NotAllowedError,
    NotFoundError,
    StoreError,
)
from gamehall.store.models import MatchRow, UserRow
from gamehall.store.transactions import Transactions, need_user, rowcount

STATUSES = ("open", "running", "finished")
MAX_NAME = 80


def computer_name(level: str) -> str:
    """The entry name of the house engine of ``level`` (the name its match seat shows)."""
    return f"Computer ({level})"


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


@dataclass(frozen=True)
class TournamentGame:
    """The match of one pairing, and how it stands."""

    round: int
    board: int
    leg: int
    match_id: str
    status: str
    """The match's: ``playing`` or ``over``."""
    winner: int | None
    score: tuple[float, float] | None
    created_at: datetime

    def to_dict(self) -> JsonObject:
        """The game as the tournament page links it."""
        return {
            "round": self.round,
            "board": self.board,
            "leg": self.leg,
            "match_id": self.match_id,
            "status": self.status,
        }


@dataclass(frozen=True)
class StoredTournament:
    """A tournament as stored: terms, status, entries (in the order they joined), state."""

    id: int
    name: str
    game: str
    settings: JsonObject
    rated: bool
    grace_seconds: int
    starts_at: datetime | None
    status: str
    state: JsonObject | None
    created_by: str | None
    created_at: datetime
    updated_at: datetime
    """When its state last changed: ``save_state`` writes only over the state it read."""
    entries: tuple[str, ...]
    games: tuple[TournamentGame, ...] = ()
    computers: tuple[str, ...] = ()
    """The levels of the house engines entered (their entries are ``computer_name(level)``)."""

    def level_of(self, entry: str) -> str | None:
        """The level of the house engine entered as ``entry``; None for a person."""
        return next((level for level in self.computers if computer_name(level) == entry), None)

    def game_of(self, round: int, board: int, leg: int) -> TournamentGame | None:
        """The match of a pairing, if it has been made."""
        return next(
            (g for g in self.games if (g.round, g.board, g.leg) == (round, board, leg)), None
        )

    def to_dict(self) -> JsonObject:
        """The tournament's summary, as lists show it."""
        return {
            "id": self.id,
            "name": self.name,
            "game": self.game,
            "settings": copy.deepcopy(self.settings),
            "rated": self.rated,
            "grace_seconds": self.grace_seconds,
            "starts_at": _iso(self.starts_at),
            "status": self.status,
            "created_by": self.created_by,
            "created_at": _iso(self.created_at),
            "entries": [*self.entries],
            "computers": [*self.computers],
        }


def _later(now: datetime, read_at: datetime | None) -> datetime:
    """A new ``updated_at``: now, but always after the one read, so it serves as a version."""
    if read_at is None or now > read_at:
        return now
    return read_at + timedelta(microseconds=1)


def _score(summary: JsonObject) -> tuple[float, float] | None:
    score = summary.get("score")
    if isinstance(score, list) and len(score) == 2:
        first, second = score
        if isinstance(first, (int, float)) and isinstance(second, (int, float)):
            return (float(first), float(second))
    return None


class TournamentStore:
    """The tournaments of one store."""

    def __init__(self, transactions: Transactions) -> None:
        self.transactions = transactions

    # -- reading --------------------------------------------------------------------------------

    def _value(self, session: Session, row: TournamentRow, whole: bool) -> StoredTournament:
        people = session.execute(
            select(TournamentEntryRow.joined_at, UserRow.name)
            .join(UserRow, TournamentEntryRow.user_id == UserRow.id)
            .where(TournamentEntryRow.tournament_id == row.id)
            .order_by(TournamentEntryRow.joined_at, UserRow.id)
        ).all()
        computers = session.execute(
            select(TournamentComputerRow.joined_at, TournamentComputerRow.level)
            .where(TournamentComputerRow.tournament_id == row.id)
            .order_by(TournamentComputerRow.joined_at, TournamentComputerRow.level)
        ).all()
        joined = [(at, name) for at, name in people]
        joined += [(at, computer_name(level)) for at, level in computers]
        entries = [name for _, name in sorted(joined, key=lambda entry: entry[0])]
        creator = session.get(UserRow, row.created_by) if row.created_by is not None else None
        games: list[TournamentGame] = []
        if whole:
            found = session.execute(
                select(TournamentGameRow, MatchRow.status, MatchRow.winner, MatchRow.summary)
                .join(MatchRow, MatchRow.id == TournamentGameRow.match_id)
                .where(TournamentGameRow.tournament_id == row.id)
                .order_by(TournamentGameRow.round, TournamentGameRow.board, TournamentGameRow.leg)
            ).all()
            games = [
                TournamentGame(
                    g.round,
                    g.board,
                    g.leg,
                    g.match_id,
                    status,
                    winner,
                    _score(summary),
                    g.created_at,
                )
                for g, status, winner, summary in found
            ]
        return StoredTournament(
            id=row.id,
            name=row.name,
            game=row.game,
            settings=row.settings,
            rated=row.rated,
            grace_seconds=row.grace_seconds,
            starts_at=row.starts_at,
            status=row.status,
            state=row.state,
            created_by=creator.name if creator is not None else None,
            created_at=row.created_at,
            updated_at=row.updated_at,
            entries=tuple(entries),
            games=tuple(games),
            computers=tuple(level for _, level in computers),
        )

    def get(self, tournament_id: int) -> StoredTournament | None:
        """The tournament with its entries, state and games, or None."""
        with self.transactions.read() as session:
            row = session.get(TournamentRow, tournament_id)
            return self._value(session, row, True) if row is not None else None

    def need(self, tournament_id: int) -> StoredTournament:
        """The tournament; ``NotFoundError`` if there is none."""
        found = self.get(tournament_id)
        if found is None:
            raise NotFoundError(f"there is no tournament {tournament_id}")
        return found

    def list_tournaments(
        self, status: str | None = None, limit: int = 100
    ) -> list[StoredTournament]:
        """Tournaments (without their games), newest first; only those of ``status``."""
        if status is not None and status not in STATUSES:
            raise StoreError(f"status {status!r} is not known: {', '.join(STATUSES)}")
        query = select(TournamentRow).order_by(
            TournamentRow.created_at.desc(), TournamentRow.id.desc()
        )
        if status is not None:
            query = query.where(TournamentRow.status == status)
        with self.transactions.read() as session:
            rows = session.scalars(query.limit(limit)).all()
            return [self._value(session, row, False) for row in rows]

    def ids(self, status: str) -> list[int]:
        """The ids of the tournaments of ``status``, oldest first."""
        with self.transactions.read() as session:
            return list(
                session.scalars(
                    select(TournamentRow.id)
                    .where(TournamentRow.status == status)
                    .order_by(TournamentRow.id)
                )
            )

    def now(self) -> datetime:
        """The store's time (its clock, in UTC)."""
        return self.transactions.now()

    def due(self, now: datetime) -> list[int]:
        """The ids of the open tournaments whose start time has come, oldest first."""
        with self.transactions.read() as session:
            return list(
                session.scalars(
                    select(TournamentRow.id)
                    .where(
                        TournamentRow.status == "open",
                        TournamentRow.starts_at.is_not(None),
                        TournamentRow.starts_at <= now,
                    )
                    .order_by(TournamentRow.id)
                )
            )

    # -- changing -------------------------------------------------------------------------------

    def create(
        self,
        user_id: int,
        name: str,
        settings: JsonObject,
        *,
        rated: bool,
        grace_seconds: int,
        starts_at: datetime | None,
        most: int | None = None,
    ) -> StoredTournament:
        """A new open tournament made by ``user_id`` (a guest may make casual ones only);
        ``settings`` is ``TournamentSettings.to_dict()``, checked by the caller.
        ``LimitReachedError`` if he has made ``most`` that are not finished yet."""
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise StoreError(f"a tournament's name has 1 to {MAX_NAME} characters")
        if not isinstance(rated, bool):
            raise StoreError(f"rated must be true or false, not {rated!r}")
        match = settings.get("match")
        game = match.get("game") if isinstance(match, dict) else None
        if not isinstance(game, str):
            raise StoreError("a tournament's settings need the game of its matches")
        now = self.transactions.now()
        with self.transactions.write() as session:
            creator = need_user(session, user_id)
            if rated and creator.guest:
                raise NotAllowedError("guests play casual games only: make a casual tournament")
            if most is not None and self._unfinished(session, user_id) >= most:
                raise LimitReachedError(
                    f"you have made {most} tournaments that are not finished", "tournaments", most
                )
            row = TournamentRow(
                name=name.strip(),
                game=game,
                settings=dict(settings),
                rated=rated,
                grace_seconds=grace_seconds,
                starts_at=starts_at,
                status="open",
                state=None,
                created_by=user_id,
                created_at=now,
                updated_at=now,
            )
            session.add(row)
            session.flush()
            return self._value(session, row, True)

    def _unfinished(self, session: Session, user_id: int) -> int:
        """How many of the tournaments ``user_id`` made are not finished."""
        query = select(func.count()).where(
            TournamentRow.created_by == user_id, TournamentRow.status != "finished"
        )
        return session.scalar(query) or 0

    def make_scheduled(
        self, name: str, settings: JsonObject, *, starts_at: datetime, grace_seconds: int
    ) -> int | None:
        """A rated tournament made by the server (nobody's), unless one of that name is open
        already (the schedule's next is made): its id, or None."""
        match = settings.get("match")
        game = match.get("game") if isinstance(match, dict) else None
        if not isinstance(game, str):
            raise StoreError("a tournament's settings need the game of its matches")
        now = self.transactions.now()
        with self.transactions.write() as session:
            waiting = session.scalar(
                select(TournamentRow.id).where(
                    TournamentRow.name == name,
                    TournamentRow.status == "open",
                    TournamentRow.created_by.is_(None),
                )
            )
            if waiting is not None:
                return None
            row = TournamentRow(
                name=name,
                game=game,
                settings=dict(settings),
                rated=True,
                grace_seconds=grace_seconds,
                starts_at=starts_at,
                status="open",
                state=None,
                created_by=None,
                created_at=now,
                updated_at=now,
            )
            session.add(row)
            session.flush()
            return row.id

    def _open(self, session: Session, tournament_id: int) -> TournamentRow:
        row = session.get(TournamentRow, tournament_id, populate_existing=True)
        if row is None:
            raise NotFoundError(f"there is no tournament {tournament_id}")
        if row.status != "open":
            raise ConflictError("the tournament has started: entries are closed")
        return row

    def join(self, tournament_id: int, user_id: int) -> None:
        """Enter the user; only before the start, once, and not a guest in a rated one."""
        with self.transactions.write() as session:
            user = need_user(session, user_id)
            row = self._open(session, tournament_id)
            if row.rated and user.guest:
                raise NotAllowedError("guests play casual games only: this tournament is rated")
            if session.get(TournamentEntryRow, (tournament_id, user_id)) is not None:
                raise ConflictError("you are in this tournament already")
            session.add(
                TournamentEntryRow(
                    tournament_id=tournament_id, user_id=user_id, joined_at=self.transactions.now()
                )
            )

    def leave(self, tournament_id: int, user_id: int) -> None:
        """Withdraw the user's entry; only before the start."""
        with self.transactions.write() as session:
            self._open(session, tournament_id)
            gone = rowcount(
                session,
                delete(TournamentEntryRow).where(
                    TournamentEntryRow.tournament_id == tournament_id,
                    TournamentEntryRow.user_id == user_id,
                ),
            )
            if gone == 0:
                raise ConflictError("you are not in this tournament")

    def add_computer(self, tournament_id: int, level: str) -> None:
        """Enter the house engine of ``level`` (the caller checks the game has it); only
        before the start, and once per level."""
        with self.transactions.write() as session:
            self._open(session, tournament_id)
            if session.get(TournamentComputerRow, (tournament_id, level)) is not None:
                raise ConflictError(
                    f"the computer of the {level} level is in this tournament already",
                    reason="computer-entered",
                    level=level,
                )
            session.add(
                TournamentComputerRow(
                    tournament_id=tournament_id, level=level, joined_at=self.transactions.now()
                )
            )

    def remove_computer(self, tournament_id: int, level: str) -> None:
        """Withdraw the house engine of ``level``; only before the start."""
        with self.transactions.write() as session:
            self._open(session, tournament_id)
            gone = rowcount(
                session,
                delete(TournamentComputerRow).where(
                    TournamentComputerRow.tournament_id == tournament_id,
                    TournamentComputerRow.level == level,
                ),
            )
            if gone == 0:
                raise ConflictError(
                    f"the computer of the {level} level is not in this tournament",
                    reason="computer-not-entered",
                    level=level,
                )

    def begin(
        self,
        tournament_id: int,
        players: list[str],
        state: JsonObject,
        started_at: datetime | None = None,
    ) -> None:
        """Start the tournament with ``state``, made from exactly the entries ``players``
        (``ConflictError`` if the entries changed or it has started). ``started_at`` (an
        arena's: its clock runs from it) is kept as its start time."""
        with self.transactions.write() as session:
            row = self._open(session, tournament_id)
            entries = self._value(session, row, False).entries
            if sorted(entries) != sorted(players):
                raise ConflictError("the entries changed while the tournament was starting")
            row.status = "running"
            row.state = dict(state)
            row.updated_at = self.transactions.now()
            if started_at is not None:
                row.starts_at = started_at

    def enter_running(self, tournament_id: int, user_id: int) -> None:
        """Enter the user in a running tournament (an arena, which takes players all along;
        the caller says whether it does); nothing when he is entered already."""
        with self.transactions.write() as session:
            user = need_user(session, user_id)
            row = session.get(TournamentRow, tournament_id, populate_existing=True)
            if row is None:
                raise NotFoundError(f"there is no tournament {tournament_id}")
            if row.status != "running":
                raise ConflictError("the tournament is not being played")
            if row.rated and user.guest:
                raise NotAllowedError("guests play casual games only: this tournament is rated")
            if session.get(TournamentEntryRow, (tournament_id, user_id)) is None:
                session.add(
                    TournamentEntryRow(
                        tournament_id=tournament_id,
                        user_id=user_id,
                        joined_at=self.transactions.now(),
                    )
                )

    def drop_entry(self, tournament_id: int, user_id: int) -> None:
        """Take the user's entry off a running tournament (an arena player who left before
        his first game)."""
        with self.transactions.write() as session:
            session.execute(
                delete(TournamentEntryRow).where(
                    TournamentEntryRow.tournament_id == tournament_id,
                    TournamentEntryRow.user_id == user_id,
                )
            )

    def save_state(
        self,
        tournament_id: int,
        state: JsonObject,
        *,
        finished: bool,
        read_at: datetime | None = None,
    ) -> None:
        """Keep the running tournament's new state (and whether it is over). With
        ``read_at`` (the ``updated_at`` of the state it was made from), only if nobody changed
        the state since: ``ConflictError`` otherwise (another server stepped it first)."""
        now = self.transactions.now()
        with self.transactions.write() as session:
            query = update(TournamentRow).where(
                TournamentRow.id == tournament_id, TournamentRow.status == "running"
            )
            if read_at is not None:
                query = query.where(TournamentRow.updated_at == read_at)
            values: dict[str, object] = {
                "state": dict(state),
                "status": "finished" if finished else "running",
                "updated_at": _later(now, read_at),
            }
            changed = rowcount(session, query.values(values))
            if changed == 0:
                raise ConflictError(
                    f"tournament {tournament_id} is not running, or its state changed meanwhile"
                )

    def link(
        self, tournament_id: int, round: int, board: int, leg: int
    ) -> Callable[[Session, str], None]:
        """What ``MatchStore.create(then=...)`` runs to tie the new match to its pairing, in
        the transaction that stores the match (a pairing gets one match: the key says so)."""

        def tie(session: Session, match_id: str) -> None:
            session.add(
                TournamentGameRow(
                    tournament_id=tournament_id,
                    round=round,
                    board=board,
                    leg=leg,
                    match_id=match_id,
                    created_at=self.transactions.now(),
                )
            )

        return tie

    def unrate(self, match_id: str) -> None:
        """Make a match casual (a forfeit for not coming is not a rated result)."""
        with self.transactions.write() as session:
            session.execute(update(MatchRow).where(MatchRow.id == match_id).values(rated=False))
