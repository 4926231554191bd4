"""A tables puzzle as a match standing at its position, so that the boards the game page draws
(its state and legal moves, ``play.views``) draw it too: a money game (long nardy's: a
one-point match) whose snapshot is set to
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
"""The rolls that start the match the snapshot is taken from (any but a double): backgammon's
opening roll; long nardy's, then its first mover's roll."""


def puzzle_match(
    puzzle: Puzzle, moves: Sequence[tuple[int, int]], players: tuple[str, str]
) -> TablesMatch:
    """The match at the puzzle's position with ``moves`` (``(point, die)``) made; the
    play layer's ``IllegalMoveError`` for one it refuses."""
    length = 1 if puzzle.game == "nardy" else 0  # long nardy has no money play (nor cube)
    settings = MatchSettings.from_dict({"game": puzzle.game, "length": length})
    start = TablesMatch(settings, players, dice=ScriptedDice([OPENING, OPENING]))
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
    if isinstance(position, NardyPosition):  # the solver's colour is the side to move's
        other = "black" if position.turn == "white" else "white"
        state["colours"] = [position.turn, other]
    match = TablesMatch.from_snapshot(snapshot, start.events)
    for src, die in moves:
        match.act(0, "move", src=src, die=die)
    return match


def _stored(position: TablesPosition) -> dict[str, object]:
    """The position as a snapshot keeps it."""
    if isinstance(position, NardyPosition):
        return {"board": list(position.board), "turn": position.turn}
    return {"id": position_text(position)}
