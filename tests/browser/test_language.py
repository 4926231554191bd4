"""The pages speak the reader's language: his browser's by default, the one he chooses in the
menu on every page, which a signed-in player's profile remembers in his other browsers."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from browser.languages import reading

if TYPE_CHECKING:
    from browser.conftest import Hall


def test_the_browsers_language_is_spoken_and_set_on_the_document(hall: Hall) -> None:
    page = hall.page("/", locale="ru-RU")
    expect(page.locator("nav a[href='#/']")).to_have_text("Лобби")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("nav")).to_have_attribute("aria-label", "Главное меню")
    chinese = hall.page("/", locale="zh-CN")
    expect(chinese.locator("html")).to_have_attribute("lang", "zh-Hans")
    expect(chinese.locator("nav a[href='#/tournaments']")).to_have_text("比赛")
    german = hall.page("/", locale="de-DE")  # not spoken here: English
    expect(german.locator("nav a[href='#/']")).to_have_text("Lobby")


def test_the_menu_chooses_and_the_profile_remembers(hall: Hall) -> None:
    page, name = hall.player("lang", locale="en-US")
    menu = page.locator("#language select")
    expect(menu.locator("option")).to_have_text(["English", "ქართული", "Русский", "中文 (简体)"])
    menu.select_option("ka")
    expect(page.locator("html")).to_have_attribute("lang", "ka")
    expect(page.locator("nav a[href='#/']")).to_have_text("ლობი")
    expect(page.locator("#language select")).to_have_value("ka")
    # another browser, set to English: once he logs in, his choice follows him
    elsewhere = hall.page("/#/login", locale="en-US")
    expect(elsewhere.locator("nav a[href='#/']")).to_have_text("Lobby")
    form = elsewhere.locator("form.log-in, form[aria-label='Log in']").first
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=password]").fill("a good password")
    form.locator("button[type=submit]").click()
    expect(elsewhere.locator("html")).to_have_attribute("lang", "ka")
    expect(elsewhere.locator("nav a[href='#/']")).to_have_text("ლობი")


def test_the_measure_counts_english_words_and_leaves_names_out(hall: Hall) -> None:
    page = hall.page("/", locale="ru-RU")
    expect(page.locator("nav a[href='#/']")).to_have_text("Лобби")
    page.evaluate(
        """() => document.body.append(Object.assign(document.createElement('p'), {id: 'measured',
             innerHTML: 'Играть <span translate="no">carol</span> Play now'}))"""
    )
    seen = reading(page, "#measured")
    assert "carol" not in seen.words and set(seen.english) >= {"Play", "now"}
    assert seen.words == ("Играть", "Play", "now") and seen.share == pytest.approx(1 / 3)
