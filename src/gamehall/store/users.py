"""Users and their login sessions: ``UserStore`` (``Store.users``).

Accounts (a guest's too) with Argon2id password hashes, and sessions of which only the token's
SHA-256 is kept. Every method is one short transaction of the store's ``Transactions`` and
returns frozen values (``values.py``).
"""

import hashlib
from collections.abc import Sequence
from datetime import timedelta
from functools import cached_property
from secrets import choice, token_urlsafe

from argon2 import PasswordHasher
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from gamehall.store import passwords
from gamehall.store.checks import check_name, check_password
from gamehall.store.competition_models import TournamentEntryRow
from gamehall.store.errors import ConflictError, NameTakenError, NotAllowedError, StoreError
from gamehall.store.models import SeatRow, SessionRow, UserRow
from gamehall.store.names import composed, name_key
from gamehall.store.transactions import Transactions, need_user, rowcount
from gamehall.store.values import SessionInfo, User, user_from_row

_GUEST_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


PURGE_BATCH = 500
"""Guests deleted by one statement (a database limits the values an ``IN`` may list)."""


class UserStore:
    """The users and sessions of one store; ``password_hasher`` is for tests (cheap hashing)."""

    def __init__(
        self, transactions: Transactions, password_hasher: PasswordHasher | None = None
    ) -> None:
        self.transactions = transactions
        self._hasher = password_hasher or passwords.DEFAULT_HASHER

    @cached_property
    def _dummy_hash(self) -> str:
        """A hash to verify against when there is no such user, so that a wrong name takes
        as long as a wrong password."""
        return passwords.hash_password(token_urlsafe(16), self._hasher)

    # -- users --------------------------------------------------------------------------------

    def create(self, name: str, password: str | None, *, guest: bool = False) -> User:
        """A new user: a name of 3 to 20 letters of any script, digits, _ or -, kept composed
        (NFC) and unique whatever the case and look-alike letters (``names``), not one the
        site keeps; and a password of 8 characters or more that is not a common one
        (``check_password``); a guest has no password."""
        name = composed(name) if isinstance(name, str) else name
        check_name(name, guest)
        checked = check_password(password, guest)
        taken = NameTakenError(f"the name {name} is taken", reason="name-taken", name=name)
        existing = self.by_name(name)  # before spending a hash on it; checked again when writing
        if existing is not None and existing.name.lower() != name.lower():
            raise NameTakenError(
                f"the name {name} looks like {existing.name}, which is taken",
                reason="name-looks-taken",
                name=name,
                existing=existing.name,
            )
        if existing is not None:
            raise taken
        password_hash = (
            passwords.hash_password(checked, self._hasher) if checked is not None else None
        )
        try:
            with self.transactions.write() as session:
                if session.scalar(select(UserRow.id).where(UserRow.name_key == name_key(name))):
                    raise taken
                row = UserRow(
                    name=name,
                    name_key=name_key(name),
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
                return self.create(f"Guest-{suffix}", None, guest=True)
            except NameTakenError:
                continue
        raise ConflictError("no free guest name was found: try again", reason="no-guest-name")

    def authenticate(self, name: str, password: str) -> User | None:
        """The user with this name and password, or None. Takes as long for an unknown name
        as for a wrong password; a hash made with older parameters is replaced."""
        with self.transactions.read() as session:
            row = (
                session.scalar(select(UserRow).where(UserRow.name_key == name_key(name)))
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

    def get(self, user_id: int) -> User | None:
        """The user with this id, or None."""
        with self.transactions.read() as session:
            row = session.get(UserRow, user_id)
            return user_from_row(row) if row is not None else None

    def by_name(self, name: str) -> User | None:
        """The user with this name (in any case, or with look-alike letters), or None."""
        if not isinstance(name, str):
            return None
        with self.transactions.read() as session:
            row = session.scalar(select(UserRow).where(UserRow.name_key == name_key(name)))
            return user_from_row(row) if row is not None else None

    def bots_among(self, names: Sequence[str]) -> list[str]:
        """Those of ``names`` (as given) whose accounts are programs' (bots), in their order."""
        if not names:
            return []
        keys = {name_key(name): name for name in names}
        with self.transactions.read() as session:
            found = set(
                session.scalars(
                    select(UserRow.name_key).where(
                        UserRow.name_key.in_(list(keys)), UserRow.bot.is_(True)
                    )
                )
            )
        return [name for name in names if name_key(name) in found]

    def set_language(self, user_id: int, language: str | None) -> None:
        """Remember the language the user chose for the hall (None: his browser's); the caller
        has checked that the hall speaks it."""
        with self.transactions.write() as session:
            session.execute(update(UserRow).where(UserRow.id == user_id).values(language=language))

    def make_bot(self, user_id: int) -> User:
        """Mark a registered account as a program's (a bot), for good; ``NotAllowedError`` for
        a guest."""
        with self.transactions.write() as session:
            row = need_user(session, user_id)
            if row.guest:
                raise NotAllowedError(
                    "a guest cannot become a bot: register an account", reason="guest-no-bot"
                )
            row.bot = True
            return user_from_row(row)

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

    def purge_idle_guests(self, days: int) -> int:
        """Delete the guest accounts made more than ``days`` days ago that have played no
        match and entered no tournament, with their sessions (their open seeks and challenges
        go with them); returns how many there were."""
        if not isinstance(days, int) or days < 1:
            raise StoreError(f"guests are kept 1 day or more, not {days!r}")
        cutoff = self.transactions.now() - timedelta(days=days)
        played = select(SeatRow.user_id).where(SeatRow.user_id.is_not(None))
        entered = select(TournamentEntryRow.user_id)
        idle = select(UserRow.id).where(
            UserRow.guest.is_(True),
            UserRow.created_at <= cutoff,
            UserRow.id.not_in(played),
            UserRow.id.not_in(entered),
        )
        with self.transactions.write() as session:
            ids = list(session.scalars(idle))
            for start in range(0, len(ids), PURGE_BATCH):
                batch = ids[start : start + PURGE_BATCH]
                session.execute(delete(SessionRow).where(SessionRow.user_id.in_(batch)))
                session.execute(delete(UserRow).where(UserRow.id.in_(batch)))
            return len(ids)
