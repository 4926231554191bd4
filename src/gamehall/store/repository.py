"""The store's API, ``Store``: accounts, sessions, matches and their event logs, seeks and
challenges, profiles.

Every method opens its own short transaction and returns plain frozen values (``values.py``),
never live ORM objects, so one ``Store`` can be shared by the threads of a server. Input is
checked first (``checks.py``). SQLite (the default, a file) and PostgreSQL are both served by
the same portable queries; on SQLite a transaction that writes starts with ``BEGIN IMMEDIATE``
(``database.py``) so that concurrent writers wait for each other instead of failing.
"""

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cached_property
from secrets import choice, token_urlsafe
from types import TracebackType
from typing import Any, Self

from argon2 import PasswordHasher
from sqlalchemy import Select, and_, case, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, defer

from gamehall.play.settings import GameSettings
from gamehall.store import passwords
from gamehall.store.appends import Append, Refused, winner_of, with_results, write_batch
from gamehall.store.checks import (
    check_events,
    check_name,
    check_password,
    check_seats,
    check_seed,
    check_settings,
    check_status,
    settings_row,
)
from gamehall.store.errors import (
    ConflictError,
    EventConflictError,
    NameTakenError,
    NotAllowedError,
    NotFoundError,
    StoreError,
)
from gamehall.store.models import (
    ChallengeRow,
    EventRow,
    MatchRow,
    SeatRow,
    SeekRow,
    SessionRow,
    UserRow,
)
from gamehall.store.ratings import RatingStore, rate_results
from gamehall.store.tournaments import TournamentStore
from gamehall.store.transactions import Clock, Transactions, need_user, rowcount, utcnow
from gamehall.store.values import (
    Challenge,
    PlayerSeat,
    Seek,
    SessionInfo,
    StoredMatch,
    User,
    challenge_from_row,
    seek_from_row,
    stored_match_from_row,
    user_from_row,
)

