"""Leaving a match from the game page: aborting before both players have moved (the opponent
and a spectator read who aborted it), and resigning the whole match after a question."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall


def _backgammon_match(hall: Hall, length: str) -> tuple[Page, Page, str, str]:
    """A backgammon match of ``length`` points challenged by ann, accepted by bob: both
    pages on the game, and ann's and bob's names."""
    ann, ann_name = hall.player("ann")
    bob, bob_name = hall.player("bob")
    ann.select_option("select[name=game]", "backgammon")
    ann.fill("input[name=length]", length)
    ann.fill("input[name=opponent]", bob_name)
    ann.locator("button[value=challenge]").click()
    bob.locator("li[data-challenge] button", has_text="Accept").click()
    for page in (ann, bob):
        page.wait_for_url("**/#/game/*")
        page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    return ann, bob, ann_name, bob_name


def test_a_player_aborts_before_both_have_moved(hall: Hall) -> None:
    ann, bob, ann_name, _ = _backgammon_match(hall, "1")
    spectator = hall.page("/" + ann.url.split("/", 3)[3], hall.phone)
    expect(spectator.locator("svg.tables-board")).to_be_visible()
    expect(spectator.locator('[data-action="abort"]')).to_have_count(0)
    abort = ann.locator('.controls button[data-action="abort"]')
    expect(abort).to_be_visible()
    abort.click()
    ann.locator('dialog [data-choice="yes"]').click()
    for page, who in ((ann, "You"), (bob, ann_name), (spectator, ann_name)):
        expect(page.locator(".why")).to_contain_text(
            f"{who} aborted the game: no result, no rating"
        )
        expect(page.locator("h2", has_text="The match was aborted")).to_be_visible()
    expect(bob.locator('.controls button[data-action="abort"]')).to_have_count(0)
    hall.screenshot(spectator, "aborted-phone")


def test_the_whole_match_is_resigned_after_a_question(hall: Hall) -> None:
    ann, bob, ann_name, bob_name = _backgammon_match(hall, "3")
    resign = bob.locator('.controls button[data-action="resign_match"]')
    expect(resign).to_be_visible()
    resign.click()
    bob.locator("dialog button", has_text="Cancel").click()
    assert hall.game(bob)["state"]["phase"] != "over"
    resign.click()
    expect(bob.locator("dialog")).to_contain_text("Your opponent wins the whole match")
    bob.locator('dialog [data-choice="yes"]').click()
    expect(ann.locator("h2", has_text="You won the match")).to_be_visible()
    expect(ann.locator(".why")).to_contain_text(f"{bob_name} resigned the match")
    expect(bob.locator("h2", has_text=f"{ann_name} won the match")).to_be_visible()
