"""The lobby, the log-in page, the watch page, a player's page and the ratings page speak the
language of a browser set to Russian, Georgian or Chinese, with nothing chosen on the pages
(issue 37): at least 90 % of their visible words are in it, names left as they are."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from browser.languages import assert_in_language

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1280, "height": 800}

LOCALES = ["ru-RU", "ka-GE", "zh-CN"]


def check(page: Page, where: str) -> None:
    """``assert_in_language`` on the whole page, saying the share found (pytest -s shows it)."""
    seen = assert_in_language(page, where)
    print(f"{where}: {seen.share:.1%} of {len(seen.words)} words", seen.english)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_lobby_and_its_pages_speak_the_browsers_language(hall: Hall, locale: str) -> None:
    ann, ann_name = hall.player("ann", DESKTOP, locale=locale)
    bob, _ = hall.player("bob", DESKTOP, locale=locale)
    short = locale[:2]

    # ann seeks an opponent; bob sees the seek and challenges ann to a renju match
    ann.locator("button[value=seek]").click()
    expect(bob.locator(f'tr[data-user="{ann_name}"]')).to_be_visible()
    bob.select_option("select[name=game]", "renju")
    bob.fill("input[name=length]", "3")
    bob.locator("input[name=opponent]").fill(ann_name)
    bob.locator("button[value=challenge]").click()
    expect(ann.locator("li[data-challenge]")).to_be_visible()
    expect(bob.locator("li[data-challenge]")).to_be_visible()
    expect(ann.locator(".online-list li").first).to_be_visible()

    check(bob, f"{locale} lobby with a seek listed and a challenge sent")
    check(ann, f"{locale} lobby with a challenge received")
    hall.screenshot(bob, f"language-lobby-{short}")
    hall.screenshot(ann, f"language-lobby-challenged-{short}")

    # the log-in page of a visitor
    visitor = hall.page("/#/login", DESKTOP, locale=locale)
    expect(visitor.locator("form.register")).to_be_visible()
    check(visitor, f"{locale} log-in page")
    hall.screenshot(visitor, f"language-login-{short}")

    # ann accepts the challenge: the watch page lists their match, ann's page too
    ann.locator("li[data-challenge] button.primary").click()
    ann.wait_for_url("**/#/game/*")
    bob.wait_for_url("**/#/game/*")
    bob.goto(hall.url + "/#/watch")
    expect(bob.locator(f'.watch-list tr[data-match]:has-text("{ann_name}")')).to_be_visible()
    check(bob, f"{locale} watch page")

    bob.goto(hall.url + f"/#/player/{ann_name}")
    expect(bob.locator(".ratings-section .loading")).to_have_count(0)
    expect(bob.locator("dl.stats")).to_be_visible()
    check(bob, f"{locale} player's page")
    hall.screenshot(bob, f"language-player-{short}")

    bob.goto(hall.url + "/#/ratings/renju")
    expect(bob.locator("nav.tabs a[aria-current=page]")).to_be_visible()
    expect(bob.locator(".loading")).to_have_count(0)
    check(bob, f"{locale} ratings page")
    hall.screenshot(bob, f"language-ratings-{short}")


@pytest.mark.parametrize("locale", ["ka-GE"])
def test_the_new_game_form_fits_a_phone_in_georgian(hall: Hall, locale: str) -> None:
    page, _ = hall.player("phone", hall.phone, locale=locale)
    check(page, f"{locale} lobby on a phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= hall.phone["width"], f"the lobby is {width}px wide on a phone"
    hall.screenshot(page, "language-lobby-phone-ka")
