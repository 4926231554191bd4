"""The FIBS board line read back: every line the writer makes reads as the position, dice, score,
cube and Crawford state it was written from, lines GNU Backgammon 1.07 sent to an external player
read as gnubg meant them, and a line that is not one is refused with the reason."""

from random import Random

import pytest

from gamehall.backgammon.position import Position
from gamehall.engines import MatchContext
from gamehall.engines.external.fibs_line import fibs_line, read_fibs_line
from gamehall.errors import GameError
from support.gnubg_lines import (
    GNUBG_CRAWFORD,
    GNUBG_DOUBLED,
    GNUBG_FIRST,
    GNUBG_POST_CRAWFORD,
)


def random_positions(seed: int, count: int) -> list[Position]:
    """Positions of random games: hits, the bar, bearing off."""
    rng = Random(seed)
    found: list[Position] = []
    position = Position.initial()
    while len(found) < count:
        found.append(position)
        plays = position.legal_plays((rng.randint(1, 6), rng.randint(1, 6)))
        position = rng.choice(plays).result
        if position.is_over:
            position = Position.initial()
    return found


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_position_reads_back_as_written(seed: int) -> None:
    rng = Random(seed)
    for position in random_positions(seed, 150):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        board = read_fibs_line(fibs_line(position, MatchContext(), dice))
        assert board.position == position
        assert board.you_on_roll
        assert board.dice == dice
        assert not board.doubled


def test_the_match_the_cube_and_crawford_read_back() -> None:
    # 4-2 to 5 after the Crawford game, the cube at 2 the engine's, the engine on roll.
    context = MatchContext(match_length=5, score=(4, 2), cube_value=2, cube_owner="engine")
    board = read_fibs_line(fibs_line(Position.initial(), context))
    assert (board.match_length, board.score, board.cube_value) == (5, (4, 2), 2)
    assert board.dice is None
    assert board.owner_seen_by(you=True) == "engine"
    assert board.owner_seen_by(you=False) == "opponent"
    assert board.post_crawford and not board.crawford()
    # the Crawford game itself
    crawford = MatchContext(match_length=5, score=(4, 2), crawford=True)
    assert read_fibs_line(fibs_line(Position.initial(), crawford)).crawford()
    # the opponent on roll, who has just doubled: the score from his side
    line = fibs_line(Position.initial(), context, doubled=True, roller="opponent")
    doubled = read_fibs_line(line)
    assert doubled.doubled and doubled.score == (2, 4)
    assert doubled.owner_seen_by(you=True) == "opponent"


def test_money_play_and_the_session_options() -> None:
    context = MatchContext(jacoby=True, beavers=True, crawford_rule=False)
    board = read_fibs_line(fibs_line(Position.initial(), context, (6, 5)))
    assert board.match_length == 0
    assert (board.jacoby, board.beavers, board.crawford_rule) == (True, True, False)
    assert not board.crawford()


def test_the_lines_gnubg_sends_its_external_player() -> None:
    first = read_fibs_line("\0" + GNUBG_FIRST + "\n", writer="gnubg")
    assert first.position == Position.initial().play("24/23 13/11", (2, 1))
    assert first.position.to_id() == "4HPkASjgc/ABMA"  # as gnubg showed it
    assert first.you_on_roll and first.dice is None
    assert first.names == ("root", "gnubg")
    # gnubg doubles (its player 0 is on roll): the names and scores already You's first
    doubled = read_fibs_line(GNUBG_DOUBLED, writer="gnubg")
    assert doubled.doubled and not doubled.you_on_roll
    assert doubled.names == ("root", "gnubg")
    # the Crawford game: gnubg leads 2-0, and root (You, on roll) trails
    crawford = read_fibs_line(GNUBG_CRAWFORD, writer="gnubg")
    assert crawford.score == (0, 2)
    assert crawford.names == ("root", "gnubg")
    assert crawford.crawford()
    assert crawford.dice == (3, 1)
    # after the Crawford game: its player 0 on roll, root leading 4-3
    post = read_fibs_line(GNUBG_POST_CRAWFORD, writer="gnubg")
    assert post.score == (4, 3) and not post.you_on_roll
    assert not post.crawford()
    # read as FIBS writes, the same line gives the scores the other way round
    assert read_fibs_line(GNUBG_CRAWFORD).score == (2, 0)


def _with(field: int, value: str) -> str:
    parts = GNUBG_CRAWFORD.split(":")
    parts[field + 3] = value
    return ":".join(parts)


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("hello", "not a FIBS board line"),
        ("board:a:b:1:2:3", "not a FIBS board line"),
        (_with(5, "x"), "is not a number"),
        (_with(38, "-1"), "colour 1, direction -1"),
        (_with(29, "0"), "the turn field is 0"),
        (_with(30, "7"), "are not dice"),
        (_with(34, "0"), "the cube is 0"),
        (_with(1, "3"), "ends a 3-point match"),
        (_with(10, "9"), "at most 15"),
        (_with(3, "2"), "the wrong side's checkers"),
    ],
)
def test_a_line_that_is_not_a_board_is_refused(line: str, reason: str) -> None:
    with pytest.raises(GameError, match=reason):
        read_fibs_line(line)
