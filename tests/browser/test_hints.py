"""Hints on the game page: the engine's ranked plays with their figures in a backgammon game
against the computer (a row marks its play on the board), renju's winning sequence drawn as
numbered stones, and no Hint button in a game between two people."""

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


COLUMNS = "abcdefghijklmno"


def _point(column: int, row: int) -> str | None:
    """The name of the point at ``column`` (0 for a) and ``row`` (1 to 15), None off the board."""
    return f"{COLUMNS[column]}{row}" if 0 <= column < 15 and 1 <= row <= 15 else None


def _line(direction: tuple[int, int]) -> list[str | None]:
    """The points h8 + k * ``direction`` for k from -2 to 4: an open three at k = 0, 1, 2."""
    return [_point(7 + k * direction[0], 8 + k * direction[1]) for k in range(-2, 5)]


def _open_three(page: Page) -> list[str | None] | None:
    """Black (the reader) makes an open three from h8 against the random computer, along a line
    White's stones leave free: the line (see ``_line``), or None when White got in the way."""
    line: list[str | None] | None = None
    for number in range(3):
        moves = number * 2
        page.wait_for_function(f"window.gamehall.game.state.moves.length === {moves}")
        white = set(page.evaluate("window.gamehall.game.state.moves")[1::2])
        if line is None and number == 1:
            free = [_line(d) for d in ((1, 0), (0, 1), (1, 1), (1, -1))]
            clear = (p for p in free if None not in p and not white & set(p))
            line = next(clear, None)
        if number and (line is None or white & set(line)):
            return None
        stone = "h8" if line is None else line[2 + number]
        page.locator(f'svg.renju-board [data-point="{stone}"]').click()
    page.wait_for_function("window.gamehall.game.state.moves.length === 6", timeout=30_000)
    white = set(page.evaluate("window.gamehall.game.state.moves")[1::2])
    return None if line is None or white & {line[1], line[5]} else line


def test_no_hint_in_a_game_between_two_people(hall: Hall) -> None:
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
    black.locator('svg.renju-board [data-point="h8"]').click()
    expect(white.locator('[data-stone="h8"]')).to_have_count(1)
    expect(white.locator(".controls button").first).to_be_visible()
    for page in (black, white):
        expect(page.locator('button[data-action="hint"]')).to_have_count(0)


def test_show_winning_sequence_in_renju(hall: Hall) -> None:
    black, _ = hall.player("ann", DESKTOP)
    line = None
    for _ in range(5):  # a new game when the random computer happens to block the three
        black.goto(black.url.split("#")[0] + "#/")
        black.select_option("select[name=game]", "renju")
        black.select_option("select[name=level]", "random")
        black.select_option("select[name=side]", "0")
        black.locator("button[value=computer]").click()
        black.wait_for_url("**/#/game/*")
        black.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
        line = _open_three(black)
        if line is not None:
            break
    assert line is not None
    black.locator('button[data-action="hint"]').click()
    expect(black.locator(".hint-table tbody tr").first).to_be_visible(timeout=30_000)
    black.locator('button[data-action="winning"]').click()
    stones = black.locator(".renju-board [data-hint-stone]")
    expect(stones.first).to_be_visible()
    count = stones.count()
    numbers = [stones.nth(i).get_attribute("data-number") for i in range(count)]
    assert numbers == [str(n) for n in range(1, count + 1)]
    expect(black.locator(".hint-line")).to_contain_text("Black wins")
    hall.screenshot(black, "hint-renju-winning-sequence")
    black.locator('button[data-action="winning"]').click()
    expect(stones).to_have_count(0)
    black.locator('button[data-action="winning"]').click()
    expect(stones).to_have_count(count)
    first = stones.first.get_attribute("data-hint-stone")
    black.locator(f'svg.renju-board [data-point="{first}"]').click()  # playing clears the hints
    expect(black.locator(".renju-board [data-hint-stone]")).to_have_count(0)
    expect(black.locator(".hint-table")).to_have_count(0)