_GUEST_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Store:
    """The database of one server (or of several sharing one PostgreSQL): users and sessions,
    matches and their events, seeks and challenges here; ``tournaments`` and ``ratings`` in
    repositories of their own, on the same ``transactions``.

    ``password_hasher`` and ``clock`` are for tests (cheap hashing, time that they move);
    the clock must give timezone-aware datetimes.
    """

    def __init__(
        self,
        url: str,
        *,
        password_hasher: PasswordHasher | None = None,
        clock: Clock = utcnow,
    ) -> None:
        self.url = url
        self.transactions = Transactions(url, clock)
        self.tournaments = TournamentStore(self.transactions)
        self.ratings = RatingStore(self.transactions)
        self._hasher = password_hasher or passwords.DEFAULT_HASHER

    def close(self) -> None:
        """Close every pooled connection."""
        self.transactions.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    @cached_property
    def _dummy_hash(self) -> str:
        """A hash to verify against when there is no such user, so that a wrong name takes
        as long as a wrong password."""
        return passwords.hash_password(token_urlsafe(16), self._hasher)

    # -- users --------------------------------------------------------------------------------

    def create_user(self, name: str, password: str | None, *, guest: bool = False) -> User:
        """A new user: a name of 3 to 20 letters, digits, _ or -, unique whatever the case,
        and a password of 8 characters or more; a guest has no password."""
        check_name(name, guest)
        checked = check_password(password, guest)
        taken = NameTakenError(f"the name {name} is taken")
        if self.get_user_by_name(name) is not None:
            raise taken  # before spending a hash on it; checked again when writing
        password_hash = (
            passwords.hash_password(checked, self._hasher) if checked is not None else None
        )
        try:
            with self.transactions.write() as session:
                if session.scalar(select(UserRow.id).where(UserRow.name_key == name.lower())):
                    raise taken
                row = UserRow(
                    name=name,
                    name_key=name.lower(),
                    password_hash=password_hash,
                    guest=guest,
                    created_at=self.transactions.now(),
                )
                session.add(row)
                session.flush()
                return user_from_row(row)
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
        with self.transactions.read() as session:
            row = (
                session.scalar(select(UserRow).where(UserRow.name_key == name.lower()))
                if isinstance(name, str)
                else None
            )
            user = user_from_row(row) if row is not None else None
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
            with self.transactions.write() as session:
                session.execute(
                    update(UserRow)
                    .where(UserRow.id == user.id, UserRow.password_hash == stored)
                    .values(password_hash=fresh)
                )
        return user

    def get_user(self, user_id: int) -> User | None:
        """The user with this id, or None."""
        with self.transactions.read() as session:
            row = session.get(UserRow, user_id)
            return user_from_row(row) if row is not None else None

    def get_user_by_name(self, name: str) -> User | None:
        """The user with this name (in any case), or None."""
        if not isinstance(name, str):
            return None
        with self.transactions.read() as session:
            row = session.scalar(select(UserRow).where(UserRow.name_key == name.lower()))
            return user_from_row(row) if row is not None else None

    # -- sessions -----------------------------------------------------------------------------

    def create_session(self, user_id: int, days: int = 30) -> tuple[str, str]:
        """A new session of ``days`` days for the user: returns ``(token, csrf_token)``. Only
        the token's SHA-256 is stored."""
        if not isinstance(days, int) or days < 0:
            raise StoreError(f"a session lasts 0 days or more, not {days!r}")
        token = token_urlsafe(32)
        csrf_token = token_urlsafe(32)
        now = self.transactions.now()
        with self.transactions.write() as session:
            need_user(session, user_id)
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
        with self.transactions.read() as session:
            row = session.scalar(
                select(SessionRow).where(
                    SessionRow.token_hash == _token_hash(token),
                    SessionRow.expires_at > self.transactions.now(),
                )
            )
            if row is None:
                return None
            return SessionInfo(user_from_row(row.user), row.csrf_token, row.expires_at)

    def delete_session(self, token: str) -> None:
        """End the session of this token (nothing happens if there is none)."""
        if not isinstance(token, str):
            return
        with self.transactions.write() as session:
            session.execute(delete(SessionRow).where(SessionRow.token_hash == _token_hash(token)))

    def purge_expired_sessions(self) -> int:
        """Delete the expired sessions; returns how many there were."""
        with self.transactions.write() as session:
            return rowcount(
                session, delete(SessionRow).where(SessionRow.expires_at <= self.transactions.now())
            )

    # -- matches ------------------------------------------------------------------------------

    def create_match(
        self,
        match_dict: Mapping[str, Any],
        *,
        players: list[PlayerSeat],
        rated: bool = False,
        then: Callable[[Session, str], None] | None = None,
    ) -> str:
        """Store a new match (``Match.to_dict(secrets=True)``) with its two seats; returns its
        new id. The events and secrets already in the dict are stored with it. A ``rated``
        match's result changes both players' ratings; ``then`` runs in the same transaction
        with the new id (a tournament links its pairing to the match)."""
        new = _NewMatch.check(match_dict, players, rated)
        return self._store_new_match(new, lambda session: None, then)

    def _store_new_match(
        self,
        new: "_NewMatch",
        first: Callable[[Session], None],
        then: Callable[[Session, str], None] | None = None,
    ) -> str:
        """Add ``new`` under a fresh id in a transaction that runs ``first`` before (taking a
        seek or a challenge) and ``then`` after, so that all are written or none; returns the
        id."""
        for _ in range(5):
            match_id = token_urlsafe(6)
            try:
                with self.transactions.write() as session:
                    first(session)
                    for seat in new.seats:
                        if seat.user_id is not None:
                            need_user(session, seat.user_id)
                    session.add(new.row(match_id, self.transactions.now()))
                    session.flush()
                    session.add_all(_event_rows(match_id, new.events))
                    if then is not None:
                        then(session, match_id)
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
        snapshot: Mapping[str, Any] | None = None,
    ) -> None:
        """In one transaction: add the match's new events, replace its secrets, status
        (``playing`` or ``over``) and summary (``score``, ``winner`` seat, ``end_reason``),
        and its snapshot when one is given (``Match.snapshot()`` after these events);
        the results among the events of a rated match (a renju game, a tables match) change
        both players' ratings (``ratings.rate_results``).
        ``EventConflictError`` if one of the events is stored already (another server wrote
        this match); nothing is written then."""
        append = Append(match_id, events, secrets, status, summary, snapshot)
        refusal = self.append_batch([append])[0]
        if refusal is not None:
            raise refusal

    def append_batch(self, appends: Sequence[Append]) -> list[StoreError | None]:
        """``append_events`` of several matches in one transaction (group commit: one writer
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
                        self._append(session, append)
                except StoreError as exc:
                    results.append(exc)
                else:
                    results.append(None)
        return results

    def _append(self, session: Session, append: Append) -> None:
        """``append_events`` of ``append`` in ``session``'s transaction."""
        match_id, secrets, status = append.match_id, append.secrets, append.status
        summary, snapshot, events = append.summary, append.snapshot, append.events
        check_status(status)
        batch = check_events(events)
        conflict = EventConflictError(
            f"events of match {match_id} from {batch[0]['seq'] if batch else 0} on are stored "
            "already: another server may be playing this match"
        )
        try:
            # Writing the match's row first locks it: concurrent appends take turns.
            changed = rowcount(
                session,
                update(MatchRow)
                .where(MatchRow.id == match_id)
                .values(
                    secrets=dict(secrets) if secrets else None,
                    status=status,
                    summary=dict(summary),
                    winner=winner_of(status, summary),
                    updated_at=self.transactions.now(),
                    **({} if snapshot is None else {"snapshot": dict(snapshot)}),
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
                    f"events {expected} to {batch[0]['seq'] - 1} of match {match_id} are missing"
                )
            session.execute(insert(EventRow), _event_values(match_id, batch))
            rate_results(session, match_id, batch, self.transactions.now())
        except IntegrityError:
            raise conflict from None

    def load_match(self, match_id: str) -> StoredMatch | None:
        """The match with its events (in seq order), secrets and latest snapshot, or None."""
        with self.transactions.read() as session:
            row = session.get(MatchRow, match_id)
            if row is None:
                return None
            events = session.scalars(
                select(EventRow.event).where(EventRow.match_id == match_id).order_by(EventRow.seq)
            ).all()
            return stored_match_from_row(row, events, row.secrets, row.snapshot)

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

    def events_from(self, match_id: str, seq: int) -> list[dict[str, Any]]:
        """The stored events of ``match_id`` from ``seq`` on, in order."""
        with self.transactions.read() as session:
            return list(
                session.scalars(
                    select(EventRow.event)
                    .where(EventRow.match_id == match_id, EventRow.seq >= seq)
                    .order_by(EventRow.seq)
                )
            )

    def load_recent_match(self, match_id: str) -> tuple[StoredMatch, int] | None:
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

    def read_events(self, match_id: str, stop: int) -> list[dict[str, Any]]:
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

    # -- seeks --------------------------------------------------------------------------------

    def create_seek(
        self,
        user_id: int,
        settings: GameSettings,
        *,
        rated: bool = False,
        seed: str | None = None,
    ) -> Seek:
        """A new open seek of the user, with his own fair-dice ``seed`` if he gives one; a
        guest's seeks are never rated."""
        checked = settings_row(settings)
        check_seed(seed, settings)
        with self.transactions.write() as session:
            owner = need_user(session, user_id)
            if rated and owner.guest:
                raise NotAllowedError("guests play casual games only")
            row = SeekRow(
                user_id=user_id,
                settings=checked,
                rated=rated,
                created_at=self.transactions.now(),
                seed=seed,
            )
            session.add(row)
            session.flush()
            return seek_from_row(row)

    def list_seeks(self) -> list[Seek]:
        """The open seeks, oldest first."""
        with self.transactions.read() as session:
            rows = session.scalars(
                select(SeekRow)
                .where(SeekRow.taken_by.is_(None))
                .order_by(SeekRow.created_at, SeekRow.id)
            )
            return [seek_from_row(row) for row in rows]

    def get_seek(self, seek_id: int) -> Seek | None:
        """The seek with this id (open or taken), or None."""
        with self.transactions.read() as session:
            row = session.get(SeekRow, seek_id)
            return seek_from_row(row) if row is not None else None

    def delete_seek(self, seek_id: int, user_id: int) -> None:
        """Withdraw an open seek: only its owner may."""
        with self.transactions.write() as session:
            row = session.get(SeekRow, seek_id)
            if row is None:
                raise NotFoundError(f"there is no seek {seek_id}")
            if row.user_id != user_id:
                raise NotAllowedError("only the player who made a seek can withdraw it")
            if row.taken_by is not None:
                raise ConflictError("this seek has been accepted already")
            session.delete(row)

    def accept_seek(
        self,
        seek_id: int,
        user_id: int,
        match_dict: Mapping[str, Any],
        *,
        players: list[PlayerSeat],
        rated: bool = False,
    ) -> str:
        """Accept a seek for ``user_id`` and store its match (as ``create_match``, between the
        seek's maker and ``user_id``) in one transaction: the seek is taken and the match
        exists, or neither; only one player gets the seek. ``rated`` must be the seek's own
        flag. Returns the match's id."""
        new = _NewMatch.check(match_dict, players, rated)

        def take(session: Session) -> None:
            need_user(session, user_id)
            changed = rowcount(
                session,
                update(SeekRow)
                .where(
                    SeekRow.id == seek_id,
                    SeekRow.taken_by.is_(None),
                    SeekRow.user_id != user_id,
                )
                .values(taken_by=user_id, taken_at=self.transactions.now()),
            )
            row = session.get(SeekRow, seek_id, populate_existing=True)
            if row is None:
                raise NotFoundError(f"there is no seek {seek_id}")
            if changed == 0:
                if row.user_id == user_id:
                    raise NotAllowedError("you cannot accept your own seek")
                raise ConflictError("this seek has been accepted already")
            if row.rated != rated:
                raise ConflictError("the seek is rated or casual otherwise than the match")
            _need_rated_players(session, rated, row.user_id, user_id)
            new.need_players(row.user_id, user_id)

        return self._store_new_match(new, take)

    # -- challenges ---------------------------------------------------------------------------

    def create_challenge(
        self,
        from_user_id: int,
        to_user_id: int,
        settings: GameSettings,
        *,
        rated: bool = False,
        seed: str | None = None,
    ) -> Challenge:
        """An open challenge from one user to another, with the challenger's own fair-dice
        ``seed`` if he gives one; a rated one is between two registered players (guests play
        casual games only)."""
        checked = settings_row(settings)
        check_seed(seed, settings)
        if not isinstance(rated, bool):
            raise StoreError(f"rated must be true or false, not {rated!r}")
        if from_user_id == to_user_id:
            raise NotAllowedError("you cannot challenge yourself")
        with self.transactions.write() as session:
            need_user(session, from_user_id)
            need_user(session, to_user_id)
            _need_rated_players(session, rated, from_user_id, to_user_id)
            row = ChallengeRow(
                from_user_id=from_user_id,
                to_user_id=to_user_id,
                settings=checked,
                rated=rated,
                status="open",
                created_at=self.transactions.now(),
                seed=seed,
            )
            session.add(row)
            session.flush()
            return challenge_from_row(row)

    def get_challenge(self, challenge_id: int) -> Challenge | None:
        """The challenge with this id (open or answered), or None."""
        with self.transactions.read() as session:
            row = session.get(ChallengeRow, challenge_id)
            return challenge_from_row(row) if row is not None else None

    def list_challenges(self, user_id: int) -> list[Challenge]:
        """The open challenges to or from the user, oldest first."""
        with self.transactions.read() as session:
            rows = session.scalars(
                select(ChallengeRow)
                .where(
                    ChallengeRow.status == "open",
                    or_(ChallengeRow.from_user_id == user_id, ChallengeRow.to_user_id == user_id),
                )
                .order_by(ChallengeRow.created_at, ChallengeRow.id)
            )
            return [challenge_from_row(row) for row in rows]

    def accept_challenge(
        self,
        challenge_id: int,
        user_id: int,
        match_dict: Mapping[str, Any],
        *,
        players: list[PlayerSeat],
        rated: bool = False,
    ) -> str:
        """Accept a challenge made to ``user_id`` and store its match (as ``create_match``,
        between the two) in one transaction: both or neither. ``rated`` must be the
        challenge's own flag. Returns the match's id."""
        new = _NewMatch.check(match_dict, players, rated)

        def accept(session: Session) -> None:
            row = self._answer_challenge(session, challenge_id, user_id, "accepted")
            if row.rated != rated:
                raise ConflictError("the challenge is rated or casual otherwise than the match")
            new.need_players(row.from_user_id, row.to_user_id)

        return self._store_new_match(new, accept)

    def decline_challenge(self, challenge_id: int, user_id: int) -> Challenge:
        """Decline a challenge: only the challenged user, and only once."""
        with self.transactions.write() as session:
            return challenge_from_row(
                self._answer_challenge(session, challenge_id, user_id, "declined")
            )

    def withdraw_challenge(self, challenge_id: int, user_id: int) -> Challenge:
        """Withdraw an open challenge: only the challenger, before it is answered."""
        with self.transactions.write() as session:
            changed = rowcount(
                session,
                update(ChallengeRow)
                .where(
                    ChallengeRow.id == challenge_id,
                    ChallengeRow.from_user_id == user_id,
                    ChallengeRow.status == "open",
                )
                .values(status="withdrawn", answered_at=self.transactions.now()),
            )
            row = session.get(ChallengeRow, challenge_id, populate_existing=True)
            if row is None:
                raise NotFoundError(f"there is no challenge {challenge_id}")
            if changed == 0:
                if row.from_user_id != user_id:
                    raise NotAllowedError("only the player who made a challenge can withdraw it")
                raise ConflictError(f"this challenge has been {row.status} already")
            return challenge_from_row(row)

    def _answer_challenge(
        self, session: Session, challenge_id: int, user_id: int, status: str
    ) -> ChallengeRow:
        changed = rowcount(
            session,
            update(ChallengeRow)
            .where(
                ChallengeRow.id == challenge_id,
                ChallengeRow.to_user_id == user_id,
                ChallengeRow.status == "open",
            )
            .values(status=status, answered_at=self.transactions.now()),
        )
        row = session.get(ChallengeRow, challenge_id, populate_existing=True)
        if row is None:
            raise NotFoundError(f"there is no challenge {challenge_id}")
        if changed == 0:
            if row.to_user_id != user_id:
                raise NotAllowedError("only the challenged player can answer a challenge")
            raise ConflictError(f"this challenge has been {row.status} already")
        return row

    # -- profiles -----------------------------------------------------------------------------

    def user_history(self, user_id: int, limit: int = 20) -> list[StoredMatch]:
        """The user's finished matches, the last finished first (without events)."""
        query = (
            select(MatchRow)
            .options(defer(MatchRow.secrets), defer(MatchRow.snapshot))
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
        with self.transactions.read() as session:
            played, won, lost = session.execute(query).one()
        return {"played": int(played), "won": int(won), "lost": int(lost)}


def _need_rated_players(session: Session, rated: bool, *user_ids: int) -> None:
    """``NotAllowedError`` if a rated match would have a guest in it."""
    if rated and session.scalar(
        select(func.count()).where(UserRow.id.in_(user_ids), UserRow.guest.is_(True))
    ):
        raise NotAllowedError("guests play casual games only: this one cannot be rated")


def _matches_of(user_id: int) -> Select[str]:
    """The ids of the matches where the user has a seat (a subquery)."""
    return select(SeatRow.match_id).where(SeatRow.user_id == user_id)


def _event_values(match_id: str, batch: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of ``batch`` for a bulk insert (no ORM objects: an append is the hot path)."""
    return [{"match_id": match_id, "seq": e["seq"], "kind": e["kind"], "event": e} for e in batch]


def _event_rows(match_id: str, batch: list[dict[str, Any]]) -> list[EventRow]:
    return [EventRow(match_id=match_id, seq=e["seq"], kind=e["kind"], event=e) for e in batch]


@dataclass(frozen=True)
class _NewMatch:
    """A new match's checked values, ready to be written."""

    game: str
    settings: dict[str, Any]
    seats: list[PlayerSeat]
    events: list[dict[str, Any]]
    secrets: dict[str, Any] | None
    rated: bool = False

    @classmethod
    def check(
        cls, match_dict: Mapping[str, Any], players: list[PlayerSeat], rated: bool = False
    ) -> "_NewMatch":
        """The values of ``match_dict`` (``Match.to_dict(secrets=True)``) and ``players``;
        ``StoreError`` saying what does not fit (a rated match is between two people)."""
        seats = check_seats(players)
        if not isinstance(rated, bool):
            raise StoreError(f"rated must be true or false, not {rated!r}")
        if rated and any(seat.user_id is None or seat.kind != "human" for seat in seats):
            raise NotAllowedError("games against the computer are casual: they cannot be rated")
        try:
            game = match_dict["game"]
            settings = check_settings(match_dict["settings"])
            names = list(match_dict["players"])
            events = check_events(match_dict.get("events", []))
            secrets = match_dict.get("secrets")
        except (KeyError, TypeError) as exc:
            raise StoreError(f"a match needs game, settings, players and events ({exc})") from None
        if game != settings["game"]:
            raise StoreError(f"the match's game {game!r} is not its settings' game")
        if names != [seat.name for seat in seats]:
            raise StoreError("the seats' names must be the match's players, in order")
        if events and events[0]["seq"] != 0:
            raise StoreError("a new match's events start at seq 0")
        return cls(game, settings, seats, events, dict(secrets) if secrets else None, rated)

    def need_players(self, *user_ids: int) -> None:
        """``StoreError`` unless the match is between the people ``user_ids``."""
        if sorted(s.user_id or 0 for s in self.seats) != sorted(user_ids):
            raise StoreError("the match must be between the two players who agreed to it")

    def row(self, match_id: str, now: datetime) -> MatchRow:
        """The match's row, with its seats."""
        return MatchRow(
            id=match_id,
            game=self.game,
            settings=self.settings,
            status="playing",
            summary={},
            winner=None,
            rated=self.rated,
            secrets=self.secrets,
            created_at=now,
            updated_at=now,
            seats=[
                SeatRow(seat=i, user_id=s.user_id, kind=s.kind, level=s.level, name=s.name)
                for i, s in enumerate(self.seats)
            ],
        )
