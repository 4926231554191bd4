"""The engines' one small interface: a decision goes in, the engine's choice comes out.

A decision is a small frozen value saying what is to be decided and on what position;
``Engine.decide`` answers it. The tables games (backgammon, Georgian backgammon, long nardy)
ask for plays, cube actions and resignations; renju asks for moves and answers to a draw offer.

Positions are given as they stand, the side on roll first: the engine is on roll when it
chooses a play, offers a double or considers resigning; the opponent is on roll when the
engine answers his double or his resignation (both are offered before rolling).
"""

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Generic, Literal, Protocol, TypeVar, overload, runtime_checkable

from gamehall.backgammon.variants import VariantName, find_variant
from gamehall.errors import GameError
from gamehall.play.settings import GameName
from gamehall.renju.board import Board
from gamehall.tables.position import Play, TablesPosition

Level = Literal["random", "beginner", "intermediate", "advanced", "expert", "world-class"]
LEVELS: tuple[Level, ...] = (
    "random",
    "beginner",
    "intermediate",
    "advanced",
    "expert",
    "world-class",
)
"""The strengths, weakest first."""

CubeOwner = Literal["engine", "opponent"]
CubeAnswer = Literal["take", "drop", "beaver"]

P = TypeVar("P", bound=TablesPosition)
T_contra = TypeVar("T_contra", contravariant=True)


@dataclass(frozen=True)
class MatchContext:
    """What besides the board bears on a decision: the match, the score and the cube, all
    from the engine's side (``score`` is (engine, opponent)).

    ``match_length`` 0 is money play. ``crawford`` says that this game is the Crawford game
    (no doubling in it). ``variant`` names the game's backgammon variant, whose rule gives the
    stake after a double (International 2, 4, 8, ... without limit; Georgian 2, 3, 4, 5, 6);
    ``cube_cap`` is a money-play cap on the cube (``None``: the variant's own limit);
    ``beavers`` whether a taker may beaver (money play only); ``jacoby`` whether gammons count
    only once the cube is turned (money play only); ``crawford_rule`` whether the match plays a
    Crawford game (``None``: the variant's own rule). ``surrender`` is long nardy's surrender
    setting (R11): a resignation costs 1 (``"oin"``), or 2 in a mars position (``"mars"``).
    """

    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    cube_value: int = 1
    cube_owner: CubeOwner | None = None
    crawford: bool = False
    beavers: bool = False
    variant: VariantName = "international"
    cube_cap: int | None = None
    jacoby: bool = False
    crawford_rule: bool | None = None
    surrender: Literal["oin", "mars"] = "oin"

    def __post_init__(self) -> None:
        if self.match_length < 0 or min(self.score) < 0 or self.cube_value < 1:
            raise GameError(
                "a match context needs a match length (0 for money), scores and a cube value "
                "that are not negative, the cube at least 1"
            )
        if self.surrender not in ("oin", "mars"):
            raise GameError(f"surrender must be 'oin' or 'mars', not {self.surrender!r}")
        if not isinstance(self.jacoby, bool):
            raise GameError(f"jacoby must be true or false, not {self.jacoby!r}")
        if self.crawford_rule is not None and not isinstance(self.crawford_rule, bool):
            raise GameError(
                f"crawford_rule must be true, false or None (the variant's), "
                f"not {self.crawford_rule!r}"
            )

    @classmethod
    def for_variant(cls, variant: str) -> "MatchContext":
        """Money play in a backgammon variant ("international" or "georgian");
        ``dataclasses.replace`` sets the other fields."""
        return cls(variant=find_variant(variant).name)

    @property
    def next_cube_value(self) -> int | None:
        """The stake after an accepted double, or ``None`` when the cube is at its cap."""
        return find_variant(self.variant).next_cube(self.cube_value, self.cube_cap)

    def cube_after_double(self) -> int:
        """The stake after a double now; ``GameError`` when the cube is at its cap."""
        value = self.next_cube_value
        if value is None:
            raise GameError(f"the cube is at its cap ({self.cube_value}): nobody may double")
        return value

    @property
    def away(self) -> tuple[int, int] | None:
        """The points each side still needs to win the match (engine first); ``None`` in money
        play."""
        if not self.match_length:
            return None
        return self.match_length - self.score[0], self.match_length - self.score[1]

    @property
    def engine_may_double(self) -> bool:
        """Whether the engine may offer a double now: not in the Crawford game, the cube in the
        middle or the engine's, and not yet at its cap."""
        return (
            not self.crawford and self.cube_owner != "opponent" and self.next_cube_value is not None
        )


FaultKind = Literal["engine-crashed", "engine-timeout", "engine-illegal"]
"""Why an engine failed to decide: its process ended, it overstayed its time, or its answer was
unreadable or against the rules."""


class EngineFault(GameError):
    """An engine could not give a usable answer; the side it plays forfeits for ``kind`` (the
    reason recorded with the forfeit), the message saying what happened."""

    def __init__(self, kind: FaultKind, detail: str) -> None:
        super().__init__(detail)
        self.kind: FaultKind = kind


_MONEY = MatchContext()


