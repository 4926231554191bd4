"""Writing a new match: its checked values (``NewMatch``) and the transaction that stores it.

A match is made three ways: on its own (``MatchStore.create``), by accepting a seek or by
accepting a challenge (``OfferStore``). The last two take the offer in the same transaction
that stores the match, so both repositories write a new match through ``store_new_match``.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from secrets import token_urlsafe

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from gamehall.jsontext import JsonObject
from gamehall.store.checks import check_events, check_seats, check_settings
from gamehall.store.errors import ConflictError, NotAllowedError, StoreError
from gamehall.store.models import EventRow, MatchRow, SeatRow, UserRow
from gamehall.store.ratings import assisted
from gamehall.store.shapes import is_array, is_object
from gamehall.store.transactions import Transactions, need_account
from gamehall.store.values import LoggedEvent, PlayerSeat


@dataclass(frozen=True)
class NewMatch:
    """A new match's checked values, ready to be written."""

    game: str
    settings: JsonObject
    seats: list[PlayerSeat]
    events: list[LoggedEvent]
    secrets: dict[str, object] | None
    rated: bool = False

    @classmethod
    def check(
        cls, match_dict: Mapping[str, object], players: list[PlayerSeat], rated: bool = False
    ) -> "NewMatch":
        """The values of ``match_dict`` (``Match.to_dict(secrets=True)``) and ``players``;
        ``StoreError`` saying what does not fit (a rated match is between two people)."""
        seats = check_seats(players)
        if not isinstance(rated, bool):
            raise StoreError(f"rated must be true or false, not {rated!r}")
        if rated and any(seat.user_id is None or seat.kind != "human" for seat in seats):
            raise NotAllowedError("games against the computer are casual: they cannot be rated")
        game, settings = match_dict.get("game"), match_dict.get("settings")
        names, events = match_dict.get("players"), match_dict.get("events", [])
        secrets = match_dict.get("secrets")
        if not (
            is_object(settings)
            and is_array(names)
            and is_array(events)
            and all(is_object(e) for e in events)
            and (secrets is None or is_object(secrets))
        ):
            raise StoreError("a match needs game, settings, players and events")
        checked = check_settings(settings)
        logged = check_events([e for e in events if is_object(e)])
        if game != checked["game"]:
            raise StoreError(f"the match's game {game!r} is not its settings' game")
        if list(names) != [seat.name for seat in seats]:
            raise StoreError("the seats' names must be the match's players, in order")
        if logged and logged[0].seq != 0:
            raise StoreError("a new match's events start at seq 0")
        kept = dict(secrets) if secrets else None
        return cls(str(game), checked, seats, logged, kept, rated)

    def need_players(self, *user_ids: int) -> None:
        """``StoreError`` unless the match is between the people ``user_ids``."""
        if sorted(s.user_id or 0 for s in self.seats) != sorted(user_ids):
            raise StoreError("the match must be between the two players who agreed to it")

    def row(self, match_id: str, now: datetime, rated: bool) -> MatchRow:
        """The match's row, with its seats (rated only if ``rated`` too)."""
        return MatchRow(
            id=match_id,
            game=self.game,
            settings=self.settings,
            status="playing",
            summary={},
            winner=None,
            opening=opening_of(self.game, self.settings),
            rated=self.rated and rated,
            secrets=self.secrets,
            created_at=now,
            updated_at=now,
            seats=[
                SeatRow(seat=i, user_id=s.user_id, kind=s.kind, level=s.level, name=s.name)
                for i, s in enumerate(self.seats)
            ],
        )


def _assisted(session: Session, new: NewMatch) -> bool:
    """Whether a rated ``new`` match has an engine-assisted player in it (a casual one is not
    asked)."""
    if not new.rated:
        return False
    users = [seat.user_id for seat in new.seats if seat.user_id is not None]
    return session.scalar(select(UserRow.id).where(assisted(users)).limit(1)) is not None


def opening_of(game: str, settings: Mapping[str, object]) -> str | None:
    """A renju match's opening rule (its settings' ``options``, ``center`` by default), kept in
    its own column for the game search; None for the other games."""
    if game != "renju":
        return None
    options = settings.get("options")
    opening = options.get("opening") if isinstance(options, Mapping) else None
    return opening if isinstance(opening, str) else "center"


def event_rows(match_id: str, batch: list[LoggedEvent]) -> list[EventRow]:
    """The rows of a new match's first events."""
    return [EventRow(match_id=match_id, seq=e.seq, kind=e.kind, event=e.event) for e in batch]


def store_new_match(
    transactions: Transactions,
    new: NewMatch,
    first: Callable[[Session], None],
    then: Callable[[Session, str], None] | None = None,
) -> str:
    """Add ``new`` under a fresh id in a transaction that runs ``first`` before (taking a
    seek or a challenge) and ``then`` after (a tournament linking its pairing), so that all
    are written or none; returns the id. A match with an engine-assisted player in it is
    stored unrated, whatever was asked."""
    for _ in range(5):
        match_id = token_urlsafe(6)
        try:
            with transactions.write() as session:
                first(session)
                for seat in new.seats:
                    if seat.user_id is not None:
                        need_account(session, seat.user_id)
                session.add(new.row(match_id, transactions.now(), not _assisted(session, new)))
                session.flush()
                session.add_all(event_rows(match_id, new.events))
                if then is not None:
                    then(session, match_id)
        except IntegrityError:
            continue
        return match_id
    raise ConflictError("the match could not be stored: try again")
