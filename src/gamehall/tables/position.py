"""The board model shared by every tables game, with its legal plays, step by step too.

A position holds each side's checkers in that side's own numbering, as GNU Backgammon does:
``mover[p]`` is the side on roll's checkers on his point ``p`` (``mover[0]`` borne off,
``mover[25]`` on the bar), ``opponent[p]`` the other side's on *his* point ``p``. The games'
own ``Position`` classes add their IDs, text forms and scoring on top.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import mul
from typing import Generic, Self, TypeVar

from gamehall.errors import IllegalMoveError, InvalidPositionError
from gamehall.tables.generator import (
    Outcome,
    Score,
    Step,
    Survey,
    TurnState,
    advance,
    best_outcomes,
    board_of,
    can_reach,
    stops_at,
    survey,
)
from gamehall.tables.moves import (
    BAR,
    OFF,
    Move,
    format_play,
    format_steps,
    parse_play,
    where,
)
from gamehall.tables.refusals import explain
from gamehall.tables.rules import TablesRules

P = TypeVar("P", bound="TablesPosition")

_POINTS = range(26)
"""Each point's distance from home: off 0, points 1-24, the bar 25."""


def check_dice(dice: Sequence[int]) -> tuple[int, int]:
    """The dice as a pair, or an error saying what dice are."""
    if len(dice) != 2 or not all(
        isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice
    ):
        raise IllegalMoveError(
            f"{tuple(dice)} are not dice: give two numbers from 1 to 6",
            reason="not-dice",
            dice=str(tuple(dice)),
        )
    return dice[0], dice[1]


def dice_to_play(dice: tuple[int, int]) -> tuple[int, ...]:
    """The dice a roll gives to play: a double four times."""
    return (dice[0],) * 4 if dice[0] == dice[1] else dice


class Play(Generic[P]):
    """A complete legal play: its single moves in order and the position after it, the
    opponent on roll.

    The moves are kept as the search found them, ``(src, dst, die, hit)`` tuples in ``path``,
    and turned into ``Move`` values when asked for; the resulting position is built the first
    time it is asked for. Most plays of a roll are never shown, and many never looked at.
    """

    __slots__ = ("_code", "_result", "_start", "path")

    def __init__(self, path: tuple[Step, ...], result: P) -> None:
        self.path = path
        self._result: P | None = result
        self._start: P | None = None
        self._code = 0

    @classmethod
    def reaching(cls, path: tuple[Step, ...], start: P, code: int) -> "Play[P]":
        """A play from ``start`` that ends in the board of ``code`` (``board_code``): its
        position is built when it is first asked for."""
        play = cls.__new__(cls)
        play.path = path
        play._result = None
        play._start = start
        play._code = code
        return play

    @classmethod
    def from_moves(cls, moves: Sequence[Move], result: P) -> "Play[P]":
        """A play from its single moves."""
        return cls(tuple((m.src, m.dst, m.die, m.hit) for m in moves), result)

    @property
    def result(self) -> P:
        """The position after the play, the opponent on roll."""
        if self._result is None:
            assert self._start is not None
            self._result = self._start._result_of_code(self._code)
            self._start = None
        return self._result

    @property
    def moves(self) -> tuple[Move, ...]:
        """The single moves, in the order played."""
        return tuple(Move(*step) for step in self.path)

    @property
    def notation(self) -> str:
        """The play in standard notation, e.g. ``24/18 13/11``; empty when nothing moves."""
        return format_steps(self.path)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return bool(self.path == other.path and self.result == other.result)

    def __hash__(self) -> int:
        return hash((self.path, self.result))

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"<Play {self.notation or '(no move)'!r}>"


