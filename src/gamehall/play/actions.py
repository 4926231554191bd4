"""What a player (or the referee) can do in a match, one small frozen type per kind of action.

An action's dict form is ``{"kind": ..., **data}``, the form the WebSocket and the match's log
carry: ``action_from_dict`` reads it and refuses anything else (an unknown kind, a missing or an
extra field, a wrongly typed value) with an ``IllegalMoveError`` (a ``GameError``) that says
what the action needs, so that a match only ever sees well-formed actions. Whether an action
is allowed *now* is the match's question (``Match.apply``), not this module's.

>>> action_from_dict({"kind": "move", "src": 13, "die": 6})
Move(src=13, die=6)
>>> Move(src="bar", die=3).to_dict()
{'kind': 'move', 'src': 'bar', 'die': 3}
"""

from collections.abc import Mapping
from dataclasses import MISSING, Field, dataclass, fields
from typing import ClassVar, Literal, Self

from gamehall.errors import IllegalMoveError

BAR_NAME = "bar"
_BAR_POINT = 25
"""The bar in the mover's numbering, as the legal view lists it."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short_text(value: object, longest: int) -> bool:
    return isinstance(value, str) and 1 <= len(value) <= longest


@dataclass(frozen=True)
class Action:
    """One action; subclasses name their ``kind`` and check their fields."""

    kind: ClassVar[str]
    usage: ClassVar[str]
    """What the action needs, in a player's words (the message of a malformed one)."""

    def __post_init__(self) -> None:
        if not self._valid():
            raise self.refused()

    def _valid(self) -> bool:
        return True

    @classmethod
    def refused(cls) -> IllegalMoveError:
        """The refusal of a malformed action of this kind, its ``usage`` with a reason: an
        action that takes no data says so of its kind, another names its usage's text."""
        if cls.usage == f"{cls.kind} takes no data":
            return IllegalMoveError(cls.usage, reason="takes-no-data", kind=cls.kind)
        return IllegalMoveError(cls.usage, reason="action-usage", usage=cls.__name__)

    def data(self) -> dict[str, object]:
        """The action's fields (without ``kind``); an optional field left out is not given."""
        given: dict[str, object] = {}
        for name in _fields_of(type(self))[0]:
            value: object = getattr(self, name)
            if value is not None:
                given[name] = value
        return given

    def to_dict(self) -> dict[str, object]:
        """``{"kind": ..., **data}``, which ``action_from_dict`` reads back."""
        return {"kind": self.kind, **self.data()}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        """This action from its dict form; ``IllegalMoveError`` when a field is wrong."""
        if data.get("kind") != cls.kind:
            raise IllegalMoveError(
                f"{data.get('kind')!r} is not a {cls.kind} action",
                reason="not-this-action",
                given=repr(data.get("kind")),
                kind=cls.kind,
            )
        names, required = _fields_of(cls)
        given = {key: value for key, value in data.items() if key != "kind"}
        if not required <= given.keys() <= set(names):
            raise cls.refused()
        try:
            return cls(**given)
        except TypeError:
            raise cls.refused() from None


_FIELDS: dict[type[Action], tuple[tuple[str, ...], frozenset[str]]] = {}


def _fields_of(cls: type[Action]) -> tuple[tuple[str, ...], frozenset[str]]:
    """An action's field names in order, and those it cannot go without (found once for each
    kind)."""
    known = _FIELDS.get(cls)
    if known is None:
        every: tuple[Field[object], ...] = fields(cls)
        names = tuple(f.name for f in every)
        required = frozenset(f.name for f in every if f.default is MISSING)
        known = _FIELDS[cls] = (names, required)
    return known


@dataclass(frozen=True)
class Start(Action):
    """The referee begins the match."""

    kind = "start"
    usage = "start takes no data"


@dataclass(frozen=True)
class CheckTime(Action):
    """The referee looks at the clocks: a player whose time has run out loses."""

    kind = "check_time"
    usage = "check_time takes no data"


@dataclass(frozen=True)
class Seed(Action):
    """A player's own seed for provably fair dice, before the match starts."""

    kind = "seed"
    usage = "seed needs 'seed', a text of 1 to 200 characters"
    seed: str

    def _valid(self) -> bool:
        return _short_text(self.seed, 200)


