"""gamehall's renju engine as a Gomocup brain: ``gamehall brain renju [--level L]``.

Commands (https://plastovicka.github.io/protocl2en.htm) and the answers given:

- ``START 15`` -> ``OK`` (other sizes: ``ERROR``); ``RESTART`` -> ``OK``: an empty board.
  The first ``START`` runs the search once on a small position, so that a fresh checkout's
  compiling happens before the first timed move.
- ``BEGIN`` -> the brain's first move; ``TURN x,y`` (the opponent's move) -> the brain's move.
- ``BOARD``, then ``x,y,field`` lines (1 the brain's own stone, 2 the opponent's, 3 a stone
  of a continuous game, read as the opponent's), then ``DONE`` -> the brain's move; the stones
  are taken in the order given, and the side to move is the brain.
- ``INFO key value``: ``timeout_turn`` and ``timeout_match`` (milliseconds, 0 none),
  ``time_left`` (milliseconds left in the match), ``max_node`` (nodes per move), ``rule`` (0
  freestyle gomoku, 1 exactly five, 4 renju); others are accepted and ignored. No answer.
- ``TAKEBACK x,y`` -> ``OK`` (the stone on x,y, the last one played, is removed).
- ``ABOUT`` -> ``name="gamehall", version="...", author="gamehall", country="..."``.
- ``END`` -> no answer: the brain exits.
- Anything else -> ``UNKNOWN ...``; a command that cannot be carried out -> ``ERROR ...``.

The time for a move is the level's, cut to 70 % of ``timeout_turn`` less a safety margin, and
to a share of ``time_left``: a brain that overstays loses its game.
"""

import time
from collections.abc import Callable, Iterable
from typing import TextIO

from gamehall import __version__
from gamehall.engines.base import ChooseMove, Engine
from gamehall.engines.gomocup import point_of_xy, rule_of_bits, xy_of_point
from gamehall.engines.renju_search.levels import SearchingRenjuEngine, warm_up
from gamehall.errors import GameError
from gamehall.renju.board import Board
from gamehall.renju.points import NAMES, SIZE, read_point

ABOUT = f'name="gamehall", version="{__version__}", author="gamehall", country="--"'
MARGIN_SECONDS = 0.15
"""Kept back from every time limit for reading, writing and the process's own delays."""
TURN_SHARE = 0.7
"""Of ``timeout_turn``, the share a move may use."""
MATCH_SHARE = 1 / 20
"""Of ``time_left``, the share a move may use."""


