"""The unit of work the store's repositories share: one database's transactions and its clock.

The repositories of a ``Store`` (``UserStore``, ``MatchStore``, ``OfferStore``,
``TournamentStore``, ``RatingStore``) each work through the same ``Transactions``: a ``read()``
or ``write()`` block is one transaction
(committed when the block ends, rolled back if it raises), and ``now()`` is the time they all
write. None of them reaches into another's private parts.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

from sqlalchemy import Connection, Engine, select
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.sql.expression import Executable

from gamehall.store.database import WRITING, make_engine
from gamehall.store.errors import NotFoundError
from gamehall.store.models import UserRow

Clock = Callable[[], datetime]
"""The store's time: timezone-aware datetimes (tests pass a clock they move)."""


def utcnow() -> datetime:
    """The real time, in UTC."""
    return datetime.now(UTC)


class Transactions:
    """One database's transactions, and the clock the store writes its times by."""

    def __init__(self, url: str, clock: Clock = utcnow) -> None:
        self.url = url
        self.engine: Engine = make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._clock = clock

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    def now(self) -> datetime:
        """The store's time, in UTC; ``ValueError`` for a clock without a timezone."""
        now = self._clock()
        if now.tzinfo is None:
            raise ValueError("the store's clock must give timezone-aware datetimes")
        return now.astimezone(UTC)

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A session in a transaction that only reads."""
        with self.sessions() as session, session.begin():
            yield session

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A session in a transaction that will write (``BEGIN IMMEDIATE`` on SQLite)."""
        with self.sessions() as session, session.begin():
            session.connection(execution_options=WRITING)
            yield session

    @contextmanager
    def write_connection(self) -> Iterator[Connection]:
        """A connection in a transaction that will write, without an ORM session."""
        with self.engine.connect() as connection:
            connection.execution_options(**WRITING)
            with connection.begin():
                yield connection


def need_user(session: Session, user_id: int) -> UserRow:
    """The user's row; ``NotFoundError`` when there is none."""
    row = session.get(UserRow, user_id)
    if row is None:
        raise NotFoundError(f"there is no user {user_id}")
    return row


def need_account(session: Session, user_id: int) -> None:
    """``NotFoundError`` unless the user exists (his id read alone, not his whole row)."""
    if session.scalar(select(UserRow.id).where(UserRow.id == user_id)) is None:
        raise NotFoundError(f"there is no user {user_id}")


def rowcount(session: Session, statement: Executable) -> int:
    """Run an UPDATE or DELETE in the session's transaction; returns the rows it matched."""
    return session.connection().execute(statement).rowcount
