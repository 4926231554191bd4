"""The tournament pages speak the reader's language (issue 37): with the browser set to
Russian, Georgian or Chinese and nothing chosen, the tournaments list with its form, and a
round robin's page before it starts and while its first round is played (standings, pairings,
crosstable, the player's next game, the games to watch, the tournament's chat), show at least
90 % of their words in that language; players' and tournaments' names are marked
translate="no"."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from browser.languages import assert_in_language

if TYPE_CHECKING:
    from browser.conftest import Hall

WAIT_MS = 20_000
"""How long a step that waits for the server's director (pairing) may take."""


def _make(page: Page, url: str) -> str:
    """Make a round robin of 1-point renju games on the tournaments page; returns its id."""
    page.goto(f"{url}/#/tournaments")
    form = page.locator("form.new-tournament")
    form.locator("input[name=name]").fill("Kutaisi Open")
    form.locator("select[name=format]").select_option("round-robin")
    form.locator("input[name=grace_seconds]").fill("300")
    form.locator("select[name=game]").select_option("renju")
    form.locator("input[name=length]").fill("1")
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r".*#/tournament/\d+$"))
    return page.url.rsplit("/", 1)[1]


@pytest.mark.parametrize("locale", ["ru-RU", "ka-GE", "zh-CN"])
def test_the_tournament_pages_speak_the_readers_language(hall: Hall, locale: str) -> None:
    short = locale.split("-")[0]
    failures: list[str] = []

    def check(page: Page, where: str, root: str = "body") -> None:
        """Measure ``root`` of ``page``; every page is measured before the test fails."""
        try:
            assert_in_language(page, f"{where} ({locale})", root)
        except AssertionError as failure:
            failures.append(str(failure).splitlines()[0])

    pages: dict[str, Page] = {}
    for _ in range(4):
        page, name = hall.player("lt", locale=locale)
        pages[name] = page
    maker = pages[min(pages)]

    maker.goto(f"{hall.url}/#/tournaments")
    expect(maker.locator("form.new-tournament")).to_be_visible()
    expect(maker.locator(".tournament-lists h2").first).to_be_visible()
    check(maker, "the tournaments list and its form")
    hall.screenshot(maker, f"language-{short}-tournaments")

    tid = _make(maker, hall.url)
    url = f"{hall.url}/#/tournament/{tid}"
    for page in pages.values():
        page.goto(url)
        page.locator(".tournament .buttons button.primary").click()
        expect(page.locator(".tournament .buttons button.primary")).to_have_count(0)
    expect(maker.locator(".entry-list li")).to_have_count(4)
    check(maker, "a tournament's entries", "section.entries")
    expect(maker.locator("section.next-game")).to_be_visible()
    check(maker, "a player's next game before the start", "section.next-game")
    expect(maker.locator(".tournament-chat .chat-form")).to_be_visible()
    check(maker, "the tournament's chat", ".tournament-chat")
    check(maker, "a tournament before it starts")
    hall.screenshot(maker, f"language-{short}-tournament-open")

    # the maker's buttons: leave, start
    maker.locator(".tournament .buttons button").nth(1).click()
    expect(maker.locator('table.pairings[data-round="1"] tbody tr')).to_have_count(
        2, timeout=WAIT_MS
    )
    expect(maker.locator("table.standings tbody tr")).to_have_count(4)
    expect(maker.locator("table.crosstable tbody tr")).to_have_count(4)
    expect(maker.locator("section.next-game a.go-to-game")).to_be_visible(timeout=WAIT_MS)
    expect(maker.locator("table.games-to-watch tbody tr")).to_have_count(2)
    parts = ("section.next-game", "section.watch-games", "section.standings-section")
    for part in (*parts, "section.tables", "section.rounds"):
        check(maker, f"a running tournament's {part}", part)
    check(maker, "a tournament while its round is played")
    maker.set_viewport_size({"width": 1280, "height": 1600})
    hall.screenshot(maker, f"language-{short}-tournament-running")
    phone = hall.page(url.removeprefix(hall.url), hall.phone, locale=locale)
    expect(phone.locator("table.standings tbody tr")).to_have_count(4)
    check(phone, "a running tournament at phone width")
    hall.screenshot(phone, f"language-{short}-tournament-phone")
    overflow = phone.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1")
    assert not overflow, "the tournament page is wider than a phone"
    assert not failures, "\n".join(failures)
