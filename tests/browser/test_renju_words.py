"""Renju's matches in words: a renju match is played to games, not points; under a gomoku
rule the game is Gomoku; the form's "Match to" speaks of every game; a point is written lower
case, as the rules name it, even where it starts an error's sentence."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

if TYPE_CHECKING:
    from browser.conftest import Hall


def test_renju_is_played_to_games_and_gomoku_is_named(hall: Hall) -> None:
    ann, ann_name = hall.player("ann")
    bob, _ = hall.player("bob")
    help_text = ann.locator("label.field", has=ann.locator("input[name=length]")).locator("small")
    expect(help_text).to_contain_text("games won in renju")
    ann.select_option("select[name=game]", "renju")
    ann.locator("input[name=length]").fill("2")
    ann.locator("button[value=seek]").click()
    row = bob.locator(f'tr[data-user="{ann_name}"]')
    expect(row).to_contain_text("Renju · 2 games · ")
    ann.locator(f'tr[data-user="{ann_name}"] button', has_text="Cancel").click()
    expect(row).to_have_count(0)

    ann.locator("input[name=length]").fill("1")
    ann.select_option("select[name='option:rule']", "gomoku-freestyle")
    ann.locator("button[value=seek]").click()
    expect(row).to_contain_text("Gomoku · 1 game · ")
    row.locator("button", has_text="Accept").click()
    bob.wait_for_url("**/#/game/*")
    expect(bob.locator(".match-info")).to_contain_text("Gomoku · ")


def test_an_error_starting_with_a_point_keeps_it_lower_case(hall: Hall) -> None:
    ann, _ = hall.player("ann")
    ann.select_option("select[name=game]", "renju")
    ann.select_option("select[name=level]", "random")
    ann.select_option("select[name=side]", "0")
    ann.locator("button[value=computer]").click()
    ann.wait_for_url("**/#/game/*")
    ann.locator('svg.renju-board [data-point="a1"]').click()
    expect(ann.locator(".toast")).to_contain_text("a1 breaks the opening rule")
