"""How to play (issue 37: the rules' summaries the site shows are translated): each game's
rules in short, reached from the lobby's new-game form and from a game page, in the browser's
language."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from browser.languages import assert_in_language

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("locale", ["ru-RU", "ka-GE", "zh-CN"])
def test_the_rules_speak_the_browsers_language(hall: Hall, locale: str) -> None:
    page = hall.page("/#/rules", DESKTOP, locale=locale)
    expect(page.locator("section.rules")).to_have_count(4)
    seen = assert_in_language(page, f"{locale} how to play")
    print(f"{locale} how to play: {seen.share:.1%} of {len(seen.words)} words", seen.english)
    hall.screenshot(page, f"rules-{locale[:2]}")


def test_the_rules_are_reached_from_the_lobby_and_from_a_game(hall: Hall) -> None:
    ann, _ = hall.player("ann", DESKTOP)
    ann.locator('form.new-game a[href="#/rules"]').click()
    expect(ann.locator("h1")).to_have_text("How to play")
    expect(ann.locator("#rules-nardy")).to_contain_text("only one checker may leave the head")
    expect(ann.locator("#rules-renju")).to_contain_text("double-three")
    ann.goto(hall.url + "/#/")
    ann.select_option("select[name=game]", "nardy")
    ann.locator("button[value=computer]").click()
    ann.wait_for_url("**/#/game/*")
    link = ann.locator("a.rules-link")
    expect(link).to_have_attribute("href", "#/rules/nardy")
    link.click()
    expect(ann.locator("#rules-nardy")).to_be_in_viewport()
