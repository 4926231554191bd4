"""The stakes the page shows are the server's: what a resignation on offer is worth (the Jacoby
rule counts a gammon as 1 while the cube is in the middle) and what a double would make."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall


def _challenge(hall: Hall, settings: dict[str, str]) -> tuple[Page, Page]:
    """A match between two new players from a challenge with `settings` (form fields)."""
    ann, _ = hall.player("ann")
    bob, bob_name = hall.player("bob")
    ann.select_option("select[name=game]", settings.pop("game"))
    ann.fill("input[name=length]", settings.pop("length"))
    for name, value in settings.items():
        ann.select_option(f"select[name={name}]", value)
    ann.fill("input[name=opponent]", bob_name)
    ann.locator("button[value=challenge]").click()
    bob.locator("li[data-challenge]", has_text="challenges you").locator(
        "button", has_text="Accept"
    ).click()
    for page in (ann, bob):
        page.wait_for_url("**/#/game/*")
        page.wait_for_function("window.gamehall.game.state !== null")
    return ann, bob


def _seated(hall: Hall, pages: tuple[Page, Page]) -> dict[int, Page]:
    return {hall.game(page)["you"]: page for page in pages}


def _to_act(hall: Hall, seats: dict[int, Page]) -> tuple[Page, dict[str, Any]]:
    """The page of the player to act, once it has had the latest update, and what it knows.
    (The other page may be an update ahead: who acts is read from the fresher one.)"""
    games = [hall.game(page) for page in seats.values()]
    freshest = max(games, key=lambda game: int(game["events"]))
    page = seats[freshest["state"]["to_act"]]
    page.wait_for_function("n => window.gamehall.game.events.length >= n", arg=freshest["events"])
    return page, hall.game(page)


def test_a_resignation_offer_is_worth_what_the_server_counts(hall: Hall) -> None:
    ann, bob = _challenge(hall, {"game": "backgammon", "length": "0", "jacoby": "on"})
    seats = _seated(hall, (ann, bob))
    resigner, game = _to_act(hall, seats)
    answerer = seats[1 - game["state"]["to_act"]]
    resigner.locator('.controls button[data-action="resign"]').click()
    dialog = resigner.locator("dialog")
    expect(dialog).not_to_contain_text(re.compile(r"\d+ pt"))
    dialog.locator('[data-choice="2"]').click()
    # The cube has not been turned: under the Jacoby rule a gammon counts as a single game.
    expect(answerer.locator(".prompt")).to_contain_text("offers to resign a gammon: 1 point to you")
    answerer.locator('.controls button[data-action="accept"]').click()
    answerer.wait_for_function("window.gamehall.game.events.some(e => e.kind === 'game_end')")
    end = answerer.evaluate("window.gamehall.game.events.find(e => e.kind === 'game_end').outcome")
    assert end["points"] == 1


def test_a_double_offers_the_stake_the_server_names(hall: Hall) -> None:
    ann, bob = _challenge(hall, {"game": "georgian", "length": "5"})
    seats = _seated(hall, (ann, bob))
    prompts: list[str] = []
    for _ in range(40):
        page, game = _to_act(hall, seats)
        actions, legal = game["actions"], game["legal"]
        if "take" in actions:
            prompt = page.locator(".prompt p")
            expect(prompt).to_contain_text("the stake would be")
            prompts.append(prompt.inner_text())
            kind = "take"
        elif "double" in actions:
            kind = "double"
        elif "roll" in actions:
            kind = "roll"
        elif legal and legal["plays"]:
            page.fill("input[name=play]", legal["plays"][0])
            page.locator(".play-form button[type=submit]").click()
            kind = ""
        else:
            kind = "confirm"
        if kind:
            page.locator(f'.controls button[data-action="{kind}"]').click()
        page.wait_for_function("n => window.gamehall.game.events.length > n", arg=game["events"])
        if kind == "take" and len(prompts) == 2:
            break
    # Georgian backgammon's cube goes 1, 2, 3, ...: the page says what the server sends.
    assert [p.split(": ", 1)[1] for p in prompts] == [
        "the stake would be 2.",
        "the stake would be 3.",
    ]
    for page in seats.values():
        expect(page.locator("svg.tables-board .cube")).to_have_attribute("data-cube", "3")
