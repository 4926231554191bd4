"""Backgammon puzzles from an analysed match: a blunder whose best play stands out becomes a
play to find, judged by the position it reaches; a close decision is no puzzle."""

from dataclasses import replace

import pytest

from gamehall.analysis.rollouts import RolledOutChoice, RolledOutDecision
from gamehall.analysis.tables import analyse_record
from gamehall.analysis.values import Choice, TablesAnalysis
from gamehall.errors import IllegalMoveError
from gamehall.play.records import MatGame, MatRecord, MatTurn
from gamehall.play.views import legal_of, state_of
from gamehall.puzzles.tables_board import puzzle_match
from gamehall.puzzles.tables_judge import cube_choices, judge_cube, judge_play
from gamehall.puzzles.tables_maker import analysed_puzzles, worth_a_puzzle
from gamehall.puzzles.values import Puzzle, PuzzleError

RECORD = MatRecord(
    0,
    ("Ann", "Bob"),
    games=[MatGame((0, 0), [MatTurn.roll(0, (3, 1), "24/21 24/23")], winner=None, points=0)],
)
"""Ann splits her back checkers with the opening 3-1 instead of making her 5 point."""


@pytest.fixture(scope="module")
def analysis() -> TablesAnalysis:
    return analyse_record(RECORD, plies=0)


@pytest.fixture(scope="module")
def puzzle(analysis: TablesAnalysis) -> Puzzle:
    (found,) = analysed_puzzles(RECORD, analysis, source="m2")
    return found


def test_a_blunder_with_a_clear_best_play_is_a_puzzle(puzzle: Puzzle) -> None:
    assert puzzle.game == "backgammon" and puzzle.task == "play"
    assert puzzle.position == "4HPwATDgc/ABMA"  # the starting position, Ann on roll
    assert puzzle.dice == (3, 1) and puzzle.mover == "0"
    assert puzzle.answers == ("8/5 6/5",) and puzzle.solution == ("8/5 6/5",)
    assert puzzle.themes == ("opening",)
    assert puzzle.source == "m2" and puzzle.move == 1
    assert Puzzle.from_dict(puzzle.to_dict()) == puzzle


def test_a_close_best_play_is_no_puzzle(analysis: TablesAnalysis) -> None:
    (blunder,) = analysis.decisions
    close = replace(blunder, choices=(Choice("8/5 6/5", 0.1), Choice("13/10 24/23", 0.08)))
    assert worth_a_puzzle(blunder, analysis)
    assert not worth_a_puzzle(close, analysis)
    assert not worth_a_puzzle(replace(blunder, loss=0.05), analysis)
    assert analysed_puzzles(RECORD, replace(analysis, decisions=(close,))) == []


def test_a_rollout_must_confirm_the_best_play(analysis: TablesAnalysis) -> None:
    (blunder,) = analysis.decisions

    def rolled(*choices: tuple[str, float, float]) -> dict[tuple[int, int, int], RolledOutDecision]:
        out = tuple(RolledOutChoice(play, equity, error) for play, equity, error in choices)
        return {(1, 1, 0): RolledOutDecision(blunder, out)}

    agrees = rolled(("8/5 6/5", 0.15, 0.005), ("24/23 13/10", 0.0, 0.005))
    assert len(analysed_puzzles(RECORD, analysis, rollouts=agrees)) == 1
    other_best = rolled(("24/23 13/10", 0.15, 0.005), ("8/5 6/5", 0.1, 0.005))
    assert analysed_puzzles(RECORD, analysis, rollouts=other_best) == []
    too_close = rolled(("8/5 6/5", 0.05, 0.01), ("24/23 13/10", 0.0, 0.01))
    assert analysed_puzzles(RECORD, analysis, rollouts=too_close) == []


