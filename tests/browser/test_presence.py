"""A player who leaves: the opponent sees the grace period run out, then claims the win."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

if TYPE_CHECKING:
    from browser.conftest import Hall


def test_the_opponent_of_a_player_who_left_claims_the_win(hall: Hall) -> None:
    ann, ann_name = hall.player("ann")
    bob, bob_name = hall.player("bob")
    bob.select_option("select[name=game]", "nardy")
    bob.locator("input[name=opponent]").fill(ann_name)
    bob.locator("button[value=challenge]").click()
    ann.locator("li[data-challenge] button", has_text="Accept").click()
    ann.wait_for_url("**/#/game/*")
    bob.wait_for_url("**/#/game/*")
    expect(ann.locator(".player.top .presence")).not_to_have_class("presence away")

    bob.close()
    grace = ann.locator(".player.top .grace")
    expect(grace).to_contain_text("s to come back")
    expect(ann.locator(".player.top .presence")).to_have_class("presence away")
    claim = ann.locator('.claims button[data-action="claim_abandoned"]')
    expect(claim).to_be_visible(timeout=(hall.grace_seconds + 5) * 1000)
    claim.click()
    expect(ann.locator(".result h2")).to_have_text("You won the match")
    expect(ann.locator(".result .why")).to_contain_text(f"{bob_name} left and did not come back")
    left = ann.locator(".turns .note", has_text=f"{bob_name} left and did not come back")
    expect(left).to_have_count(1)