@dataclass(frozen=True)
class ChoosePlay(Generic[P]):
    """Choose one of ``plays``, the legal plays of ``dice`` in ``position`` (the engine on
    roll). The answer is one of the ``plays`` values itself."""

    position: P
    dice: tuple[int, int]
    plays: Sequence[Play[P]]
    context: MatchContext = _MONEY

    def __post_init__(self) -> None:
        if not self.plays:
            raise GameError("there is no play to choose from: a roll always has at least one play")

    @classmethod
    def roll(
        cls, position: P, dice: tuple[int, int], context: MatchContext = _MONEY
    ) -> "ChoosePlay[P]":
        """The decision for ``dice`` in ``position``, with the plays the rules allow."""
        return cls(position, dice, tuple(position.legal_plays(dice)), context)


@dataclass(frozen=True)
class OfferDouble:
    """Double now, before rolling? (The engine is on roll; asked only when doubling is legal.)
    The answer is ``True`` or ``False``."""

    position: TablesPosition
    context: MatchContext = _MONEY


@dataclass(frozen=True)
class AnswerDouble:
    """The opponent, on roll in ``position``, doubles: ``"take"``, ``"drop"``, or
    ``"beaver"`` when the context allows beavers. ``context`` shows the cube before the
    double."""

    position: TablesPosition
    context: MatchContext = _MONEY


@dataclass(frozen=True)
class ChooseResignation:
    """Offer to resign now (the engine on roll)? ``None`` to play on, or the value offered:
    1 single (oin), 2 gammon (mars), 3 backgammon (cox), times the cube."""

    position: TablesPosition
    context: MatchContext = _MONEY


@dataclass(frozen=True)
class AnswerResignation:
    """The opponent, on roll in ``position``, offers to resign ``value`` (1, 2 or 3, times the
    cube): accept (``True``) or play on (``False``)?"""

    position: TablesPosition
    value: int
    context: MatchContext = _MONEY

    def __post_init__(self) -> None:
        if self.value not in (1, 2, 3):
            raise GameError(f"a resignation is worth 1, 2 or 3 points, not {self.value!r}")


@dataclass(frozen=True)
class ChooseMove:
    """The renju move for the side to move on ``board``: a point such as ``"h8"``, or
    ``"pass"`` when no point is legal. ``allowed`` narrows the legal points to those an
    opening rule accepts at this step (a central square, the fifth moves not yet offered);
    ``None`` leaves every legal point."""

    board: Board
    allowed: frozenset[str] | None = None


@dataclass(frozen=True)
class AnswerDraw:
    """The opponent offers a draw with his move; the engine, to move on ``board``, accepts
    (``True``) or plays on (``False``)."""

    board: Board


TablesDecision = OfferDouble | AnswerDouble | ChooseResignation | AnswerResignation
Decision = ChoosePlay[TablesPosition] | TablesDecision | ChooseMove | AnswerDraw
Choice = Play[TablesPosition] | bool | CubeAnswer | int | str | None


@runtime_checkable
class Evaluator(Protocol[T_contra]):
    """An engine that can also score a position; each level documents its scale."""

    def evaluate(self, position: T_contra) -> float:
        """The position's score from the view of the side to move (higher is better)."""
        ...


class Engine(ABC):
    """A computer player for one game at one level.

    ``decide`` answers every decision of its game; the same seed and the same decisions give
    the same choices. Decisions of another game raise ``GameError``.
    """

    def __init__(self, game: GameName, level: Level, seed: int | None = None) -> None:
        self.game: GameName = game
        self.level: Level = level
        self.random = Random(seed)

    @property
    def name(self) -> str:
        """The engine's name, e.g. ``"gamehall backgammon beginner"``."""
        return f"gamehall {self.game} {self.level}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

    @overload
    def decide(self, decision: ChoosePlay[P]) -> Play[P]: ...
    @overload
    def decide(self, decision: OfferDouble) -> bool: ...
    @overload
    def decide(self, decision: AnswerDouble) -> CubeAnswer: ...
    @overload
    def decide(self, decision: ChooseResignation) -> int | None: ...
    @overload
    def decide(self, decision: AnswerResignation) -> bool: ...
    @overload
    def decide(self, decision: ChooseMove) -> str: ...
    @overload
    def decide(self, decision: AnswerDraw) -> bool: ...

    def decide(self, decision: object) -> object:
        """The engine's choice for ``decision`` (the type of the answer depends on the
        decision: see each decision class)."""
        if not isinstance(decision, _DECISIONS):
            raise GameError(f"{decision!r} is not a decision an engine can answer")
        return self._decide(decision)

    @abstractmethod
    def _decide(self, decision: Decision) -> Choice:
        """Answer a decision of this engine's game; ``GameError`` for another game's."""

    def _refuse(self, decision: object) -> GameError:
        """The error for a decision that belongs to another game."""
        return GameError(
            f"{self.name} plays {self.game}: it cannot answer {type(decision).__name__}"
        )


_DECISIONS = (
    ChoosePlay,
    OfferDouble,
    AnswerDouble,
    ChooseResignation,
    AnswerResignation,
    ChooseMove,
    AnswerDraw,
)
