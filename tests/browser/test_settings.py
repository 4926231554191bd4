"""The lobby's settings form: every setting of the play layer, shown only where it applies, and
labels that say what the rules layer does (issue 10, bug 4: the long nardy labels were wrong)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, expect

from gamehall.engines import LEVELS, levels_of
from gamehall.play.settings import GAME_NAMES

if TYPE_CHECKING:
    from browser.conftest import Hall


def _shown(page: Page) -> set[str]:
    """The names of the settings the form shows now (besides game, length and clock)."""
    names: list[str] = page.eval_on_selector_all(
        "fieldset.settings .options > label:not([hidden]) [name]", "nodes => nodes.map(n => n.name)"
    )
    return set(names)


def _option_text(page: Page, name: str, value: str) -> str:
    return page.locator(f'select[name="{name}"] option[value="{value}"]').inner_text()


def _meaning(page: Page, name: str) -> str:
    return page.locator(f'[data-setting="{name}"] .meaning').inner_text()


def _settings_of(page: Page) -> dict[str, Any]:
    """The settings the server stored for the match the page shows."""
    match_id = page.url.rsplit("/", 1)[1]
    settings: dict[str, Any] = page.evaluate(
        "id => fetch(`/api/matches/${id}`).then(r => r.json()).then(a => a.match.settings)",
        match_id,
    )
    return settings


def test_the_form_shows_the_settings_that_apply(hall: Hall) -> None:
    page, _ = hall.player("form")
    page.select_option("select[name=game]", "backgammon")
    page.fill("input[name=length]", "1")
    assert _shown(page) == {"dice"}
    page.fill("input[name=length]", "5")
    assert _shown(page) == {"dice", "crawford"}
    page.fill("input[name=length]", "0")
    assert _shown(page) == {"dice", "jacoby", "beavers", "cube_cap"}
    page.select_option("select[name=game]", "georgian")
    assert _shown(page) == {"dice", "jacoby", "beavers", "cube_cap"}
    page.select_option("select[name=game]", "nardy")
    page.fill("input[name=length]", "1")
    nardy = {"dice", "option:bearoff", "option:block_check", "option:head_exception"}
    nardy |= {"option:last_roll_tie", "surrender_value"}
    assert _shown(page) == nardy
    page.fill("input[name=length]", "3")
    assert _shown(page) == nardy | {"first_move"}
    page.select_option("select[name=game]", "renju")
    renju = {"option:rule", "option:opening", "option:draws"}
    assert _shown(page) == renju | {"option:forbidden"}
    page.select_option('select[name="option:rule"]', "gomoku-freestyle")
    assert _shown(page) == renju
    hall.screenshot(page, "settings-renju-desktop")


def test_the_nardy_labels_say_what_the_rules_do(hall: Hall) -> None:
    page, _ = hall.player("labels")
    page.select_option("select[name=game]", "nardy")
    page.fill("input[name=length]", "3")
    # R11.2: "oin" always costs 1; "mars" costs 2 only when nothing is borne off.
    assert "1 point (oin), always" in _option_text(page, "surrender_value", "oin")
    assert "2 points (mars)" in _option_text(page, "surrender_value", "mars")
    assert "always loses 1 point" in _meaning(page, "surrender_value")
    page.select_option("select[name=surrender_value]", "mars")
    assert "2 points (mars) if you have borne off no checker yet, else 1" in _meaning(
        page, "surrender_value"
    )
    # R6.4: "plain" lets two checkers off the head on every first 6-6, 4-4, 3-3.
    plain = _option_text(page, "option:head_exception", "plain")
    assert "Always one" not in plain
    assert "Two on a first 6-6, 4-4, 3-3, always" in plain
    page.select_option('select[name="option:head_exception"]', "plain")
    assert "always lets two leave" in _meaning(page, "option:head_exception")
    page.select_option('select[name="option:head_exception"]', "seed")
    assert "then only one" in _meaning(page, "option:head_exception")
    hall.screenshot(page, "settings-nardy-desktop")


@pytest.mark.parametrize(("setting", "points", "kind"), [("oin", 1, "oin"), ("mars", 2, "mars")])
def test_a_surrender_costs_what_the_form_said(
    hall: Hall, setting: str, points: int, kind: str
) -> None:
    page, _ = hall.player("surr")
    page.select_option("select[name=game]", "nardy")
    page.fill("input[name=length]", "3")
    page.select_option("select[name=surrender_value]", setting)
    promised = _meaning(page, "surrender_value")
    page.select_option("select[name=level]", "random")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    assert _settings_of(page)["surrender_value"] == setting
    page.wait_for_function("window.gamehall.game.actions.includes('resign')")
    page.locator('.controls button[data-action="resign"]').click()
    dialog = page.locator("dialog")
    expect(dialog).to_contain_text(promised)
    expect(dialog).not_to_contain_text("as the board stands")
    dialog.locator('[data-choice="yes"]').click()
    page.wait_for_function("window.gamehall.game.events.some(e => e.kind === 'game_end')")
    end = page.evaluate("window.gamehall.game.events.find(e => e.kind === 'game_end').outcome")
    # Nobody has borne off yet: a mars position, which only the "mars" setting charges as such.
    assert (end["points"], end["kind"]) == (points, kind)


def test_money_settings_reach_the_server(hall: Hall) -> None:
    page, _ = hall.player("money")
    page.select_option("select[name=game]", "backgammon")
    page.fill("input[name=length]", "0")
    page.select_option("select[name=jacoby]", "on")
    expect(page.locator('[data-setting="jacoby"] .meaning')).to_contain_text(
        "only once the cube has been turned"
    )
    page.select_option("select[name=beavers]", "on")
    page.fill("input[name=cube_cap]", "16")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    settings = _settings_of(page)
    assert (settings["jacoby"], settings["beavers"], settings["cube_cap"]) == (True, True, 16)
    expect(page.locator(".match-info")).to_have_attribute(
        "title", "Backgammon · money · no clock · Jacoby rule: On · Beavers: On · Cube limit: 16"
    )


def test_the_computer_plays_at_every_level_the_server_takes(hall: Hall) -> None:
    """The lobby offers, game by game, exactly the levels the server's computer plays."""
    page, _ = hall.player("levels")
    levels = page.evaluate("fetch('/api/computer/levels').then(r => r.json())")["levels"]
    assert set(levels) == set(GAME_NAMES)
    for game in ("backgammon", "nardy", "renju", "georgian"):
        page.select_option("select[name=game]", game)
        options = page.locator("select[name=level] option")
        expect(options).to_have_count(len(levels[game]))
        offered = options.evaluate_all("options => options.map(o => o.value)")
        assert offered == levels[game] == list(levels_of(game))
        assert set(offered) <= set(LEVELS)
    expect(page.locator("select[name=level]")).to_have_value("beginner")


def test_the_maker_of_a_seek_adds_his_dice_seed_from_the_form(hall: Hall) -> None:
    ann, ann_name = hall.player("ann")
    bob, _ = hall.player("bob")
    ann.select_option("select[name=game]", "backgammon")
    ann.select_option("select[name=dice]", "fair")
    ann.fill("input[name=seed]", "ann's own seed")
    ann.locator("button[value=seek]").click()
    expect(ann.locator(".lobby-message")).to_contain_text("Your seek is in the list")
    bob.locator(f'tr[data-user="{ann_name}"] button', has_text="Accept").click()
    bob.wait_for_url("**/#/game/*")
    match_id = bob.url.rsplit("/", 1)[1]
    seeds = bob.evaluate(
        "id => fetch(`/api/matches/${id}/record.json`).then(r => r.json())"
        ".then(r => r.events.filter(e => e.kind === 'seed').map(e => e.data.seed))",
        match_id,
    )
    assert seeds == ["ann's own seed"]
