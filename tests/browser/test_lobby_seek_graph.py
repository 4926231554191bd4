"""The lobby's seek filters and seek graph, and what is being played: two players' seeks of
different games, ratings and speeds narrowed by the filters in the list and the graph alike
(the filters kept by the browser); a seek accepted from the graph opens the game for both, and
a spectator's lobby counts the match."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

from browser.test_phone_sizes import SMALLEST
from gamehall.play.settings import GameName
from gamehall.store import Store
from support.ratings import give_rating

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 900}


def _rate(database: str, name: str, game: GameName, rating: float) -> None:
    with Store(database) as store:
        user = store.users.by_name(name)
        assert user is not None
        give_rating(store, user.id, game, rating)


def _seek(page: Page, game: str, clock: str | None) -> None:
    """Post a seek from ``page``, as the page's own API module does."""
    page.evaluate(
        "([game, clock]) => import('/js/api.js').then((api) =>"
        " api.post('/api/seeks', {settings: {game, length: 1, clock}, rated: false}))",
        [game, clock],
    )


def _shown(page: Page, name: str) -> tuple[int, int]:
    """How many rows and graph marks of ``name``'s seeks the page shows."""
    rows = page.locator(f'.seeks-table tr[data-user="{name}"]').count()
    marks = page.locator(f'svg.seek-graph .seek-mark[data-user="{name}"]').count()
    return rows, marks


def test_the_filters_narrow_the_list_and_the_graph(hall: Hall, server_database: str) -> None:
    ann, ann_name = hall.player("ann", DESKTOP)
    bob, bob_name = hall.player("bob", DESKTOP)
    _rate(server_database, ann_name, "renju", 1900)
    _rate(server_database, bob_name, "backgammon", 1300)
    _seek(ann, "renju", "fischer:180+2")  # blitz: 180 s and 40 turns of 2 s
    _seek(bob, "backgammon", None)
    watcher = hall.page("/#/", DESKTOP)  # a spectator, not logged in
    ann_mark = watcher.locator(f'svg.seek-graph .seek-mark[data-user="{ann_name}"]')
    bob_mark = watcher.locator(f'svg.seek-graph .seek-mark[data-user="{bob_name}"]')
    expect(ann_mark).to_have_count(1)
    expect(bob_mark).to_have_count(1)
    expect(watcher.locator(f'tr[data-user="{ann_name}"] .rating')).to_have_text("1900")
    expect(ann_mark).to_have_attribute("aria-label", re.compile(rf"{ann_name} \(1900\) · Renju"))
    expect(ann_mark).to_have_attribute("aria-disabled", "true")  # a spectator cannot accept
    expect(watcher.locator(".seeks-count")).to_have_text(re.compile(r"Showing (\d+) of \1$"))
    ann_y = float(ann_mark.locator("circle").get_attribute("cy") or 0)
    bob_y = float(bob_mark.locator("circle").get_attribute("cy") or 0)
    assert ann_y < bob_y  # the higher rating is drawn higher
    ann_mark.hover()
    expect(watcher.locator(".seek-graph-tip")).to_contain_text("(1900) · Renju")
    hall.screenshot(watcher, "lobby-seek-graph")

    filters = watcher.locator("form.seek-filters")
    expect(filters).to_be_hidden()  # folded while nothing is filtered
    watcher.locator(".filters summary").click()
    filters.get_by_label("Renju").check()
    expect(watcher.locator(f'tr[data-user="{bob_name}"]')).to_have_count(0)
    expect(bob_mark).to_have_count(0)
    assert _shown(watcher, ann_name) == (1, 1)
    counted = watcher.locator(".seeks-count").inner_text()
    shown, total = map(int, re.findall(r"\d+", counted))
    assert shown < total

    filters.get_by_role("button", name="Show all").click()
    expect(bob_mark).to_have_count(1)
    filters.get_by_label("Player's rating to").fill("1500")
    expect(ann_mark).to_have_count(0)
    assert _shown(watcher, bob_name) == (1, 1)
    filters.get_by_label("Player's rating to").fill("")
    filters.get_by_label("Blitz").check()
    expect(bob_mark).to_have_count(0)
    assert _shown(watcher, ann_name) == (1, 1)
    hall.screenshot(watcher, "lobby-seek-filters")

    watcher.reload()  # the browser keeps the filters
    expect(watcher.locator("form.seek-filters").get_by_label("Blitz")).to_be_checked()
    expect(ann_mark).to_have_count(1)
    expect(watcher.locator(f'tr[data-user="{bob_name}"]')).to_have_count(0)
    watcher.locator("form.seek-filters").get_by_role("button", name="Show all").click()
    expect(bob_mark).to_have_count(1)


def _matches(page: Page, game: str) -> int:
    return int(page.locator(f'.playing-table tr[data-game="{game}"] .matches').inner_text())


def test_a_seek_accepted_from_the_graph_opens_the_game_and_is_counted(hall: Hall) -> None:
    spectator = hall.page("/#/", DESKTOP)
    expect(spectator.locator('.playing-table tr[data-game="nardy"]')).to_be_visible()
    before = _matches(spectator, "nardy")
    ann, ann_name = hall.player("ann", DESKTOP)
    bob, _ = hall.player("bob", hall.phone)
    _seek(ann, "nardy", "fischer:300+5")
    mark = bob.locator(f'svg.seek-graph .seek-mark[data-user="{ann_name}"]')
    expect(mark).to_have_attribute("role", "button")
    expect(mark).to_have_attribute("aria-label", re.compile(rf"^Accept: {ann_name} \(1500\?\)"))
    own = ann.locator(f'svg.seek-graph .seek-mark[data-user="{ann_name}"]')
    expect(own).to_have_attribute("aria-label", re.compile("^Your seek: "))
    mark.scroll_into_view_if_needed()
    assert bob.evaluate(SMALLEST) == []  # the graph's words are read at 11 px on a phone too
    hall.screenshot(bob, "lobby-seek-graph-phone")
    mark.click()
    bob.wait_for_url("**/#/game/*")
    ann.wait_for_url("**/#/game/*")
    assert ann.url.rsplit("/", 1)[1] == bob.url.rsplit("/", 1)[1]
    spectator.wait_for_function(
        "(before) => Number(document.querySelector("
        "'.playing-table tr[data-game=\"nardy\"] .matches').textContent) > before",
        arg=before,
    )
    players = spectator.locator('.playing-table tr[data-game="nardy"] .players')
    assert int(players.inner_text()) >= 2
    hall.screenshot(spectator, "lobby-playing")


def test_a_mark_is_a_button_for_the_keyboard(hall: Hall) -> None:
    cat, cat_name = hall.player("cat", DESKTOP)
    dan, _ = hall.player("dan", DESKTOP)
    _seek(cat, "backgammon", "delay:12+60/pt")
    mark = dan.locator(f'svg.seek-graph .seek-mark[data-user="{cat_name}"]')
    expect(mark).to_have_attribute("tabindex", "0")
    mark.focus()
    expect(dan.locator(".seek-graph-tip")).to_contain_text(f"{cat_name} (1500?) · Backgammon")
    dan.keyboard.press("Enter")
    dan.wait_for_url("**/#/game/*")
    cat.wait_for_url("**/#/game/*")
    assert cat.url.rsplit("/", 1)[1] == dan.url.rsplit("/", 1)[1]
