"""Properties of random games and positions (hypothesis)."""

from collections.abc import Callable

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from gamehall.renju import FORBIDDEN_SETTINGS, OPENINGS, RULES, Board, Result
from support.examples import examples

COLUMNS = "abcdefghijklmno"
FORBIDDEN_PATTERNS = {"double-four", "double-three", "overline"}
PROPERTY_SETTINGS = settings(
    max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

options = st.fixed_dictionaries(
    {
        "rule": st.sampled_from(RULES),
        "opening": st.sampled_from(OPENINGS),
        "forbidden": st.sampled_from(FORBIDDEN_SETTINGS),
    }
)


def name(column: int, row: int) -> str:
    return f"{COLUMNS[column]}{row + 1}"


def coordinates(point: str) -> tuple[int, int]:
    return COLUMNS.index(point[0]), int(point[1:]) - 1


def near_moves(board: Board, distance: int, own: bool) -> list[str]:
    """Legal moves within ``distance`` lines of a stone (of the mover's own, if ``own``)."""
    colors = {board.turn} if own else {"black", "white"}
    stones = [coordinates(point) for point, color in board.stones().items() if color in colors]
    return [
        point
        for point in board.legal_moves()
        for c, r in [coordinates(point)]
        if any(max(abs(c - sc), abs(r - sr)) <= distance for sc, sr in stones)
    ]


def play_random_game(
    data: st.DataObject, board: Board, length: int, step: Callable[[Board, str], None]
) -> None:
    """Play up to ``length`` random moves, calling ``step`` for each. Moves keep close to the
    stones (and often to the mover's own), and Black sometimes tries a forbidden point, so that
    games make threes, fours, fives and forbidden moves; now and then a side passes."""
    for _ in range(length):
        if board.result is not None or not board.legal_moves():
            break
        way = data.draw(st.integers(0, 40))
        forbidden = [p for p in board.forbidden_points() if p in board.legal_moves()]
        if way == 0 and len(board.moves) >= 3:
            candidates = ["pass"]
        elif way <= 4 and board.turn == "black" and forbidden:
            candidates = forbidden
        elif way <= 25:
            candidates = near_moves(board, 1, own=True)
        else:
            candidates = near_moves(board, 2, own=False)
        step(board, data.draw(st.sampled_from(candidates or board.legal_moves())))


@PROPERTY_SETTINGS
@given(options=options, length=st.integers(0, 90), data=st.data())
def test_random_legal_games_follow_the_rules(
    options: dict[str, str], length: int, data: st.DataObject
) -> None:
    board = Board(**options)

    def step(board: Board, point: str) -> None:
        mover = board.turn
        forbidden = board.forbidden_points() if mover == "black" else {}
        stones_before = board.stones()
        assert point == "pass" or point not in stones_before
        board.play(point)
        assert board.moves[-1] == point
        if point != "pass":
            assert board.stone_at(point) == mover
            assert len(board.stones()) == len(stones_before) + 1
        if point in forbidden and options["forbidden"] == "claim":
            assert board.result in (None, Result(None, "full-board"))
            foul = board.fouls()[-1]
            assert (foul.number, foul.point, foul.pattern) == (
                len(board.moves),
                point,
                forbidden[point],
            )
        elif point in forbidden:
            assert board.result == Result("white", forbidden[point])
        elif board.result is not None:
            assert board.result.reason not in FORBIDDEN_PATTERNS
        if board.result is None:
            assert board.turn != mover
        else:
            assert board.legal_moves() == []

    play_random_game(data, board, length, step)
    event(f"ended by {board.result.reason}" if board.result else "still going")
    placed = [point for point in board.moves if point != "pass"]
    assert len(placed) == len(set(placed))
    assert sorted(board.stones()) == sorted(placed)
    if options["rule"] != "renju":
        assert board.forbidden_points() == {}


def longest_line(stones: dict[str, str], point: str) -> int:
    """The longest unbroken line of the stone on ``point`` (an independent count)."""
    colour = stones[point]
    column, row = coordinates(point)
    longest = 0
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        length = 1
        for sign in (1, -1):
            c, r = column + sign * dc, row + sign * dr
            while 0 <= c < 15 and 0 <= r < 15 and stones.get(name(c, r)) == colour:
                length += 1
                c, r = c + sign * dc, r + sign * dr
        longest = max(longest, length)
    return longest


@PROPERTY_SETTINGS
@given(opening=st.sampled_from(OPENINGS), length=st.integers(0, 90), data=st.data())
def test_unclaimed_forbidden_moves_are_free_play_for_black(
    opening: str, length: int, data: st.DataObject
) -> None:
    """Under forbidden="claim", with no claim, every empty point is legal for Black and only a
    five (exactly five for Black, five or more for White), a full board or two passes end it."""
    board = Board(opening=opening, forbidden="claim")

    def step(board: Board, point: str) -> None:
        mover = board.turn
        empty = {name(c, r) for c in range(15) for r in range(15)} - set(board.stones())
        if len(board.moves) >= 3 or opening == "free":
            assert set(board.legal_moves()) == empty
        two_passes = point == "pass" and bool(board.moves) and board.moves[-1] == "pass"
        board.play(point)
        if point == "pass":
            expected = Result(None, "two-passes") if two_passes else None
        else:
            line = longest_line(board.stones(), point)
            if line == 5 or (line > 5 and mover == "white"):
                expected = Result(mover, "five")
            elif len(board.stones()) == 225:
                expected = Result(None, "full-board")
            else:
                expected = None
        assert board.result == expected

    play_random_game(data, board, length, step)
    assert all(foul.pattern in FORBIDDEN_PATTERNS for foul in board.fouls())


@PROPERTY_SETTINGS
@given(options=options, length=st.integers(1, 70), data=st.data())
def test_undo_restores_the_exact_board(
    options: dict[str, str], length: int, data: st.DataObject
) -> None:
    board = Board(**options)

    def step(board: Board, point: str) -> None:
        before = (
            board.copy(),
            str(board),
            repr(board),
            board.turn,
            board.result,
            board.legal_moves(),
            board.forbidden_points(),
        )
        board.play(point)
        assert board.undo() == point
        after = (
            board,
            str(board),
            repr(board),
            board.turn,
            board.result,
            board.legal_moves(),
            board.forbidden_points(),
        )
        assert after == before
        board.play(point)

    play_random_game(data, board, length, step)


@PROPERTY_SETTINGS
@given(options=options, length=st.integers(0, 70), data=st.data())
def test_records_round_trip(options: dict[str, str], length: int, data: st.DataObject) -> None:
    board = Board(**options)
    play_random_game(data, board, length, lambda board, point: board.play(point))
    if any(foul.claimable for foul in board.fouls()) and data.draw(st.booleans()):
        board.claim()
        assert board.moves[-1] == "claim"
    assert Board.from_moves(board.record(), **options) == board
    assert Board.from_moves(board.moves, **options) == board
    assert eval(repr(board), {"Board": Board}) == board
    if "pass" not in board.moves:
        assert Board.from_psq(board.to_psq(), **options) == board


SYMMETRIES: list[Callable[[int, int], tuple[int, int]]] = [
    lambda c, r: (c, r),
    lambda c, r: (r, 14 - c),
    lambda c, r: (14 - c, 14 - r),
    lambda c, r: (14 - r, c),
    lambda c, r: (14 - c, r),
    lambda c, r: (c, 14 - r),
    lambda c, r: (r, c),
    lambda c, r: (14 - r, 14 - c),
]


@settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(length=st.integers(10, 80), data=st.data())
def test_symmetries_map_forbidden_points_onto_forbidden_points(
    length: int, data: st.DataObject
) -> None:
    game = Board(opening="free", forbidden="refuse")
    play_random_game(data, game, length, lambda board, point: board.play(point))
    stones = [(coordinates(point), color) for point, color in game.stones().items()]
    forbidden = game.forbidden_points()
    event("no forbidden point" if not forbidden else f"{min(len(forbidden), 5)}+ forbidden points")
    for symmetry in SYMMETRIES:
        board = Board.from_position(
            black=[name(*symmetry(*p)) for p, color in stones if color == "black"],
            white=[name(*symmetry(*p)) for p, color in stones if color == "white"],
        )
        expected = {
            name(*symmetry(*coordinates(point))): pattern for point, pattern in forbidden.items()
        }
        assert board.forbidden_points() == expected
