"""The renju search's decisions pinned down: on positions from real game records and from
seeded random games (renju and gomoku; ``data/renju_search_positions.txt``), at fixed node
budgets, the move chosen, its score, the depth completed and the nodes spent, by the alpha-beta
alone, by the whole search as world-class runs it (threat searches, the VCT guard, the leaves'
VCF), with seeded noise, and the threat searches' lines and node counts; and one searcher's
results along all the positions (its tables carried from search to search, as an engine's are
from move to move), hashed.

The expected hashes were recorded from the search before it was made faster: a change that
should only save time must leave every figure as it was (the node counts too, so the trees
searched are the same). One hash per kind of figure says where a difference lies.
"""

import hashlib
from pathlib import Path

import pytest

from gamehall.engines.renju_search.board import FastBoard
from gamehall.engines.renju_search.search import Searcher
from gamehall.renju.board import Board

POSITIONS = Path(__file__).parent / "data" / "renju_search_positions.txt"
UNLIMITED = 1e9
"""Seconds: the node budgets, never the clock, end every search here."""

EXPECTED = {
    "alpha-beta": "320add3796fd5bb1",
    "carried": "6bdfcf383f165060",
    "noise": "4cbeb6758fee4c77",
    "world-class": "ad5bb29485300542",
    "threats": "8a0287e5d0bfd12d",
}
"""Each kind's hash, recorded from the search before it was made faster."""


def positions() -> list[Board]:
    """Every position of the fingerprint: one a line, the rule and the moves (real game
    records cut after 10 to 22 moves, and seeded random games of 8 to 24 stones near the
    centre; most of them quiet, a few with a win or a loss in reach)."""
    boards = []
    for line in POSITIONS.read_text(encoding="utf-8").splitlines():
        rule, *moves = line.split()
        boards.append(Board.from_moves(moves, rule=rule, opening="free"))
    return boards


def _search(board: Board, **limits: int) -> str:
    """One search on a fresh searcher: its result without the seconds."""
    result = Searcher().search(FastBoard.from_board(board), seconds=UNLIMITED, **limits)
    return repr((result.point, result.score, result.depth, result.nodes, result.threat))


def _threats(board: Board) -> str:
    """The side to move's VCF and VCT lines and the threat nodes each spent."""
    searcher = Searcher()
    fast = FastBoard.from_board(board)
    figures: list[object] = []
    for kind, depth, nodes in (("vcf", 40, 20_000), ("vct", 3, 8_000)):
        line = searcher.threat_line(fast, kind, depth, nodes)
        figures.append((kind, line, int(searcher.threats.budget[0])))
        figures.append(searcher.opponent_threat(fast, kind, depth, nodes))
    return repr(figures)


def figures() -> dict[str, list[str]]:
    """Each kind's figures over the positions."""
    found: dict[str, list[str]] = {kind: [] for kind in EXPECTED}
    carried = Searcher()
    for index, board in enumerate(positions()):
        found["alpha-beta"].append(_search(board, max_depth=64, nodes=10_000, threat_nodes=0))
        result = carried.search(
            FastBoard.from_board(board), max_depth=64, seconds=UNLIMITED, nodes=3_000
        )
        found["carried"].append(repr((result.point, result.score, result.depth, result.nodes)))
        if index % 3 == 0:
            noisy = _search(board, max_depth=6, nodes=3_000, threat_nodes=500, noise=15, seed=index)
            found["noise"].append(noisy)
        if index % 2 == 0:
            found["world-class"].append(
                _search(
                    board,
                    max_depth=20,
                    nodes=4_000,
                    threat_nodes=4_000,
                    vct_depth=4,
                    leaf_vcf=100,
                )
            )
        found["threats"].append(_threats(board))
    return found


def fingerprint() -> dict[str, str]:
    """Each kind's hash."""
    return {
        kind: hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
        for kind, lines in figures().items()
    }


@pytest.fixture(scope="module")
def found() -> dict[str, str]:
    return fingerprint()


@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_the_search_decides_as_it_did(found: dict[str, str], kind: str) -> None:
    assert found[kind] == EXPECTED[kind]


if __name__ == "__main__":
    for name, lines in figures().items():
        print(name)
        for line in lines:
            print("  ", line)
    print(fingerprint())
