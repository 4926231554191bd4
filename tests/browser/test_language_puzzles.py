"""Issue 37's measure on the puzzles page: with the browser set to Russian, Georgian or Chinese,
at least 90 % of what it shows is in that language, a renju puzzle's and a backgammon puzzle's,
before an answer and after a wrong one (the verdict, the solution, the rating change)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from browser.languages import assert_in_language
from gamehall.puzzles.values import Puzzle
from gamehall.store import Store

if TYPE_CHECKING:
    from browser.conftest import Hall

LOCALES = ["ru-RU", "ka-GE", "zh-CN"]
GAME = [
    "h8", "i7", "j9", "f1", "i5", "k9", "j6", "i6", "g4", "m9", "g2", "b1", "g8", "j12", "h6",
    "k1", "j4", "i8", "l2", "k3", "g7", "f8", "g5", "g6", "g3", "g1", "h4", "f2", "k7",
]  # fmt: skip
SOURCE = "language-puzzles"
PUZZLES = {
    "renju": Puzzle(
        "renju", "win", " ".join(GAME[:20]), "black", ("g7",), tuple(GAME[20:]), ("fours",),
        source=SOURCE, move=21,
    ),
    "backgammon": Puzzle(
        "backgammon", "play", "4HPwATDgc/ABMA", "0", ("8/5 6/5",), ("8/5 6/5",), ("opening",),
        dice=(3, 1), source=SOURCE, move=1,
    ),
}  # fmt: skip


def _puzzle_id(database: str, game: str) -> int:
    """The puzzle's id (another test may have made the same one from a game)."""
    with Store(database) as store:
        store.puzzles.add([PUZZLES[game]])
        found = store.puzzles.find(PUZZLES[game])
    assert found is not None
    return found.id


@pytest.mark.parametrize("game", ["renju", "backgammon"])
@pytest.mark.parametrize("locale", LOCALES)
def test_the_puzzles_page_speaks_the_readers_language(
    hall: Hall, server_database: str, game: str, locale: str
) -> None:
    puzzle_id = _puzzle_id(server_database, game)
    page, _ = hall.player("lang", locale=locale)
    page.goto(f"{hall.url}/#/puzzles/{puzzle_id}")
    expect(page.locator(".puzzle-task")).to_be_visible()
    assert_in_language(page, f"a {game} puzzle, {locale}")
    if game == "renju":
        page.locator('.puzzle .renju-board [data-point="g5"]').click()
    else:
        for number, (src, dst) in enumerate(((24, 21), (24, 23))):
            expect(page.locator(f'.puzzle-board[data-moves="{number}"]')).to_be_visible()
            for point in (src, dst):
                page.locator(f'.puzzle .tables-board [data-point="{point}"]').click()
    verdict = page.locator("[data-verdict]")
    expect(verdict).to_have_attribute("data-verdict", "wrong", timeout=60_000)
    expect(page.locator("[data-rating-change]")).not_to_be_empty()
    assert_in_language(page, f"a {game} puzzle answered wrong, {locale}")
    hall.screenshot(page, f"language-puzzle-{game}-{locale}")
