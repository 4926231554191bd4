"""A pairing and its result: who meets whom in a round, and how their match ended.

A pairing is one match under the tournament's ``MatchSettings`` (``first`` is player 0 of the
match: Black in renju's first game). ``second`` is ``None`` for a bye. Results are written the
way crosstables write them: ``1-0``, ``0-1``, ``1/2-1/2`` for played matches, ``+-``, ``-+``
and ``--`` for forfeits (the first player wins, the second wins, both lose: nothing was played),
``bye`` for a round without an opponent.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from gamehall.tournaments.errors import TournamentError
from gamehall.tournaments.forfeits import code_of

Outcome = Literal["1-0", "0-1", "1/2-1/2", "+-", "-+", "--", "bye"]
OUTCOMES: tuple[Outcome, ...] = ("1-0", "0-1", "1/2-1/2", "+-", "-+", "--", "bye")
StageName = Literal["main", "groups", "final"]
PLAYED: frozenset[str] = frozenset({"1-0", "0-1", "1/2-1/2"})
FORFEITS: frozenset[str] = frozenset({"+-", "-+", "--"})
_SCORES: dict[str, tuple[float, float]] = {
    "1-0": (1.0, 0.0),
    "0-1": (0.0, 1.0),
    "1/2-1/2": (0.5, 0.5),
    "+-": (1.0, 0.0),
    "-+": (0.0, 1.0),
    "--": (0.0, 0.0),
}


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


@dataclass(frozen=True)
class Result:
    """How a pairing ended: the outcome, and for a played match its final score (games or
    points won by each player, in the match's own units), which the tables games' points
    difference reads."""

    outcome: Outcome
    score: tuple[float, float] | None = None
    reason: str | None = None
    """Why a forfeit was given, as a code of ``gamehall.tournaments.forfeits`` (an engine that
    failed, the director's decision); only a forfeit has one."""

    def __post_init__(self) -> None:
        if not isinstance(self.outcome, str) or self.outcome not in OUTCOMES:
            raise TournamentError(
                f"result {self.outcome!r} is not known: write one of {', '.join(OUTCOMES)}"
            )
        if self.reason is not None and (
            self.outcome not in FORFEITS or not isinstance(self.reason, str) or not self.reason
        ):
            raise TournamentError(
                f"only a forfeit (+-, -+, --) has a reason, a non-empty text: not a {self.outcome}"
            )
        if self.score is None:
            return
        if self.outcome not in PLAYED:
            raise TournamentError(f"a {self.outcome} result has no match score: nothing was played")
        if (
            not isinstance(self.score, tuple)
            or len(self.score) != 2
            or not all(_is_number(x) and x >= 0 for x in self.score)
        ):
            raise TournamentError(f"a match score is two numbers of 0 or more, not {self.score!r}")
        first, second = self.score
        if (first > second) != (self.outcome == "1-0") or (first < second) != (
            self.outcome == "0-1"
        ):
            raise TournamentError(
                f"the match score {first:g}-{second:g} does not agree "
                f"with the result {self.outcome}"
            )

    @property
    def played(self) -> bool:
        """Whether the match was played (not a forfeit, not a bye)."""
        return self.outcome in PLAYED

    @property
    def forfeit(self) -> bool:
        """Whether the result was scored by forfeit."""
        return self.outcome in FORFEITS

    @property
    def drawn(self) -> bool:
        """Whether the match was drawn."""
        return self.outcome == "1/2-1/2"

    def points(self, bye_points: float = 1.0) -> tuple[float, float]:
        """Tournament points of (first, second): win 1, draw 1/2, loss 0; a bye scores
        ``bye_points`` for the first player."""
        if self.outcome == "bye":
            return (bye_points, 0.0)
        return _SCORES[self.outcome]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict that ``from_dict`` reads back (``reason`` only when there is one)."""
        out: dict[str, Any] = {
            "outcome": self.outcome,
            "score": None if self.score is None else list(self.score),
        }
        if self.reason is not None:
            out["reason"] = self.reason
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Result":
        """A result from ``to_dict``'s form (a reason stored as an English sentence, before the
        codes, read as its code)."""
        _known_keys(data, {"outcome", "score", "reason"}, "result")
        score = data.get("score")
        if score is not None:
            if not isinstance(score, list | tuple):
                raise TournamentError(f"a match score is a list of two numbers, not {score!r}")
            score = tuple(score)
        reason = data.get("reason")
        return cls(data["outcome"], score, code_of(reason) if isinstance(reason, str) else reason)


@dataclass(frozen=True)
class Pairing:
    """One match of a round (``leg`` > 1: a knockout replay with colours swapped)."""

    round: int
    board: int
    first: str
    second: str | None
    result: Result | None = None
    leg: int = 1
    group: str | None = None
    """The group's letter in a groups stage (``A``, ``B``, ...)."""
    stage: StageName = "main"
    """``main`` in a one-stage event; ``groups`` and then ``final`` in a two-stage one."""

    def __post_init__(self) -> None:
        for name in ("round", "board", "leg"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise TournamentError(f"a pairing's {name} is a whole number from 1, not {value!r}")
        if not isinstance(self.first, str) or not (
            self.second is None or isinstance(self.second, str)
        ):
            raise TournamentError("a pairing's players are names (the second may be null: a bye)")
        if self.first == self.second:
            raise TournamentError(f"{self.first} cannot be paired with himself")
        if self.result is not None and (self.result.outcome == "bye") != (self.second is None):
            raise TournamentError("a bye is the result of a pairing without a second player")
        if self.stage not in ("main", "groups", "final"):
            raise TournamentError(f"stage {self.stage!r} is not known: main, groups or final")

    @property
    def is_bye(self) -> bool:
        """Whether this is a bye (no opponent)."""
        return self.second is None

    @property
    def players(self) -> tuple[str, ...]:
        """The one or two players of the pairing."""
        return (self.first,) if self.second is None else (self.first, self.second)

    def opponent(self, player: str) -> str | None:
        """``player``'s opponent here (``None`` in a bye)."""
        if player == self.first:
            return self.second
        if player == self.second:
            return self.first
        raise TournamentError(f"{player} does not play in this pairing")

    def points_of(self, player: str, bye_points: float = 1.0) -> float:
        """The tournament points ``player`` scored here (0 while there is no result)."""
        if self.result is None:
            return 0.0
        first, second = self.result.points(bye_points)
        return first if player == self.first else second

    def with_result(self, result: Result) -> "Pairing":
        """This pairing with its result."""
        return replace(self, result=result)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict that ``from_dict`` reads back."""
        return {
            "round": self.round,
            "board": self.board,
            "first": self.first,
            "second": self.second,
            "result": None if self.result is None else self.result.to_dict(),
            "leg": self.leg,
            "group": self.group,
            "stage": self.stage,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Pairing":
        """A pairing from ``to_dict``'s form."""
        _known_keys(
            data,
            {"round", "board", "first", "second", "result", "leg", "group", "stage"},
            "pairing",
        )
        result = data.get("result")
        return cls(
            round=data["round"],
            board=data["board"],
            first=data["first"],
            second=data.get("second"),
            result=None if result is None else Result.from_dict(result),
            leg=data.get("leg", 1),
            group=data.get("group"),
            stage=data.get("stage", "main"),
        )


def _known_keys(data: Mapping[str, Any], known: set[str], what: str) -> None:
    if not isinstance(data, Mapping):
        raise TournamentError(f"a {what} is a mapping, not {data!r}")
    unknown = set(data) - known
    if unknown:
        raise TournamentError(f"unknown {what} fields: {', '.join(sorted(map(str, unknown)))}")