class Brain:
    """The protocol's state: the rule, the stones in order, the limits; ``engine`` chooses the
    moves (it plays whatever rule the board it is given has); ``said`` words a refusal for the
    ``ERROR`` and ``UNKNOWN`` answers (a manager shows them to a person: the command line's
    language; the English message by default)."""

    def __init__(
        self, engine: Engine, rule: str = "renju", said: Callable[[GameError], str] = str
    ) -> None:
        self.rule = rule
        self.engine = engine
        self.said = said
        self.stones: list[tuple[int, bool]] = []
        """(point, the brain's own) in the order played."""
        self.timeout_turn = 0
        self.timeout_match = 0
        self.time_left: int | None = None
        self.max_node: int | None = None
        self.started = False
        self.reading_board: list[tuple[int, bool]] | None = None

    # -- the position ---------------------------------------------------------------------

    def board(self) -> Board:
        """The position as a rules-layer board, the brain to move."""
        own_first = len(self.stones) % 2 == 0
        colour = {True: "black" if own_first else "white", False: "white" if own_first else "black"}
        black = [NAMES[p] for p, own in self.stones if colour[own] == "black"]
        white = [NAMES[p] for p, own in self.stones if colour[own] == "white"]
        return Board.from_position(
            black=black, white=white, turn="black" if own_first else "white", rule=self.rule
        )

    def _add(self, point: int, own: bool) -> None:
        if any(p == point for p, _ in self.stones):
            raise GameError(
                f"{xy_of_point(point)} is occupied", reason="occupied", point=xy_of_point(point)
            )
        self.stones.append((point, own))

    def seconds_for_move(self) -> float | None:
        """The time the next move may take, or None for the level's own."""
        limits = []
        if self.timeout_turn > 0:
            limits.append(self.timeout_turn / 1000 * TURN_SHARE - MARGIN_SECONDS)
        if self.time_left is not None and self.timeout_match > 0:
            limits.append(self.time_left / 1000 * MATCH_SHARE - MARGIN_SECONDS)
        return max(min(limits), 0.01) if limits else None

    def move(self) -> str:
        """Choose, play and answer the brain's move."""
        board = self.board()
        if board.result is not None:
            raise GameError(
                f"the game is over ({board.result})",
                reason="brain-game-over",
                result=str(board.result),
            )
        engine = self.engine
        if isinstance(engine, SearchingRenjuEngine):
            engine.limited(seconds=self.seconds_for_move(), nodes=self.max_node)
        point = engine.decide(ChooseMove(board))
        if point == "pass":
            raise GameError("no point is left to play", reason="brain-no-point")
        index = read_point(point)
        self.stones.append((index, True))
        return xy_of_point(index)

    # -- the commands ---------------------------------------------------------------------

    def answer(self, line: str) -> str | None:
        """The answer to one command line (None: no answer)."""
        text = line.strip()
        if not text:
            return None
        if self.reading_board is not None:
            return self._board_line(text)
        word, _, rest = text.partition(" ")
        command = word.upper()
        try:
            handler = self._handlers().get(command)
            if handler is None:
                unknown = GameError(
                    f"{command} is not a command this brain knows",
                    reason="brain-unknown-command",
                    command=command,
                )
                return f"UNKNOWN {self.said(unknown)}"
            return handler(rest.strip())
        except GameError as error:
            return f"ERROR {self.said(error)}"

    def _handlers(self) -> dict[str, Callable[[str], str | None]]:
        return {
            "START": self._start,
            "RESTART": self._restart,
            "BEGIN": self._begin,
            "TURN": self._turn,
            "BOARD": self._board,
            "INFO": self._info,
            "TAKEBACK": self._takeback,
            "ABOUT": lambda _: ABOUT,
        }

    def _start(self, size: str) -> str:
        if size.strip() != str(SIZE):
            raise GameError(
                f"only the {SIZE}x{SIZE} board is supported", reason="brain-board-size", size=SIZE
            )
        if not self.started and isinstance(self.engine, SearchingRenjuEngine):
            warm_up()
        self.started = True
        self.stones = []
        return "OK"

    def _restart(self, _: str) -> str:
        self._need_start()
        self.stones = []
        return "OK"

    def _need_start(self) -> None:
        if not self.started:
            raise GameError("send START 15 first", reason="brain-start-first")

    def _begin(self, _: str) -> str:
        self._need_start()
        if self.stones:
            raise GameError("BEGIN is for an empty board", reason="brain-begin-empty")
        return self.move()

    def _turn(self, where: str) -> str:
        self._need_start()
        self._add(point_of_xy(where), False)
        return self.move()

    def _board(self, _: str) -> None:
        self._need_start()
        self.reading_board = []
        return None

    def _board_line(self, text: str) -> str | None:
        assert self.reading_board is not None
        if text.upper() == "DONE":
            stones, self.reading_board = self.reading_board, None
            self.stones = []
            try:
                for point, own in stones:
                    self._add(point, own)
                return self.move()
            except GameError as error:
                return f"ERROR {self.said(error)}"
        try:
            where, _, field = text.rpartition(",")
            if field.strip() not in ("1", "2", "3"):
                raise GameError(
                    f"{text!r}: a BOARD line is x,y,field with field 1, 2 or 3",
                    reason="brain-board-line",
                    line=repr(text),
                )
            self.reading_board.append((point_of_xy(where), field.strip() == "1"))
        except GameError as error:
            self.reading_board = None
            return f"ERROR {self.said(error)}"
        return None

    def _info(self, rest: str) -> None:
        key, _, value = rest.partition(" ")
        key = key.lower()
        if key not in ("timeout_turn", "timeout_match", "time_left", "max_node", "rule"):
            return None
        try:
            number = int(value.strip())
        except ValueError:
            raise GameError(
                f"INFO {key} takes a whole number, not {value.strip()!r}",
                reason="brain-info-number",
                key=key,
                value=repr(value.strip()),
            ) from None
        if key == "timeout_turn":
            self.timeout_turn = number
        elif key == "timeout_match":
            self.timeout_match = number
        elif key == "time_left":
            self.time_left = number
        elif key == "max_node":
            self.max_node = number if number > 0 else None
        else:
            self.rule = rule_of_bits(number)
        return None

    def _takeback(self, where: str) -> str:
        point = point_of_xy(where)
        kept = [stone for stone in self.stones if stone[0] != point]
        if len(kept) == len(self.stones):
            raise GameError(
                f"there is no stone on {where.strip()} to take back",
                reason="brain-no-stone",
                point=where.strip(),
            )
        self.stones = kept
        return "OK"


def run(brain: Brain, lines: Iterable[str], out: TextIO) -> None:
    """Answer every command of ``lines`` on ``out`` until ``END`` or the end of input."""
    for line in lines:
        if line.strip().upper() == "END":
            break
        started = time.perf_counter()
        answer = brain.answer(line)
        if answer is not None:
            out.write(answer + "\n")
            out.flush()
        if line.strip().upper().startswith(("TURN", "BEGIN", "DONE")):
            brain.time_left = (
                None
                if brain.time_left is None
                else brain.time_left - int(1000 * (time.perf_counter() - started))
            )
