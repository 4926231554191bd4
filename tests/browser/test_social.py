"""The social side in the browser: a spectator follows a player, sees him online and his game
to watch; private messages come in live; a block refuses the next message."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}


def _challenge(hall: Hall, challenger: Page, opponent: Page, name: str) -> str:
    """A backgammon match of ``challenger`` against ``name``, accepted; its id."""
    challenger.goto(f"{hall.url}/#/")
    challenger.select_option("select[name=game]", "backgammon")
    challenger.locator("input[name=opponent]").fill(name)
    challenger.locator("button[value=challenge]").click()
    opponent.goto(f"{hall.url}/#/")
    opponent.locator("li[data-challenge] button", has_text="Accept").click()
    opponent.wait_for_url("**/#/game/*")
    challenger.wait_for_url("**/#/game/*")
    return opponent.url.rsplit("/", 1)[1]


def _send(page: Page, text: str) -> None:
    page.locator(".message-form textarea[name=message]").fill(text)
    page.locator(".message-form button[type=submit]").click()


def test_a_spectator_follows_a_player_and_watches_his_game(hall: Hall) -> None:
    ann, ann_name = hall.player("ann", DESKTOP)
    bob, _ = hall.player("bob", hall.phone)
    carol, carol_name = hall.player("carol", DESKTOP)
    carol.goto(f"{hall.url}/#/player/{ann_name}")
    carol.locator("[data-act=follow]").click()
    expect(carol.locator("[data-act=unfollow]")).to_be_visible()
    carol.goto(f"{hall.url}/#/following")
    row = carol.locator(f".following li[data-player='{ann_name}']")
    expect(row).to_have_attribute("data-online", "true")
    expect(row.locator(".tag.online")).to_have_text("online")
    carol.goto(f"{hall.url}/#/")
    panel = carol.locator("[data-followed-online]")
    expect(panel.locator(f"li[data-player='{ann_name}']")).to_be_visible()
    carol.goto(f"{hall.url}/#/following")
    expect(row).to_be_visible()

    match_id = _challenge(hall, bob, ann, ann_name)
    # the page hears the followed_playing notice and lists the game to watch
    watch = row.locator(f"a.watch-link[data-match='{match_id}']")
    expect(watch).to_be_visible(timeout=15_000)
    notice = carol.locator("#notices .followed_playing")
    expect(notice).to_contain_text(f"{ann_name} is playing Backgammon")
    hall.screenshot(carol, "following")
    watch.click()
    carol.wait_for_url(f"**/#/game/{match_id}")
    expect(carol.locator(".chat h3")).to_have_text("Spectators' chat")
    assert carol_name


def test_messages_come_live_and_a_block_refuses_the_next(hall: Hall) -> None:
    ann, ann_name = hall.player("ann", DESKTOP)
    bob, bob_name = hall.player("bob", hall.phone)
    ann.goto(f"{hall.url}/#/player/{bob_name}")
    ann.locator("[data-act=message]").click()
    ann.wait_for_url(f"**/#/messages/{bob_name}")
    expect(ann.locator("h1")).to_have_text(f"Conversation with {bob_name}")
    _send(ann, "hello <b>bob</b>")
    mine = ann.locator(".messages li.mine", has_text="hello <b>bob</b>")
    expect(mine).to_have_count(1)
    message_id = mine.get_attribute("data-id")
    assert message_id and message_id.isdigit()

    # bob, in the lobby, is told and sees one unread in the header
    expect(bob.locator("#notices .message")).to_contain_text(f"{ann_name} sent you a message")
    expect(bob.locator(".messages-link")).to_have_attribute("data-unread", "1")
    expect(bob.locator(".messages-link .count")).to_have_text("1")
    bob.locator("#notices .message a").click()
    bob.wait_for_url(f"**/#/messages/{ann_name}")
    theirs = bob.locator(f".messages li.theirs[data-id='{message_id}']")
    expect(theirs).to_contain_text("hello <b>bob</b>")
    expect(bob.locator(".messages b")).to_have_count(0)
    expect(bob.locator(".messages-link")).to_have_attribute("data-unread", "0")
    _send(bob, "hi ann")
    expect(ann.locator(".messages li.theirs", has_text="hi ann")).to_have_count(1)
    hall.screenshot(bob, "messages-phone")
    hall.screenshot(ann, "messages-desktop")

    bob.goto(f"{hall.url}/#/messages")
    expect(bob.locator(f".conversations li[data-name='{ann_name}']")).to_contain_text("hi ann")
    bob.goto(f"{hall.url}/#/player/{ann_name}")
    bob.locator("[data-act=block]").click()
    expect(bob.locator("[data-act=unblock]")).to_be_visible()
    expect(bob.locator(".blocked-note")).to_contain_text("You have blocked this player")

    _send(ann, "are you there?")
    expect(ann.locator(".message-form .form-error")).to_have_text(
        f"Your message was not sent: {bob_name} has blocked you"
    )
    expect(ann.locator(".messages li", has_text="are you there?")).to_have_count(0)
