"""Challenges in the lobby: a rated one says so to both players and in the notice of its
acceptance; a declined one is told to its challenger."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

if TYPE_CHECKING:
    from browser.conftest import Hall


def test_a_rated_challenge_says_it_is_rated_to_both_players(hall: Hall) -> None:
    ann, ann_name = hall.player("ann")
    bob, bob_name = hall.player("bob", hall.phone)
    ann.locator("input[name=rated]").check()
    ann.locator("input[name=opponent]").fill(bob_name)
    ann.locator("button[value=challenge]").click()
    expect(ann.locator(".lobby-message")).to_have_text(
        f"{bob_name} is challenged to a rated game: the game opens when they accept."
    )
    expect(ann.locator("li[data-challenge] .tag")).to_have_text("rated")
    incoming = bob.locator("li[data-challenge]")
    expect(incoming).to_contain_text(f"{ann_name} challenges you")
    expect(incoming.locator(".tag")).to_have_text("rated")
    ann.evaluate("location.hash = '#/tournaments'")  # away from the lobby, the notice stays
    incoming.locator("button", has_text="Accept").click()
    expect(ann.locator("#notices .challenge_accepted")).to_contain_text(" · rated)")


def test_a_declined_challenge_is_told_to_its_challenger(hall: Hall) -> None:
    ann, _ = hall.player("ann")
    bob, bob_name = hall.player("bob")
    ann.locator("input[name=opponent]").fill(bob_name)
    ann.locator("button[value=challenge]").click()
    expect(ann.locator(".lobby-message")).to_contain_text(f"{bob_name} is challenged")
    bob.locator("li[data-challenge] button", has_text="Decline").click()
    expect(ann.locator("li[data-challenge]")).to_have_count(0)
    expect(ann.locator(".lobby-message")).to_have_text(f"{bob_name} declined your challenge.")
    declined = ann.locator("#notices .challenge_declined")
    expect(declined).to_contain_text(f"{bob_name} declined your challenge (Backgammon")
    expect(declined.get_by_role("link")).to_have_count(0)  # in the lobby already
