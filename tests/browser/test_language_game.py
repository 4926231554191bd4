"""The game page in the reader's language (issue 37): with the browser speaking Russian,
Georgian or Chinese and nothing chosen, a game against the computer of each game shows its
status, its players' cards and its controls in that language during play, and its result at
the end. The move list, hints and chat are measured by their own tests; the players' names and
the records' file formats (json, psq, mat) are left as they are."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from browser.languages import assert_in_language

if TYPE_CHECKING:
    from browser.conftest import Hall

LOCALES = ["ru-RU", "ka-GE", "zh-CN"]
GAMES = ["backgammon", "georgian", "nardy", "renju"]
FORMATS = frozenset({"json", "psq", "mat"})
PLAY_REGIONS = [".status", ".player.top", ".player.bottom", ".controls", ".toggles"]


def _computer_game(hall: Hall, game: str, locale: str) -> Page:
    page, _ = hall.player("lang", hall.phone, locale=locale)
    offered = page.locator(f'select[name=game] option[value="{game}"]').count()
    assert offered, f"the lobby offers no {game}"
    page.select_option("select[name=game]", game)
    page.select_option("select[name=level]", "random")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    return page


def _names(page: Page) -> frozenset[str]:
    """The players' names, word by word: shown as they are."""
    players: list[str] = page.evaluate("window.gamehall.game.state.players")
    return frozenset("".join(c if c.isalpha() else " " for c in " ".join(players)).split())


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", LOCALES)
def test_a_game_against_the_computer_speaks_the_readers_language(
    hall: Hall, locale: str, game: str
) -> None:
    page = _computer_game(hall, game, locale)
    names = _names(page)
    page.wait_for_function(
        "(g => g.state.to_act === g.you && g.actions.length > 0)(window.gamehall.game)",
        timeout=30_000,
    )
    expect(page.locator(".controls button").first).to_be_visible()
    for root in PLAY_REGIONS:
        assert_in_language(page, f"{game} in {locale}, {root}", root, also_kept=names)
    hall.screenshot(page, f"language-game-{game}-{locale}")
    # the end: resign (the whole match, or the game with the most it can offer)
    resign = page.locator(
        '.controls button[data-action="resign_match"], .controls button[data-action="resign"]'
    ).first
    resign.click()
    dialog = page.locator("dialog")
    expect(dialog).to_be_visible()
    # nardy's surrender cost is the lobby's setting's own text (settings.js), measured there
    for root in ("dialog h2", "dialog .buttons") if game == "nardy" else ("dialog",):
        assert_in_language(page, f"{game} in {locale}, {root}", root, also_kept=names)
    dialog.locator("[data-choice]").last.click()
    page.wait_for_function("window.gamehall.game.state.phase === 'over'", timeout=30_000)
    expect(page.locator(".result h2")).to_be_visible()
    seen = assert_in_language(
        page, f"{game} in {locale}, the result", ".result", also_kept=names | FORMATS
    )
    print(f"{game} {locale} result {seen.share:.0%}")
    hall.screenshot(page, f"language-game-{game}-{locale}-over")
