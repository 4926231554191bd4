"""Takebacks on the game page: in a casual match a player asks to take back the turn just
played, the opponent allows it, and the player plays the turn again with the same dice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

from browser.test_match_exits import _backgammon_match

if TYPE_CHECKING:
    from browser.conftest import Hall


def test_a_takeback_asked_and_allowed(hall: Hall) -> None:
    ann, bob, _, _ = _backgammon_match(hall, "1")
    state = hall.game(ann)["state"]
    mover, other = (ann, bob) if hall.game(ann)["you"] == state["on_roll"] else (bob, ann)
    mover_name = hall.game(mover)["state"]["players"][hall.game(mover)["you"]]
    dice = state["dice"]
    play = hall.game(mover)["legal"]["plays"][0]
    mover.locator("input[name=play]").fill(play)
    mover.locator(".play-form button[type=submit]").click()
    mover.locator('.controls button[data-action="confirm"]').click()
    ask = mover.locator('.controls button[data-action="takeback"]')
    expect(ask).to_be_visible()
    ask.click()
    expect(mover.locator(".takeback-waiting")).to_be_visible()
    prompt = other.locator(".prompt.takeback")
    expect(prompt).to_contain_text(f"{mover_name} asks to take back their last turn")
    hall.screenshot(other, "takeback-asked-desktop")
    prompt.locator('button[data-action="accept_takeback"]').click()
    mover.wait_for_function(
        "you => window.gamehall.game.state.to_act === you", arg=hall.game(mover)["you"]
    )
    again = hall.game(mover)["state"]
    assert again["dice"] == dice and again["phase"] == "move" and "takeback" not in again
    expect(mover.locator('.controls button[data-action="takeback"]')).to_have_count(0)
    expect(other.locator(".prompt.takeback")).to_have_count(0)
