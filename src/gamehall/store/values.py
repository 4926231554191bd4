"""The values the store returns: plain frozen dataclasses (and a named tuple), not ORM rows.

A value is tied to no database session, so it outlives the transaction that read it and can be
handed between threads. Each has a JSON-able ``to_dict()`` for clients: a ``User`` does not even
hold its password hash, and a match's secrets and events are never in it. The ``*_from_row``
functions make the values from ORM rows, while the session that loaded the rows is open.
"""

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple

from gamehall.errors import GameError
from gamehall.jsontext import JsonObject
from gamehall.play.settings import GameSettings, MatchSettings
from gamehall.store.errors import StoreError
from gamehall.store.models import ChallengeRow, MatchRow, SeekRow, UserRow


@dataclass(frozen=True)
class GamePlaying:
    """How many matches of one game are being played, and by how many accounts."""

    game: str
    matches: int
    players: int


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


@dataclass(frozen=True)
class User:
    """An account (a guest's too); the password hash never leaves the database."""

    id: int
    name: str
    guest: bool
    created_at: datetime
    language: str | None = None
    """The language he chose for the hall, or None (his browser's)."""
    bot: bool = False
    """Whether the account is a program's (a bot)."""
    operator: bool = False
    """Whether the account is one of the site's operators."""
    banned: bool = False
    """Whether an operator banned the account: it cannot log in."""
    engine_assisted: bool = False
    """Whether an operator marked the account as playing with an engine's help."""

    def to_dict(self) -> JsonObject:
        """The user as a client sees it."""
        return {
            "id": self.id,
            "name": self.name,
            "guest": self.guest,
            "bot": self.bot,
            "created_at": _iso(self.created_at),
        }


@dataclass(frozen=True)
class SessionInfo:
    """A live login session: whose it is, its CSRF token and when it ends."""

    user: User
    csrf_token: str
    expires_at: datetime

    def to_dict(self) -> JsonObject:
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
    bot: bool = False
    """Whether the seat's account is a bot's (read from the account, not stored with the
    seat)."""

    def to_dict(self) -> JsonObject:
        """The seat as a client sees it."""
        return {
            "user_id": self.user_id,
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "bot": self.bot,
        }


class MatchTerms(NamedTuple):
    """What a match is played for besides its settings: a rated result, a tournament's
    pairing. A match that is neither is casual (takebacks are for casual matches)."""

    rated: bool = False
    pairing: bool = False

    @property
    def casual(self) -> bool:
        """Whether the match is neither rated nor a tournament's."""
        return not (self.rated or self.pairing)


