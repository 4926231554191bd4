"""Seeks and challenges, the offers to play: ``OfferStore`` (``Store.offers``).

A seek is an offer to anybody, a challenge an invitation of one user; accepting either stores
its match in the same transaction that takes the offer (``new_matches.py``), so that the offer
is taken and the match exists, or neither. Every method is one short transaction.
"""

from collections.abc import Mapping

from sqlalchemy import Select, func, or_, select, update
from sqlalchemy.orm import Session

from gamehall.play.settings import GameSettings
from gamehall.store.checks import check_seed, settings_row
from gamehall.store.errors import (
    BlockedError,
    ConflictError,
    LimitReachedError,
    NotAllowedError,
    NotFoundError,
    StoreError,
)
from gamehall.store.models import ChallengeRow, SeekRow, UserRow
from gamehall.store.new_matches import NewMatch, store_new_match
from gamehall.store.social import is_blocked
from gamehall.store.transactions import Transactions, need_user, rowcount
from gamehall.store.values import Challenge, PlayerSeat, Seek, challenge_from_row, seek_from_row


class OfferStore:
    """The seeks and challenges of one store."""

    def __init__(self, transactions: Transactions) -> None:
        self.transactions = transactions

    # -- seeks --------------------------------------------------------------------------------

    def create_seek(
        self,
        user_id: int,
        settings: GameSettings,
        *,
        rated: bool = False,
        seed: str | None = None,
        most: int | None = None,
    ) -> Seek:
        """A new open seek of the user, with his own fair-dice ``seed`` if he gives one; a
        guest's seeks are never rated. ``LimitReachedError`` if he has ``most`` open already."""
        checked = settings_row(settings)
        check_seed(seed, settings)
        with self.transactions.write() as session:
            owner = need_user(session, user_id)
            if rated and owner.guest:
                raise NotAllowedError("guests play casual games only")
            if most is not None and _open_seeks(session, user_id) >= most:
                raise LimitReachedError(f"you have {most} open seeks already", "seeks", most)
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

    def list_seeks(self, limit: int | None = None) -> list[Seek]:
        """The open seeks, oldest first (the ``limit`` oldest, when given)."""
        with self.transactions.read() as session:
            rows = session.scalars(
                select(SeekRow)
                .where(SeekRow.taken_by.is_(None))
                .order_by(SeekRow.created_at, SeekRow.id)
                .limit(limit)
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
        match_dict: Mapping[str, object],
        *,
        players: list[PlayerSeat],
        rated: bool = False,
    ) -> str:
        """Accept a seek for ``user_id`` and store its match (as ``MatchStore.create``, between the
        seek's maker and ``user_id``) in one transaction: the seek is taken and the match
        exists, or neither; only one player gets the seek. ``rated`` must be the seek's own
        flag. Returns the match's id."""
        new = NewMatch.check(match_dict, players, rated)

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

        return store_new_match(self.transactions, new, take)

    # -- challenges ---------------------------------------------------------------------------

    def create_challenge(
        self,
        from_user_id: int,
        to_user_id: int,
        settings: GameSettings,
        *,
        rated: bool = False,
        seed: str | None = None,
        most: tuple[int, int] | None = None,
    ) -> Challenge:
        """An open challenge from one user to another, with the challenger's own fair-dice
        ``seed`` if he gives one; a rated one is between two registered players (guests play
        casual games only); never to one who blocks the challenger (``BlockedError``).
        ``most``: how many open challenges the challenger may have made, and how many of them
        to this one player (``LimitReachedError`` beyond)."""
        checked = settings_row(settings)
        check_seed(seed, settings)
        if not isinstance(rated, bool):
            raise StoreError(f"rated must be true or false, not {rated!r}")
        if from_user_id == to_user_id:
            raise NotAllowedError("you cannot challenge yourself")
        with self.transactions.write() as session:
            need_user(session, from_user_id)
            opponent = need_user(session, to_user_id)
            if is_blocked(session, to_user_id, from_user_id):
                raise BlockedError(
                    f"you cannot challenge {opponent.name}: they have blocked you",
                    reason="challenge-blocked",
                    name=opponent.name,
                )
            _need_rated_players(session, rated, from_user_id, to_user_id)
            if most is not None:
                _within(session, from_user_id, to_user_id, *most)
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
        match_dict: Mapping[str, object],
        *,
        players: list[PlayerSeat],
        rated: bool = False,
    ) -> str:
        """Accept a challenge made to ``user_id`` and store its match (as ``MatchStore.create``,
        between the two) in one transaction: both or neither. ``rated`` must be the
        challenge's own flag. Returns the match's id."""
        new = NewMatch.check(match_dict, players, rated)

        def accept(session: Session) -> None:
            row = self._answer_challenge(session, challenge_id, user_id, "accepted")
            if row.rated != rated:
                raise ConflictError("the challenge is rated or casual otherwise than the match")
            new.need_players(row.from_user_id, row.to_user_id)

        return store_new_match(self.transactions, new, accept)

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


def _need_rated_players(session: Session, rated: bool, *user_ids: int) -> None:
    """``NotAllowedError`` if a rated match would have a guest in it."""
    guest = select(UserRow.id).where(UserRow.id.in_(user_ids), UserRow.guest.is_(True))
    if rated and session.scalar(guest.limit(1)) is not None:
        raise NotAllowedError("guests play casual games only: this one cannot be rated")


def _count(session: Session, query: Select[int]) -> int:
    return session.scalar(query) or 0


def _open_seeks(session: Session, user_id: int) -> int:
    """How many open seeks the user has."""
    query = select(func.count()).where(SeekRow.user_id == user_id, SeekRow.taken_by.is_(None))
    return _count(session, query)


def _within(session: Session, from_user_id: int, to_user_id: int, most: int, to_one: int) -> None:
    """``LimitReachedError`` if the challenger has ``most`` open challenges already, or
    ``to_one`` of them to ``to_user_id``."""
    made = select(func.count()).where(
        ChallengeRow.from_user_id == from_user_id, ChallengeRow.status == "open"
    )
    if _count(session, made) >= most:
        raise LimitReachedError(f"you have {most} open challenges already", "challenges", most)
    if _count(session, made.where(ChallengeRow.to_user_id == to_user_id)) >= to_one:
        raise LimitReachedError(
            f"you have {to_one} open challenges to this player already", "challenges-to", to_one
        )
