"""Property tests: random games under every combination of options never reach an invalid
position, and the generator agrees with an independent brute-force reading of the rules page.

The reference here is written from the rules page alone, in white's numbering and the mover's
own, without the tables mechanism: it walks every sequence of single steps and keeps the best
by R7 and R9.6.
"""

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from gamehall import InvalidPositionError
from gamehall.nardy import BEAROFF, BLOCK_CHECK, HEAD_EXCEPTION, Play, Position
from support.examples import examples
from support.survey import assert_survey_agrees

OPTION_SETS = [
    {"bearoff": b, "block_check": c, "head_exception": h, "last_roll_tie": t}
    for b, c, h, t in itertools.product(BEAROFF, BLOCK_CHECK, HEAD_EXCEPTION, (False, True))
]
# A random game does not shrink into a smaller one usefully: no shrinking, just the failure.
GAME_SETTINGS = settings(
    max_examples=examples(2),
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow],
)


def own(point: int) -> int:
    """The same point in the other side's numbering (R1.3)."""
    return point + 12 if point <= 12 else point - 12


# -- an independent reading of the rules ---------------------------------------------------------


def bad_blocks(mine: dict[int, int], theirs: dict[int, int]) -> set[int]:
    """The blocks (R8) of the side holding ``mine`` that have no opposing checker ahead, as the
    lowest opponent point ``q`` of each; both sides in the holder's numbering."""
    held = {own(p) for p, n in mine.items() if n}
    opposing = {own(p) for p, n in theirs.items() if n}
    return {
        q
        for q in range(1, 20)
        if all(q + i in held for i in range(6)) and not any(r < q for r in opposing)
    }


def views(board: list[int], turn: str) -> tuple[dict[int, int], dict[int, int]]:
    """The mover's and the opponent's checkers on the board, in the mover's numbering."""
    sign = 1 if turn == "white" else -1
    me: dict[int, int] = {}
    op: dict[int, int] = {}
    for i, n in enumerate(board):
        point = i + 1 if turn == "white" else own(i + 1)
        if n * sign > 0:
            me[point] = n * sign
        elif n:
            op[point] = -n * sign
    return me, op


def index(point: int, side: str) -> int:
    """Where a point in ``side``'s numbering is in the exchange format's board."""
    return (point if side == "white" else own(point)) - 1


def board_of(me: dict[int, int], op: dict[int, int], turn: str) -> tuple[int, ...]:
    """The exchange format's board of the mover's and the opponent's checkers."""
    sign = 1 if turn == "white" else -1
    board = [0] * 24
    for point, n in me.items():
        board[index(point, turn)] += sign * n
    for point, n in op.items():
        board[index(point, turn)] -= sign * n
    return tuple(board)


