"""The game page's side panels in the reader's language: with the browser set to Russian,
Georgian or Chinese and nothing chosen, the move list, the hint panel and the chat of a
backgammon game against the computer, and after the match the review and the computer's
analysis, are each at least 90 % in that language (names and notation left out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from browser.languages import assert_in_language

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}
ON_MOVE = (
    "() => { const g = window.gamehall && window.gamehall.game;"
    " return g && g.state && g.state.to_act === g.you && ['roll', 'move'].includes(g.state.phase) }"
)


def _my_move(page: Page) -> None:
    """Wait for the reader's turn, rolling if asked."""
    page.wait_for_function(ON_MOVE, timeout=30_000)
    if "roll" in page.evaluate("window.gamehall.game.actions"):
        page.locator('.controls button[data-action="roll"]').click()
    page.wait_for_function("window.gamehall.game.state.phase === 'move'")


def _measure(page: Page, where: str, root: str) -> None:
    seen = assert_in_language(page, where, root=root)
    print(f"{where}: {seen.share:.0%} of {len(seen.words)} words; English: {seen.english}")


@pytest.mark.parametrize("locale", ["ru-RU", "ka-GE", "zh-CN"])
def test_the_side_panels_speak_the_readers_language(hall: Hall, locale: str) -> None:
    page, _ = hall.player("desk", DESKTOP, locale=locale)
    page.select_option("select[name=game]", "backgammon")
    page.select_option("select[name=level]", "random")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    _my_move(page)

    page.locator('button[data-action="hint"]').click()
    expect(page.locator(".hint-table tbody tr").first).to_be_visible(timeout=30_000)
    _measure(page, f"hints {locale}", root="[data-hints]")
    expect(page.locator(".moves .game-moves")).to_have_count(1)
    _measure(page, f"move list {locale}", root=".moves")
    expect(page.locator(".chat-form")).to_be_visible()
    page.wait_for_timeout(500)  # the chat's greeting names its room
    _measure(page, f"chat {locale}", root=".chat")
    hall.screenshot(page, f"language-desk-play-{locale}")

    page.locator('.controls button[data-action="resign"]').click()
    page.locator('dialog [data-choice="3"]').click()
    expect(page.locator(".result h2")).to_be_visible()
    _measure(page, f"move list at the end {locale}", root=".moves")
    page.locator('button[data-action="review"]').click()
    page.locator(".review-bar").wait_for()
    _measure(page, f"review {locale}", root=".review-bar")

    panel = page.locator("[data-analysis]")
    panel.locator('button[data-action="analyse"]').click()
    expect(panel.locator("[data-summary]")).to_be_visible(timeout=60_000)
    _measure(page, f"analysis {locale}", root="[data-analysis]")
    hall.screenshot(page, f"language-desk-over-{locale}")


def test_georgian_side_panels_fit_a_phone(hall: Hall) -> None:
    """Georgian's long words wrap: nothing of the hint panel, the move list or the chat is wider
    than a 375 px phone."""
    page, _ = hall.player("deskp", {"width": 375, "height": 812}, locale="ka-GE")
    page.select_option("select[name=game]", "backgammon")
    page.select_option("select[name=level]", "random")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    _my_move(page)
    page.locator('button[data-action="hint"]').click()
    expect(page.locator(".hint-table tbody tr").first).to_be_visible(timeout=30_000)
    for root in ("[data-hints] > button", ".hint-method", ".moves", ".chat"):
        right = page.evaluate(
            "(s) => Math.max(...[...document.querySelectorAll(s)]"
            ".map((e) => e.getBoundingClientRect().right))",
            root,
        )
        assert right <= 375, f"{root} reaches {right}px"
    page.locator(".chat").scroll_into_view_if_needed()
    hall.screenshot(page, "language-desk-phone-ka-GE")
