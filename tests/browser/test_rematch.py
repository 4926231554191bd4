"""After a match: a rematch offered and accepted starts the match again with the seats
swapped, on both pages; Back to the lobby."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}


def test_a_rematch_swaps_the_seats(hall: Hall) -> None:
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
    first = ann.url
    before = hall.game(ann)["state"]["players"]
    black = ann if hall.game(ann)["state"]["black"] == hall.game(ann)["you"] else bob
    black.locator('.controls button[data-action="resign"]').click()
    black.locator('dialog [data-choice="yes"]').click()
    for page in (ann, bob):
        expect(page.locator('.after-match button[data-action="rematch"]')).to_be_visible()
    ann.locator('.after-match button[data-action="rematch"]').click()
    expect(ann.locator('.after-match button[data-action="rematch"]')).to_be_disabled()
    expect(bob.locator(".rematch-offer")).to_contain_text(f"{ann_name} offers a rematch")
    hall.screenshot(bob, "rematch-offer-phone")
    hall.screenshot(ann, "rematch-offered-desktop")
    bob.locator('.after-match button[data-action="rematch"]').click()
    for page in (ann, bob):
        page.wait_for_function("url => location.href !== url", arg=first)
        page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    assert ann.url == bob.url
    assert hall.game(ann)["state"]["players"] == before[::-1]
    assert hall.game(ann)["state"]["phase"] == "move"
    hall.screenshot(ann, "rematch-started-desktop")

    ann.goto(first)
    ann.locator(".after-match a", has_text="Back to the lobby").click()
    expect(ann.locator("form.new-game")).to_be_visible()


def test_a_spectator_follows_the_players_into_the_rematch(hall: Hall) -> None:
    ann, _ = hall.player("ann", DESKTOP)
    bob, bob_name = hall.player("bob", DESKTOP)
    ann.select_option("select[name=game]", "renju")
    ann.locator("input[name=opponent]").fill(bob_name)
    ann.locator("button[value=challenge]").click()
    bob.locator("li[data-challenge] button", has_text="Accept").click()
    for page in (ann, bob):
        page.wait_for_url("**/#/game/*")
        page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    first = ann.url
    spectator = hall.page("/" + first.split("/", 3)[3], hall.phone)
    expect(spectator.locator(".spectating")).to_be_visible()
    ann.locator('.controls button[data-action="resign"]').click()
    ann.locator('dialog [data-choice="yes"]').click()
    expect(spectator.locator(".result h2")).to_be_visible()
    ann.locator('.after-match button[data-action="rematch"]').click()
    expect(bob.locator(".rematch-offer")).to_be_visible()
    bob.locator('.after-match button[data-action="rematch"]').click()
    bob.wait_for_function("url => location.href !== url", arg=first)
    spectator.wait_for_function("url => location.href === url", arg=bob.url)
    spectator.wait_for_function("window.gamehall && window.gamehall.game.state?.phase === 'move'")
    expect(spectator.locator(".spectating")).to_be_visible()
    assert hall.game(spectator)["you"] is None
