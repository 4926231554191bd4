"""Checks of what callers hand the store, made before it opens a transaction.

Names, passwords, match settings, statuses, event batches and seats: each check raises a
``StoreError`` (or a subclass) with a message for a player, or returns the input in the form
the store keeps, so that the repositories can trust what they write and query.
"""

import unicodedata
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources

from gamehall.engines.base import LEVELS
from gamehall.errors import GameError
from gamehall.jsontext import JsonObject
from gamehall.play.settings import MatchSettings
from gamehall.store.errors import BadNameError, BadPasswordError, StoreError
from gamehall.store.models import SEED_LENGTH
from gamehall.store.names import name_key
from gamehall.store.values import LoggedEvent, PlayerSeat

_NAME_LENGTH = (3, 20)
_GUEST_PREFIX = "guest-"
_MIN_PASSWORD = 8
_MAX_PASSWORD = 1024
_MIN_DISTINCT = 4
"""The fewest different characters a password has ("aaaaaaaa", "12121212" are refused)."""
_RESERVED = frozenset(
    {
        *(name_key(level) for level in LEVELS),  # the computer players' names
        *("computer", "engine", "bot", "gamehall", "admin", "administrator", "root"),
        *("system", "server", "operator", "moderator", "support", "staff", "arbiter"),
        *("referee", "director", "anonymous", "nobody", "null", "undefined", "guest"),
    }
)
"""Names nobody may register: the site's own, its roles and its computer players', compared as
the names are (case and look-alike letters aside)."""
_SEAT_KINDS = ("human", "computer")
_MATCH_STATUSES = ("playing", "over", "aborted")


def _name_character(char: str) -> bool:
    """A letter of any script (or a mark on one), a digit 0-9, _ or -."""
    return char in "_-" or "0" <= char <= "9" or unicodedata.category(char)[0] in "LM"


def check_name(name: str, guest: bool) -> None:
    """BadNameError unless the name (composed, NFC) has 3 to 20 letters of any script, digits,
    _ or -, the first no mark; ``Guest-`` names are for guests only."""
    shortest, longest = _NAME_LENGTH
    if (
        not isinstance(name, str)
        or not shortest <= len(name) <= longest
        or not all(map(_name_character, name))
        or unicodedata.category(name[0]).startswith("M")
        or len(name_key(name)) > longest
    ):
        raise BadNameError(
            f"{name!r} is not a valid name: use 3 to 20 letters, digits, _ or - (no spaces)",
            reason="bad-name",
            name=repr(name),
        )
    if not guest and name_key(name).startswith(_GUEST_PREFIX):
        raise BadNameError("names that start with Guest- are kept for guests", reason="guest-name")
    if not guest and name_key(name) in _RESERVED:
        raise BadNameError(
            f"the name {name} is kept for the site: choose another",
            reason="reserved-name",
            name=name,
        )


@cache
def _common_passwords() -> frozenset[str]:
    """The common passwords refused (``data/common-passwords.txt``), case folded."""
    text = resources.files("gamehall.store").joinpath("data", "common-passwords.txt")
    lines = text.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip().casefold() for line in lines if line and line[0] != "#")


def check_password(password: str | None, guest: bool) -> str | None:
    """The password to hash (None for a guest, who must give none); BadPasswordError unless it
    has 8 to 1024 characters, 4 different ones or more, and is not one of the most common
    passwords."""
    if guest:
        if password is not None:
            raise BadPasswordError("a guest has no password", reason="guest-password")
        return None
    if not isinstance(password, str) or len(password) < _MIN_PASSWORD:
        raise BadPasswordError(
            f"a password needs at least {_MIN_PASSWORD} characters",
            reason="password-short",
            count=_MIN_PASSWORD,
        )
    if len(password) > _MAX_PASSWORD:
        raise BadPasswordError(
            f"a password has at most {_MAX_PASSWORD} characters",
            reason="password-long",
            count=_MAX_PASSWORD,
        )
    if len(set(password)) < _MIN_DISTINCT:
        raise BadPasswordError(
            f"a password needs at least {_MIN_DISTINCT} different characters: this one repeats",
            reason="password-repeats",
            count=_MIN_DISTINCT,
        )
    if password.casefold() in _common_passwords():
        raise BadPasswordError(
            "that password is one of the most common ones: choose another",
            reason="password-common",
        )
    return password


def settings_row(settings: object) -> JsonObject:
    """The dict form a row keeps of a seek's or challenge's settings, already checked when
    they were made; StoreError unless they are a game's settings."""
    if not isinstance(settings, MatchSettings):
        raise StoreError(
            "match settings must be a game's settings (BackgammonSettings, GeorgianSettings, "
            f"NardySettings or RenjuSettings), not {type(settings).__name__}"
        )
    return settings.to_dict()


def check_settings(settings: Mapping[str, object]) -> JsonObject:
    """The settings in ``MatchSettings.to_dict()``'s full form; StoreError when invalid."""
    if not isinstance(settings, Mapping):
        raise StoreError("match settings must be an object")
    try:
        return MatchSettings.from_dict(settings).to_dict()
    except GameError as exc:
        raise StoreError(str(exc)) from None
    except TypeError as exc:
        raise StoreError(f"match settings cannot be read: {exc}") from None


def check_seed(seed: object, settings: MatchSettings) -> None:
    """StoreError unless ``seed`` is None or a player's fair-dice seed (text of 1 to
    ``SEED_LENGTH`` characters) for a match of ``settings`` with provably fair dice."""
    if seed is None:
        return
    if not isinstance(seed, str) or not 1 <= len(seed) <= SEED_LENGTH:
        raise StoreError(
            f"a dice seed is text of 1 to {SEED_LENGTH} characters",
            reason="seed-length",
            most=SEED_LENGTH,
        )
    if settings.dice != "fair":
        raise StoreError(
            "a dice seed goes with provably fair dice only: choose fair dice or no seed",
            reason="seed-without-fair-dice",
        )


def check_status(status: str) -> None:
    """StoreError unless the status is a match's: ``playing``, ``over`` or ``aborted``."""
    if status not in _MATCH_STATUSES:
        raise StoreError(f"match status {status!r}: choose one of {', '.join(_MATCH_STATUSES)}")


def check_events(events: Sequence[Mapping[str, object]]) -> list[LoggedEvent]:
    """``events`` as the store logs them (each a copy), checked to have consecutive seqs and
    a kind."""
    batch: list[LoggedEvent] = []
    for item in events:
        if not isinstance(item, Mapping):
            raise StoreError("an event must be an object (Event.to_dict())")
        seq = item.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            raise StoreError(f"an event needs a seq of 0 or more, not {seq!r}")
        kind = item.get("kind")
        if not isinstance(kind, str):
            raise StoreError(f"event {seq} has no kind")
        if batch and seq != batch[-1].seq + 1:
            raise StoreError(f"event {seq} does not follow event {batch[-1].seq}")
        batch.append(LoggedEvent(seq, kind, dict(item)))
    return batch


def check_seats(players: Sequence[PlayerSeat]) -> list[PlayerSeat]:
    """The two seats as ``PlayerSeat``s (plain tuples are accepted); StoreError unless each has
    a known kind and a name of 1 to 64 characters."""
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