@dataclass(frozen=True)
class ClaimTime(Action):
    """Claim the win: the opponent's time has run out."""

    kind = "claim_time"
    usage = "claim_time takes no data"


@dataclass(frozen=True)
class Roll(Action):
    """Roll the dice (tables)."""

    kind = "roll"
    usage = "roll takes no data"


@dataclass(frozen=True)
class Move(Action):
    """Move one checker from ``src`` (a point 1-24 in the mover's numbering, or the bar: ``bar``
    or 25) by ``die`` (tables)."""

    kind = "move"
    usage = "move needs 'src' (a point 1-24 or 'bar') and 'die' (1-6)"
    src: int | Literal["bar"]
    die: int

    def _valid(self) -> bool:
        src_ok = self.src == BAR_NAME or (_is_int(self.src) and 1 <= int(self.src) <= _BAR_POINT)
        return src_ok and _is_int(self.die) and 1 <= self.die <= 6


@dataclass(frozen=True)
class Play(Action):
    """A whole play in the standard notation, such as ``8/5 6/5`` (tables)."""

    kind = "play"
    usage = "play needs 'text', a play such as '8/5 6/5'"
    text: str

    def _valid(self) -> bool:
        return _short_text(self.text, 200)


@dataclass(frozen=True)
class Undo(Action):
    """Take back the last checker moved this turn (tables)."""

    kind = "undo"
    usage = "undo takes no data"


@dataclass(frozen=True)
class Confirm(Action):
    """End the turn with the play made (tables)."""

    kind = "confirm"
    usage = "confirm takes no data"


@dataclass(frozen=True)
class Double(Action):
    """Offer a double before rolling (backgammon)."""

    kind = "double"
    usage = "double takes no data"


@dataclass(frozen=True)
class Take(Action):
    """Accept the double offered: play on for the higher stake (backgammon)."""

    kind = "take"
    usage = "take takes no data"


@dataclass(frozen=True)
class Drop(Action):
    """Refuse the double offered: lose the game at the stake before it (backgammon)."""

    kind = "drop"
    usage = "drop takes no data"


@dataclass(frozen=True)
class Beaver(Action):
    """Take the double and redouble at once, keeping the cube (backgammon money play)."""

    kind = "beaver"
    usage = "beaver takes no data"


@dataclass(frozen=True)
class Resign(Action):
    """Resign the game: in backgammon offering ``value`` (1 single, 2 gammon, 3 backgammon);
    in long nardy and renju without a value."""

    kind = "resign"
    usage = (
        "say what you resign: 1 (a single game), 2 (a gammon) or 3 (a backgammon) as 'value' "
        "(nothing in nardy and renju)"
    )
    value: int | None = None

    def _valid(self) -> bool:
        return self.value is None or (_is_int(self.value) and 1 <= self.value <= 3)


@dataclass(frozen=True)
class Accept(Action):
    """Accept the opponent's offer: his resignation (backgammon) or a draw (renju)."""

    kind = "accept"
    usage = "accept takes no data"


@dataclass(frozen=True)
class Decline(Action):
    """Decline the opponent's offer and play on."""

    kind = "decline"
    usage = "decline takes no data"


@dataclass(frozen=True)
class NextGame(Action):
    """Begin the next game of a money session."""

    kind = "next_game"
    usage = "next_game takes no data"


@dataclass(frozen=True)
class EndSession(Action):
    """End a money session between games."""

    kind = "end_session"
    usage = "end_session takes no data"


@dataclass(frozen=True)
class Place(Action):
    """Place a stone on ``point``, such as ``h8`` (renju; its kind is ``move``, as a tables
    checker move's, told apart by its field)."""

    kind = "move"
    usage = "a renju move needs 'point', such as 'h8'"
    point: str

    def _valid(self) -> bool:
        return _short_text(self.point, 8)


@dataclass(frozen=True)
class Pass(Action):
    """Pass instead of placing a stone (renju)."""

    kind = "pass"
    usage = "pass takes no data"


@dataclass(frozen=True)
class ClaimFoul(Action):
    """White claims Black's forbidden move (renju under ``forbidden="claim"``): a double-three or
    double-four at once, an overline at any time before the end; the match refuses it, saying
    why, when nothing can be claimed."""

    kind = "claim"
    usage = "claim takes no data"


