"""Hints on the game page: the engine's ranked plays with their figures in a backgammon game
against the computer (a row marks its play on the board), and renju's winning sequence drawn as
numbered stones."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}
ON_MOVE = (
    "() => { const g = window.gamehall && window.gamehall.game;"
    " return g && g.state && g.state.to_act === g.you && ['roll', 'move'].includes(g.state.phase) }"
)


def _my_move(page: Page) -> None:
    """Wait for the reader's turn in a backgammon game against the computer, rolling if asked."""
    page.wait_for_function(ON_MOVE, timeout=30_000)
    if "roll" in page.evaluate("window.gamehall.game.actions"):
        page.locator('.controls button[data-action="roll"]').click()
    page.wait_for_function("window.gamehall.game.state.phase === 'move'")


def test_hint_ranks_the_plays_and_marks_one_on_the_board(hall: Hall) -> None:
    page, _ = hall.player("hin", DESKTOP)
    page.select_option("select[name=game]", "backgammon")
    page.select_option("select[name=level]", "random")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    _my_move(page)
    before = page.evaluate("window.gamehall.game.events.length")
    page.locator('button[data-action="hint"]').click()
    rows = page.locator(".hint-table tbody tr")
    expect(rows.first).to_be_visible(timeout=30_000)
    expect(page.locator(".hint-table thead")).to_contain_text("Equity")
    expect(page.locator(".hint-table thead")).to_contain_text("W bg")
    legal = page.evaluate("window.gamehall.game.legal.plays")
    moves = [rows.nth(i).get_attribute("data-move") for i in range(rows.count())]
    assert 1 <= len(moves) <= 5 and set(moves) <= set(legal)
    expect(rows.first.locator(".hint-value")).to_have_text(re.compile(r"^[+-]\d\.\d{3}$"))
    rows.first.click()
    expect(rows.first).to_have_class("marked")
    assert page.locator(".tables-board [data-hint-step]").count() >= 1
    hall.screenshot(page, "hint-backgammon")
    rows.first.click()  # a second click takes the mark away
    expect(page.locator(".tables-board [data-hint-step]")).to_have_count(0)
    assert page.evaluate("window.gamehall.game.events.length") == before  # asking plays nothing


def test_show_winning_sequence_in_renju(hall: Hall) -> None:
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
    for number, stone in enumerate(["h8", "g9", "i8", "a1", "j8", "a3"]):
        mover, other = (black, white) if number % 2 == 0 else (white, black)
        mover.locator(f'svg.renju-board [data-point="{stone}"]').click()
        expect(other.locator(f'[data-stone="{stone}"]')).to_have_count(1)
    expect(white.locator('button[data-action="hint"]')).to_have_count(0)  # not White's turn
    black.locator('button[data-action="hint"]').click()
    expect(black.locator(".hint-table tbody tr").first).to_be_visible(timeout=30_000)
    black.locator('button[data-action="winning"]').click()
    stones = black.locator(".renju-board [data-hint-stone]")
    expect(stones).to_have_count(3)
    numbers = [stones.nth(i).get_attribute("data-number") for i in range(3)]
    assert numbers == ["1", "2", "3"]
    assert stones.first.get_attribute("data-hint-stone") in ("g8", "k8")
    expect(black.locator(".hint-line")).to_contain_text("Black wins by fours")
    hall.screenshot(black, "hint-renju-winning-sequence")
    black.locator('button[data-action="winning"]').click()
    expect(stones).to_have_count(0)
    black.locator('button[data-action="winning"]').click()
    expect(stones).to_have_count(3)
    first = stones.first.get_attribute("data-hint-stone")
    black.locator(f'svg.renju-board [data-point="{first}"]').click()  # playing clears the hints
    expect(black.locator(".renju-board [data-hint-stone]")).to_have_count(0)
    expect(black.locator(".hint-table")).to_have_count(0)
