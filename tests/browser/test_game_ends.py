"""How matches end, as each reader sees them: the game number, a forfeit from both sides."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}


def test_a_renju_forfeit_is_game_1_and_worded_from_each_side(hall: Hall) -> None:
    ann, ann_name = hall.player("ann", DESKTOP)
    bob, bob_name = hall.player("bob", DESKTOP)
    bob.select_option("select[name=game]", "renju")
    bob.locator("input[name=opponent]").fill(ann_name)
    bob.locator("button[value=challenge]").click()
    ann.locator("li[data-challenge] button", has_text="Accept").click()
    ann.wait_for_url("**/#/game/*")
    bob.wait_for_url("**/#/game/*")
    game_url = bob.url
    expect(ann.locator(".match-info")).to_contain_text("game 1")

    context = bob.context
    bob.close()
    claim = ann.locator('.claims button[data-action="claim_abandoned"]')
    expect(claim).to_be_visible(timeout=(hall.grace_seconds + 5) * 1000)
    claim.click()
    expect(ann.locator(".result h2")).to_have_text("You won the match")
    why = ann.locator(".result .why")
    expect(why).to_contain_text(f"{bob_name} left and did not come back")
    expect(why).to_contain_text("the match is given to you")
    expect(ann.locator(".match-info")).to_contain_text("game 1")
    hall.screenshot(ann, "ends-forfeit-winner-desktop")

    bob = context.new_page()
    bob.goto(game_url)
    expect(bob.locator(".result h2")).to_have_text(f"{ann_name} won the match")
    expect(bob.locator(".result .why")).to_contain_text("You left and did not come back")
    left = bob.locator(".moves .note", has_text="You left and did not come back")
    expect(left).to_have_count(1)
    expect(bob.locator(".match-info")).to_contain_text("game 1")
    expect(bob.locator("body")).not_to_contain_text("the opponent left")
    hall.screenshot(bob, "ends-forfeit-loser-desktop")

    bob.goto(f"{hall.url}/#/player/{bob_name}")
    row = bob.locator("tr[data-match]").first
    expect(row).to_contain_text(f"lost: {bob_name} left and did not come back")
    expect(row).to_contain_text("0–0, forfeit")
    assert not re.search(r"game 0\b", bob.locator("body").inner_text())


def test_a_drawn_one_game_renju_match_is_a_drawn_match(hall: Hall) -> None:
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
    white.locator('.controls button[data-action="offer_draw"]').click()
    black.locator('.controls button[data-action="accept"]').click()
    for page in (black, white):
        expect(page.locator(".result h2")).to_have_text("The match is drawn")
    assert hall.game(white)["state"]["score"] == [0.5, 0.5]
