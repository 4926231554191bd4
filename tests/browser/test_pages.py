"""A screenshot of every page at desktop (1366×768) and phone (390×844) sizes, each checked
for text under 11 px and for anything wider than the screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page

if TYPE_CHECKING:
    from browser.conftest import Hall

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


def _wide(page: Page) -> int:
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_every_page_fits(hall: Hall, size: str) -> None:
    viewport = SIZES[size]
    page, name = hall.player("pages", viewport)
    page.select_option("select[name=game]", "nardy")
    page.select_option("select[name=level]", "random")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    game = page.url.rsplit("#", 1)[1]
    visitor = hall.page("/#/login", viewport)
    pages = {
        "lobby": "#/",
        "game-nardy": f"#{game}",
        "watch": "#/watch",
        "profile": f"#/player/{name}",
        "tournaments": "#/tournaments",
        "ratings": "#/ratings/backgammon",
        "following": "#/following",
        "messages": "#/messages",
        "conversation": f"#/messages/{name}-x",
        "games": f"#/games?player={name}",
        "puzzles": "#/puzzles",
    }
    for label, route in pages.items():
        page.goto(f"{hall.url}/{route}")
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(300)
        assert _wide(page) <= viewport["width"], (label, _wide(page))
        hall.screenshot(page, f"page-{label}-{size}")
    visitor.wait_for_load_state("networkidle")
    assert _wide(visitor) <= viewport["width"]
    hall.screenshot(visitor, f"page-login-{size}")
