"""Issue 37's measure on the game pages as a whole: with the browser set to Russian, Georgian or
Chinese, at least 90 % of what a game page of each game shows is in that language, during play
(its question dialog too) and at the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from browser.languages import assert_in_language

if TYPE_CHECKING:
    from browser.conftest import Hall

LOCALES = ["ru-RU", "ka-GE", "zh-CN"]
GAMES = ["backgammon", "georgian", "nardy", "renju"]

YOUR_TURN = """g => g.state.to_act === g.you
  && (g.actions.includes('resign') || g.state.phase === 'over')"""


def _computer_game(hall: Hall, game: str, locale: str) -> Page:
    page, _ = hall.player("lang", locale=locale)
    page.select_option("select[name=game]", game)
    page.select_option("select[name=level]", "random")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    return page


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", LOCALES)
def test_a_game_page_speaks_the_readers_language(hall: Hall, game: str, locale: str) -> None:
    page = _computer_game(hall, game, locale)
    page.wait_for_function(f"({YOUR_TURN})(window.gamehall.game)")
    assert_in_language(page, f"{game} during play, {locale}")
    page.locator('.controls button[data-action="resign"]').click()
    dialog = page.locator("dialog[open]")
    expect(dialog).to_be_visible()
    assert_in_language(page, f"{game}'s resign dialog, {locale}", "dialog[open]")
    # the most the game can be resigned as, which the computer takes
    dialog.locator("button[data-choice]").last.click()
    page.wait_for_function("window.gamehall.game.state.phase === 'over'")
    expect(page.locator(".why")).to_be_visible()
    assert_in_language(page, f"{game} at its end, {locale}")
    hall.screenshot(page, f"language-{game}-{locale}")
