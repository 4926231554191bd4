"""The social pages speak the reader's language (at least 90 % of what they show): a player's
buttons, the players followed, the conversations and a conversation with a refusal in it, and the
search of finished games with its filters (the form a player's history shows too)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from browser.languages import assert_in_language

if TYPE_CHECKING:
    from browser.conftest import Hall

LOCALES = ["ru-RU", "ka-GE", "zh-CN"]
DESKTOP = {"width": 1366, "height": 768}


def check(page: Page, where: str) -> None:
    """``assert_in_language`` on the whole page, saying the share found (pytest -s shows it)."""
    seen = assert_in_language(page, where)
    print(f"{where}: {seen.share:.1%} of {len(seen.words)} words", seen.english)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_social_pages_speak_the_browsers_language(hall: Hall, locale: str) -> None:
    ann, ann_name = hall.player("ann", DESKTOP, locale=locale)
    bob, bob_name = hall.player("bob", DESKTOP, locale=locale)
    short = locale[:2]

    ann.goto(f"{hall.url}/#/player/{bob_name}")
    ann.locator("[data-act=follow]").click()
    expect(ann.locator("[data-act=unfollow]")).to_be_visible()
    check(ann, f"{locale} a player's page with the social buttons")

    ann.goto(f"{hall.url}/#/following")
    expect(ann.locator(f".following li[data-player='{bob_name}'] .tag")).to_be_visible()
    check(ann, f"{locale} the players followed")
    hall.screenshot(ann, f"language-following-{short}")

    ann.goto(f"{hall.url}/#/messages/{bob_name}")
    expect(ann.locator(".messages .empty")).to_be_visible()
    ann.locator(".message-form textarea").fill("привет 你好 გამარჯობა")
    ann.locator(".message-form button[type=submit]").click()
    expect(ann.locator(".messages li.mine")).to_have_count(1)
    bob.goto(f"{hall.url}/#/player/{ann_name}")
    bob.locator("[data-act=block]").click()
    expect(bob.locator(".blocked-note")).to_be_visible()
    check(bob, f"{locale} a blocked player's page")
    ann.locator(".message-form textarea").fill("?")
    ann.locator(".message-form button[type=submit]").click()
    expect(ann.locator(".message-form .form-error")).to_be_visible()
    check(ann, f"{locale} a conversation with a refusal")
    hall.screenshot(ann, f"language-conversation-{short}")

    bob.goto(f"{hall.url}/#/messages")
    expect(bob.locator(f".conversations li[data-name='{ann_name}'] .tag.unread")).to_be_visible()
    check(bob, f"{locale} the conversations")

    bob.goto(f"{hall.url}/#/games?player={ann_name}&result=loss")
    expect(bob.locator(".found-games .empty")).to_be_visible()
    check(bob, f"{locale} the search of finished games")
    hall.screenshot(bob, f"language-games-{short}")
