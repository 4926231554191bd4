"""The record of a match: every accepted action and what followed from it, with the time.

An event is what a player did (its ``data``: the action's arguments, as given) or what followed
by the rules (``derived``: a roll made for a player who had no choice, a game's end); its
``outcome`` holds what chance and the rules decided (dice, the play made, the score), and
``clocks`` both clocks after it. Replaying the actions of a log in order, at their times,
rebuilds the match exactly, clocks included.

``Event`` is a discriminated union: one small frozen type per ``kind`` (``Rolled`` is
``"roll"``, ``GameEnded`` is ``"game_end"``, ...), whose ``data`` and ``outcome`` are typed
dicts of that kind's own keys, so that ``if event.kind == "roll": event.outcome["dice"]`` is
checked. Kinds that both families of games log (``move``, ``resign``, ``game_start``, ...) say
which keys each game gives. The dict form (``to_dict``, read back by ``event_from_dict``) is the
one stored and sent, and it is read strictly: a key of the wrong type, a missing or an unknown
one is refused, never coerced.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Generic, Literal, Self, TypedDict, TypeVar, cast, get_args

from gamehall.errors import GameError, RecordError
from gamehall.play.actions import Action, ClaimFoul, action_from_dict
from gamehall.play.clock import ClockSnapshot
from gamehall.play.event_keys import (
    AcceptOutcome,
    CheckerData,
    ChoiceData,
    ChoiceOutcome,
    ClaimOutcome,
    CubeOutcome,
    DiceOutcome,
    FalseClaimOutcome,
    ForfeitData,
    GameEndOutcome,
    GameStartOutcome,
    MatchEndOutcome,
    MoveOutcome,
    Nothing,
    OfferOutcome,
    PlayData,
    PlayOutcome,
    PointsOutcome,
    ResignData,
    ResignOutcome,
    SeatOutcome,
    SeedData,
    StoneData,
    TakebackOutcome,
)
from gamehall.play.snapshot import is_object

# -- the events --------------------------------------------------------------------------------

DataT = TypeVar("DataT", bound=Mapping[str, object], covariant=True)
OutcomeT = TypeVar("OutcomeT", bound=Mapping[str, object], covariant=True)


class Stamp(TypedDict):
    """What every event has besides its own keys: where in the log, who, when."""

    seq: int
    player: int | None
    time: float
    derived: bool


@dataclass(frozen=True, kw_only=True)
class EventOf(Generic[DataT, OutcomeT]):
    """One entry of a match's log, of one kind; ``Event`` is the union of them all."""

    kind: ClassVar[str]
    seq: int
    player: int | None
    time: float
    data: DataT
    """The action's arguments, as the player gave them (what a replay passes again)."""
    outcome: OutcomeT
    """What followed: dice rolled, the play made, the game's result."""
    derived: bool = False
    """Made by the rules, not asked for by a player: a replay checks it, never applies it."""
    clocks: ClockSnapshot | None = None
    """Both clocks after the event, when the match has a clock."""

    def to_dict(self) -> dict[str, object]:
        """A JSON-able dict that ``event_from_dict`` reads back. Its data, outcome and clocks
        are the event's own (an event is written and sent several times: they are not
        copied), so they are read, never changed."""
        out: dict[str, object] = {"seq": self.seq, "kind": self.kind, "player": self.player}
        out["time"] = self.time
        if self.data:
            out["data"] = self.data
        if self.outcome:
            out["outcome"] = self.outcome
        if self.derived:
            out["derived"] = True
        if self.clocks is not None:
            out["clocks"] = self.clocks.readings
        return out

    def action(self) -> Action:
        """The action a player took, as a typed value (what a replay applies again);
        ``RecordError`` for an event that is not one."""
        try:
            return action_from_dict({**self.data, "kind": self.kind})
        except GameError as exc:
            raise RecordError(f"event {self.seq} ({self.kind}) is not an action: {exc}") from None

    def with_clocks(self, clocks: ClockSnapshot) -> Self:
        """The same event with both clocks as they stand after it: a copy of its fields, not
        made again through ``__init__`` (they were checked when it was; every action stamps
        its events so)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.__dict__["clocks"] = clocks
        return new


@dataclass(frozen=True, kw_only=True)
class _Bare(EventOf[Nothing, Nothing]):
    """An event of no data and no outcome."""

    data: Nothing = field(default_factory=Nothing)
    outcome: Nothing = field(default_factory=Nothing)


@dataclass(frozen=True, kw_only=True)
class _Outcome(EventOf[Nothing, OutcomeT], Generic[OutcomeT]):
    """An event of an outcome and no data."""

    data: Nothing = field(default_factory=Nothing)


@dataclass(frozen=True, kw_only=True)
class _Data(EventOf[DataT, Nothing], Generic[DataT]):
    """An event of data and no outcome."""

    outcome: Nothing = field(default_factory=Nothing)


@dataclass(frozen=True, kw_only=True)
class Started(_Bare):
    kind: ClassVar[Literal["start"]] = "start"


@dataclass(frozen=True, kw_only=True)
class SeedGiven(_Data[SeedData]):
    kind: ClassVar[Literal["seed"]] = "seed"


@dataclass(frozen=True, kw_only=True)
class Flagged(_Outcome[SeatOutcome]):
    kind: ClassVar[Literal["flag"]] = "flag"


@dataclass(frozen=True, kw_only=True)
class Forfeited(_Data[ForfeitData]):
    kind: ClassVar[Literal["forfeit"]] = "forfeit"


@dataclass(frozen=True, kw_only=True)
class MatchEnded(_Outcome[MatchEndOutcome]):
    kind: ClassVar[Literal["match_end"]] = "match_end"


@dataclass(frozen=True, kw_only=True)
class Moved(EventOf[CheckerData | StoneData, MoveOutcome]):
    """A checker moved (tables) or a stone placed (renju)."""

    kind: ClassVar[Literal["move"]] = "move"


@dataclass(frozen=True, kw_only=True)
class Played(EventOf[PlayData, PlayOutcome]):
    kind: ClassVar[Literal["play"]] = "play"


@dataclass(frozen=True, kw_only=True)
class Undone(_Outcome[MoveOutcome]):
    kind: ClassVar[Literal["undo"]] = "undo"


@dataclass(frozen=True, kw_only=True)
class Confirmed(_Outcome[PlayOutcome]):
    kind: ClassVar[Literal["confirm"]] = "confirm"


@dataclass(frozen=True, kw_only=True)
class Doubled(_Outcome[CubeOutcome]):
    kind: ClassVar[Literal["double"]] = "double"


@dataclass(frozen=True, kw_only=True)
class Taken(_Outcome[CubeOutcome]):
    kind: ClassVar[Literal["take"]] = "take"


@dataclass(frozen=True, kw_only=True)
class Dropped(_Outcome[PointsOutcome]):
    kind: ClassVar[Literal["drop"]] = "drop"


@dataclass(frozen=True, kw_only=True)
class Beavered(_Outcome[CubeOutcome]):
    kind: ClassVar[Literal["beaver"]] = "beaver"


@dataclass(frozen=True, kw_only=True)
class Resigned(EventOf[ResignData, ResignOutcome]):
    kind: ClassVar[Literal["resign"]] = "resign"


@dataclass(frozen=True, kw_only=True)
class Accepted(_Outcome[AcceptOutcome]):
    kind: ClassVar[Literal["accept"]] = "accept"


@dataclass(frozen=True, kw_only=True)
class Declined(_Bare):
    kind: ClassVar[Literal["decline"]] = "decline"


@dataclass(frozen=True, kw_only=True)
class NextGameStarted(_Bare):
    kind: ClassVar[Literal["next_game"]] = "next_game"


@dataclass(frozen=True, kw_only=True)
class SessionEnded(_Bare):
    kind: ClassVar[Literal["end_session"]] = "end_session"


@dataclass(frozen=True, kw_only=True)
class GameStarted(_Outcome[GameStartOutcome]):
    kind: ClassVar[Literal["game_start"]] = "game_start"


@dataclass(frozen=True, kw_only=True)
class OpeningRolled(_Outcome[DiceOutcome]):
    """Backgammon and nardy's opening roll: a die each (again while they tie)."""

    kind: ClassVar[Literal["opening"]] = "opening"


