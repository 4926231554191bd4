"""Renju's marks and guards: the last stone's mark on black and white stones, the winning five
highlighted, Pass apart from the offers and confirmed, a warning before a stone on a marked
forbidden point."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}
# As in test_renju: after White's e1, i8 is a double-three for Black.
OPENING = ["h8", "g7", "j8", "a1", "i10", "c1", "i11", "e1"]
FINISH = ["i12", "g1", "i13", "n1", "i14"]


def _play(stone: str, mover: Page, other: Page) -> None:
    mover.locator(f'svg.renju-board [data-point="{stone}"]').click()
    expect(other.locator(f'[data-stone="{stone}"]')).to_have_count(1)


def test_renju_marks_the_last_stone_and_the_five_and_guards_pass_and_fouls(hall: Hall) -> None:
    ann, ann_name = hall.player("ann", DESKTOP)
    bob, _ = hall.player("bob", hall.phone)
    bob.select_option("select[name=game]", "renju")
    bob.locator("input[name=opponent]").fill(ann_name)
    bob.locator("button[value=challenge]").click()
    ann.locator("li[data-challenge] button", has_text="Accept").click()
    ann.wait_for_url("**/#/game/*")
    bob.wait_for_url("**/#/game/*")
    for page in (ann, bob):
        page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    state = hall.game(ann)["state"]
    black, white = (ann, bob) if state["black"] == hall.game(ann)["you"] else (bob, ann)

    for number, stone in enumerate(OPENING):
        mover, other = (black, white) if number % 2 == 0 else (white, black)
        _play(stone, mover, other)
        colour = "black" if number % 2 == 0 else "white"
        expect(other.locator(".last-move")).to_have_class(f"last-move on-{colour}")

    pass_button = black.locator('.controls button[data-action="pass"]')
    expect(pass_button).to_be_visible()
    draw_row = black.locator('.controls .buttons:has([data-action="offer_draw"])')
    expect(draw_row.locator('[data-action="pass"]')).to_have_count(0)
    pass_button.click()
    dialog = black.locator("dialog")
    expect(dialog).to_contain_text("Pass this turn?")
    dialog.locator("button", has_text="Cancel").click()
    assert hall.game(black)["state"]["moves"] == OPENING

    black.locator('svg.renju-board [data-point="i8"]').hover()
    expect(black.locator(".ghost")).to_have_class("ghost black warn")
    black.locator('svg.renju-board [data-point="i8"]').click()
    dialog = black.locator("dialog")
    expect(dialog).to_contain_text("i8 is forbidden for Black")
    expect(dialog).to_contain_text("double-three")
    hall.screenshot(black, "renju-forbidden-warning-" + ("desktop" if black is ann else "phone"))
    dialog.locator("button", has_text="Cancel").click()
    expect(black.locator('[data-stone="i8"]')).to_have_count(0)
    black.locator('svg.renju-board [data-point="i9"]').hover()
    expect(black.locator(".ghost")).to_have_class("ghost black")

    for number, stone in enumerate(FINISH):
        mover, other = (black, white) if number % 2 == 0 else (white, black)
        _play(stone, mover, other)
    for page in (ann, bob):
        five = page.locator(".renju-board .five")
        expect(five).to_have_count(5)
        points = sorted(str(five.nth(i).get_attribute("data-five")) for i in range(5))
        assert points == ["i10", "i11", "i12", "i13", "i14"]
    hall.screenshot(ann, "renju-five-desktop")
    hall.screenshot(bob, "renju-five-phone")
