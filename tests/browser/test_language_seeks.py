"""A seek's and a challenge's terms in the reader's language (issue 37): the game's name and the
clock in words ("5 мин + 5 с за ход"), not the API's notation, each row at least 90 % in it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from browser.languages import assert_in_language

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1280, "height": 800}
CLOCKS = {"ru-RU": "5 мин + 5 с за ход", "zh-CN": "5 分钟 + 每步 5 秒"}


@pytest.mark.parametrize("locale", list(CLOCKS))
def test_seeks_and_challenges_say_their_clock_in_words(hall: Hall, locale: str) -> None:
    ann, ann_name = hall.player("ann", DESKTOP, locale=locale)
    bob, bob_name = hall.player("bob", DESKTOP, locale=locale)
    ann.select_option("select[name=game]", "nardy")
    ann.fill("input[name=clock]", "fischer:300+5")
    ann.locator("button[value=seek]").click()
    row = bob.locator(f'tr[data-user="{ann_name}"]')
    expect(row).to_contain_text(CLOCKS[locale])
    expect(row).not_to_contain_text("fischer")
    assert_in_language(bob, f"seek {locale}", f'tr[data-user="{ann_name}"]')

    ann.locator("input[name=opponent]").fill(bob_name)
    ann.locator("button[value=challenge]").click()
    challenge = bob.locator("li[data-challenge]")
    expect(challenge).to_contain_text(CLOCKS[locale])
    assert_in_language(
        bob, f"challenge {locale}", "li[data-challenge]", also_kept=frozenset({ann_name})
    )
