"""Tables puzzles taken from analysed matches: the decisions whose play (or cube action) lost at
least the analysis's blunder threshold, where the best choice stands out, beating the next by a
clear margin (``CLEAR``, in EMG), so that there is one answer to find; where the analysis has a
rollout of the decision (``analysis.rollouts``), the rollout must agree: the same best play,
ahead of the next by the margin beyond both standard errors. The position is taken by
replaying the match's record to the decision; the answers are the choices within ``ACCEPTED`` of
the best (with the clear margin, the best and any play as good), the solution the best.

Themes: ``opening`` (the first moves of a game), ``bear-off`` (every checker of the mover home),
``race`` (no contact left, backgammon), ``middle`` (the rest), ``head`` (long nardy: the best
play takes a checker from the head), ``cube`` (a cube action)."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gamehall.analysis.values import Decision, TablesAnalysis
from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.nardy.position import Position as NardyPosition
from gamehall.play.records import MatRecord, MatTurn
from gamehall.play.records.mat_replay import MatReplay, move_number, replay_record
from gamehall.puzzles.tables_position import position_text
from gamehall.puzzles.values import Puzzle, PuzzleGame, Task
from gamehall.tables.position import TablesPosition

if TYPE_CHECKING:  # the rollouts load numpy: only their values are read here
    from gamehall.analysis.rollouts import RolledOutDecision

Where = tuple[int, int, int]
"""A decision's game, record line and player."""

CLEAR = 0.04
"""How much better than the next choice the best must be (EMG)."""
ACCEPTED = 0.001
"""Choices within this of the best are accepted too (plays of the same worth)."""
OPENING_MOVES = 3
"""The record's lines of a game that count as its opening."""
GAMES: dict[str, PuzzleGame] = {
    "international": "backgammon",
    "georgian": "georgian",
    "nardy": "nardy",
}
CUBE_KINDS = ("double", "no-double", "take", "drop")
NARDY_HEAD = 24


@dataclass(frozen=True)
class _Seen:
    """A decision's position as the replay saw it, from the decider's side, and the cube's
    value (a double's answer: the value offered)."""

    position: TablesPosition
    cube: int


def worth_a_puzzle(decision: Decision, analysis: TablesAnalysis) -> bool:
    """Whether ``decision`` makes a puzzle: a blunder (not forced) whose best choice beats the
    next by ``CLEAR`` at least."""
    if decision.forced or decision.loss < analysis.thresholds.blunder:
        return False
    if decision.kind != "checker" and decision.kind not in CUBE_KINDS:
        return False
    values = sorted((equity for _, equity in _choices(decision)), reverse=True)
    return len(values) >= 2 and values[0] - values[1] >= CLEAR


def rollout_agrees(decision: Decision, rolled: "RolledOutDecision | None") -> bool:
    """Whether the decision's rollout, if it has one, confirms the network's best play as a
    clear best."""
    if rolled is None:
        return True
    choices = rolled.choices
    if len(choices) < 2 or choices[0].play != decision.best:
        return False
    best, second = choices[0], choices[1]
    return best.equity - second.equity - (best.error + second.error) >= CLEAR


def analysed_puzzles(
    record: MatRecord,
    analysis: TablesAnalysis,
    source: str | None = None,
    rollouts: "Mapping[Where, RolledOutDecision] | None" = None,
) -> list[Puzzle]:
    """The puzzles of an analysed match (``record`` the match's, ``analysis`` of it), its
    checker plays' ``rollouts`` by decision (game, line, player) where it has them."""
    game = GAMES[record.variant]
    rolled = rollouts or {}
    wanted = {
        _where(d): d
        for d in analysis.decisions
        if worth_a_puzzle(d, analysis)
        and not (d.kind != "checker" and game == "nardy")
        and (d.kind != "checker" or rollout_agrees(d, rolled.get((d.game, d.move, d.player))))
    }
    seen: dict[tuple[int, int, int, bool], _Seen] = {}

    def watch(replay: MatReplay, number: int, index: int, turn: MatTurn) -> None:
        line = move_number(record.games[number - 1].turns, index)
        cube_answer = turn.kind in ("take", "drop", "beaver")
        where = (number, line, turn.player, turn.kind != "roll" or cube_answer)
        roll_cube = (number, line, turn.player, True)
        position = replay.games[-1].positions[-1]
        if cube_answer:
            position = position.swapped()
        cube = replay.match.cube
        if cube_answer:  # the stake the answer is to: the cube as offered
            cube = replay.match.next_cube(cube) or 2 * cube
        for key in (where, roll_cube) if turn.kind == "roll" else (where,):
            if key in wanted:
                seen[key] = _Seen(position, cube)

    replay_record(record, watch)
    return [
        _puzzle(game, decision, seen[key], source)
        for key, decision in wanted.items()
        if key in seen
    ]


def _where(decision: Decision) -> tuple[int, int, int, bool]:
    return (decision.game, decision.move, decision.player, decision.kind != "checker")


def _choices(decision: Decision) -> list[tuple[str, float]]:
    """The decision's choices as the puzzle offers them (a cube action by what the decider does:
    ``double`` or ``no-double``; ``take`` or ``drop``)."""
    if decision.kind in ("double", "no-double"):
        by_move = {choice.move: choice.equity for choice in decision.choices}
        doubling = min(by_move.get("double, take", 0.0), by_move.get("double, pass", 0.0))
        return [("no-double", by_move.get("no-double", 0.0)), ("double", doubling)]
    return [(choice.move, choice.equity) for choice in decision.choices]


def _puzzle(game: PuzzleGame, decision: Decision, seen: _Seen, source: str | None) -> Puzzle:
    choices = sorted(_choices(decision), key=lambda c: -c[1])
    best = choices[0][1]
    answers = tuple(move for move, equity in choices if equity >= best - ACCEPTED)
    task: Task = "play" if decision.kind == "checker" else "cube"
    return Puzzle(
        game=game,
        task=task,
        position=position_text(seen.position),
        mover=str(decision.player),
        answers=answers,
        solution=(answers[0],),
        themes=_themes(decision, seen.position, answers[0]),
        dice=decision.dice if task == "play" else None,
        cube=seen.cube,
        source=source,
        move=decision.move,
    )


def _themes(decision: Decision, position: TablesPosition, best: str) -> tuple[str, ...]:
    if decision.kind != "checker":
        return ("cube",)
    themes = []
    if decision.move <= OPENING_MOVES:
        themes.append("opening")
    elif all(count == 0 for count in position.mover[7:26]):
        themes.append("bear-off")
    elif isinstance(position, BackgammonPosition) and not _contact(position):
        themes.append("race")
    else:
        themes.append("middle")
    if isinstance(position, NardyPosition) and best.startswith(f"{NARDY_HEAD}/"):
        themes.append("head")
    return tuple(themes)


def _contact(position: TablesPosition) -> bool:
    """Whether a checker of the mover's has an opposing one still ahead of it (backgammon)."""
    mover = [p for p in range(1, 26) if position.mover[p]]
    theirs = [25 - q for q in range(1, 26) if position.opponent[q]]
    return bool(mover and theirs) and max(mover) > min(theirs)
