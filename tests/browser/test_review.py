"""Review: a finished match step by step, the board and the dice as they were, by buttons
and by the keyboard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}


def _stones(page: Page) -> int:
    return page.locator(".renju-board [data-stone]").count()


def test_a_renju_match_is_reviewed_with_the_keyboard(hall: Hall) -> None:
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
    black, white = (
        (ann, bob) if hall.game(ann)["state"]["black"] == hall.game(ann)["you"] else (bob, ann)
    )
    for number, stone in enumerate(["h8", "i9", "j10", "a1"]):
        mover, other = (black, white) if number % 2 == 0 else (white, black)
        mover.locator(f'svg.renju-board [data-point="{stone}"]').click()
        expect(other.locator(f'[data-stone="{stone}"]')).to_have_count(1)
    black.locator('.controls button[data-action="resign"]').click()
    black.locator('dialog [data-choice="yes"]').click()

    for page in (ann, bob):
        page.locator('button[data-action="review"]').click()
        bar = page.locator(".review-bar")
        expect(bar).to_contain_text("Step 1 of 6")
        assert _stones(page) == 0
        page.locator('button[data-step="next-turn"]').click()
        expect(bar).to_contain_text("Step 2 of 6")
        expect(bar).to_contain_text("You play h8" if page is black else "plays h8")
        expect(page.locator('.renju-board [data-stone="h8"]')).to_have_count(1)
        assert _stones(page) == 1
        page.keyboard.press("End")
        expect(bar).to_contain_text("Step 6 of 6")
        expect(bar).to_contain_text("You resign" if page is black else "resigns")
        assert _stones(page) == 4
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        expect(bar).to_contain_text("Step 4 of 6")
        assert _stones(page) == 3
    hall.screenshot(ann, "review-renju-desktop")
    hall.screenshot(bob, "review-renju-phone")
    ann.keyboard.press("Home")
    expect(ann.locator(".review-bar")).to_contain_text("Step 1 of 6")
    ann.locator('button[data-action="end-review"]').click()
    expect(ann.locator(".review-bar")).to_have_count(0)
    assert _stones(ann) == 4


def test_a_backgammon_match_is_reviewed_with_its_dice(hall: Hall) -> None:
    page, _ = hall.player("rev", DESKTOP)
    page.select_option("select[name=game]", "backgammon")
    page.select_option("select[name=level]", "random")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    page.wait_for_function("window.gamehall.game.actions.includes('resign')")
    page.locator('.controls button[data-action="resign"]').click()
    page.locator('dialog [data-choice="3"]').click()
    expect(page.locator(".result h2")).to_be_visible()
    opening = hall.game(page)["state"]
    page.locator('button[data-action="review"]').click()
    expect(page.locator(".review-bar")).to_contain_text("Step 1 of")
    expect(page.locator(".review-bar")).to_contain_text("The match starts")
    dice = page.locator(".tables-board [data-die]")
    expect(dice).to_have_count(2)
    assert opening["phase"] == "over"
    hall.screenshot(page, "review-backgammon-desktop")