@dataclass(frozen=True, kw_only=True)
class Rolled(_Outcome[DiceOutcome]):
    kind: ClassVar[Literal["roll"]] = "roll"


@dataclass(frozen=True, kw_only=True)
class NoMove(_Bare):
    kind: ClassVar[Literal["no_move"]] = "no_move"


@dataclass(frozen=True, kw_only=True)
class GameEnded(_Outcome[GameEndOutcome]):
    kind: ClassVar[Literal["game_end"]] = "game_end"


@dataclass(frozen=True, kw_only=True)
class Passed(_Bare):
    kind: ClassVar[Literal["pass"]] = "pass"


@dataclass(frozen=True, kw_only=True)
class FifthOffered(EventOf[StoneData, OfferOutcome]):
    kind: ClassVar[Literal["offer"]] = "offer"


@dataclass(frozen=True, kw_only=True)
class OpeningChosen(EventOf[ChoiceData, ChoiceOutcome]):
    kind: ClassVar[Literal["opening_choice"]] = "opening_choice"


@dataclass(frozen=True, kw_only=True)
class Claimed(_Outcome[ClaimOutcome]):
    kind: ClassVar[Literal["claim"]] = "claim"


@dataclass(frozen=True, kw_only=True)
class FalseClaimed(_Outcome[FalseClaimOutcome]):
    """White's ``claim`` when there was nothing to claim (kept, and sanctioned)."""

    kind: ClassVar[Literal["false_claim"]] = "false_claim"

    def action(self) -> Action:
        return ClaimFoul()


