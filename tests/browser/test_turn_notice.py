"""Your turn in a correspondence-length match (no clock): two notes on the game page (a setting
mutes them, remembered), a notice with a link on any other page, and the browser's own notice
while the game's tab is hidden."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

# Counts the tones the page plays (Web Audio oscillators), records the browser notices it
# shows (a stand-in for Notification, not yet asked; asking allows it) and lets the test hide
# the tab.
LISTEN = """() => {
  window.__tones = 0;
  const make = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () {
    window.__tones += 1;
    return make.call(this);
  };
  window.__notices = [];
  window.Notification = class {
    static permission = "default";
    static requestPermission() {
      window.Notification.permission = "granted";
      return Promise.resolve("granted");
    }
    constructor(title, options) { window.__notices.push(options.body); }
  };
  const hidden = { get: () => window.__hidden === true, configurable: true };
  Object.defineProperty(document, "hidden", hidden);
}"""


def _play(stone: str, mover: Page, watcher: Page) -> None:
    mover.locator(f'svg.renju-board [data-point="{stone}"]').click()
    expect(watcher.locator(f'[data-stone="{stone}"]')).to_have_count(1)


def _tones(page: Page) -> int:
    count: int = page.evaluate("window.__tones")
    return count


def test_your_turn_rings_on_the_game_page_and_is_told_on_another(hall: Hall) -> None:
    ann, ann_name = hall.player("ann")
    bob, _ = hall.player("bob", hall.phone)
    ann.select_option("select[name=game]", "renju")
    ann.locator("button[value=seek]").click()
    expect(ann.locator(".lobby-message")).to_contain_text("Your seek is in the list")
    bob.locator(f'tr[data-user="{ann_name}"]').locator("button", has_text="Accept").click()
    bob.wait_for_url("**/#/game/*")
    ann.wait_for_url("**/#/game/*")
    expect(ann.locator("svg.renju-board")).to_be_visible()
    expect(bob.locator("svg.renju-board")).to_be_visible()
    seen = hall.game(ann)
    black, white = (ann, bob) if seen["state"]["black"] == seen["you"] else (bob, ann)
    black_name = hall.game(black)["state"]["players"][hall.game(black)["you"]]
    white.evaluate(LISTEN)

    # on the game page: two notes when the turn comes
    _play("h8", black, white)
    white.wait_for_function("window.__tones === 2")
    sound = white.get_by_label("Sound when it is your turn")
    expect(sound).to_be_checked()
    sound.uncheck()
    assert white.evaluate("localStorage.getItem('gamehall.turnsound')") == "off"
    # no clock: the page offers to let the browser tell the turn; asked once, it goes
    allow = white.locator("button", has_text="Tell me in the browser when it is my turn")
    allow.click()
    assert white.evaluate("Notification.permission") == "granted"
    expect(allow).to_have_count(0)
    _play("h9", white, black)
    _play("j10", black, white)
    assert _tones(white) == 2  # muted
    expect(white.locator('#notices [data-type="your_turn"]')).to_have_count(0)

    # on another page: a notice with a link, and the unread mark in the title
    _play("g7", white, black)
    white.locator("nav a", has_text="Watch").click()
    expect(white.locator("h1")).to_have_text("Live matches")
    _play("i10", black, black)
    notice = white.locator('#notices [data-type="your_turn"]')
    expect(notice).to_contain_text(f"Your turn against {black_name} (Renju).")
    assert white.title().startswith("(1) ")
    assert white.evaluate("window.__notices") == []  # the tab is shown: no browser notice
    hall.screenshot(white, "notice-your-turn")
    notice.locator("a", has_text="Go to the game").click()
    white.wait_for_url("**/#/game/*")
    expect(notice).to_have_count(0)
    white.wait_for_function("!document.title.startsWith('(')")

    # the game's tab hidden: the browser's own notice, nothing in the page's corner
    _play("k11", white, black)
    white.evaluate("window.__hidden = true")
    _play("g9", black, white)
    white.wait_for_function("window.__notices.length === 1")
    assert white.evaluate("window.__notices") == [f"Your turn against {black_name} (Renju)."]
    expect(white.locator('#notices [data-type="your_turn"]')).to_have_count(0)

    # the muted sound is remembered
    white.reload()
    expect(white.get_by_label("Sound when it is your turn")).not_to_be_checked()
