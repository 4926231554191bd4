"""A Gomocup manager: two brains, each a command line, play a match under gamehall's referee.

Every game starts both brains afresh (``START 15``, then ``INFO timeout_turn``,
``timeout_match``, ``max_memory``, ``rule`` and ``game_type``, and ``max_node`` for a brain given
a node limit: one brain can be held to a number of nodes a move, the other not). The first
player to move gets ``BEGIN`` on an empty board, or ``BOARD`` ... ``DONE`` with the opening's
stones; after that each brain gets ``TURN`` with the opponent's move. The referee is
:class:`gamehall.renju.Board` (free opening: the brains are not told gamehall's centre rule;
forbidden moves lose). A brain loses the game, and the reason is recorded, when it answers
something that is not a move, a point off the board or occupied, a forbidden point (as Black
under renju), when it crashes (its output ends), or when it overstays: more than
``timeout_turn`` plus 10 % for one move, or more than ``timeout_match`` plus 10 % in the game.

Colours alternate from game to game, and each opening of ``--openings`` is played twice, once
with each brain as Black.
"""

import contextlib
import json
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from gamehall.engines.base import EngineFault
from gamehall.engines.gomocup import RULE_BITS, point_of_xy, xy_of_point
from gamehall.engines.limits import memory_limit
from gamehall.errors import GameError
from gamehall.renju.board import Board
from gamehall.renju.points import NAMES, read_point
from gamehall.renju.records import read_move_list

TOLERANCE = 0.10
"""How far past a time limit a brain may go (10 %)."""
START_SECONDS = 180.0
"""How long a brain may take to start and answer ``START`` (gamehall's own compiles its search
then, on the first run of a fresh checkout)."""
END_SECONDS = 2.0
"""How long a brain has to exit after ``END`` before it is killed."""


class BrainFault(EngineFault):
    """A brain broke the protocol or the rules: it loses the game for this reason."""


