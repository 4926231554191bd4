"""``Store``: one database opened, and its repositories on one unit of work.

Each aggregate has a repository of its own: ``users`` (and their sessions), ``matches`` (and
their events), ``offers`` (seeks and challenges), ``tournaments``, ``tournament_chat`` (the
tournaments' chats), ``ratings``, ``analyses`` (finished matches' analyses), ``tokens``
(personal API tokens), ``moderation`` (operators, bans, warnings, mutes and the engine-assisted
mark: a ban ends the account's sessions, tokens and offers in its one transaction), ``reports``
(players' reports to the operators), ``puzzles`` (puzzles and their solvers' ratings),
``social`` (who follows and who blocks whom), ``messages`` (private messages) and ``games`` (the
search of the finished matches). They share one ``Transactions`` (the engine, its transactions
and the clock). Every method of theirs opens its own short transaction and returns plain frozen
values (``values.py``), never live ORM objects, so one ``Store`` can be shared by the threads of
a server. SQLite (the default, a file) and PostgreSQL are both served by the same portable
queries; on SQLite a transaction that writes starts with ``BEGIN IMMEDIATE`` (``database.py``)
so that concurrent writers wait for each other instead of failing.
"""

from types import TracebackType
from typing import Self

from argon2 import PasswordHasher
from sqlalchemy import text

from gamehall.store.analyses import AnalysisStore
from gamehall.store.game_search import GameSearch
from gamehall.store.matches import MatchStore
from gamehall.store.moderation import ModerationStore
from gamehall.store.offers import OfferStore
from gamehall.store.private_messages import MessageStore
from gamehall.store.puzzles import PuzzleStore
from gamehall.store.ratings import RatingStore
from gamehall.store.reports import ReportStore
from gamehall.store.social import SocialStore
from gamehall.store.tokens import TokenStore
from gamehall.store.tournament_chat import TournamentChatStore
from gamehall.store.tournaments import TournamentStore
from gamehall.store.transactions import Clock, Transactions, utcnow
from gamehall.store.users import UserStore


class Store:
    """The database of one server (or of several sharing one PostgreSQL), as its repositories.

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
        self.users = UserStore(self.transactions, password_hasher)
        self.matches = MatchStore(self.transactions)
        self.offers = OfferStore(self.transactions)
        self.tournaments = TournamentStore(self.transactions)
        self.tournament_chat = TournamentChatStore(self.transactions)
        self.ratings = RatingStore(self.transactions)
        self.analyses = AnalysisStore(self.transactions)
        self.tokens = TokenStore(self.transactions)
        self.moderation = ModerationStore(self.transactions)
        self.reports = ReportStore(self.transactions)
        self.social = SocialStore(self.transactions)
        self.messages = MessageStore(self.transactions)
        self.games = GameSearch(self.transactions)
        self.puzzles = PuzzleStore(self.transactions)

    def close(self) -> None:
        """Close every pooled connection."""
        self.transactions.close()

    def revision(self) -> str | None:
        """The migration the database is at (None before the first): reading it is also how
        readiness checks that the database answers."""
        with self.transactions.read() as session:
            revision: str | None = session.scalar(text("SELECT version_num FROM alembic_version"))
            return revision

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
