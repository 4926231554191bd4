"""A tables puzzle as a match standing at its position, so that the boards the game page draws
(its state and legal moves, ``play.views``) draw it too: a money game whose snapshot is set to
the puzzle's position, its solver (seat 0) on roll, the dice rolled (a play to find) or not yet
(a cube action), and the moves made so far played on it."""

from collections.abc import Sequence

from gamehall.nardy.position import Position as NardyPosition
from gamehall.play.dice import ScriptedDice
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.puzzles.tables_position import position_text, read_position
from gamehall.puzzles.values import Puzzle
from gamehall.tables.position import TablesPosition, dice_to_play

OPENING = (5, 2)
"""The roll that starts the match the snapshot is taken from (any roll but a double)."""


def puzzle_match(
    puzzle: Puzzle, moves: Sequence[tuple[int, int]], players: tuple[str, str]
) -> TablesMatch:
    """The match at the puzzle's position with ``moves`` (``(point, die)``) made; the
    play layer's ``IllegalMoveError`` for one it refuses."""
    settings = MatchSettings.from_dict({"game": puzzle.game, "length": 0})
    start = TablesMatch(settings, players, dice=ScriptedDice([OPENING]))
    start.start()
    snapshot = start.snapshot()
    state = snapshot["state"]
    assert isinstance(state, dict)
    position = read_position(puzzle.game, puzzle.position)
    state.update(
        position=_stored(position),
        phase="move" if puzzle.dice else "roll",
        on_roll=0,
        dice=list(puzzle.dice) if puzzle.dice else None,
        turn=[] if puzzle.dice else None,
        dice_left=list(dice_to_play(puzzle.dice)) if puzzle.dice else None,
        cube=puzzle.cube,
    )
    match = TablesMatch.from_snapshot(snapshot, start.events)
    for src, die in moves:
        match.act(0, "move", src=src, die=die)
    return match


def _stored(position: TablesPosition) -> dict[str, object]:
    """The position as a snapshot keeps it."""
    if isinstance(position, NardyPosition):
        return {"board": list(position.board), "turn": position.turn}
    return {"id": position_text(position)}
