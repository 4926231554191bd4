"""The pages under their Content-Security-Policy: they load and play without a single refusal
(a refusal is an error that fails the test, see conftest.py), and markup that slipped into a
page could not run a script or load anything from another site."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

if TYPE_CHECKING:
    from browser.conftest import Hall

PAGES = ("#/", "#/watch", "#/tournaments", "#/ratings/renju", "#/ratings/backgammon")


def test_every_page_and_a_game_work_under_the_policy(hall: Hall) -> None:
    page, name = hall.player("csp", policy=True)
    for path in (*PAGES, f"#/player/{name}"):
        page.goto(f"{hall.url}/{path}")
        expect(page.locator("main h1, main h2").first).to_be_visible()
    page.goto(f"{hall.url}/#/")
    page.select_option("select[name=game]", "renju")
    page.select_option("select[name=level]", "random")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    board = page.locator("svg.renju-board, .renju-board").first
    expect(board).to_be_visible()
    expect(page.locator(".match-info")).to_be_visible()
    assert not hall.errors, hall.errors


def test_markup_slipped_into_a_page_runs_nothing_and_loads_nothing(hall: Hall) -> None:
    page, _ = hall.player(policy=True)
    page.evaluate(
        """() => document.body.insertAdjacentHTML('beforeend',
            '<img id="probe" src="data:," onload="window.ran = 1">'
            + '<img id="away" src="https://example.invalid/steal.png">')"""
    )
    expect(page.locator("#away")).to_be_attached()
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.ran === undefined")
    refused = [error for error in hall.errors if "Content Security Policy" in error]
    assert any("script-src" in e for e in refused), refused
    assert any("img-src" in e for e in refused), refused
    hall.errors.clear()  # the refusals this test caused on purpose
