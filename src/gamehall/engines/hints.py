"""Hints for the player on move: the engine's ranked choices with its figures, for every game.

``HINTS`` maps a game name to its hint function, ``(match, seat, options) -> Hints``. The
tables games register a function of the position and the dice wrapped by ``on_roll`` (one line
a game: ``"nardy": on_roll(network_hint)``), renju a function of the board wrapped by ``to_move``.
The values are frozen and round-trip through ``to_dict``/``from_dict``, so the server sends
them as they are and the faces draw them without computing anything.

The engines load lazily: numpy, numba and the weights only when a hint is first asked for.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from gamehall.engines.base import MatchContext
from gamehall.engines.driver import match_context
from gamehall.errors import GameError
from gamehall.play.match import Match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.tables_match import TablesMatch
from gamehall.renju.board import Board
from gamehall.tables.position import TablesPosition


class HintError(GameError):
    """No hint can be given now (the game is over, it is not the asker's turn, no dice yet)."""


Ending = Literal["five", "forbidden"]


@dataclass(frozen=True)
class HintOptions:
    """What a hint may spend: the number of choices listed, the search depth for the tables
    games (``ply`` 0, 1 or 2, gnubg's counting), and the seconds allowed."""

    count: int = 5
    ply: int = 2
    seconds: float = 3.0

    def __post_init__(self) -> None:
        if type(self.count) is not int or not 1 <= self.count <= 20:
            raise GameError(f"a hint lists 1 to 20 choices, not {self.count!r}")
        if type(self.ply) is not int or self.ply not in (0, 1, 2):
            raise GameError(f"a hint searches 0, 1 or 2 plies, not {self.ply!r}")
        if type(self.seconds) not in (int, float) or not 0.05 <= self.seconds <= 30:
            raise GameError(f"a hint may take 0.05 to 30 seconds, not {self.seconds!r}")


CHOICE_NAMES = {
    "no-double": "No double",
    "double-take": "Double, take",
    "double-pass": "Double, pass",
    "take": "Take",
    "pass": "Pass",
    "beaver": "Beaver",
}
"""The cube's choices by their codes, as a cube hint's candidates name them."""


@dataclass(frozen=True)
class Candidate:
    """One ranked choice: the move as the game writes it, its evaluation in words (``text``),
    and the engine's figures: for the tables games the mover's cubeless ``equity``, the
    ``difference`` to the best and the ``probabilities`` by name, the ``ply`` it was scored at
    and its single moves ``steps`` (``(src, dst)`` in the mover's numbering, 25 the bar, 0
    off) for drawing it; for renju the search ``score`` (``point`` is the move)."""

    move: str
    text: str
    equity: float | None = None
    difference: float | None = None
    probabilities: tuple[tuple[str, float], ...] = ()
    ply: int | None = None
    steps: tuple[tuple[int, int], ...] = ()
    score: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The choice as plain values (probabilities as a name -> chance mapping)."""
        return {
            "move": self.move,
            "text": self.text,
            "equity": self.equity,
            "difference": self.difference,
            "probabilities": dict(self.probabilities),
            "ply": self.ply,
            "steps": [list(step) for step in self.steps],
            "score": self.score,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Candidate":
        """A choice from :meth:`to_dict`'s values."""
        return cls(
            move=data["move"],
            text=data["text"],
            equity=data.get("equity"),
            difference=data.get("difference"),
            probabilities=tuple((str(k), float(v)) for k, v in data["probabilities"].items()),
            ply=data.get("ply"),
            steps=tuple((int(a), int(b)) for a, b in data["steps"]),
            score=data.get("score"),
        )


Colour = Literal["black", "white"]


@dataclass(frozen=True)
class WinningLine:
    """A renju side's forced win: ``moves`` from the side to move (``attacker``), his and the
    defender's alternating, to the five (``ending`` ``"five"``) or to a four of White's whose
    only defence is forbidden to Black (``"forbidden"``, the point in ``trap``). ``kind`` says
    whether the attacker needed threes (``"vct"``) or only fours (``"vcf"``)."""

    kind: Literal["vcf", "vct"]
    attacker: Colour
    moves: tuple[str, ...]
    ending: Ending
    trap: str | None = None

    def stones(self) -> list[tuple[str, Colour, int]]:
        """What to draw: each move's point, colour and number (1 the first)."""
        other: Colour = "white" if self.attacker == "black" else "black"
        return [
            (point, self.attacker if i % 2 == 0 else other, i + 1)
            for i, point in enumerate(self.moves)
        ]

    def to_dict(self) -> dict[str, Any]:
        """The line as plain values."""
        return {
            "kind": self.kind,
            "attacker": self.attacker,
            "moves": list(self.moves),
            "ending": self.ending,
            "trap": self.trap,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "WinningLine":
        """A line from :meth:`to_dict`'s values."""
        return cls(
            data["kind"], data["attacker"], tuple(data["moves"]), data["ending"], data.get("trap")
        )


@dataclass(frozen=True)
class Hints:
    """The engine's advice for the player on move: ``candidates`` best first, ``method`` what
    computed them, and for renju the ``winning`` line when the side to move has one."""

    game: str
    method: str
    candidates: tuple[Candidate, ...]
    winning: WinningLine | None = None
    notes: tuple[str, ...] = field(default=())
    """Remarks for the player, e.g. that a hint mid-turn ranks the whole play from its start."""
    cube: Mapping[str, Any] | None = None
    """Backgammon's cube hint before the roll or on a double (``CubeHint.to_dict``); the
    candidates are then the cube choices."""

    def to_dict(self) -> dict[str, Any]:
        """The hints as plain values."""
        return {
            "game": self.game,
            "method": self.method,
            "candidates": [c.to_dict() for c in self.candidates],
            "winning": None if self.winning is None else self.winning.to_dict(),
            "notes": list(self.notes),
            "cube": None if self.cube is None else dict(self.cube),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Hints":
        """Hints from :meth:`to_dict`'s values."""
        winning = data.get("winning")
        return cls(
            game=data["game"],
            method=data["method"],
            candidates=tuple(Candidate.from_dict(c) for c in data["candidates"]),
            winning=None if winning is None else WinningLine.from_dict(winning),
            notes=tuple(data.get("notes", ())),
            cube=data.get("cube"),
        )


Work = Callable[[], Hints]
"""The engine's work for one hint, on values copied from the match (safe in another thread)."""
MatchHint = Callable[[Match, int, HintOptions], Work]
TablesHint = Callable[[TablesPosition, tuple[int, int], HintOptions], Hints]
RenjuHint = Callable[[Board, HintOptions], Hints]
CubeHint = Callable[[TablesPosition, MatchContext, bool], Hints]
"""Backgammon's cube hint: the position (the doubler on roll), the asker's match context, and
whether he answers a double."""


def on_roll(hint: TablesHint, cube: CubeHint | None = None) -> MatchHint:
    """A tables game's hint for a match: ``hint`` of the position at the start of the turn and
    the dice rolled, for the player on roll; with ``cube``, before the roll of a player who may
    double, or to the receiver of a double, the cube hint instead."""

    def for_match(match: Match, seat: int, options: HintOptions) -> Work:
        if not isinstance(match, TablesMatch):
            raise HintError(f"a {match.game} match has no dice to give a hint for")
        _check_turn(match, seat)
        position, dice = match.position, match.dice
        answering = match.phase == "double"
        if cube is not None and position is not None and (answering or match.may_double(seat)):
            context = match_context(match, seat)
            return lambda: cube(position, context, answering)
        if match.phase != "move" or dice is None or position is None:
            raise HintError(
                "a hint ranks the plays of a roll: roll the dice first", reason="hint-roll-first"
            )
        midway = match.turn is not None and bool(match.turn.moves)

        def work() -> Hints:
            hints = hint(position, dice, options)
            if not midway:
                return hints
            note = "the plays are ranked whole, from the start of this turn"
            return Hints(hints.game, hints.method, hints.candidates, hints.winning, (note,))

        return work

    return for_match


def to_move(hint: RenjuHint) -> MatchHint:
    """Renju's hint for a match: ``hint`` of the board, for the player to move."""

    def for_match(match: Match, seat: int, options: HintOptions) -> Work:
        if not isinstance(match, RenjuMatch) or match.board is None:
            raise HintError(f"a {match.game} match has no renju board to give a hint for")
        _check_turn(match, seat)
        if match.opening is not None and not match.opening.places():
            raise HintError(
                "a hint suggests moves: the opening rule asks for a choice now",
                reason="hint-choice-first",
            )
        board = match.board.copy()
        return lambda: hint(board, options)

    return for_match


def _check_turn(match: Match, seat: int) -> None:
    if match.is_over:
        raise HintError(
            "the match is over: there is nothing left to hint", reason="hint-match-over"
        )
    if match.to_act != seat:
        raise HintError(
            "a hint is for the player on move: wait for your turn", reason="hint-not-your-turn"
        )


def _network(position: TablesPosition, dice: tuple[int, int], options: HintOptions) -> Hints:
    from gamehall.engines.neural.hints import hint

    return hint(position, dice, count=options.count, ply=options.ply, seconds=options.seconds)


def _backgammon_cube(position: TablesPosition, context: MatchContext, answering: bool) -> Hints:
    from gamehall.engines.neural.cube_hints import cube_hints

    return cube_hints(position, context, answering)


def _renju(board: Board, options: HintOptions) -> Hints:
    from gamehall.engines.renju_search.hints import hint

    return hint(board, count=options.count, seconds=options.seconds)


HINTS: dict[str, MatchHint] = {
    "backgammon": on_roll(_network, _backgammon_cube),
    "georgian": on_roll(_network, _backgammon_cube),
    "nardy": on_roll(_network),
    "renju": to_move(_renju),
}
"""Every game's hint function, by game name."""


def prepare_hint(match: Match, seat: int, options: HintOptions | None = None) -> Work:
    """The work that gives ``seat``, on move in ``match``, its hints: checked and copied from
    the match now (quick), run later (slow, in a worker thread if need be). ``HintError`` when
    no hint can be given."""
    hint = HINTS.get(match.game)
    if hint is None:
        raise HintError(f"there are no hints for {match.game} yet")
    return hint(match, seat, options if options is not None else HintOptions())


def hint_for(match: Match, seat: int, options: HintOptions | None = None) -> Hints:
    """The hints for ``seat``, on move in ``match``, computed now."""
    return prepare_hint(match, seat, options)()
