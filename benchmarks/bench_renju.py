"""Speed of Black's forbidden points: ``Board.forbidden_points()`` on 1,000 random positions.

The positions (20 to 60 stones) come from seeded random games whose moves stay near the stones
already played, as real games do, so they are full of threes and fours; a move that would end the
game is taken back. Each round times fresh boards, so the per-position cache does not help.
Positions per second = 1000 / the mean time of a round.
"""

import random

from pytest_benchmark.fixture import BenchmarkFixture

from gamehall.renju import Board

POSITIONS = 1000
SEED = 20240515
COLUMNS = "abcdefghijklmno"


def random_positions(count: int = POSITIONS, seed: int = SEED) -> list[tuple[list[str], list[str]]]:
    """``count`` (black points, white points) pairs, the same for the same seed."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        size = rng.randint(20, 60)
        board = Board(opening="free")
        board.play("h8")
        placed = [(7, 7)]
        while len(placed) < size:
            column, row = rng.choice(placed)
            column, row = column + rng.randint(-2, 2), row + rng.randint(-2, 2)
            point = f"{COLUMNS[column % 15]}{row % 15 + 1}"
            if not (0 <= column < 15 and 0 <= row < 15) or board.stone_at(point) is not None:
                continue
            board.play(point)
            if board.result is None:
                placed.append((column, row))
            else:
                board.undo()
        stones = board.stones()
        positions.append(
            (
                [point for point, color in stones.items() if color == "black"],
                [point for point, color in stones.items() if color == "white"],
            )
        )
    return positions


def bench_forbidden_points(benchmark: BenchmarkFixture) -> None:
    positions = random_positions()

    def fresh_boards() -> tuple[tuple[list[Board]], dict[str, object]]:
        return ([Board.from_position(black=b, white=w) for b, w in positions],), {}

    def forbidden_in_all(boards: list[Board]) -> int:
        return sum(len(board.forbidden_points()) for board in boards)

    benchmark.extra_info["positions"] = POSITIONS
    found = benchmark.pedantic(forbidden_in_all, setup=fresh_boards, rounds=5)
    assert found > POSITIONS // 10, "the positions should have forbidden points to find"
