"""Games against the computer: long nardy from a guest's lobby (the computer answers every turn),
and Georgian backgammon, where a move made cannot be taken back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

MY_TURNS = 6
"""Turns of the person before the screenshots."""
COMPUTER_TURNS = (
    "seat => window.gamehall.game.events"
    ".filter(e => e.kind === 'confirm' && e.player === seat).length"
)


def _start_against_computer(page: Page, game: str, level: str, dice: str = "secure") -> None:
    page.select_option("select[name=game]", game)
    page.select_option("select[name=dice]", dice)
    page.select_option("select[name=level]", level)
    page.select_option("select[name=side]", "0")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    expect(page.locator("svg.tables-board")).to_be_visible()


def _my_turn(hall: Hall, page: Page) -> dict[str, Any]:
    """Wait until it is the person's (seat 0) turn to act; returns the page's game."""
    page.wait_for_function("window.gamehall.game.state?.to_act === 0")
    return hall.game(page)


def _play_turn(hall: Hall, page: Page) -> None:
    """Roll if needed and play the whole turn by clicks: a checker, then its target."""
    while True:
        game = _my_turn(hall, page)
        before = game["events"]
        legal = game["legal"]
        if "roll" in game["actions"]:
            page.locator('.controls button[data-action="roll"]').click()
        elif legal and legal["moves"]:
            move = legal["moves"][0]
            src = "bar" if move["src"] == 25 else str(move["src"])
            dst = "off" if move["dst"] == 0 else str(move["dst"])
            page.locator(f'svg.tables-board [data-point="{src}"]').click()
            page.locator(f'svg.tables-board [data-point="{dst}"]').click()
        elif "confirm" in game["actions"]:
            page.locator('.controls button[data-action="confirm"]').click()
            page.wait_for_function("n => window.gamehall.game.events.length > n", arg=before)
            return
        else:
            return
        page.wait_for_function("n => window.gamehall.game.events.length > n", arg=before)
        if hall.game(page)["state"]["to_act"] != 0:
            return


def test_a_guest_plays_nardy_with_fair_dice_and_the_computer_answers(hall: Hall) -> None:
    page = hall.page("/")
    page.locator(".welcome button", has_text="Play as a guest").click()
    _start_against_computer(page, "nardy", "random", dice="fair")
    expect(page.locator(".player.top .name")).to_have_text("Computer (Random mover)")
    for _ in range(MY_TURNS):
        _my_turn(hall, page)
        answered = page.evaluate(COMPUTER_TURNS, 1)
        _play_turn(hall, page)
        page.wait_for_function(f"({COMPUTER_TURNS})(1) > {answered}")
    match_id = page.url.rsplit("/", 1)[1]
    spectator = hall.page(f"/#/game/{match_id}", hall.phone)
    expect(spectator.locator("svg.tables-board")).to_have_attribute("data-game", "nardy")
    expect(spectator.locator(".player.bottom .name")).to_have_text(
        page.locator(".player.bottom .name").inner_text()
    )
    hall.screenshot(page, "nardy-desktop")
    hall.screenshot(spectator, "nardy-phone")

    _my_turn(hall, page)
    page.locator('.controls button[data-action="resign"]').click()
    page.locator('dialog [data-choice="yes"]').click()
    for shown in (page, spectator):
        expect(shown.locator(".result h2")).to_contain_text("won the match")
    page.locator(".dice-checks button", has_text="game 1").click()
    expect(page.locator(".dice-checks .verification")).to_contain_text("✓")


def test_georgian_moves_cannot_be_taken_back(hall: Hall) -> None:
    page, _ = hall.player("geo")
    _start_against_computer(page, "georgian", "beginner")
    while True:
        game = _my_turn(hall, page)
        if game["legal"] and game["legal"]["moves"]:
            break
        _play_turn(hall, page)
    move = game["legal"]["moves"][0]
    source = page.locator(f'svg.tables-board [data-checker="{move["src"]}"][data-owner="0"]')
    count = int(source.get_attribute("data-count") or 0)
    page.locator(f'svg.tables-board [data-point="{move["src"]}"]').click()
    expect(page.locator("svg.tables-board [data-checker].selected")).to_have_count(1)
    expect(page.locator("svg.tables-board .target")).not_to_have_count(0)
    dst = "off" if move["dst"] == 0 else str(move["dst"])
    page.locator(f'svg.tables-board [data-point="{dst}"]').click()
    page.wait_for_function("n => window.gamehall.game.events.length > n", arg=game["events"])
    expect(page.locator(".turns")).to_contain_text(f"{move['src']}/")
    if count > 1:
        expect(source).to_have_attribute("data-count", str(count - 1))
    else:
        expect(source).to_have_count(0)
    expect(page.locator('.controls button[data-action="undo"]')).to_have_count(0)
    hall.screenshot(page, "georgian-desktop")