@dataclass(frozen=True)
class GameRecord:
    """One game of a match: who played Black (``"A"`` the first command, ``"B"`` the second),
    the winner's colour (None for a draw), why it ended (in English, in detail), the moves, and
    the code of how it ended (the board's, ``five``; or a brain's fault, ``engine-timeout``)."""

    number: int
    black: str
    winner: str | None
    reason: str
    moves: tuple[str, ...]
    ending: str = ""

    @property
    def white(self) -> str:
        """The brain that played White."""
        return "B" if self.black == "A" else "A"

    @property
    def winning_brain(self) -> str | None:
        """``"A"``, ``"B"`` or None for a draw."""
        if self.winner is None:
            return None
        return self.black if self.winner == "black" else self.white

    def to_dict(self) -> dict[str, object]:
        """The record as plain values."""
        return {
            "number": self.number,
            "black": self.black,
            "winner": self.winner,
            "reason": self.reason,
            "moves": list(self.moves),
            "ending": self.ending,
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> "GameRecord":
        """A record from :meth:`to_dict`'s values."""
        moves = data["moves"]
        winner = data["winner"]
        if not isinstance(moves, list) or not (winner is None or isinstance(winner, str)):
            raise GameError("a game record needs a list of moves and a winner colour or null")
        return cls(
            int(str(data["number"])),
            str(data["black"]),
            winner,
            str(data["reason"]),
            tuple(str(m) for m in moves),
            str(data.get("ending", "")),
        )


@dataclass
class Score:
    """A brain's results: wins, losses and draws as Black and as White."""

    black: list[int] = field(default_factory=lambda: [0, 0, 0])
    white: list[int] = field(default_factory=lambda: [0, 0, 0])

    @property
    def points(self) -> float:
        """Wins plus half the draws."""
        return self.black[0] + self.white[0] + (self.black[2] + self.white[2]) / 2

    def add(self, colour: str, outcome: int) -> None:
        """Count one game: ``outcome`` 0 won, 1 lost, 2 drawn."""
        (self.black if colour == "black" else self.white)[outcome] += 1


class BrainProcess:
    """One brain running as a subprocess, its output read by a thread into a queue;
    ``memory`` (bytes, 0 none) caps its address space."""

    def __init__(self, command: str, memory: int = 0) -> None:
        self.command = command
        self.name = command
        try:
            self.process = subprocess.Popen(
                shlex.split(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
                preexec_fn=memory_limit(memory) if memory else None,
            )
        except OSError as error:
            raise BrainFault("engine-crashed", f"could not start {command!r}: {error}") from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.messages: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, line: str) -> None:
        """Write one command line."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise BrainFault("engine-crashed", "crashed: its input is closed") from None

    def read(self, seconds: float, limit: str = "") -> str:
        """The next answer line (MESSAGE and DEBUG lines are kept aside), within ``seconds``;
        ``limit`` says which limit that is, for the reason a timeout is recorded with."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(left, 0.001))
            except queue.Empty:
                why = f" ({limit})" if limit else ""
                raise BrainFault(
                    "engine-timeout", f"timeout: no answer within {seconds * 1000:.0f} ms{why}"
                ) from None
            if line is None:
                raise BrainFault("engine-crashed", "crashed: its output ended")
            text = line.strip()
            if text.upper().startswith(("MESSAGE", "DEBUG")):
                self.messages.append(text)
                continue
            if text:
                return text

    def close(self) -> None:
        """Send ``END`` and wait for the brain to exit (kill it if it does not)."""
        with contextlib.suppress(BrainFault):
            self.send("END")
        try:
            self.process.wait(END_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._release()

    def kill(self) -> None:
        """Kill the brain now (it crashed, hangs or answered nonsense)."""
        self.process.kill()
        self.process.wait()
        self._release()

    def _release(self) -> None:
        self.reader.join(END_SECONDS)
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


@dataclass(frozen=True)
class MatchSettings:
    """A match: the two commands, games, rule, time limits (milliseconds, 0 none),
    openings (move lists), where to save, and the nodes a move of brain A and of brain B
    (``INFO max_node``; 0 none)."""

    first: str
    second: str
    games: int = 2
    rule: str = "renju"
    timeout_turn: int = 5000
    timeout_match: int = 0
    openings: tuple[tuple[str, ...], ...] = ()
    save: Path | None = None
    max_nodes: tuple[int, int] = (0, 0)
    max_memory: int = 0
    """Bytes of memory a brain may use (``INFO max_memory``; 0 none)."""

    def __post_init__(self) -> None:
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 1:
            raise GameError(
                f"the number of games must be a whole number from 1, not {self.games!r}",
                reason="match-games",
                games=repr(self.games),
            )
        if self.rule not in RULE_BITS:
            raise GameError(f"rule must be one of {', '.join(RULE_BITS)}; not {self.rule!r}")
        for name in ("timeout_turn", "timeout_match"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise GameError(
                    f"{name} is milliseconds, a whole number from 0, not {value!r}",
                    reason="match-milliseconds",
                    name=name,
                    value=repr(value),
                )
        if len(self.max_nodes) != 2 or any(
            isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in self.max_nodes
        ):
            raise GameError(
                "max_nodes are the nodes a move of brains A and B (--black-max-node and "
                "--white-max-node), two whole numbers from 0 (0: no limit), "
                f"not {self.max_nodes!r}",
                reason="match-max-nodes",
                nodes=repr(self.max_nodes),
            )


def read_openings(path: Path) -> tuple[tuple[str, ...], ...]:
    """The openings of a file: one move list a line (``h8 h9 j10``), ``#`` comments and
    blank lines skipped; each must be legal under the free opening (GameError naming the
    line otherwise)."""
    openings = []
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise GameError(
            f"cannot read the openings {path}: {error}",
            reason="openings-unread",
            path=str(path),
            error=error.strerror or str(error),
        ) from None
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            moves = tuple(NAMES[p] for p in read_move_list(line))
            board = Board.from_moves(moves, opening="free")
        except GameError as error:
            raise GameError(
                f"{path} line {number}: {error}",
                reason="openings-line",
                path=str(path),
                number=number,
                error=str(error),
            ) from None
        if board.result is not None:
            raise GameError(
                f"{path} line {number}: the opening already ends the game",
                reason="openings-ended",
                path=str(path),
                number=number,
            )
        openings.append(moves)
    if not openings:
        raise GameError(f"{path} holds no opening", reason="openings-none", path=str(path))
    return tuple(openings)


class Referee:
    """Plays one game between two started brains."""

    def __init__(self, settings: MatchSettings) -> None:
        self.settings = settings

    def start(self, brain: BrainProcess, label: str, seconds: float = START_SECONDS) -> None:
        """``START 15`` and the match's ``INFO`` (with brain ``label``'s node limit, if it has
        one); the brain's name from ``ABOUT``; each answer within ``seconds``."""
        brain.send("START 15")
        answer = brain.read(seconds)
        if answer.upper() != "OK":
            raise BrainFault("engine-illegal", f"answered START with {answer!r}, not OK")
        settings = self.settings
        for key, value in (
            ("timeout_turn", settings.timeout_turn),
            ("timeout_match", settings.timeout_match),
            ("max_memory", settings.max_memory),
            ("rule", RULE_BITS[settings.rule]),
            ("game_type", 1),
        ):
            brain.send(f"INFO {key} {value}")
        nodes = settings.max_nodes[0 if label == "A" else 1]
        if nodes:
            brain.send(f"INFO max_node {nodes}")
        brain.send("ABOUT")
        about = brain.read(seconds)
        for part in about.split(","):
            field_name, _, text = part.strip().partition("=")
            if field_name.strip().lower() == "name" and text.strip().strip('"'):
                brain.name = text.strip().strip('"')

    def play(self, board: Board, brains: dict[str, BrainProcess]) -> tuple[str | None, str, str]:
        """Play ``board`` out; the winner's colour (None: draw), the reason and its code."""
        settings = self.settings
        told = {"black": False, "white": False}
        used = {"black": 0.0, "white": 0.0}
        turn_limit = (
            settings.timeout_turn / 1000 * (1 + TOLERANCE) if settings.timeout_turn else None
        )
        match_limit = (
            settings.timeout_match / 1000 * (1 + TOLERANCE) if settings.timeout_match else None
        )
        while board.result is None:
            colour = board.turn
            brain = brains[colour]
            other = "white" if colour == "black" else "black"
            try:
                if match_limit is not None:
                    left = max(int((settings.timeout_match / 1000 - used[colour]) * 1000), 0)
                    brain.send(f"INFO time_left {left}")
                started = time.monotonic()
                if not told[colour]:
                    tell_position(board, brain)
                    told[colour] = True
                else:
                    brain.send(f"TURN {xy_of_point(read_point(board.moves[-1]))}")
                waits = []
                if turn_limit is not None:
                    waits.append((turn_limit, f"limit {settings.timeout_turn} ms a move"))
                if match_limit is not None:
                    waits.append(
                        (match_limit - used[colour], f"limit {settings.timeout_match} ms a game")
                    )
                wait, limit = min(waits) if waits else (24 * 3600.0, "")
                answer = brain.read(max(wait, 0.001), limit)
                spent = time.monotonic() - started
                used[colour] += spent
                if turn_limit is not None and spent > turn_limit:
                    raise BrainFault(
                        "engine-timeout",
                        f"timeout: {spent * 1000:.0f} ms for one move "
                        f"(limit {settings.timeout_turn} ms)",
                    )
                if match_limit is not None and used[colour] > match_limit:
                    raise BrainFault(
                        "engine-timeout",
                        f"timeout: {used[colour] * 1000:.0f} ms in the game "
                        f"(limit {settings.timeout_match} ms)",
                    )
                play_answer(board, answer)
            except BrainFault as fault:
                return other, f"{colour} {fault}", fault.kind
        result = board.result
        reason = result.reason
        if reason in ("double-four", "double-three", "overline"):
            reason = f"black played a forbidden point ({reason}) on {board.moves[-1]}"
        return result.winner, reason, result.reason


def tell_position(board: Board, brain: BrainProcess) -> None:
    """Tell a brain that has no position yet the one on ``board``: ``BEGIN`` on an empty board,
    ``TURN`` after one stone, else ``BOARD`` ... ``DONE``."""
    if not board.moves:
        brain.send("BEGIN")
        return
    if len(board.moves) == 1:
        brain.send(f"TURN {xy_of_point(read_point(board.moves[0]))}")
        return
    brain.send("BOARD")
    mover = len(board.moves) % 2
    for index, move in enumerate(board.moves):
        own = 1 if index % 2 == mover else 2
        brain.send(f"{xy_of_point(read_point(move))},{own}")
    brain.send("DONE")


def play_answer(board: Board, answer: str) -> str:
    """Play a brain's answer ``x,y`` on ``board``; the point played. ``BrainFault`` when the
    answer is not a move, or a point off the board or occupied, or one the rules refuse."""
    try:
        point = point_of_xy(answer)
    except GameError as error:
        raise BrainFault("engine-illegal", f"answered an illegal move: {error}") from None
    if board.stone_at(NAMES[point]) is not None:
        raise BrainFault(
            "engine-illegal", f"answered an illegal move: {NAMES[point]} ({answer}) is occupied"
        )
    try:
        board.play(NAMES[point])
    except GameError as error:
        raise BrainFault("engine-illegal", f"answered an illegal move: {error}") from None
    return NAMES[point]


@dataclass
class MatchResult:
    """The games played and each brain's score."""

    games: list[GameRecord] = field(default_factory=list)
    scores: dict[str, Score] = field(default_factory=lambda: {"A": Score(), "B": Score()})
    names: dict[str, str] = field(default_factory=dict)

    def add(self, game: GameRecord) -> None:
        """Count one game for both brains."""
        self.games.append(game)
        for brain, colour in ((game.black, "black"), (game.white, "white")):
            winner = game.winning_brain
            outcome = 2 if winner is None else (0 if winner == brain else 1)
            self.scores[brain].add(colour, outcome)

    def summary(self, say: Callable[..., str]) -> str:
        """The score with the Black/White split, and how the games ended (by the code of
        their ending and the colour of a brain at fault), in ``say``'s words (the command
        line's ``cli.match.*`` and the catalog's ``end.*``)."""
        lines = [say("cli.match.played", count=len(self.games))]
        for brain in ("A", "B"):
            score = self.scores[brain]
            b, w = score.black, score.white
            lines.append(
                "  "
                + say(
                    "cli.match.score",
                    brain=brain,
                    name=self.names.get(brain, brain),
                    points=f"{score.points:g}",
                    black=say("cli.match.record", won=b[0], lost=b[1], drawn=b[2]),
                    white=say("cli.match.record", won=w[0], lost=w[1], drawn=w[2]),
                )
            )
        endings: dict[str, int] = {}
        for game in self.games:
            said = _ending(game, say)
            endings[said] = endings.get(said, 0) + 1
        counted = ", ".join(f"{said} {count}" for said, count in sorted(endings.items()))
        lines.append("  " + say("cli.match.ended-by", endings=counted))
        return "\n".join(lines)


def _ending(game: GameRecord, say: Callable[..., str]) -> str:
    """How ``game`` ended in ``say``'s words: a brain's fault said of that brain (``A`` or
    ``B``), else the board's ending (a record without its code: its English reason's first
    words)."""
    if game.ending.startswith("engine-") and game.winning_brain is not None:
        loser = "B" if game.winning_brain == "A" else "A"
        return say(f"end.{game.ending}.by", loser=loser)
    if game.ending in ENDINGS:
        return say(f"end.{game.ending}")
    return game.reason.split(":")[0]


ENDINGS = ("five", "full-board", "double-three", "double-four", "overline", "two-passes")
"""The board's endings of a renju game, each said by the catalog's ``end.*``."""


def progress_bar(done: int, total: int, result: MatchResult, width: int = 30) -> str:
    """One line: a bar of games played and the score so far."""
    filled = width * done // total
    a, b = result.scores["A"].points, result.scores["B"].points
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}  A {a:g} - B {b:g}"


def run_match(
    settings: MatchSettings,
    progress: TextIO | None = None,
    brain_factory: Callable[[str], BrainProcess] = BrainProcess,
) -> MatchResult:
    """Play the match, writing a progress bar to ``progress`` after each game and the games
    to ``settings.save`` (``game-001.psq`` ..., and ``games.jsonl`` with the reasons)."""
    result = MatchResult()
    referee = Referee(settings)
    if settings.save is not None:
        settings.save.mkdir(parents=True, exist_ok=True)
    for number in range(1, settings.games + 1):
        first_black = number % 2 == 1
        black, white = ("A", "B") if first_black else ("B", "A")
        commands = {"A": settings.first, "B": settings.second}
        opening: Sequence[str] = ()
        if settings.openings:
            opening = settings.openings[((number - 1) // 2) % len(settings.openings)]
        board = Board.from_moves(opening, rule=settings.rule, opening="free")
        brains: dict[str, BrainProcess] = {}
        winner: str | None
        try:
            for colour, label in (("black", black), ("white", white)):
                try:
                    brains[colour] = brain_factory(commands[label])
                    referee.start(brains[colour], label)
                except BrainFault as fault:
                    other = "white" if colour == "black" else "black"
                    raise _StartFault(other, f"{colour} {fault}", fault.kind) from None
                result.names.setdefault(label, brains[colour].name)
            winner, reason, ending = referee.play(board, brains)
        except _StartFault as fault:
            winner, reason, ending = fault.winner, fault.reason, fault.kind
        finally:
            for brain in brains.values():
                brain.close()
        game = GameRecord(number, black, winner, reason, tuple(board.moves), ending)
        result.add(game)
        if settings.save is not None:
            _save(settings.save, game, board, result)
        if progress is not None:
            progress.write("\r" + progress_bar(number, settings.games, result))
            progress.flush()
    if progress is not None:
        progress.write("\n")
    return result


class _StartFault(Exception):
    def __init__(self, winner: str, reason: str, kind: str) -> None:
        super().__init__(reason)
        self.winner = winner
        self.reason = reason
        self.kind = kind


def _save(folder: Path, game: GameRecord, board: Board, result: MatchResult) -> None:
    names = (result.names.get(game.black, game.black), result.names.get(game.white, game.white))
    players = tuple(
        f"{label} {name}".replace(",", " ")
        for label, name in zip((game.black, game.white), names, strict=True)
    )
    (folder / f"game-{game.number:03d}.psq").write_text(
        board.to_psq((players[0], players[1])), encoding="utf-8"
    )
    with (folder / "games.jsonl").open("a", encoding="utf-8") as out:
        out.write(json.dumps(game.to_dict()) + "\n")
