"""A finished game and match as the game page shows them: half points, the score when a match
stops, the tab's title, the result and its panels in sight."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 800}


def _challenge(hall: Hall, game: str, length: str, clock: str = "") -> tuple[Page, Page]:
    """Bob challenges Ann; both on the game page, its state loaded: (Ann, Bob)."""
    ann, ann_name = hall.player("ann", DESKTOP)
    bob, _ = hall.player("bob", DESKTOP)
    bob.select_option("select[name=game]", game)
    bob.fill("input[name=length]", length)
    if clock:
        bob.fill("input[name=clock]", clock)
    bob.locator("input[name=opponent]").fill(ann_name)
    bob.locator("button[value=challenge]").click()
    ann.locator("li[data-challenge] button", has_text="Accept").click()
    ann.wait_for_url("**/#/game/*")
    bob.wait_for_url("**/#/game/*")
    for page in (ann, bob):
        page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    return ann, bob


def test_a_drawn_renju_game_is_half_a_point_each(hall: Hall) -> None:
    ann, bob = _challenge(hall, "renju", "1")
    ann.locator('.controls button[data-action="offer_draw"]').click()
    bob.locator('.controls button[data-action="accept"]').click()
    for page in (ann, bob):
        # a match of one game ends with its draw (draws count, they are not replayed)
        expect(page.locator(".result h2")).to_have_text("The match is drawn")
        expect(page.locator(".result .why")).to_contain_text("½–½ in a match to 1")
        expect(page.locator(".match-info")).to_contain_text("½–½ to 1")
        expect(page.locator(".player .score").first).to_have_text("score ½")
        expect(page.locator(".moves")).to_contain_text("· ½–½")
        expect(page.locator("body")).not_to_contain_text("0½")
        expect(page.locator("body")).not_to_contain_text("0.5")


def test_the_watch_page_scores_a_new_match_0_0(hall: Hall) -> None:
    ann, _ = _challenge(hall, "renju", "3")
    match = ann.url.rsplit("/", 1)[-1]
    watcher = hall.page("/#/watch", DESKTOP)
    row = watcher.locator(f'tr[data-match="{match}"]')
    expect(row.locator("td").nth(2)).to_have_text("0–0")


def test_a_renju_game_lost_on_time_is_scored_as_the_game_that_won_the_match(hall: Hall) -> None:
    """The flag lost a game, which was scored: no 'score when it stopped' counting it."""
    ann, bob = _challenge(hall, "renju", "1", clock="fischer:3+0")
    for page in (ann, bob):
        why = page.locator(".result .why")
        expect(why).to_contain_text("ran out of time", timeout=15_000)
        expect(why).not_to_contain_text("when it stopped")
        score = hall.game(page)["state"]["score"]
        expect(why).to_contain_text(f"{score[0]}–{score[1]} in a match to 1")


def test_the_tab_title_names_the_players_only_on_the_game_page(hall: Hall) -> None:
    ann, _ = _challenge(hall, "renju", "1")
    expect(ann).to_have_title(re.compile(r" – .* · gamehall$"))
    ann.locator('a[href="#/watch"]').first.click()
    ann.wait_for_url("**/#/watch")
    expect(ann).to_have_title("gamehall")