@dataclass(frozen=True)
class OpeningChoice(Action):
    """A decision of a renju opening rule (Swap2): ``white`` (play White), ``black`` (take
    Black: a swap), ``place2`` (place two more stones and let the opponent choose)."""

    kind = "opening_choice"
    usage = "opening_choice needs 'choice': 'white', 'black' or 'place2'"
    choice: str

    def _valid(self) -> bool:
        return _short_text(self.choice, 16)


@dataclass(frozen=True)
class OfferFifth(Action):
    """Offer ``point`` as a fifth move (renju opening rules with fifth-move offers: Soosõrv-8);
    during the offers a renju ``move`` is taken as one."""

    kind = "offer"
    usage = "offer needs 'point', such as 'h8'"
    point: str

    def _valid(self) -> bool:
        return _short_text(self.point, 8)


@dataclass(frozen=True)
class OfferDraw(Action):
    """Offer a draw (renju)."""

    kind = "offer_draw"
    usage = "offer_draw takes no data"


@dataclass(frozen=True)
class ResignMatch(Action):
    """Resign the whole match, not only the game (tables matches of more than one point): the
    opponent wins the match."""

    kind = "resign_match"
    usage = "resign_match takes no data"


@dataclass(frozen=True)
class Abort(Action):
    """Call the match off before both players have moved: no result, no rating."""

    kind = "abort"
    usage = "abort takes no data"


@dataclass(frozen=True)
class AllowTakebacks(Action):
    """The referee allows takebacks in this match (a casual one), before it starts."""

    kind = "allow_takebacks"
    usage = "allow_takebacks takes no data"


@dataclass(frozen=True)
class AskTakeback(Action):
    """Ask the opponent to take back one's last turn (casual matches)."""

    kind = "takeback"
    usage = "takeback takes no data"


@dataclass(frozen=True)
class AcceptTakeback(Action):
    """Let the opponent take back his last turn."""

    kind = "accept_takeback"
    usage = "accept_takeback takes no data"


@dataclass(frozen=True)
class DeclineTakeback(Action):
    """Refuse the opponent's takeback: the turn stands."""

    kind = "decline_takeback"
    usage = "decline_takeback takes no data"


ACTION_TYPES: tuple[type[Action], ...] = (
    Start,
    CheckTime,
    Seed,
    ClaimTime,
    Roll,
    Move,
    Play,
    Undo,
    Confirm,
    Double,
    Take,
    Drop,
    Beaver,
    Resign,
    Accept,
    Decline,
    NextGame,
    EndSession,
    Place,
    Pass,
    ClaimFoul,
    OpeningChoice,
    OfferFifth,
    OfferDraw,
    ResignMatch,
    Abort,
    AllowTakebacks,
    AskTakeback,
    AcceptTakeback,
    DeclineTakeback,
)
"""Every kind of action (``Move`` and ``Place`` share the kind ``move``)."""

KINDS: tuple[str, ...] = tuple({t.kind: None for t in ACTION_TYPES})
"""The kinds of action, each once."""

_BY_KIND: dict[str, type[Action]] = {t.kind: t for t in ACTION_TYPES if t is not Place}


def action_from_dict(data: Mapping[str, object]) -> Action:
    """The action of ``{"kind": ..., **data}``; ``IllegalMoveError`` for anything that is not
    one: an unknown kind, a missing, extra or wrongly typed field."""
    if not isinstance(data, Mapping):
        raise IllegalMoveError(
            f"an action is a mapping with a 'kind', not {type(data).__name__}",
            reason="action-not-mapping",
            type=type(data).__name__,
        )
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in _BY_KIND:
        shown = repr(kind) if isinstance(kind, str) else "an action without a kind"
        raise IllegalMoveError(
            f"{shown} is not an action: actions are {', '.join(KINDS)}",
            reason="not-an-action",
            kind=shown if isinstance(kind, str) else "-",
            kinds=", ".join(KINDS),
        )
    if any(not isinstance(key, str) for key in data):
        raise IllegalMoveError(
            f"{kind}: the names of an action's fields are texts",
            reason="field-names-texts",
            kind=kind,
        )
    cls = _BY_KIND[kind]
    if kind == Move.kind and "point" in data:
        cls = Place
    if kind == Move.kind and not ({"src", "die"} & set(data)) and "point" not in data:
        raise IllegalMoveError(
            f"{Move.usage}; {Place.usage}", reason="move-usage", usage="Move", place="Place"
        )
    return cls.from_dict(data)
