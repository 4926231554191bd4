"""The legal-play search's own pieces: the board codes it keys positions by."""

from hypothesis import given
from hypothesis import strategies as st

from gamehall.backgammon import Position
from gamehall.tables.generator import PLACES, board_code, board_of

COUNTS = st.lists(st.integers(0, 15), min_size=PLACES, max_size=PLACES)


@given(COUNTS, COUNTS)
def test_a_board_code_gives_back_its_board(me: list[int], op: list[int]) -> None:
    assert board_of(board_code(me, op)) == (tuple(me), tuple(op))


def test_moves_and_hits_keep_the_code_of_the_board_they_make() -> None:
    position = Position.from_points({13: 2, 6: 5, 8: 3, 24: 5}, {20: 1, 11: 5, 3: 9})
    state = position._state((6, 1))
    before = state.code
    hits = [state.apply(13, 7), state.apply(6, 5), state.apply(24, 18)]
    assert hits == [False, True, False] and state.op[25] == 1
    assert state.code == board_code(state.me, state.op)
    for (src, dst), hit in zip([(24, 18), (6, 5), (13, 7)], hits[::-1], strict=True):
        state.revert(src, dst, hit)
    assert state.code == before == board_code(state.me, state.op)
