"""Quick games: a click posts a seek on those terms; the same click by another player accepts
it, and both are in the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}
RENJU = "Renju · 1 game · 5 min + 5 s"


def test_a_quick_game_pairs_two_players(hall: Hall) -> None:
    ann, ann_name = hall.player("ann", DESKTOP)
    bob, _ = hall.player("bob", hall.phone)
    hall.screenshot(ann, "lobby-quick-desktop")
    hall.screenshot(bob, "lobby-quick-phone")
    ann.locator(f'button[data-quick="{RENJU}"]').click()
    expect(ann.locator(".lobby-message")).to_contain_text("Your seek")
    expect(bob.locator(f'tr[data-user="{ann_name}"]')).to_contain_text("5 min + 5 s")
    bob.locator(f'button[data-quick="{RENJU}"]').click()
    bob.wait_for_url("**/#/game/*")
    ann.wait_for_url("**/#/game/*")
    assert ann.url == bob.url
    expect(bob.locator(".match-info")).to_contain_text("Renju")
