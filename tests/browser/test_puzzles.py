"""Puzzles in the browser: a renju game played on the site to its five becomes a puzzle that a
spectator solves stone by stone (the defender's replies coming from the threat search) and is
rated for; a backgammon blunder, once the match is analysed, becomes a play to find, made with
the checkers; a wrong answer is shown wrong with the solution; a visitor solves unrated."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect
from sqlalchemy import text

from gamehall.play.dice import ScriptedDice
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.puzzles.values import Puzzle
from gamehall.store import Store
from support.matches import FakeTime
from support.review_pages import store_finished, user_id

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 900}
GAME = [
    "h8", "i7", "j9", "f1", "i5", "k9", "j6", "i6", "g4", "m9", "g2", "b1", "g8", "j12", "h6",
    "k1", "j4", "i8", "l2", "k3", "g7", "f8", "g5", "g6", "g3", "g1", "h4", "f2", "k7",
]  # fmt: skip
"""Black wins by continuous fours from move 21 on (g7, g5, g3, h4, k7)."""


def _no_puzzles_kept(database: str) -> None:
    """Forget the puzzles the worker's server kept for earlier tests: a position is kept once,
    so a puzzle another test already made of the same game would not be made again of this
    match."""
    with Store(database) as store, store.transactions.write() as session:
        session.execute(text("DELETE FROM puzzle_attempts"))
        session.execute(text("DELETE FROM puzzles"))


def _puzzle_of(database: str, match_id: str, seconds: float = 180) -> int:
    """The id of the puzzle made from the match, once it is made."""
    deadline = time.monotonic() + seconds
    while True:
        with Store(database) as store:
            found = store.puzzles.of_match(match_id)
        if found:
            return found[0].id
        assert time.monotonic() < deadline, "no puzzle was made of the match"
        time.sleep(0.5)


def _click_stone(page: Page, point: str) -> None:
    page.locator(f'.puzzle .renju-board [data-point="{point}"]').click()


def test_a_renju_game_played_here_becomes_a_puzzle_solved_in_the_browser(
    hall: Hall, server_database: str
) -> None:
    _no_puzzles_kept(server_database)
    ann, ann_name = hall.player("ann", DESKTOP)
    bob, _ = hall.player("bob", DESKTOP)
    bob.select_option("select[name=game]", "renju")
    bob.locator("input[name=opponent]").fill(ann_name)
    bob.locator("button[value=challenge]").click()
    ann.locator("li[data-challenge] button", has_text="Accept").click()
    for page in (ann, bob):
        page.wait_for_url("**/#/game/*")
        page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    game = hall.game(ann)
    black, white = (ann, bob) if game["state"]["black"] == game["you"] else (bob, ann)
    for number, point in enumerate(GAME):
        mover, other = (black, white) if number % 2 == 0 else (white, black)
        mover.locator(f'svg.renju-board [data-point="{point}"]').click()
        expect(other.locator(f'[data-stone="{point}"]')).to_have_count(1)
    ann.wait_for_function("window.gamehall.game.state.phase === 'over'")
    match_id = ann.url.split("#/game/")[1]
    puzzle_id = _puzzle_of(server_database, match_id)

    # a spectator solves it, each right stone answered by the defender
    carol, _ = hall.player("carol", DESKTOP)
    carol.goto(f"{hall.url}/#/puzzles/{puzzle_id}")
    expect(carol.locator(".puzzle-task")).to_contain_text("Black to move: find the forced win.")
    expect(carol.locator(".puzzle .renju-board [data-stone]")).to_have_count(20)
    status = carol.locator("[data-verdict]")
    for count, (stone, reply) in enumerate(
        [("g7", "f8"), ("g5", "g6"), ("g3", "g1"), ("h4", "f2")], start=1
    ):
        _click_stone(carol, stone)
        expect(carol.locator(f'.puzzle-board[data-moves="{2 * count}"]')).to_be_visible(
            timeout=60_000
        )
        expect(status).to_have_attribute("data-verdict", "correct")
        expect(status).to_contain_text(f"The reply: {reply}")
        expect(carol.locator(f'.puzzle .renju-board [data-stone="{reply}"]')).to_have_count(1)
    hall.screenshot(carol, "puzzle-renju-going")
    _click_stone(carol, "k7")
    expect(status).to_have_attribute("data-verdict", "solved", timeout=60_000)
    expect(status).to_have_text("Solved!")
    expect(carol.locator("[data-rating-change]")).to_contain_text("Your puzzle rating: 1500 →")
    expect(carol.locator("[data-solution]")).to_contain_text(" ".join(GAME[20:]))
    expect(carol.locator('button[data-action="next-puzzle"]')).to_be_visible()
    hall.screenshot(carol, "puzzle-renju-solved")

    # a wrong first stone: shown wrong, the solution drawn on the board
    dave, _ = hall.player("dave", DESKTOP)
    dave.goto(f"{hall.url}/#/puzzles/{puzzle_id}")
    _click_stone(dave, "g5")
    wrong = dave.locator("[data-verdict]")
    expect(wrong).to_have_attribute("data-verdict", "wrong", timeout=60_000)
    expect(wrong).to_have_text("Wrong: that is not the answer.")
    expect(dave.locator("[data-solution]")).to_contain_text("g7 f8 g5")
    expect(dave.locator(".puzzle .renju-board [data-hint-stone]")).to_have_count(9)
    expect(dave.locator("[data-rating-change]")).to_contain_text("1500 →")
    hall.screenshot(dave, "puzzle-renju-wrong")

    # a visitor, not signed in, solves without a rating
    visitor = hall.page(f"/#/puzzles/{puzzle_id}", DESKTOP)
    _click_stone(visitor, "g7")
    expect(visitor.locator('.puzzle-board[data-moves="2"]')).to_be_visible(timeout=60_000)
    _click_stone(visitor, "a15")
    expect(visitor.locator("[data-verdict]")).to_have_attribute("data-verdict", "wrong")
    expect(visitor.locator("[data-rating-change]")).to_have_text(
        "Not rated: sign in to get a puzzle rating."
    )


def _blundered_match(names: tuple[str, str]) -> TablesMatch:
    """Ann opens 3-1 by splitting her back checkers (24/23 24/21, a blunder: 8/5 6/5 is
    far better), Bob answers 6-4, and Ann resigns."""
    settings = MatchSettings.from_dict({"game": "backgammon", "length": 1})
    dice = ScriptedDice([(3, 1), (6, 4), (5, 2)])
    match = TablesMatch(settings, names, dice=dice, time_source=FakeTime())
    match.start()
    for src, die in ((24, 3), (24, 1)):
        match.act(0, "move", src=src, die=die)
    match.act(0, "confirm")
    for src, die in ((24, 6), (13, 4)):
        match.act(1, "move", src=src, die=die)
    match.act(1, "confirm")
    match.act(0, "resign", value=1)
    match.act(1, "accept")
    return match


def _click_point(page: Page, point: int) -> None:
    page.locator(f'.puzzle .tables-board [data-point="{point}"]').click()


def test_a_backgammon_blunder_analysed_becomes_a_play_to_find(
    hall: Hall, server_database: str
) -> None:
    _no_puzzles_kept(server_database)
    ann, ann_name = hall.player("ann", DESKTOP)
    _, bob_name = hall.player("bob", DESKTOP)
    users = (user_id(server_database, ann_name), user_id(server_database, bob_name))
    match = _blundered_match((ann_name, bob_name))
    match_id = store_finished(server_database, match, users)

    # a spectator has the match analysed: the blunder becomes a puzzle
    carol, _ = hall.player("carol", DESKTOP)
    carol.goto(f"{hall.url}/#/game/{match_id}")
    panel = carol.locator("[data-analysis]")
    panel.locator('button[data-action="analyse"]').click()
    expect(panel.locator("li[data-decision]").first).to_be_visible(timeout=60_000)
    puzzle_id = _puzzle_of(server_database, match_id)

    carol.goto(f"{hall.url}/#/puzzles/{puzzle_id}")
    expect(carol.locator(".puzzle-task")).to_contain_text("Find the best play of 3-1.")
    expect(carol.locator(".puzzle-task")).to_contain_text("Backgammon")
    board = carol.locator(".puzzle-board")
    _click_point(carol, 8)
    _click_point(carol, 5)
    expect(carol.locator('.puzzle-board[data-moves="1"]')).to_be_visible()
    expect(carol.locator('button[data-action="start-again"]')).to_be_visible()
    _click_point(carol, 6)
    _click_point(carol, 5)
    status = carol.locator("[data-verdict]")
    expect(status).to_have_attribute("data-verdict", "solved")
    expect(carol.locator("[data-solution]")).to_have_text("The solution: 8/5 6/5")
    expect(carol.locator("[data-rating-change]")).to_contain_text("Your puzzle rating: 1500 →")
    expect(board).to_have_attribute("data-moves", "2")
    hall.screenshot(carol, "puzzle-backgammon-solved")

    # the one who blundered plays his play again: wrong, and the solution shown
    ann.goto(f"{hall.url}/#/puzzles/{puzzle_id}")
    _click_point(ann, 24)
    _click_point(ann, 21)
    expect(ann.locator('.puzzle-board[data-moves="1"]')).to_be_visible()
    _click_point(ann, 24)
    _click_point(ann, 23)
    expect(ann.locator("[data-verdict]")).to_have_attribute("data-verdict", "wrong")
    expect(ann.locator("[data-solution]")).to_have_text("The solution: 8/5 6/5")
    hall.screenshot(ann, "puzzle-backgammon-wrong")
    expect(ann.locator("a", has_text="Taken from this match")).to_have_attribute(
        "href", f"#/game/{match_id}"
    )


def test_a_cube_puzzle_is_answered_by_its_buttons(hall: Hall, server_database: str) -> None:
    """A missed take (stored as the analysis would make it): the page asks for the answer to a
    double to 2, Drop is wrong and the solution says Take; the themes filter finds it."""
    puzzle = Puzzle(
        "backgammon", "cube", "4HPwATDgc/ABMA", "0", ("take",), ("take",), ("cube",), cube=2,
        move=2,
    )  # fmt: skip
    with Store(server_database) as store:
        store.puzzles.add([puzzle])
        stored = store.puzzles.find(puzzle)
    assert stored is not None
    page, _ = hall.player("cube", DESKTOP)
    page.goto(f"{hall.url}/#/puzzles/{stored.id}")
    expect(page.locator(".puzzle-task")).to_contain_text("You are doubled to 2")
    expect(page.locator(".puzzle .tables-board")).to_be_visible()
    page.locator('button[data-cube="drop"]').click()
    expect(page.locator("[data-verdict]")).to_have_attribute("data-verdict", "wrong")
    expect(page.locator("[data-solution]")).to_have_text("The solution: take")
    expect(page.locator("button[data-cube]")).to_have_count(0)
    hall.screenshot(page, "puzzle-cube-wrong")

    # a visitor chooses the theme: the next puzzle is a cube action
    visitor = hall.page("/#/puzzles/999999", DESKTOP)
    expect(visitor.locator(".puzzle .empty")).to_contain_text("There is no such puzzle")
    visitor.select_option("select[name=theme]", "cube")
    visitor.locator('button[data-action="next"]').click()
    expect(visitor.locator('.puzzle-task[data-task="cube"]')).to_be_visible()
    expect(visitor.locator("button[data-cube]")).to_have_count(2)
