"""Seek and challenge rows name every setting that differs from its default; a challenger
withdraws his challenge."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}


def test_rows_show_the_rule_options_and_a_challenge_is_withdrawn(hall: Hall) -> None:
    ann, ann_name = hall.player("ann", DESKTOP)
    bob, bob_name = hall.player("bob", hall.phone)

    ann.select_option("select[name=game]", "renju")
    ann.select_option("select[name='option:opening']", "free")
    ann.select_option("select[name='option:forbidden']", "refuse")
    ann.locator("button[value=seek]").click()
    seek = bob.locator(f'tr[data-user="{ann_name}"]')
    expect(seek).to_contain_text("Opening: Free")
    expect(seek).to_contain_text("Black's forbidden moves: Are refused")
    expect(seek).not_to_contain_text("Rule:")

    ann.select_option("select[name=game]", "nardy")
    ann.fill("input[name=length]", "3")
    ann.select_option("select[name='option:bearoff']", "maxpips")
    ann.select_option("select[name=surrender_value]", "mars")
    ann.select_option("select[name=first_move]", "winner")
    ann.locator("input[name=opponent]").fill(bob_name)
    ann.locator("button[value=challenge]").click()
    incoming = bob.locator("li[data-challenge]")
    for text in ("Bearing off: Most pips", "A surrender costs: 2 points", "Later games start with"):
        expect(incoming).to_contain_text(text)
    expect(incoming).not_to_contain_text("Six-point block")
    hall.screenshot(bob, "lobby-rows-phone")
    outgoing = ann.locator("li[data-challenge]")
    expect(outgoing).to_contain_text("waiting for an answer")
    hall.screenshot(ann, "lobby-rows-desktop")
    outgoing.locator('button[data-action="withdraw"]').click()
    expect(outgoing).to_have_count(0)
    expect(incoming).to_have_count(0, timeout=5000)