@dataclass(frozen=True)
class StoredMatch:
    """A stored match; ``events`` and ``secrets`` are there only when it was loaded whole
    (``load_match``), not in lists."""

    id: str
    game: str
    settings: JsonObject
    seats: tuple[PlayerSeat, ...]
    status: str
    summary: JsonObject
    created_at: datetime
    updated_at: datetime
    events: tuple[JsonObject, ...] | None = field(default=None, repr=False)
    secrets: JsonObject | None = field(default=None, repr=False)
    snapshot: JsonObject | None = field(default=None, repr=False)
    """The latest ``Match.snapshot()`` stored (only when loaded whole; None before the first)."""

    @property
    def players(self) -> list[str]:
        """The players' names, seat 0 first."""
        return [seat.name for seat in self.seats]

    @property
    def log(self) -> tuple[JsonObject, ...]:
        """The events it was loaded with, in seq order; ``StoreError`` for a match read in a
        list, without them."""
        if self.events is None:
            raise StoreError(f"match {self.id} was listed without its events: load it whole")
        return self.events

    @property
    def snapshot_events(self) -> int | None:
        """How many events the stored snapshot stands after; None without one (or with one
        that does not say)."""
        count = self.snapshot.get("events") if self.snapshot is not None else None
        return count if isinstance(count, int) and not isinstance(count, bool) else None

    def as_match_dict(self, secrets: bool) -> JsonObject:
        """The form that ``Match.from_dict`` replays; ``secrets`` (the server's only) adds
        the fair dice's seed of the game in progress, if any."""
        out: JsonObject = {
            "game": self.game,
            "settings": copy.deepcopy(self.settings),
            "players": [*self.players],
            "events": [copy.deepcopy(event) for event in self.log],
        }
        if secrets and self.secrets:
            out["secrets"] = copy.deepcopy(self.secrets)
        return out

    def to_dict(self) -> JsonObject:
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
    settings: GameSettings
    rated: bool
    created_at: datetime
    taken_by: int | None = None
    taken_at: datetime | None = None
    seed: str | None = field(default=None, repr=False)
    """The maker's own fair-dice seed (the match's, not the lobby's to show)."""

    def to_dict(self) -> JsonObject:
        """The seek as the lobby shows it."""
        return {
            "id": self.id,
            "user": self.user_name,
            "settings": self.settings.to_dict(),
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
    settings: GameSettings
    status: str
    created_at: datetime
    answered_at: datetime | None = None
    rated: bool = False
    seed: str | None = field(default=None, repr=False)
    """The challenger's own fair-dice seed (the match's, not the lobby's to show)."""
    bots: tuple[bool, bool] = (False, False)
    """Whether the challenger and the challenged are bots."""

    def to_dict(self) -> JsonObject:
        """The challenge as its two users see it."""
        return {
            "id": self.id,
            "from": self.from_name,
            "to": self.to_name,
            "settings": self.settings.to_dict(),
            "rated": self.rated,
            "status": self.status,
            "created_at": _iso(self.created_at),
            "answered_at": _iso(self.answered_at),
        }


@dataclass(frozen=True)
class LoggedEvent:
    """One event of a match's log as the store keeps it: its seq and kind (columns of their
    own) and the whole event, ``Event.to_dict()``, as stored JSON."""

    seq: int
    kind: str
    event: Mapping[str, object]


@dataclass(frozen=True)
class MatchStats:
    """How many matches a player finished, won and lost (the rest were drawn or ended
    without a winner)."""

    played: int
    won: int
    lost: int

    def to_dict(self) -> JsonObject:
        """The statistics as a profile shows them."""
        return {"played": self.played, "won": self.won, "lost": self.lost}


def stored_settings(data: JsonObject) -> GameSettings:
    """The settings a seek's or challenge's row keeps (checked when it was made); StoreError
    if the row holds something else."""
    try:
        return MatchSettings.from_dict(data)
    except GameError as error:
        raise StoreError(f"stored match settings cannot be read: {error}") from None


def user_from_row(row: UserRow) -> User:
    """The user of a row, without its password hash."""
    return User(
        id=row.id,
        name=row.name,
        guest=row.guest,
        created_at=row.created_at,
        language=row.language,
        bot=row.bot,
        operator=row.operator,
        banned=row.banned_at is not None,
        engine_assisted=row.engine_assisted_at is not None,
    )


def seek_from_row(row: SeekRow) -> Seek:
    """The seek of a row, with its owner's name."""
    return Seek(
        id=row.id,
        user_id=row.user_id,
        user_name=row.owner.name,
        settings=stored_settings(row.settings),
        rated=row.rated,
        created_at=row.created_at,
        taken_by=row.taken_by,
        taken_at=row.taken_at,
        seed=row.seed,
    )


def challenge_from_row(row: ChallengeRow) -> Challenge:
    """The challenge of a row, with its two users' names."""
    return Challenge(
        id=row.id,
        from_user_id=row.from_user_id,
        from_name=row.from_user.name,
        to_user_id=row.to_user_id,
        to_name=row.to_user.name,
        settings=stored_settings(row.settings),
        status=row.status,
        created_at=row.created_at,
        answered_at=row.answered_at,
        rated=row.rated,
        seed=row.seed,
        bots=(row.from_user.bot, row.to_user.bot),
    )


def stored_match_from_row(
    row: MatchRow,
    events: Sequence[JsonObject] | None = None,
    secrets: JsonObject | None = None,
    snapshot: JsonObject | None = None,
) -> StoredMatch:
    """The match of a row with its seats; with ``events`` and ``secrets`` when it is loaded
    whole."""
    return StoredMatch(
        id=row.id,
        game=row.game,
        settings=row.settings,
        seats=tuple(
            PlayerSeat(s.user_id, s.kind, s.level, s.name, s.user is not None and s.user.bot)
            for s in row.seats
        ),
        status=row.status,
        summary=row.summary,
        created_at=row.created_at,
        updated_at=row.updated_at,
        events=tuple(events) if events is not None else None,
        secrets=secrets,
        snapshot=snapshot,
    )
