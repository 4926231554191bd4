"""The lobby by push: a seek posted elsewhere appears without the page asking for the seeks;
a challenge appears and goes when its maker withdraws it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Request, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}


def test_the_lobby_shows_seeks_and_challenges_by_push(hall: Hall) -> None:
    ann, ann_name = hall.player("ann", DESKTOP)
    bob, bob_name = hall.player("bob", hall.phone)
    asked: list[str] = []

    def record(request: Request) -> None:
        if "/api/seeks" in request.url and request.method == "GET":
            asked.append(request.url)

    bob.on("request", record)
    expect(bob.locator(".online-list")).to_contain_text(ann_name)
    expect(bob.locator(".online h2")).to_contain_text("Online now (")
    expect(bob.locator(".seeks")).to_be_visible()
    ann.select_option("select[name=game]", "nardy")
    ann.locator("button[value=seek]").click()
    expect(bob.locator(f'tr[data-user="{ann_name}"]')).to_contain_text("Long nardy")
    ann.locator("input[name=opponent]").fill(bob_name)
    ann.locator("button[value=challenge]").click()
    incoming = bob.locator("li[data-challenge]")
    expect(incoming).to_contain_text(f"{ann_name} challenges you")
    hall.screenshot(bob, "lobby-push-phone")
    hall.screenshot(ann, "lobby-push-desktop")
    ann.locator('li[data-challenge] button[data-action="withdraw"]').click()
    expect(incoming).to_have_count(0)
    ann.locator(f'tr[data-user="{ann_name}"] button', has_text="Cancel").click()
    expect(bob.locator(f'tr[data-user="{ann_name}"]')).to_have_count(0)
    assert asked == [], asked
