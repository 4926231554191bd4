"""A seek goes when its owner leaves the site; a player whose seek is accepted is told on
whatever page he is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}


def test_a_seek_goes_when_its_owner_closes_the_browser(hall: Hall) -> None:
    guest = hall.page("/#/", DESKTOP)
    guest.locator(".welcome button", has_text="Play as a guest").click()
    guest.locator("form.new-game").wait_for()
    guest.select_option("select[name=game]", "renju")
    guest.locator("button[value=seek]").click()
    expect(guest.locator(".lobby-message")).to_contain_text("Your seek is in the list")
    name = guest.locator(".account .me").inner_text()
    watcher, _ = hall.player("bob", hall.phone)
    seek = watcher.locator(f'tr[data-user="{name}"]')
    expect(seek).to_have_count(1)
    guest.context.close()
    expect(seek).to_have_count(0, timeout=(hall.grace_seconds + 6) * 1000)
    hall.screenshot(watcher, "lobby-seek-gone-phone")


def test_an_accepted_seek_is_announced_on_another_page(hall: Hall) -> None:
    ann, ann_name = hall.player("ann", hall.phone)
    bob, _ = hall.player("bob", DESKTOP)
    ann.select_option("select[name=game]", "backgammon")
    ann.locator("button[value=seek]").click()
    expect(ann.locator(".lobby-message")).to_contain_text("Your seek is in the list")
    ann.locator("nav a", has_text="Watch").click()
    expect(ann.locator("h1")).to_have_text("Live matches")
    bob.locator(f'tr[data-user="{ann_name}"] button', has_text="Accept").click()
    bob.wait_for_url("**/#/game/*")
    notice = ann.locator('#notices [data-type="seek_accepted"]')
    expect(notice).to_contain_text("accepted your seek")
    expect(notice).to_contain_text("Backgammon")
    hall.screenshot(ann, "notice-seek-accepted-phone")
    assert ann.title().startswith("(1) ")
    notice.locator("a", has_text="Go to the game").click()
    ann.wait_for_url("**/#/game/*")
    assert ann.url.rsplit("/", 1)[1] == bob.url.rsplit("/", 1)[1]
    expect(notice).to_have_count(0)
    ann.wait_for_function("!document.title.startsWith('(')")
