"""The search of finished games finds a game by player and result, the filters kept in the
address; a player's history is filtered on his profile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}


def _search(page: Page, **filters: str) -> None:
    form = page.locator("form[data-game-filters]")
    for name, value in filters.items():
        field = form.locator(f"[name={name}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    form.locator("button[type=submit]").click()


def test_the_search_finds_a_finished_game_by_player_and_result(hall: Hall) -> None:
    ann, ann_name = hall.player("ann", DESKTOP)
    bob, bob_name = hall.player("bob", hall.phone)
    bob.select_option("select[name=game]", "renju")
    bob.locator("input[name=opponent]").fill(ann_name)
    bob.locator("button[value=challenge]").click()
    ann.locator("li[data-challenge] button", has_text="Accept").click()
    ann.wait_for_url("**/#/game/*")
    bob.wait_for_url("**/#/game/*")
    match_id = ann.url.rsplit("/", 1)[1]
    expect(bob.locator("svg.renju-board")).to_be_visible()
    bob.locator("button[data-action=resign]").click()
    bob.locator("dialog button[data-choice=yes]").click()
    ann.wait_for_function("window.gamehall.game.state.phase === 'over'")

    carol = hall.page("/#/watch", DESKTOP)  # a visitor, not logged in
    carol.locator("a.games-link").click()
    carol.wait_for_url("**/#/games")
    _search(carol, player=ann_name, result="win")
    carol.wait_for_url(f"**/#/games?player={ann_name}&result=win")
    row = carol.locator(f".found-games tr[data-match='{match_id}']")
    expect(row).to_contain_text(f"won: {bob_name} resigned")
    expect(row.locator(f"a[href='#/game/{match_id}']")).to_be_visible()
    hall.screenshot(carol, "games-search")
    _search(carol, result="loss")
    carol.wait_for_url("**/#/games?player=*&result=loss")
    expect(carol.locator(".found-games .empty")).to_have_text("No finished game fits.")
    carol.reload()  # the search is in the address
    expect(carol.locator("form[data-game-filters] select[name=result]")).to_have_value("loss")
    _search(carol, player=bob_name, game="renju", ended="resign")
    expect(carol.locator(f".found-games tr[data-match='{match_id}']")).to_be_visible()

    bob.goto(f"{hall.url}/#/player/{bob_name}")
    bob.locator(".history-filters summary").click()
    _search(bob, result="loss", opponent=ann_name)
    bob.wait_for_url(f"**/#/player/{bob_name}?opponent={ann_name}&result=loss")
    expect(bob.locator(f".found-games tr[data-match='{match_id}']")).to_contain_text("lost:")
    _search(bob, result="win")
    expect(bob.locator(".found-games .empty")).to_be_visible()
    expect(bob.locator(".history-filters")).to_have_attribute("open", "")
