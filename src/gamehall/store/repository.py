"""The store's API: accounts, sessions, matches and their event logs, seeks and challenges.

Every method opens its own short transaction and returns plain frozen dataclasses, never live
ORM objects, so one ``Store`` can be shared by the threads of a server. SQLite (the default, a
file) and PostgreSQL are both served by the same portable queries; on SQLite a transaction that
writes starts with ``BEGIN IMMEDIATE`` so that concurrent writers wait for each other instead of
failing.
"""

import copy
import hashlib
import re
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import cached_property
from pathlib import Path
from secrets import choice, token_urlsafe
from types import TracebackType
from typing import Any, NamedTuple, Self

from alembic import command
from alembic.config import Config
from argon2 import PasswordHasher
from sqlalchemy import (
    Connection,
    Engine,
    Select,
    and_,
    case,
    create_engine,
    delete,
    event,
    func,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, defer, sessionmaker
from sqlalchemy.sql.expression import Executable

from gamehall.errors import GameError
from gamehall.play.settings import MatchSettings
from gamehall.store import passwords
from gamehall.store.models import (
    ChallengeRow,
    EventRow,
    MatchRow,
    SeatRow,
    SeekRow,
    SessionRow,
    UserRow,
)

MIGRATIONS = Path(__file__).with_name("migrations")
"""The Alembic scripts, shipped inside the package."""

Clock = Callable[[], datetime]

_WRITE = "gamehall_write"
"""Execution option of a connection whose transaction will write (``BEGIN IMMEDIATE`` on
SQLite)."""
_MIGRATION_LOCK = 0x67616D6568616C6C
"""PostgreSQL advisory lock taken while migrating, so that servers starting together take
turns."""
_NAME = re.compile(r"[A-Za-z0-9_-]{3,20}")
_GUEST_PREFIX = "guest-"
_GUEST_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
_MIN_PASSWORD = 8
_MAX_PASSWORD = 1024
_SEAT_KINDS = ("human", "computer")
_MATCH_STATUSES = ("playing", "over")


# -- errors -----------------------------------------------------------------------------------


class StoreError(GameError):
    """Something asked of the store that cannot be done (bad input unless a subclass says)."""


class BadNameError(StoreError):
    """A user name that is not allowed."""


class BadPasswordError(StoreError):
    """A password that is not allowed (too short, too long, or given for a guest)."""


class NameTakenError(StoreError):
    """The name belongs to another user already (names are compared without case)."""


class NotFoundError(StoreError):
    """No user, match, seek or challenge with that id."""


class NotAllowedError(StoreError):
    """This user may not do that (another user's seek, a challenge to somebody else...)."""


class ConflictError(StoreError):
    """Not possible any more: a seek already taken, a challenge already answered."""


class EventConflictError(ConflictError):
    """Events of a match that are stored already: another writer got there first."""


# -- values -----------------------------------------------------------------------------------


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


@dataclass(frozen=True)
class User:
    """An account (a guest's too); the password hash never leaves the database."""

    id: int
    name: str
    guest: bool
    created_at: datetime

    def to_dict(self) -> dict[str, Any]:
        """The user as a client sees it."""
        return {
            "id": self.id,
            "name": self.name,
            "guest": self.guest,
            "created_at": _iso(self.created_at),
        }


@dataclass(frozen=True)
class SessionInfo:
    """A live login session: whose it is, its CSRF token and when it ends."""

    user: User
    csrf_token: str
    expires_at: datetime

    def to_dict(self) -> dict[str, Any]:
        """The session as ``/api/me`` shows it."""
        return {
            "user": self.user.to_dict(),
            "csrf_token": self.csrf_token,
            "expires_at": _iso(self.expires_at),
        }


class PlayerSeat(NamedTuple):
    """Who sits at one side of a match: a user, or a computer player of some level."""

    user_id: int | None
    kind: str
    """``human`` or ``computer``."""
    level: str | None
    name: str

    def to_dict(self) -> dict[str, Any]:
        """The seat as a client sees it."""
        return {"user_id": self.user_id, "kind": self.kind, "level": self.level, "name": self.name}


@dataclass(frozen=True)
class StoredMatch:
    """A stored match; ``events`` and ``secrets`` are there only when it was loaded whole
    (``load_match``), not in lists."""

    id: str
    game: str
    settings: dict[str, Any]
    seats: tuple[PlayerSeat, ...]
    status: str
    summary: dict[str, Any]
    created_at: datetime
    updated_at: datetime
    events: tuple[dict[str, Any], ...] | None = field(default=None, repr=False)
    secrets: dict[str, Any] | None = field(default=None, repr=False)

    @property
    def players(self) -> list[str]:
        """The players' names, seat 0 first."""
        return [seat.name for seat in self.seats]

    def as_match_dict(self, secrets: bool) -> dict[str, Any]:
        """The form that ``Match.from_dict`` replays; ``secrets`` (the server's only) adds
        the fair dice's seed of the game in progress, if any."""
        if self.events is None:
            raise StoreError(f"match {self.id} was listed without its events: load it whole")
        out: dict[str, Any] = {
            "game": self.game,
            "settings": copy.deepcopy(self.settings),
            "players": self.players,
            "events": copy.deepcopy(list(self.events)),
        }
        if secrets and self.secrets:
            out["secrets"] = copy.deepcopy(self.secrets)
        return out

    def to_dict(self) -> dict[str, Any]:
        """The match's summary as a client sees it (no events, never the secrets)."""
        return {
            "id": self.id,
            "game": self.game,
            "settings": copy.deepcopy(self.settings),
            "players": [seat.to_dict() for seat in self.seats],
            "status": self.status,
            "summary": copy.deepcopy(self.summary),
            "created_at": _iso(self.created_at),
            "updated_at": _iso(self.updated_at),
        }


@dataclass(frozen=True)
class Seek:
    """An offer to play anybody on these settings; ``taken_by`` once somebody accepted it."""

    id: int
    user_id: int
    user_name: str
    settings: dict[str, Any]
    rated: bool
    created_at: datetime
    taken_by: int | None = None
    taken_at: datetime | None = None

    def to_dict(self) -> dict[str, Any]:
        """The seek as the lobby shows it."""
        return {
            "id": self.id,
            "user": self.user_name,
            "settings": copy.deepcopy(self.settings),
            "rated": self.rated,
            "created_at": _iso(self.created_at),
        }


@dataclass(frozen=True)
class Challenge:
    """An invitation from one user to another: ``open``, then ``accepted`` or ``declined``."""

    id: int
    from_user_id: int
    from_name: str
    to_user_id: int
    to_name: str
    settings: dict[str, Any]
    status: str
    created_at: datetime
    answered_at: datetime | None = None

    def to_dict(self) -> dict[str, Any]:
        """The challenge as its two users see it."""
        return {
            "id": self.id,
            "from": self.from_name,
            "to": self.to_name,
            "settings": copy.deepcopy(self.settings),
            "status": self.status,
            "created_at": _iso(self.created_at),
            "answered_at": _iso(self.answered_at),
        }


def _user(row: UserRow) -> User:
    return User(id=row.id, name=row.name, guest=row.guest, created_at=row.created_at)


def _seek(row: SeekRow) -> Seek:
    return Seek(
        id=row.id,
        user_id=row.user_id,
        user_name=row.owner.name,
        settings=row.settings,
        rated=row.rated,
        created_at=row.created_at,
        taken_by=row.taken_by,
        taken_at=row.taken_at,
    )


def _challenge(row: ChallengeRow) -> Challenge:
    return Challenge(
        id=row.id,
        from_user_id=row.from_user_id,
        from_name=row.from_user.name,
        to_user_id=row.to_user_id,
        to_name=row.to_user.name,
        settings=row.settings,
        status=row.status,
        created_at=row.created_at,
        answered_at=row.answered_at,
    )


def _stored(
    row: MatchRow,
    events: Sequence[dict[str, Any]] | None = None,
    secrets: dict[str, Any] | None = None,
) -> StoredMatch:
    return StoredMatch(
        id=row.id,
        game=row.game,
        settings=row.settings,
        seats=tuple(PlayerSeat(s.user_id, s.kind, s.level, s.name) for s in row.seats),
        status=row.status,
        summary=row.summary,
        created_at=row.created_at,
        updated_at=row.updated_at,
        events=tuple(events) if events is not None else None,
        secrets=secrets,
    )


# -- checks -----------------------------------------------------------------------------------


def _check_name(name: str, guest: bool) -> None:
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise BadNameError(
            f"{name!r} is not a valid name: use 3 to 20 letters, digits, _ or - (no spaces)"
        )
    if not guest and name.lower().startswith(_GUEST_PREFIX):
        raise BadNameError("names that start with Guest- are kept for guests")


def _check_password(password: str | None, guest: bool) -> str | None:
    if guest:
        if password is not None:
            raise BadPasswordError("a guest has no password")
        return None
    if not isinstance(password, str) or len(password) < _MIN_PASSWORD:
        raise BadPasswordError(f"a password needs at least {_MIN_PASSWORD} characters")
    if len(password) > _MAX_PASSWORD:
        raise BadPasswordError(f"a password has at most {_MAX_PASSWORD} characters")
    return password


def _check_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The settings in ``MatchSettings.to_dict()``'s full form; StoreError when invalid."""
    if not isinstance(settings, Mapping):
        raise StoreError("match settings must be an object")
    try:
        return MatchSettings.from_dict(settings).to_dict()
    except GameError as exc:
        raise StoreError(str(exc)) from None
    except TypeError as exc:
        raise StoreError(f"match settings cannot be read: {exc}") from None


def _check_status(status: str) -> None:
    if status not in _MATCH_STATUSES:
        raise StoreError(f"match status {status!r}: choose one of {', '.join(_MATCH_STATUSES)}")


def _check_events(events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Copies of ``events``, checked to have consecutive seqs and a kind."""
    batch: list[dict[str, Any]] = []
    for item in events:
        if not isinstance(item, Mapping):
            raise StoreError("an event must be an object (Event.to_dict())")
        seq = item.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            raise StoreError(f"an event needs a seq of 0 or more, not {seq!r}")
        if not isinstance(item.get("kind"), str):
            raise StoreError(f"event {seq} has no kind")
        if batch and seq != batch[-1]["seq"] + 1:
            raise StoreError(f"event {seq} does not follow event {batch[-1]['seq']}")
        batch.append(dict(item))
    return batch


def _check_seats(players: Sequence[PlayerSeat]) -> list[PlayerSeat]:
    try:
        seats = [PlayerSeat(*seat) for seat in players]
    except TypeError:
        raise StoreError("a seat is (user_id, kind, level, name)") from None
    if len(seats) != 2:
        raise StoreError("a match has two seats")
    for seat in seats:
        if seat.kind not in _SEAT_KINDS:
            raise StoreError(f"seat kind {seat.kind!r}: choose one of {', '.join(_SEAT_KINDS)}")
        if not isinstance(seat.name, str) or not 1 <= len(seat.name) <= 64:
            raise StoreError("a seat's name has 1 to 64 characters")
    return seats


def _winner(status: str, summary: Mapping[str, Any]) -> int | None:
    winner = summary.get("winner")
    return winner if status == "over" and winner in (0, 1) else None


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _utcnow() -> datetime:
    return datetime.now(UTC)


# -- engine and migrations --------------------------------------------------------------------


def _sqlite_connect(dbapi_connection: sqlite3.Connection, _record: object) -> None:
    """Per SQLite connection: SQLAlchemy emits BEGIN itself; WAL; foreign keys enforced."""
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    """BEGIN IMMEDIATE for a transaction that will write: it waits for the write lock at once,
    rather than failing when a read turns into a write after another writer committed."""
    write = connection.get_execution_options().get(_WRITE, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def make_engine(url: str) -> Engine:
    """An engine for ``url``, set up for the store: on SQLite, usable from any thread, WAL,
    foreign keys, and the file's folders created as needed."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(parsed, pool_pre_ping=True)
    database = parsed.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        raise StoreError("the store needs an SQLite file (sqlite:///path/to/file.db)")
    Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(parsed, connect_args={"check_same_thread": False, "timeout": 30})
    event.listen(engine, "connect", _sqlite_connect)
    event.listen(engine, "begin", _sqlite_begin)
    return engine


def alembic_config(url: str) -> Config:
    """An Alembic configuration for the store's migrations on ``url`` (no alembic.ini)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade_database(url: str) -> None:
    """Apply every migration not yet applied to the database at ``url`` (creating an SQLite
    file and its folders as needed); doing it again changes nothing."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            connection.execution_options(**{_WRITE: True})
            with connection.begin():
                if connection.dialect.name == "postgresql":
                    connection.execute(
                        text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK}
                    )
                config = alembic_config(url)
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
    finally:
        engine.dispose()


# -- the store --------------------------------------------------------------------------------


class Store:
    """The database of one server (or of several sharing one PostgreSQL).

    ``password_hasher`` and ``clock`` are for tests (cheap hashing, time that they move);
    the clock must give timezone-aware datetimes.
    """

    def __init__(
        self,
        url: str,
        *,
        password_hasher: PasswordHasher | None = None,
        clock: Clock = _utcnow,
    ) -> None:
        self.url = url
        self._engine = make_engine(url)
        self._sessions = sessionmaker(self._engine, expire_on_commit=False)
        self._hasher = password_hasher or passwords.DEFAULT_HASHER
        self._clock = clock

    def close(self) -> None:
        """Close every pooled connection."""
        self._engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _now(self) -> datetime:
        now = self._clock()
        if now.tzinfo is None:
            raise ValueError("the store's clock must give timezone-aware datetimes")
        return now.astimezone(UTC)

    @contextmanager
    def _read(self) -> Iterator[Session]:
        with self._sessions() as session, session.begin():
            yield session

    @contextmanager
    def _write(self) -> Iterator[Session]:
        with self._sessions() as session, session.begin():
            session.connection(execution_options={_WRITE: True})
            yield session

    @cached_property
    def _dummy_hash(self) -> str:
        """A hash to verify against when there is no such user, so that a wrong name takes
        as long as a wrong password."""
        return passwords.hash_password(token_urlsafe(16), self._hasher)

    @staticmethod
    def _need_user(session: Session, user_id: int) -> UserRow:
        row = session.get(UserRow, user_id)
        if row is None:
            raise NotFoundError(f"there is no user {user_id}")
        return row

    # -- users --------------------------------------------------------------------------------

    def create_user(self, name: str, password: str | None, *, guest: bool = False) -> User:
        """A new user: a name of 3 to 20 letters, digits, _ or -, unique whatever the case,
        and a password of 8 characters or more; a guest has no password."""
        _check_name(name, guest)
        checked = _check_password(password, guest)
        taken = NameTakenError(f"the name {name} is taken")
        if self.get_user_by_name(name) is not None:
            raise taken  # before spending a hash on it; checked again when writing
        password_hash = (
            passwords.hash_password(checked, self._hasher) if checked is not None else None
        )
        try:
            with self._write() as session:
                if session.scalar(select(UserRow.id).where(UserRow.name_key == name.lower())):
                    raise taken
                row = UserRow(
                    name=name,
                    name_key=name.lower(),
                    password_hash=password_hash,
                    guest=guest,
                    created_at=self._now(),
                )
                session.add(row)
                session.flush()
                return _user(row)
        except IntegrityError:
            raise taken from None

    def create_guest(self) -> User:
        """A guest with a new name ``Guest-xxxx``."""
        for attempt in range(20):
            length = 4 if attempt < 10 else 8
            suffix = "".join(choice(_GUEST_ALPHABET) for _ in range(length))
            try:
                return self.create_user(f"Guest-{suffix}", None, guest=True)
            except NameTakenError:
                continue
        raise ConflictError("no free guest name was found: try again")

    def authenticate(self, name: str, password: str) -> User | None:
        """The user with this name and password, or None. Takes as long for an unknown name
        as for a wrong password; a hash made with older parameters is replaced."""
        with self._read() as session:
            row = (
                session.scalar(select(UserRow).where(UserRow.name_key == name.lower()))
                if isinstance(name, str)
                else None
            )
            user = _user(row) if row is not None else None
            stored = row.password_hash if row is not None else None
        if not isinstance(password, str):
            return None
        if user is None or stored is None:
            passwords.verify_password(self._dummy_hash, password, self._hasher)
            return None
        if not passwords.verify_password(stored, password, self._hasher):
            return None
        if passwords.needs_rehash(stored, self._hasher):
            fresh = passwords.hash_password(password, self._hasher)
            with self._write() as session:
                session.execute(
                    update(UserRow)
                    .where(UserRow.id == user.id, UserRow.password_hash == stored)
                    .values(password_hash=fresh)
                )
        return user

    def get_user(self, user_id: int) -> User | None:
        """The user with this id, or None."""
        with self._read() as session:
            row = session.get(UserRow, user_id)
            return _user(row) if row is not None else None

    def get_user_by_name(self, name: str) -> User | None:
        """The user with this name (in any case), or None."""
        if not isinstance(name, str):
            return None
        with self._read() as session:
            row = session.scalar(select(UserRow).where(UserRow.name_key == name.lower()))
            return _user(row) if row is not None else None

    # -- sessions -----------------------------------------------------------------------------

    def create_session(self, user_id: int, days: int = 30) -> tuple[str, str]:
        """A new session of ``days`` days for the user: returns ``(token, csrf_token)``. Only
        the token's SHA-256 is stored."""
        if not isinstance(days, int) or days < 0:
            raise StoreError(f"a session lasts 0 days or more, not {days!r}")
        token = token_urlsafe(32)
        csrf_token = token_urlsafe(32)
        now = self._now()
        with self._write() as session:
            self._need_user(session, user_id)
            session.add(
                SessionRow(
                    token_hash=_token_hash(token),
                    user_id=user_id,
                    csrf_token=csrf_token,
                    created_at=now,
                    expires_at=now + timedelta(days=days),
                )
            )
        return token, csrf_token

    def get_session(self, token: str) -> SessionInfo | None:
        """The live session of this token, or None (unknown or expired)."""
        if not isinstance(token, str) or not token:
            return None
        with self._read() as session:
            row = session.scalar(
                select(SessionRow).where(
                    SessionRow.token_hash == _token_hash(token),
                    SessionRow.expires_at > self._now(),
                )
            )
            if row is None:
                return None
            return SessionInfo(_user(row.user), row.csrf_token, row.expires_at)

    def delete_session(self, token: str) -> None:
        """End the session of this token (nothing happens if there is none)."""
        if not isinstance(token, str):
            return
        with self._write() as session:
            session.execute(delete(SessionRow).where(SessionRow.token_hash == _token_hash(token)))

    def purge_expired_sessions(self) -> int:
        """Delete the expired sessions; returns how many there were."""
        with self._write() as session:
            return _rowcount(
                session, delete(SessionRow).where(SessionRow.expires_at <= self._now())
            )

    # -- matches ------------------------------------------------------------------------------

    def create_match(self, match_dict: Mapping[str, Any], *, players: list[PlayerSeat]) -> str:
        """Store a new match (``Match.to_dict(secrets=True)``) with its two seats; returns its
        new id. The events and secrets already in the dict are stored with it."""
        seats = _check_seats(players)
        try:
            game = match_dict["game"]
            settings = _check_settings(match_dict["settings"])
            names = list(match_dict["players"])
            batch = _check_events(match_dict.get("events", []))
            secrets = match_dict.get("secrets")
        except (KeyError, TypeError) as exc:
            raise StoreError(f"a match needs game, settings, players and events ({exc})") from None
        if game != settings["game"]:
            raise StoreError(f"the match's game {game!r} is not its settings' game")
        if names != [seat.name for seat in seats]:
            raise StoreError("the seats' names must be the match's players, in order")
        if batch and batch[0]["seq"] != 0:
            raise StoreError("a new match's events start at seq 0")
        now = self._now()
        for _ in range(5):
            match_id = token_urlsafe(6)
            try:
                with self._write() as session:
                    for seat in seats:
                        if seat.user_id is not None:
                            self._need_user(session, seat.user_id)
                    session.add(
                        MatchRow(
                            id=match_id,
                            game=game,
                            settings=settings,
                            status="playing",
                            summary={},
                            winner=None,
                            secrets=dict(secrets) if secrets else None,
                            created_at=now,
                            updated_at=now,
                            seats=[
                                SeatRow(
                                    seat=i,
                                    user_id=seat.user_id,
                                    kind=seat.kind,
                                    level=seat.level,
                                    name=seat.name,
                                )
                                for i, seat in enumerate(seats)
                            ],
                        )
                    )
                    session.flush()
                    session.add_all(_event_rows(match_id, batch))
            except IntegrityError:
                continue
            return match_id
        raise ConflictError("the match could not be stored: try again")

    def append_events(
        self,
        match_id: str,
        events: Sequence[Mapping[str, Any]],
        *,
        secrets: Mapping[str, Any] | None,
        status: str,
        summary: Mapping[str, Any],
    ) -> None:
        """In one transaction: add the match's new events, replace its secrets, status
        (``playing`` or ``over``) and summary (``score``, ``winner`` seat, ``end_reason``).
        ``EventConflictError`` if one of the events is stored already (another server wrote
        this match); nothing is written then."""
        _check_status(status)
        batch = _check_events(events)
        conflict = EventConflictError(
            f"events of match {match_id} from {batch[0]['seq'] if batch else 0} on are stored "
            "already: another server may be playing this match"
        )
        try:
            with self._write() as session:
                # Writing the match's row first locks it: concurrent appends take turns.
                changed = _rowcount(
                    session,
                    update(MatchRow)
                    .where(MatchRow.id == match_id)
                    .values(
                        secrets=dict(secrets) if secrets else None,
                        status=status,
                        summary=dict(summary),
                        winner=_winner(status, summary),
                        updated_at=self._now(),
                    ),
                )
                if changed == 0:
                    raise NotFoundError(f"there is no match {match_id}")
                if not batch:
                    return
                stored = session.scalar(
                    select(func.max(EventRow.seq)).where(EventRow.match_id == match_id)
                )
                expected = 0 if stored is None else stored + 1
                if batch[0]["seq"] < expected:
                    raise conflict
                if batch[0]["seq"] > expected:
                    raise StoreError(
                        f"events {expected} to {batch[0]['seq'] - 1} of match {match_id} "
                        "are missing"
                    )
                session.add_all(_event_rows(match_id, batch))
        except IntegrityError:
            raise conflict from None

    def load_match(self, match_id: str) -> StoredMatch | None:
        """The match with its events (in seq order) and secrets, or None."""
        with self._read() as session:
            row = session.get(MatchRow, match_id)
            if row is None:
                return None
            events = session.scalars(
                select(EventRow.event).where(EventRow.match_id == match_id).order_by(EventRow.seq)
            ).all()
            return _stored(row, events, row.secrets)

    def list_matches(
        self, status: str | None = None, user_id: int | None = None, limit: int = 50
    ) -> list[StoredMatch]:
        """Matches, newest first, without their events or secrets; only those of ``status``
        and of the user ``user_id`` when given."""
        if status is not None:
            _check_status(status)
        query = select(MatchRow).options(defer(MatchRow.secrets))
        if status is not None:
            query = query.where(MatchRow.status == status)
        if user_id is not None:
            query = query.where(MatchRow.id.in_(_matches_of(user_id)))
        query = query.order_by(MatchRow.created_at.desc(), MatchRow.id.desc())
        return self._matches(query, limit)

    def _matches(self, query: Select[MatchRow], limit: int) -> list[StoredMatch]:
        if not isinstance(limit, int) or limit < 0:
            raise StoreError(f"a limit is 0 or more, not {limit!r}")
        with self._read() as session:
            return [_stored(row) for row in session.scalars(query.limit(limit))]

    # -- seeks --------------------------------------------------------------------------------

    def create_seek(
        self, user_id: int, settings: Mapping[str, Any], *, rated: bool = False
    ) -> Seek:
        """A new open seek of the user; a guest's seeks are never rated."""
        checked = _check_settings(settings)
        with self._write() as session:
            owner = self._need_user(session, user_id)
            if rated and owner.guest:
                raise NotAllowedError("guests play casual games only")
            row = SeekRow(user_id=user_id, settings=checked, rated=rated, created_at=self._now())
            session.add(row)
            session.flush()
            return _seek(row)

    def list_seeks(self) -> list[Seek]:
        """The open seeks, oldest first."""
        with self._read() as session:
            rows = session.scalars(
                select(SeekRow)
                .where(SeekRow.taken_by.is_(None))
                .order_by(SeekRow.created_at, SeekRow.id)
            )
            return [_seek(row) for row in rows]

    def get_seek(self, seek_id: int) -> Seek | None:
        """The seek with this id (open or taken), or None."""
        with self._read() as session:
            row = session.get(SeekRow, seek_id)
            return _seek(row) if row is not None else None

    def delete_seek(self, seek_id: int, user_id: int) -> None:
        """Withdraw an open seek: only its owner may."""
        with self._write() as session:
            row = session.get(SeekRow, seek_id)
            if row is None:
                raise NotFoundError(f"there is no seek {seek_id}")
            if row.user_id != user_id:
                raise NotAllowedError("only the player who made a seek can withdraw it")
            if row.taken_by is not None:
                raise ConflictError("this seek has been accepted already")
            session.delete(row)

    def take_seek(self, seek_id: int, user_id: int) -> Seek:
        """Accept a seek for ``user_id``: atomically, so that only one player gets it."""
        with self._write() as session:
            self._need_user(session, user_id)
            changed = _rowcount(
                session,
                update(SeekRow)
                .where(
                    SeekRow.id == seek_id,
                    SeekRow.taken_by.is_(None),
                    SeekRow.user_id != user_id,
                )
                .values(taken_by=user_id, taken_at=self._now()),
            )
            row = session.get(SeekRow, seek_id, populate_existing=True)
            if row is None:
                raise NotFoundError(f"there is no seek {seek_id}")
            if changed == 0:
                if row.user_id == user_id:
                    raise NotAllowedError("you cannot accept your own seek")
                raise ConflictError("this seek has been accepted already")
            return _seek(row)

    # -- challenges ---------------------------------------------------------------------------

    def create_challenge(
        self, from_user_id: int, to_user_id: int, settings: Mapping[str, Any]
    ) -> Challenge:
        """An open challenge from one user to another."""
        checked = _check_settings(settings)
        if from_user_id == to_user_id:
            raise NotAllowedError("you cannot challenge yourself")
        with self._write() as session:
            self._need_user(session, from_user_id)
            self._need_user(session, to_user_id)
            row = ChallengeRow(
                from_user_id=from_user_id,
                to_user_id=to_user_id,
                settings=checked,
                status="open",
                created_at=self._now(),
            )
            session.add(row)
            session.flush()
            return _challenge(row)

    def get_challenge(self, challenge_id: int) -> Challenge | None:
        """The challenge with this id (open or answered), or None."""
        with self._read() as session:
            row = session.get(ChallengeRow, challenge_id)
            return _challenge(row) if row is not None else None

    def list_challenges(self, user_id: int) -> list[Challenge]:
        """The open challenges to or from the user, oldest first."""
        with self._read() as session:
            rows = session.scalars(
                select(ChallengeRow)
                .where(
                    ChallengeRow.status == "open",
                    or_(ChallengeRow.from_user_id == user_id, ChallengeRow.to_user_id == user_id),
                )
                .order_by(ChallengeRow.created_at, ChallengeRow.id)
            )
            return [_challenge(row) for row in rows]

    def answer_challenge(self, challenge_id: int, user_id: int, accept: bool) -> Challenge:
        """Accept or decline a challenge: only the challenged user, and only once."""
        with self._write() as session:
            changed = _rowcount(
                session,
                update(ChallengeRow)
                .where(
                    ChallengeRow.id == challenge_id,
                    ChallengeRow.to_user_id == user_id,
                    ChallengeRow.status == "open",
                )
                .values(status="accepted" if accept else "declined", answered_at=self._now()),
            )
            row = session.get(ChallengeRow, challenge_id, populate_existing=True)
            if row is None:
                raise NotFoundError(f"there is no challenge {challenge_id}")
            if changed == 0:
                if row.to_user_id != user_id:
                    raise NotAllowedError("only the challenged player can answer a challenge")
                raise ConflictError(f"this challenge has been {row.status} already")
            return _challenge(row)

    # -- profiles -----------------------------------------------------------------------------

    def user_history(self, user_id: int, limit: int = 20) -> list[StoredMatch]:
        """The user's finished matches, the last finished first (without events)."""
        query = (
            select(MatchRow)
            .options(defer(MatchRow.secrets))
            .where(MatchRow.status == "over", MatchRow.id.in_(_matches_of(user_id)))
            .order_by(MatchRow.updated_at.desc(), MatchRow.id.desc())
        )
        return self._matches(query, limit)

    def user_stats(self, user_id: int) -> dict[str, int]:
        """How many matches the user finished, won and lost (the rest were drawn or ended
        without a winner)."""
        decided = MatchRow.winner.is_not(None)
        query = (
            select(
                func.count(),
                func.coalesce(func.sum(case((MatchRow.winner == SeatRow.seat, 1), else_=0)), 0),
                func.coalesce(
                    func.sum(case((and_(decided, MatchRow.winner != SeatRow.seat), 1), else_=0)),
                    0,
                ),
            )
            .select_from(SeatRow)
            .join(MatchRow, MatchRow.id == SeatRow.match_id)
            .where(SeatRow.user_id == user_id, MatchRow.status == "over")
        )
        with self._read() as session:
            played, won, lost = session.execute(query).one()
        return {"played": int(played), "won": int(won), "lost": int(lost)}


def _rowcount(session: Session, statement: Executable) -> int:
    """Run an UPDATE or DELETE in the session's transaction; returns the rows it matched."""
    return session.connection().execute(statement).rowcount


def _matches_of(user_id: int) -> Select[str]:
    """The ids of the matches where the user has a seat (a subquery)."""
    return select(SeatRow.match_id).where(SeatRow.user_id == user_id)


def _event_rows(match_id: str, batch: list[dict[str, Any]]) -> list[EventRow]:
    return [EventRow(match_id=match_id, seq=e["seq"], kind=e["kind"], event=e) for e in batch]
