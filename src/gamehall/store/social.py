"""Who follows and who blocks whom: ``SocialStore`` (``Store.social``).

A player follows another to see when he is online and which games he plays (``playing``); he
blocks one so that the other can neither send him a private message nor challenge him. Both are
one row each, made and removed by name; following or blocking twice changes nothing.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from gamehall.store.errors import NotAllowedError, NotFoundError, StoreError
from gamehall.store.models import MatchRow, SeatRow, UserRow
from gamehall.store.names import name_key
from gamehall.store.social_models import BlockRow, FollowRow
from gamehall.store.transactions import Transactions, need_user

MOST_FOLLOWED = 500
"""The most players one account may follow."""


@dataclass(frozen=True)
class Followed:
    """A player somebody follows."""

    user_id: int
    name: str
    bot: bool


@dataclass(frozen=True)
class PlayingNow:
    """A match a player (``user_id``, called ``name``) is playing: its id, game and opponent's
    name."""

    user_id: int
    name: str
    match_id: str
    game: str
    opponent: str


class SocialStore:
    """Follows and blocks."""

    def __init__(self, transactions: Transactions) -> None:
        self.transactions = transactions

    # -- follows ------------------------------------------------------------------------------

    def follow(self, user_id: int, name: str) -> Followed:
        """``user_id`` follows the player ``name`` (again: nothing changes)."""
        with self.transactions.write() as session:
            other = player_row(session, name)
            if other.id == user_id:
                raise NotAllowedError("you cannot follow yourself", reason="follow-self")
            need_user(session, user_id)
            if session.get(FollowRow, (user_id, other.id)) is None:
                count = len(
                    session.scalars(
                        select(FollowRow.followed_id).where(FollowRow.follower_id == user_id)
                    ).all()
                )
                if count >= MOST_FOLLOWED:
                    raise NotAllowedError(
                        f"you follow {MOST_FOLLOWED} players already: unfollow one first",
                        reason="follow-most",
                        most=MOST_FOLLOWED,
                    )
                now = self.transactions.now()
                session.add(FollowRow(follower_id=user_id, followed_id=other.id, created_at=now))
            return Followed(other.id, other.name, other.bot)

    def unfollow(self, user_id: int, name: str) -> None:
        """``user_id`` no longer follows ``name`` (nothing happens if he did not)."""
        with self.transactions.write() as session:
            other = player_row(session, name)
            session.execute(
                delete(FollowRow).where(
                    FollowRow.follower_id == user_id, FollowRow.followed_id == other.id
                )
            )

    def following(self, user_id: int) -> list[Followed]:
        """The players ``user_id`` follows, by name."""
        query = (
            select(UserRow.id, UserRow.name, UserRow.bot)
            .join(FollowRow, FollowRow.followed_id == UserRow.id)
            .where(FollowRow.follower_id == user_id)
        )
        with self.transactions.read() as session:
            rows = session.execute(query).all()
        return sorted((Followed(*row) for row in rows), key=lambda f: f.name.casefold())

    def followers(self, user_ids: Sequence[int]) -> dict[int, list[int]]:
        """The followers of each of ``user_ids`` that has any (one query)."""
        found: dict[int, list[int]] = {}
        if not user_ids:
            return found
        query = select(FollowRow.followed_id, FollowRow.follower_id).where(
            FollowRow.followed_id.in_(list(user_ids))
        )
        with self.transactions.read() as session:
            for followed, follower in session.execute(query):
                found.setdefault(followed, []).append(follower)
        return found

    def playing(self, user_ids: Sequence[int] | None = None) -> list[PlayingNow]:
        """The matches being played by ``user_ids`` (by every account when None), each once per
        player in it, with the opponent's name; the newest first."""
        opponent = SeatRow.__table__.alias("opponent")
        query = (
            select(SeatRow.user_id, SeatRow.name, MatchRow.id, MatchRow.game, opponent.c.name)
            .join(MatchRow, MatchRow.id == SeatRow.match_id)
            .join(
                opponent,
                (opponent.c.match_id == SeatRow.match_id) & (opponent.c.seat != SeatRow.seat),
            )
            .where(MatchRow.status == "playing", SeatRow.user_id.is_not(None))
            .order_by(MatchRow.created_at.desc(), MatchRow.id)
        )
        if user_ids is not None:
            query = query.where(SeatRow.user_id.in_(list(user_ids)))
        with self.transactions.read() as session:
            return [PlayingNow(*row) for row in session.execute(query)]

    # -- blocks -------------------------------------------------------------------------------

    def block(self, user_id: int, name: str) -> str:
        """``user_id`` blocks ``name`` (again: nothing changes); returns the name as stored."""
        with self.transactions.write() as session:
            other = player_row(session, name)
            if other.id == user_id:
                raise NotAllowedError("you cannot block yourself", reason="block-self")
            need_user(session, user_id)
            if session.get(BlockRow, (user_id, other.id)) is None:
                now = self.transactions.now()
                session.add(BlockRow(blocker_id=user_id, blocked_id=other.id, created_at=now))
            return other.name

    def unblock(self, user_id: int, name: str) -> None:
        """``user_id`` no longer blocks ``name`` (nothing happens if he did not)."""
        with self.transactions.write() as session:
            other = player_row(session, name)
            session.execute(
                delete(BlockRow).where(
                    BlockRow.blocker_id == user_id, BlockRow.blocked_id == other.id
                )
            )

    def blocked(self, user_id: int) -> list[str]:
        """The names of the players ``user_id`` blocks, in alphabetical order."""
        query = (
            select(UserRow.name)
            .join(BlockRow, BlockRow.blocked_id == UserRow.id)
            .where(BlockRow.blocker_id == user_id)
        )
        with self.transactions.read() as session:
            return sorted(session.scalars(query), key=str.casefold)

    def blocks(self, blocker_id: int, blocked_id: int) -> bool:
        """Whether ``blocker_id`` blocks ``blocked_id``."""
        with self.transactions.read() as session:
            return is_blocked(session, blocker_id, blocked_id)


def is_blocked(session: Session, blocker_id: int, blocked_id: int) -> bool:
    """Whether ``blocker_id`` blocks ``blocked_id`` (in the caller's transaction)."""
    return session.get(BlockRow, (blocker_id, blocked_id)) is not None


def player_row(session: Session, name: str) -> UserRow:
    """The account called ``name`` (in any case); ``NotFoundError`` when there is none."""
    if not isinstance(name, str) or not name.strip():
        raise StoreError(f"a player's name is text, not {name!r}")
    row = session.scalar(select(UserRow).where(UserRow.name_key == name_key(name.strip())))
    if row is None:
        raise NotFoundError(f"there is no player {name}")
    return row
