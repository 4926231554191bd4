"""Chat in a game: the players talk in their room, a spectator in his; the text is shown as
text; the chat can be turned off."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}


def _say(page: Page, text: str) -> None:
    page.locator(".chat-form input[name=chat]").fill(text)
    page.locator(".chat-form button", has_text="Send").click()


def test_players_and_a_spectator_chat_in_their_rooms(hall: Hall) -> None:
    ann, ann_name = hall.player("ann", DESKTOP)
    bob, _ = hall.player("bob", hall.phone)
    bob.select_option("select[name=game]", "backgammon")
    bob.locator("input[name=opponent]").fill(ann_name)
    bob.locator("button[value=challenge]").click()
    ann.locator("li[data-challenge] button", has_text="Accept").click()
    ann.wait_for_url("**/#/game/*")
    bob.wait_for_url("**/#/game/*")
    match_id = ann.url.rsplit("/", 1)[1]
    carol, _ = hall.player("carol", DESKTOP)
    carol.goto(f"{hall.url}/#/game/{match_id}")

    expect(ann.locator(".chat h3")).to_have_text("Chat with your opponent")
    expect(carol.locator(".chat h3")).to_have_text("Spectators' chat")
    _say(ann, "good <b>luck</b>")
    line = bob.locator(".chat-messages li", has_text="good <b>luck</b>")
    expect(line).to_contain_text(ann_name)
    expect(bob.locator(".chat-messages b")).to_have_count(0)
    _say(carol, "nice opening")
    expect(carol.locator(".chat-messages li", has_text="nice opening")).to_have_count(1)
    expect(ann.locator(".chat-messages li", has_text="nice opening")).to_have_count(0)
    expect(ann.locator(".chat-form input[name=chat]")).to_have_attribute("maxlength", "300")
    hall.screenshot(bob, "chat-phone")
    hall.screenshot(ann, "chat-desktop")

    bob.get_by_label("Show the chat").uncheck()
    expect(bob.locator(".chat-body")).to_be_hidden()
    ann.wait_for_timeout(1100)  # one message a second
    _say(ann, "still there?")
    expect(ann.locator(".chat-messages li", has_text="still there?")).to_have_count(1)
    bob.get_by_label("Show the chat").check()
    expect(bob.locator(".chat-messages li", has_text="still there?")).to_have_count(1)