def reference_results(position: Position, dice: tuple[int, int]) -> set[tuple[int, ...]]:
    """The boards after every legal play, by brute force over all sequences of steps."""
    options = position.options
    me, op = views(position.board, position.turn)
    rolled = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    head_limit = 1
    if me.get(24) == 15 and dice[0] == dice[1] and dice[0] in (6, 4, 3):
        carve_out = options["head_exception"] == "seed" and dice[0] == 4 and op.get(16)
        head_limit = 1 if carve_out else 2
    start_blocks = bad_blocks(me, op)
    found: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    seen: set[tuple[object, ...]] = set()

    def step(board: dict[int, int], src: int, die: int) -> dict[int, int] | None:
        dst = src - die
        if dst <= 0:
            if any(p > 6 for p in board) or (dst < 0 and any(p > src for p in board)):
                return None
        elif op.get(dst):
            return None
        after = dict(board)
        after[src] -= 1
        if not after[src]:
            del after[src]
        if dst > 0:
            after[dst] = after.get(dst, 0) + 1
            if options["block_check"] == "step" and bad_blocks(after, op) - bad_blocks(board, op):
                return None
        return after

    def walk(
        board: dict[int, int], left: tuple[int, ...], heads: int, score: tuple[int, ...]
    ) -> None:
        key = (tuple(sorted(board.items())), left, heads, score)
        if key in seen:
            return
        seen.add(key)
        if not board and left:  # the last checker is off: the rest of the roll counts (R10.1)
            score = (score[0] + len(left), score[1] + sum(left), score[2] + len(left), score[3])
            left = ()
        if options["block_check"] == "step" or not bad_blocks(board, op) - start_blocks:
            found.add((board_of(board, op, position.turn), score))
        for die in set(left):
            rest = list(left)
            rest.remove(die)
            for src in list(board):
                if src == 24 and heads == head_limit:
                    continue
                after = step(board, src, die)
                if after is not None:
                    moved = src - max(src - die, 0)
                    walk(
                        after,
                        tuple(rest),
                        heads + (src == 24),
                        (score[0] + 1, score[1] + die, score[2] + (moved == die), score[3] + moved),
                    )

    walk(me, tuple(sorted(rolled)), 0, (0, 0, 0, 0))

    def rank(score: tuple[int, ...]) -> tuple[int, ...]:
        extra = {"standard": (), "seed": (score[2],), "maxpips": (score[3],)}
        return (score[0], score[1], *extra[options["bearoff"]])

    best = max(rank(score) for _, score in found)
    return {board for board, score in found if rank(score) == best}


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Valid positions of every kind: openings, races, blocks, bear-offs (either to move)."""
    board = [0] * 24
    for sign, name in ((1, "white"), (-1, "black")):
        region = draw(st.sampled_from(["start", "home", "home", "half", "any", "head"]))
        count = draw(st.integers(1, 15))
        if region in ("start", "head"):
            assume(board[index(24, name)] == 0)
            on_head = 15 if region == "start" else draw(st.integers(1, count))
            board[index(24, name)] = sign * on_head
            count = max(count - on_head, 0)
        pool = {"home": range(1, 7), "half": range(1, 13), "any": range(1, 25)}.get(
            region, range(13, 25)
        )
        free = [p for p in pool if board[index(p, name)] * sign >= 0]
        assume(free or not count)
        for point in draw(st.lists(st.sampled_from(free or [1]), min_size=count, max_size=count)):
            board[index(point, name)] += sign
    options = draw(st.sampled_from(OPTION_SETS))
    turn = draw(st.sampled_from(["white", "black"]))
    try:
        return Position.from_board(board, turn, **options)  # type: ignore[arg-type]
    except InvalidPositionError:
        assume(False)
        raise


dice_rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))


@settings(
    max_examples=examples(1000), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(position=positions(), dice=dice_rolls)
def test_generator_agrees_with_the_reference(position: Position, dice: tuple[int, int]) -> None:
    got = {tuple(play.result.board) for play in position.legal_plays(dice)}
    assert got == reference_results(position, dice)


@settings(
    max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(position=positions(), dice=dice_rolls)
def test_one_walk_finds_the_plays_their_rank_and_the_first_moves(
    position: Position, dice: tuple[int, int]
) -> None:
    """A turn's start is found in one walk (``survey``), as three searches found it."""
    assert_survey_agrees(position, dice)


def test_the_reference_agrees_with_the_sample(sample_cases: list[dict[str, Any]]) -> None:
    """The reference itself is checked against the public test vectors."""
    for case in sample_cases:
        position = Position.from_dict(case["position"])
        expected = {tuple(board) for board in case["results"]}
        assert reference_results(position, tuple(case["dice"])) == expected


@pytest.mark.parametrize(
    ("white", "black", "turn", "dice", "options"),
    [
        ({6: 1, 4: 1}, {12: 15}, "white", (5, 3), {"bearoff": "standard"}),
        ({1: 4, 3: 1}, {12: 15}, "white", (6, 2), {"bearoff": "maxpips"}),
        ({24: 14, 4: 1}, {12: 15}, "black", (4, 4), {"head_exception": "plain"}),
        (
            {11: 2, 10: 1, 9: 1, 8: 1, 7: 1, 2: 9},
            {12: 15},
            "white",
            (5, 5),
            {"block_check": "final"},
        ),
        ({24: 10, 23: 1, 22: 1, 3: 1, 2: 2}, {12: 15}, "white", (1, 1), {}),
    ],
)
def test_reference_on_the_pages_cases(
    white: dict[int, int],
    black: dict[int, int],
    turn: str,
    dice: tuple[int, int],
    options: dict[str, str],
) -> None:
    position = Position.from_points(white, black, turn, **options)  # type: ignore[arg-type]
    got = {tuple(play.result.board) for play in position.legal_plays(dice)}
    assert got == reference_results(position, dice)