@dataclass(frozen=True)
class TablesPosition:
    """Checkers of both sides, the side on roll first, and the rules they move by."""

    mover: tuple[int, ...]
    opponent: tuple[int, ...]
    rules: TablesRules = field(compare=False, repr=False)

    def __post_init__(self) -> None:
        for name, side in (("side on roll", self.mover), ("other side", self.opponent)):
            if len(side) != 26 or any(not isinstance(n, int) or n < 0 for n in side):
                raise InvalidPositionError(
                    f"the {name} needs 26 counts that are not negative (off, points 1-24, bar)",
                    reason="side-counts",
                    side="mover" if name == "side on roll" else "opponent",
                )
            if sum(side) != 15:
                raise InvalidPositionError(
                    f"the {name} has {sum(side)} checkers, not 15",
                    reason="side-checkers",
                    side="mover" if name == "side on roll" else "opponent",
                    count=sum(side),
                )
        if not self.rules.hitting and (self.mover[BAR] or self.opponent[BAR]):
            raise InvalidPositionError(
                f"{self.rules.name} has no bar: no checker can be on it",
                reason="no-bar",
                game=self.rules.name,
            )
        opposite = self.rules.opposite
        for p in range(1, 25):
            if self.mover[p] and self.opponent[opposite[p]]:
                raise InvalidPositionError(
                    f"point {p} of the side on roll holds checkers of both sides",
                    reason="both-sides-on-point",
                    point=p,
                )

    # -- the turn -----------------------------------------------------------------------------

    def _with(self, mover: tuple[int, ...], opponent: tuple[int, ...]) -> Self:
        """This position with other checkers, the same side on roll, unchecked: only for
        checkers that legal moves from a valid position produced (the hot path of search)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.__dict__["mover"] = mover
        new.__dict__["opponent"] = opponent
        return new

    def _successor(self, mover: tuple[int, ...], opponent: tuple[int, ...]) -> Self:
        """The position after a play: ``mover``/``opponent`` as the new side on roll sees them."""
        return self._with(mover, opponent)

    def swapped(self) -> Self:
        """The same checkers with the other side on roll."""
        return self._successor(self.opponent, self.mover)

    def _state(self, dice: tuple[int, int]) -> TurnState:
        opposite = self.rules.opposite
        op = list(map(self.opponent.__getitem__, opposite))
        head = self.rules.head_limit(self.mover, tuple(op), dice)
        return TurnState(self.rules, list(self.mover), op, head)

    def _result_of(self, me: Sequence[int], op: Sequence[int]) -> Self:
        opposite = self.rules.opposite
        return self._successor(tuple(map(op.__getitem__, opposite)), tuple(me))

    def _result_of_code(self, code: int) -> Self:
        return self._result_of(*board_of(code))

    def _play_of(self, outcome: Outcome) -> "Play[Self]":
        return Play.reaching(outcome.path, self, outcome.code)

    @property
    def is_over(self) -> bool:
        """Whether a side has borne off all 15 checkers."""
        return self.mover[OFF] == 15 or self.opponent[OFF] == 15

    def _check_playable(self, dice: Sequence[int]) -> tuple[int, int]:
        if self.is_over:
            raise IllegalMoveError(
                "the game is over: nobody moves any more", reason="game-over-no-moves"
            )
        return check_dice(dice)

    def legal_plays(self, dice: Sequence[int]) -> "list[Play[Self]]":
        """One play per distinct position the roll can lead to; one empty play when nothing
        can move."""
        pair = self._check_playable(dice)
        outcomes = best_outcomes(self._state(pair), dice_to_play(pair))
        return [self._play_of(o) for o in outcomes]

    def play(self, text: str, dice: Sequence[int]) -> Self:
        """The position after the play written in ``text`` (any usual notation) with ``dice``.

        Raises ``IllegalMoveError`` that says why when the text is no legal play.
        """
        return self.find_play(text, dice).result

    def find_play(self, text: str, dice: Sequence[int]) -> "Play[Self]":
        """The legal play written in ``text`` with ``dice`` (see ``play``)."""
        pair = self._check_playable(dice)
        segments = parse_play(text)
        target = list(self.mover)
        for path in segments:
            start, end = path[0][0], path[-1][0]
            target[start] -= 1
            target[end] += 1
        for path in segments:
            if target[path[0][0]] < 0:
                raise _nothing_to_move(path[0][0])
        state = self._state(pair)
        dice_left = dice_to_play(pair)
        legal = {o.code: o for o in best_outcomes(state.copy(), dice_left)}
        routes: dict[int, bool] = {}
        _follow(state.copy(), [list(p) for p in segments], dice_left, False, routes)
        found = [(legal[end], unwritten) for end, unwritten in routes.items() if end in legal]
        if len(found) > 1:
            found = [f for f in found if not f[1]] or found
        if len(found) == 1:
            return self._play_of(found[0][0])
        if len(found) > 1:
            options = " or ".join(format_play(o.steps) for o, _ in found)
            raise IllegalMoveError(
                f"{text.strip()!r} could be {options}: say which",
                reason="ambiguous-play",
                play=repr(text.strip()),
                options=", ".join(format_play(o.steps) for o, _ in found),
            )
        raise explain(state, segments, dice_left, text.strip())

    def start_turn(self, dice: Sequence[int]) -> "Turn[Self]":
        """A turn to play one checker at a time, for interfaces (see ``Turn``): its
        ``legal_moves()`` offers only the single moves that a complete legal play can follow."""
        return Turn(self, self._check_playable(dice))

    def pip_count(self) -> tuple[int, int]:
        """The pips each side needs to bear off: (side on roll, other side)."""
        return sum(map(mul, _POINTS, self.mover)), sum(map(mul, _POINTS, self.opponent))


def _nothing_to_move(point: int) -> IllegalMoveError:
    message = f"there is no checker of yours {where(point)} to move"
    if point == BAR:
        return IllegalMoveError(message, reason="nothing-to-move-bar")
    return IllegalMoveError(message, reason="nothing-to-move", point=point)


def _follow(
    state: TurnState,
    paths: list[list[tuple[int, bool]]],
    dice: tuple[int, ...],
    unwritten: bool,
    ends: dict[int, bool],
) -> None:
    """Every board the written paths can end in, played a die at a time in any order, each
    step allowed by the rules, never passing a written point, hitting wherever ``*`` is written.
    ``ends`` maps each board (its code) to whether every way there hit on a point the text does
    not write (so a plain ``24/13`` means the way round that hits nothing, when there is one)."""
    if not paths:
        ends[state.code] = ends.get(state.code, True) and unwritten
        return
    for i, path in enumerate(paths):
        (src, _), (goal, marked) = path[0], path[1]
        for die in sorted(set(dice), reverse=True):
            if goal != OFF and src - die < goal:
                continue
            dst = state.target(src, die)
            if dst < 0:
                continue
            hit = state.apply(src, dst)
            if dst != goal or hit or not marked:
                rest = list(dice)
                rest.remove(die)
                left = path[1:] if dst == goal else [(dst, False), *path[1:]]
                later = [*paths[:i], *([left] if len(left) > 1 else []), *paths[i + 1 :]]
                _follow(state, later, tuple(rest), unwritten or (hit and dst != goal), ends)
            state.revert(src, dst, hit)


class Turn(Generic[P]):
    """A turn played one checker at a time, for interfaces and for rules that forbid taking a
    move back (Georgian G2).

    ``legal_moves()`` offers only the single moves after which a complete legal play is still
    possible, so a committed partial play can never strand the turn.
    """

    def __init__(self, position: P, dice: tuple[int, int]) -> None:
        self.start = position
        self.dice = dice
        self._state = position._state(dice)
        self._survey: Survey | None = None
        self._moves: list[Move] = []
        self._left = list(dice_to_play(dice))
        self._score = (0, 0, 0, 0)
        self._history: list[tuple[Move, Score]] = []

    @property
    def moves(self) -> tuple[Move, ...]:
        """The single moves made so far."""
        return tuple(self._moves)

    @property
    def dice_left(self) -> tuple[int, ...]:
        """The dice not yet played."""
        return tuple(self._left)

    def _seen_whole(self) -> Survey:
        """The turn seen from its start (its plays, their rank, the first moves), found on the
        first question that needs it."""
        if self._survey is None:
            self._survey = survey(self.start._state(self.dice), dice_to_play(self.dice))
        return self._survey

    def legal_plays(self) -> "list[Play[P]]":
        """The complete legal plays from the turn's start: ``start.legal_plays(dice)``, found
        in the same walk as the first single moves."""
        return [self.start._play_of(o) for o in self._seen_whole().outcomes]

    def _extendable(self, move: Move) -> bool:
        if not self._moves:
            return (move.src, move.dst, move.die, move.hit) in self._seen_whole().first_steps
        state = self._state
        hit = state.apply(move.src, move.dst)
        left = list(self._left)
        left.remove(move.die)
        score = advance(self._score, move.src, move.dst, move.die)
        ok = can_reach(state.copy(), tuple(left), score, self._seen_whole().rank)
        state.revert(move.src, move.dst, hit)
        return ok

    def legal_moves(self) -> list[Move]:
        """The single moves legal now, each leaving a complete legal play possible."""
        if self.is_complete:
            return []
        if not self._moves:
            return [Move(*step) for step in self._seen_whole().first_steps]
        found: list[Move] = []
        for die in sorted(set(self._left), reverse=True):
            for src in list(self._state.sources()):
                dst = self._state.target(src, die)
                if dst < 0:
                    continue
                move = self._move_to(src, dst, die)
                if self._extendable(move):
                    found.append(move)
        return found

    def move(self, src: int, die: int) -> Move:
        """Move a checker from ``src`` with ``die``; ``IllegalMoveError`` says why not."""
        if die not in self._left:
            if not self._left:
                message = f"no {die} is left to play (dice left: none)"
                raise IllegalMoveError(message, reason="all-dice-played", die=die)
            left = ", ".join(map(str, self._left))
            message = f"no {die} is left to play (dice left: {left})"
            raise IllegalMoveError(message, reason="no-die-left", die=die, left=left)
        dst = self._state.target(src, die)
        if dst < 0:
            raise self._state.refusal(src, die) or IllegalMoveError("")
        move = self._move_to(src, dst, die)
        if not self._extendable(move):
            raise IllegalMoveError(
                f"{move} cannot be completed into a legal play: the rules on using the dice "
                "(as many as possible, else the larger) need another move",
                reason="cannot-complete",
                move=str(move),
            )
        self._apply(move)
        return move

    def make(self, play: Play[P]) -> None:
        """Make a whole play from where the turn stands: each of its moves in turn, as ``move``
        would, but without asking after each whether the play can still be completed (a
        search of the rest of the turn each time): whether it ends complete says that for
        all of them at once. ``IllegalMoveError``, the turn unchanged, when it is not a
        complete legal play from here."""
        made = len(self._moves)
        state = self._state
        for src, _, die, _ in play.path:
            dst = state.target(src, die) if die in self._left else -1
            if dst < 0:
                self._undo_to(made)
                raise IllegalMoveError(
                    f"{play} is not a legal play here", reason="not-legal-here", play=str(play)
                )
            self._apply(self._move_to(src, dst, die))
        if not self.is_complete:
            self._undo_to(made)
            raise IllegalMoveError(
                f"{play} is not a whole legal play: more dice must be played",
                reason="not-whole-play",
                play=str(play),
            )

    def _move_to(self, src: int, dst: int, die: int) -> Move:
        """The single move from ``src`` to ``dst`` (a target the rules allow) with ``die``: a
        hit when an opposing checker stands on ``dst``."""
        return Move(src, dst, die, bool(dst) and self._state.op[dst] > 0)

    def _apply(self, move: Move) -> None:
        self._history.append((move, self._score))
        self._state.apply(move.src, move.dst)
        self._score = advance(self._score, move.src, move.dst, move.die)
        self._left.remove(move.die)
        self._moves.append(move)

    def _undo_to(self, count: int) -> None:
        while len(self._moves) > count:
            self.undo()

    def undo(self) -> Move:
        """Take the last single move back (the play layer decides whether a variant allows it)."""
        if not self._history:
            raise IllegalMoveError(
                "there is no move of this turn to take back", reason="nothing-to-take-back"
            )
        move, score = self._history.pop()
        self._state.revert(move.src, move.dst, move.hit)
        self._score = score
        self._left.append(move.die)
        self._left.sort(reverse=True)
        self._moves.pop()
        return move

    @property
    def is_complete(self) -> bool:
        """Whether the moves made form a complete legal play."""
        return stops_at(self._state, tuple(self._left), self._score, self._seen_whole().rank)

    @property
    def position(self) -> P:
        """The board as it stands now, the mover still on roll."""
        state = self._state
        opposite = self.start.rules.opposite
        return self.start._with(tuple(state.me), tuple(map(state.op.__getitem__, opposite)))

    def play(self) -> Play[P]:
        """The complete play made, as ``legal_plays`` has it (the moves ``21/15* 24/21`` are
        the play ``24/15*``); ``IllegalMoveError`` while it is not complete."""
        if not self.is_complete:
            raise IllegalMoveError(
                "the play is not complete: more dice must be played", reason="play-incomplete"
            )
        state = self._state
        for outcome in self._seen_whole().outcomes:
            if outcome.code == state.code:
                return self.start._play_of(outcome)
        return Play.from_moves(self._moves, self.start._result_of(state.me, state.op))