@dataclass(frozen=True, kw_only=True)
class DrawOffered(_Bare):
    kind: ClassVar[Literal["offer_draw"]] = "offer_draw"


@dataclass(frozen=True, kw_only=True)
class MatchResigned(_Bare):
    """A player resigned the whole match (a ``match_end`` follows)."""

    kind: ClassVar[Literal["resign_match"]] = "resign_match"


@dataclass(frozen=True, kw_only=True)
class Aborted(_Bare):
    """A player called the match off before both had moved (a ``match_end`` follows)."""

    kind: ClassVar[Literal["abort"]] = "abort"


@dataclass(frozen=True, kw_only=True)
class TakebacksAllowed(_Bare):
    """The referee allowed takebacks in this match, before its start."""

    kind: ClassVar[Literal["allow_takebacks"]] = "allow_takebacks"


@dataclass(frozen=True, kw_only=True)
class TakebackAsked(_Bare):
    kind: ClassVar[Literal["takeback"]] = "takeback"


@dataclass(frozen=True, kw_only=True)
class TakebackAccepted(_Outcome[TakebackOutcome]):
    """The takeback accepted: the match is as it stood before the event ``seq`` of the log."""

    kind: ClassVar[Literal["accept_takeback"]] = "accept_takeback"


@dataclass(frozen=True, kw_only=True)
class TakebackDeclined(_Bare):
    kind: ClassVar[Literal["decline_takeback"]] = "decline_takeback"


Event = (
    Started
    | SeedGiven
    | Flagged
    | Forfeited
    | MatchEnded
    | Moved
    | Played
    | Undone
    | Confirmed
    | Doubled
    | Taken
    | Dropped
    | Beavered
    | Resigned
    | Accepted
    | Declined
    | NextGameStarted
    | SessionEnded
    | GameStarted
    | OpeningRolled
    | Rolled
    | NoMove
    | GameEnded
    | Passed
    | FifthOffered
    | OpeningChosen
    | Claimed
    | FalseClaimed
    | DrawOffered
    | MatchResigned
    | Aborted
    | TakebacksAllowed
    | TakebackAsked
    | TakebackAccepted
    | TakebackDeclined
)
"""An entry of a match's log: one of the kinds above, told apart by ``kind``."""

# -- reading the stored form ---------------------------------------------------------------------

Check = Callable[[object], bool]
"""Whether a value is of a key's type (nothing is coerced)."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _optional(check: Check) -> Check:
    return lambda value: value is None or check(value)


def _list_of(check: Check) -> Check:
    return lambda value: isinstance(value, list) and all(check(item) for item in value)


INT: Check = _is_int
SEAT: Check = lambda value: _is_int(value) and value in (0, 1)  # noqa: E731
TEXT: Check = lambda value: isinstance(value, str)  # noqa: E731
BOOL: Check = lambda value: isinstance(value, bool)  # noqa: E731
SRC: Check = lambda value: _is_int(value) or value == "bar"  # noqa: E731
SCORE: Check = _list_of(_is_number)

Keys = Mapping[str, tuple[Check, bool]]
"""The keys of a kind's data or outcome: each one's type, and whether it must be there."""

NONE: Keys = {}
DATA: dict[str, tuple[Keys, ...]] = {
    "seed": ({"seed": (TEXT, True)},),
    "forfeit": ({"player": (SEAT, True), "reason": (TEXT, True)},),
    "move": ({"src": (SRC, True), "die": (INT, True)}, {"point": (TEXT, True)}),
    "play": ({"text": (TEXT, True)},),
    "resign": ({"value": (INT, False)},),
    "offer": ({"point": (TEXT, True)},),
    "opening_choice": ({"choice": (TEXT, True)},),
}
"""Each kind's data, where it has any: the shapes it may take (a tables or a renju move)."""
_SEED = {"server_seed": (_optional(TEXT), False)}
_DICE: Keys = {"dice": (_list_of(INT), True), "counter": (INT, False)}
OUTCOMES: dict[str, Keys] = {
    "flag": {"player": (SEAT, True)},
    "match_end": {
        "winner": (_optional(SEAT), True),
        "reason": (TEXT, True),
        "score": (SCORE, True),
        **_SEED,
    },
    "move": {"move": (TEXT, True)},
    "play": {"play": (TEXT, True)},
    "undo": {"move": (TEXT, True)},
    "confirm": {"play": (TEXT, True)},
    "double": {"cube": (INT, True)},
    "take": {"cube": (INT, True)},
    "beaver": {"cube": (INT, True)},
    "drop": {"points": (INT, True)},
    "resign": {"points": (INT, False)},
    "accept": {"points": (INT, False)},
    "game_start": {
        "number": (INT, True),
        "crawford": (BOOL, False),
        "commitment": (TEXT, False),
        "black": (SEAT, False),
    },
    "opening": _DICE,
    "roll": _DICE,
    "game_end": {
        "winner": (_optional(SEAT), True),
        "reason": (TEXT, True),
        "score": (SCORE, True),
        "points": (INT, False),
        "kind": (TEXT, False),
        **_SEED,
    },
    "offer": {"offers": (_list_of(TEXT), True)},
    "accept_takeback": {"seq": (INT, True)},
    "opening_choice": {"choice": (TEXT, True), "black": (SEAT, False), "swap": (BOOL, False)},
    "claim": {"point": (TEXT, True), "pattern": (TEXT, True), "move": (TEXT, True)},
    "false_claim": {
        "stones": (INT, True),
        "count": (INT, True),
        "penalty": (TEXT, True),
        "seconds": (INT, False),
    },
}
"""Each kind's outcome, where it has one."""

