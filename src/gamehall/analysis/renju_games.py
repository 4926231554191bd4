"""The games of a renju match or record as the analysis reads them: each game's board, the
seat that placed each stone (an opening rule has one player place stones of both colours), the
opening rule's steps (swaps, declarations, fifth-move offers) with who made them, and the
stones the rule placed (listed by the analysis, never judged)."""

from dataclasses import dataclass
from typing import Literal

from gamehall.errors import RecordError
from gamehall.play.events import FifthOffered, GameStarted, Moved, OpeningChosen, Passed
from gamehall.play.match import Match
from gamehall.play.records.renju import PsqOpening, RenjuGame, renju_game
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.renju_openings import OPENING_RULES
from gamehall.renju import Board


@dataclass(frozen=True)
class Step:
    """An opening rule's decision in a game: made by seat ``player`` with ``after`` stones on
    the board, a ``choice`` (a swap, a number of offers) or an ``offer`` of a fifth move."""

    after: int
    player: int
    kind: Literal["choice", "offer"]
    value: str


@dataclass(frozen=True)
class GameLog:
    """What a match's log says of a game beyond its board: the seat that placed each stone or
    passed (an opening rule has one player place stones of both colours), and the opening
    steps. A ``RenjuGame`` alone keeps neither: its moves are the colours' owners'."""

    placers: tuple[int, ...]
    steps: tuple[Step, ...]


def read_games(record: object) -> tuple[list[tuple[RenjuGame, GameLog]], tuple[str, str]]:
    """The games with a stone, each with its log, and the names of the seats."""
    games: list[tuple[RenjuGame, GameLog]]
    if isinstance(record, RenjuGame):
        names = ("Black", "White") if record.black == 0 else ("White", "Black")
        games = [(record, GameLog((), ()))] if judged_moves(record.board) else []
    elif isinstance(record, RenjuMatch):
        names = record.players
        logs = _logs(record)
        every = [renju_game(record.settings, record.events, n) for n in range(1, len(logs) + 1)]
        games = [(game, logs[game.number - 1]) for game in every if judged_moves(game.board)]
    elif isinstance(record, Match):
        raise RecordError(f"a {record.game} match is not a renju match: it has no renju games")
    else:
        raise RecordError(f"a renju analysis needs a renju match or game, not {record!r:.80}")
    if not games:
        raise RecordError("there is nothing to analyse: no stone has been played")
    return games, names


def _logs(match: RenjuMatch) -> list[GameLog]:
    """Each game's placers and opening steps, from the match's log."""
    placers: list[list[int]] = []
    steps: list[list[Step]] = []
    for event in match.events:
        if isinstance(event, GameStarted):
            placers.append([])
            steps.append([])
        elif not placers or event.derived or event.player is None:
            continue
        elif isinstance(event, Moved | Passed):
            placers[-1].append(event.player)
        elif isinstance(event, OpeningChosen):
            choice = event.data["choice"].strip().lower()
            steps[-1].append(Step(len(placers[-1]), event.player, "choice", choice))
        elif isinstance(event, FifthOffered):
            point = event.data["point"].strip().lower()
            steps[-1].append(Step(len(placers[-1]), event.player, "offer", point))
    return [GameLog(tuple(p), tuple(s)) for p, s in zip(placers, steps, strict=True)]


def judged_moves(board: Board) -> list[str]:
    """The moves of a game that are judged: stones and passes (not a claim of a foul)."""
    return [move for move in board.moves if move != "claim"]


def opening_stones(opening: PsqOpening | None) -> frozenset[int]:
    """The move numbers (from 1) an opening rule placed: Swap2's first three (five when the
    second player chose to place two more), the 26 openings' three (Soosõrv-8, Yamaguchi),
    Taraguchi-10's four, and the fifth move when it was chosen among offers; none without an
    opening rule's decisions (a block that holds only false claims)."""
    if opening is None or opening.rule not in OPENING_RULES:
        return frozenset()
    steps = opening.steps
    offered = any(step.kind == "offer" for step in steps)
    if opening.rule == "swap2":
        placed_two = any(step.kind == "choose" and step.value == "place2" for step in steps)
        return frozenset(range(1, 6 if placed_two else 4))
    first = range(1, 5 if opening.rule == "taraguchi-10" else 4)
    return frozenset([*first, *([5] if offered else [])])
