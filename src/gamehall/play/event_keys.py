"""What each kind of event holds: its data (the action's arguments) and its outcome (what chance
and the rules decided), as typed dicts of the kind's own keys (``events.py`` names the kinds).
Where a key is there only in one family of games, or with fair dice, it is ``NotRequired``.
"""

from typing import Literal, NotRequired, TypedDict


class Nothing(TypedDict):
    """No data, or no outcome."""


class SeedData(TypedDict):
    seed: str


class TakebackOutcome(TypedDict):
    """A takeback accepted: the log's event the match went back to before."""

    seq: int


class SeatOutcome(TypedDict):
    """A flag: the player whose time ran out."""

    player: int


class ForfeitData(TypedDict):
    """The referee's forfeit: the player who left, and why."""

    player: int
    reason: str


class MatchEndOutcome(TypedDict):
    winner: int | None
    reason: str
    score: list[float]
    server_seed: NotRequired[str | None]
    """With fair dice, the seed of a game the match's end cut short."""


class CheckerData(TypedDict):
    """A tables move: one checker from ``src`` (a point, or ``bar``) by ``die``."""

    src: int | Literal["bar"]
    die: int


class StoneData(TypedDict):
    """A renju move: a stone on ``point``."""

    point: str


class MoveOutcome(TypedDict):
    """The move as the game writes it (``13/7``, ``h8``)."""

    move: str


class PlayData(TypedDict):
    text: str


class PlayOutcome(TypedDict):
    """The whole play in standard notation."""

    play: str


class CubeOutcome(TypedDict):
    """The cube's value a double offers, or a take or a beaver makes."""

    cube: int


class PointsOutcome(TypedDict):
    points: int


class ResignData(TypedDict, total=False):
    """Backgammon: the value resigned (1 single, 2 gammon, 3 backgammon); nardy and renju give
    none."""

    value: int


class ResignOutcome(TypedDict, total=False):
    """Tables: the points the resignation is worth; renju: nothing."""

    points: int


class AcceptOutcome(TypedDict, total=False):
    """Accepting a resignation (tables): its points; a draw (renju): nothing."""

    points: int


class GameStartOutcome(TypedDict):
    number: int
    crawford: NotRequired[bool]
    """Backgammon: this is the Crawford game."""
    commitment: NotRequired[str]
    """Fair dice: the SHA-256 of the game's secret seed."""
    black: NotRequired[int]
    """Renju: the seat playing Black."""


class DiceOutcome(TypedDict):
    dice: list[int]
    counter: NotRequired[int]
    """Fair dice: the roll's number in its game."""


class GameEndOutcome(TypedDict):
    winner: int | None
    reason: str
    score: list[float]
    points: NotRequired[int]
    """Tables: the points the game was worth."""
    kind: NotRequired[str]
    """Tables: single, gammon, backgammon, oin, mars or draw."""
    server_seed: NotRequired[str | None]
    """Fair dice: the game's secret seed, revealed."""


class OfferOutcome(TypedDict):
    """Renju's fifth-move offers so far."""

    offers: list[str]


class ChoiceData(TypedDict):
    choice: str


class ChoiceOutcome(TypedDict):
    choice: str
    black: NotRequired[int]
    swap: NotRequired[bool]


class FalseClaimOutcome(TypedDict):
    """Renju: White claimed a foul when there was none to claim. ``stones``: the stones on the
    board then; ``count``: White's false claims in this game so far, this one included;
    ``penalty``: ``none``, ``warning``, ``time`` (``seconds`` given to Black) or ``loss``."""

    stones: int
    count: int
    penalty: str
    seconds: NotRequired[int]


class ClaimOutcome(TypedDict):
    """Renju: the forbidden point White claimed, its pattern, and ``move`` = ``claim``."""

    point: str
    pattern: str
    move: str