# -- random games --------------------------------------------------------------------------------


def game(
    start: Position, rng: random.Random
) -> Iterator[tuple[Position, tuple[int, int], list[Play[Position]], Play[Position]]]:
    """A random game to its end: each position, its roll, its legal plays and the one chosen."""
    position = start
    while position.result is None:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = position.legal_plays(dice)
        chosen = rng.choice(plays)
        yield position, dice, plays, chosen
        position = chosen.result


def check_position(position: Position) -> None:
    """The invariants of every position a game reaches."""
    white, black = position.sides
    board = position.board
    assert sum(n for n in board if n > 0) + white[0] == 15
    assert -sum(n for n in board if n < 0) + black[0] == 15
    for p in range(1, 25):
        assert not (white[p] and black[own(p)]), f"both colours on white's {p}"
    for side in ("white", "black"):
        mine, theirs = views(board, side)
        if theirs:  # once a side is all off, the other's blocks are not judged (R8.6)
            assert not bad_blocks(mine, theirs), f"{side} holds a block with nothing ahead"


def head_limit(position: Position, dice: tuple[int, int]) -> int:
    first_turn = position.mover[24] == 15
    if first_turn and dice[0] == dice[1] and dice[0] in (6, 4, 3):
        return 2
    return 1


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(map(str, o.values())))
@GAME_SETTINGS
@given(rng=st.randoms(use_true_random=False))
def test_random_games_stay_valid(options: dict[str, object], rng: random.Random) -> None:
    start = Position.initial(**options)  # type: ignore[arg-type]
    turns = 0
    for position, dice, plays, chosen in game(start, rng):
        turns += 1
        check_position(position)
        assert Position.from_dict(position.to_dict(), **options) == position  # type: ignore[arg-type]
        heads = [sum(m.src == 24 for m in play.moves) for play in plays]
        assert max(heads) <= head_limit(position, dice)
        # Walk the chosen play step by step: no illegal block even for a moment.
        turn = position.start_turn(dice)
        for move in chosen.moves:
            turn.move(move.src, move.die)
            if options["block_check"] == "step":
                me, op = views(turn.position.board, position.turn)
                assert not (bad_blocks(me, op) if op else set())
        assert turn.is_complete and turn.play().result == chosen.result
        assert position.play(chosen.notation, dice) == chosen.result
        assert chosen.result.turn != position.turn
        assert chosen.result.options == position.options
    final = chosen.result
    result = final.result
    assert result is not None and turns > 10
    white_off, black_off = final.borne_off("white"), final.borne_off("black")
    if result.winner is None:
        assert options["last_roll_tie"] and white_off == black_off == 15
    else:
        loser_off = black_off if result.winner == "white" else white_off
        assert final.borne_off(result.winner) == 15
        assert (result.kind, result.value) == (("mars", 2) if loser_off == 0 else ("oin", 1))
    if options["last_roll_tie"] and result.winner == "white":
        assert final.turn == "white", "black had his last roll"


@settings(GAME_SETTINGS, max_examples=examples(6))
@given(rng=st.randoms(use_true_random=False), options=st.sampled_from(OPTION_SETS))
def test_the_turn_api_reaches_exactly_the_legal_plays(
    rng: random.Random, options: dict[str, object]
) -> None:
    for position, dice, plays, _ in game(Position.initial(**options), rng):  # type: ignore[arg-type]
        if rng.random() < 0.15 or position.sides[0][0] + position.sides[1][0]:
            assert turn_results(position, dice) == {tuple(p.result.board) for p in plays}


def turn_results(position: Position, dice: tuple[int, int]) -> set[tuple[int, ...]]:
    """Every complete play reachable one offered step at a time."""
    turn = position.start_turn(dice)
    found: set[tuple[int, ...]] = set()

    def walk() -> None:
        offered = turn.legal_moves()
        if turn.is_complete:
            found.add(tuple(turn.play().result.board))
        assert offered or turn.is_complete
        for move in offered:
            turn.move(move.src, move.die)
            walk()
            turn.undo()

    walk()
    return found