def test_the_play_is_judged_by_the_position_it_reaches(puzzle: Puzzle) -> None:
    assert judge_play(puzzle, [(8, 3), (6, 1)]).correct
    assert judge_play(puzzle, [(6, 1), (8, 3)]).correct
    wrong = judge_play(puzzle, [(24, 3), (24, 1)])
    assert not wrong.correct and wrong.answer == "24/23 24/21"


def test_bad_answers_are_refused_in_words(puzzle: Puzzle) -> None:
    with pytest.raises(PuzzleError, match="not complete"):
        judge_play(puzzle, [(8, 3)])
    with pytest.raises(IllegalMoveError, match="no 5 is left"):
        judge_play(puzzle, [(8, 5)])
    with pytest.raises(PuzzleError, match="not a cube action"):
        judge_cube(puzzle, "double")


def test_the_board_stands_at_the_puzzle_for_the_pages(puzzle: Puzzle) -> None:
    match = puzzle_match(puzzle, [(8, 3)], ("You", "Puzzle"))
    state = state_of(match)
    assert state["phase"] == "move" and state["on_roll"] == 0 and state["dice"] == [3, 1]
    assert state["dice_left"] == [1]
    legal = legal_of(match, 0)
    assert legal is not None and {"src": 6, "dst": 5, "die": 1, "hit": False} in legal["moves"]


NARDY = MatRecord(
    1,
    ("Ann", "Bob"),
    variant="nardy",
    games=[
        MatGame(
            (0, 0),
            [
                MatTurn.roll(0, (5, 2), "24/17"),
                MatTurn.roll(1, (4, 3), "24/17"),
                MatTurn.roll(0, (6, 1), "17/10"),
            ],
            winner=None,
            points=0,
        )
    ],
)
"""Long nardy: Ann runs her one checker off the head 17/10 with 6-1 instead of taking another
from the head (24/23 17/11)."""


def test_a_long_nardy_blunder_is_a_play_from_the_head() -> None:
    analysis = analyse_record(NARDY, plies=0)
    (puzzle,) = analysed_puzzles(NARDY, analysis, source="m3")
    assert puzzle.game == "nardy" and puzzle.dice == (6, 1) and puzzle.move == 2
    assert puzzle.answers == ("24/23 17/11",) and puzzle.themes == ("opening", "head")
    assert Puzzle.from_dict(puzzle.to_dict()) == puzzle
    assert judge_play(puzzle, [(17, 6), (24, 1)]).correct
    assert not judge_play(puzzle, [(17, 6), (11, 1)]).correct
    state = state_of(puzzle_match(puzzle, [(24, 1)], ("You", "Puzzle")))
    assert state["dice_left"] == [6] and state["colours"] == ["white", "black"]


DOUBLED = MatRecord(
    0,
    ("Ann", "Bob"),
    games=[
        MatGame(
            (0, 0),
            [MatTurn.roll(0, (3, 1), "8/5 6/5"), MatTurn.double(1, 2), MatTurn.drop(0)],
            winner=1,
            points=1,
        )
    ],
)
"""Bob doubles at once after Ann's good opening, and Ann drops: both blunders."""


def test_cube_blunders_are_cube_puzzles() -> None:
    analysis = analyse_record(DOUBLED, plies=0)
    cube = [p for p in analysed_puzzles(DOUBLED, analysis) if p.task == "cube"]
    assert [(p.answers, p.themes, p.mover) for p in cube] == [
        (("no-double",), ("cube",), "1"),
        (("take",), ("cube",), "0"),
    ]
    double, puzzle = cube
    assert cube_choices(double) == ("double", "no-double")
    assert judge_cube(double, "no-double").correct and not judge_cube(double, "double").correct
    assert double.cube == 1 and puzzle.dice is None and puzzle.cube == 2
    assert judge_cube(puzzle, "take").correct and not judge_cube(puzzle, "drop").correct
    with pytest.raises(PuzzleError, match="take or drop"):
        judge_cube(puzzle, "double")
    state = state_of(puzzle_match(puzzle, [], ("You", "Puzzle")))
    assert state["phase"] == "roll" and state["dice"] is None