EVENT_TYPES: dict[str, type[EventOf[Mapping[str, object], Mapping[str, object]]]] = {
    cls.kind: cls for cls in get_args(Event)
}
"""Every kind of event by its name."""

_REQUIRED = frozenset({"seq", "kind", "player", "time"})
_FIELDS = frozenset({*_REQUIRED, "data", "outcome", "derived", "clocks"})


def event_from_dict(data: object) -> Event:
    """An event from ``to_dict``'s form; ``RecordError`` for an unknown kind, or a missing,
    unknown or wrongly typed field or key (nothing is coerced: ``"3"`` is not a sequence
    number)."""
    if not is_object(data):
        raise RecordError("an event of the log is a mapping")
    where = _Where(data)
    keys = data.keys()
    if not keys >= _REQUIRED:
        missing = _REQUIRED - set(keys)
        raise RecordError(f"{where} has no {', '.join(sorted(missing))}")
    seq, kind, player, time = data["seq"], data["kind"], data["player"], data["time"]
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
        raise RecordError(f"{where}: seq must be a whole number from 0")
    if not isinstance(kind, str) or not kind:
        raise RecordError(f"{where}: kind must be a text")
    cls = EVENT_TYPES.get(kind)
    if cls is None:
        raise RecordError(f"{where}: {kind!r} is not a kind of event")
    if player is not None and not (isinstance(player, int) and SEAT(player)):
        raise RecordError(f"{where}: player must be 0, 1 or null")
    if not isinstance(time, int | float) or isinstance(time, bool):
        raise RecordError(f"{where}: time must be a number of seconds")
    derived = data.get("derived", False)
    if not isinstance(derived, bool):
        raise RecordError(f"{where}: derived must be true or false")
    if not keys <= _FIELDS:
        unknown = set(keys) - _FIELDS
        raise RecordError(f"{where} has unknown fields: {', '.join(map(str, unknown))}")
    clocks = data.get("clocks")
    event = cls(
        seq=seq,
        player=player,
        time=float(time),
        data=_keys(data.get("data", {}), DATA.get(kind, (NONE,)), where, "data"),
        outcome=_keys(data.get("outcome", {}), (OUTCOMES.get(kind, NONE),), where, "outcome"),
        derived=derived,
        clocks=None if clocks is None else _clocks(clocks, where),
    )
    return cast(Event, event)


def _keys(value: object, shapes: tuple[Keys, ...], where: object, name: str) -> dict[str, object]:
    """``value`` as it is, if it is a mapping of one of ``shapes``."""
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise RecordError(f"{where}: {name} must be a mapping of names to values")
    for shape in shapes:
        if value.keys() <= shape.keys() and all(
            (key in value and check(value[key])) if required else check(value.get(key))
            for key, (check, required) in shape.items()
            if required or key in value
        ):
            return dict(value)
    allowed = " or ".join("{" + ", ".join(shape) + "}" for shape in shapes)
    raise RecordError(f"{where}: its {name} {dict(value)!r} is not of its kind ({allowed})")


def _clocks(value: object, where: object) -> ClockSnapshot:
    if not isinstance(value, Mapping):
        raise RecordError(f"{where}: clocks must be a mapping of names to values")
    return ClockSnapshot.from_dict(value)


class _Where:
    """The event an error message names (made into text only for a message: reading the log
    is the hot path of loading a match)."""

    def __init__(self, data: Mapping[str, object]) -> None:
        self.data = data

    def __str__(self) -> str:
        return f"event {self.data.get('seq')!r}"
