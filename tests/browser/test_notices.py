"""Notices cover nothing (issue 36, bug 11: the corner notices covered the result panel, the
download links, the chat and tables): the user's notices and the game page's errors show in a
strip under the header that takes its own room, each with a button that dismisses it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 800}

COVERED = """(notice) => {
  const boxes = [...document.querySelectorAll(notice)]
    .map((node) => node.getBoundingClientRect())
    .filter((box) => box.width && box.height);
  const things = "a, button, input, select, textarea, table, .result, .downloads, .chat, svg.board";
  const covered = [];
  for (const node of document.querySelectorAll(things)) {
    if (node.closest("#notice-area")) continue;
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    for (const b of boxes) {
      if (r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom) {
        const text = node.textContent.trim().slice(0, 20);
        covered.push(`${node.tagName}.${node.getAttribute("class")} "${text}"`);
      }
    }
  }
  return { shown: boxes.length, covered };
}"""


def _covers_nothing(page: Page, notice: str) -> None:
    found = page.evaluate(COVERED, notice)
    assert found["shown"] >= 1, f"no {notice} shown"
    assert found["covered"] == [], f"{notice} covers {found['covered']}"


def test_notices_and_errors_cover_nothing_and_can_be_dismissed(hall: Hall) -> None:
    ann, ann_name = hall.player("ann", DESKTOP)
    bob, _ = hall.player("bob", DESKTOP)
    bob.select_option("select[name=game]", "renju")
    bob.locator("input[name=opponent]").fill(ann_name)
    bob.locator("button[value=challenge]").click()
    ann.locator("li[data-challenge] button", has_text="Accept").click()
    for page in (ann, bob):
        page.wait_for_url("**/#/game/*")
        page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    you = hall.game(ann)["you"]
    black, white = (ann, bob) if hall.game(ann)["state"]["black"] == you else (bob, ann)

    black.locator('svg.renju-board [data-point="h8"]').click()
    expect(white.locator('[data-stone="h8"]')).to_have_count(1)
    white.locator('svg.renju-board [data-point="a1"]').click()  # refused: an error
    expect(white.locator(".toast")).to_be_visible()
    _covers_nothing(white, ".toast")
    white.locator('.toast button[aria-label="Dismiss"]').click()
    expect(white.locator(".toast")).to_be_hidden()

    black.locator('.controls button[data-action="resign"]').click()
    black.locator('dialog [data-choice="yes"]').click()
    for page in (ann, bob):
        expect(page.locator(".result .downloads")).to_be_visible()
    ann.locator('.after-match button[data-action="rematch"]').click()
    offer = bob.locator("#notices .notice-item.rematch_offer")
    expect(offer).to_be_visible()
    _covers_nothing(bob, "#notices .notice-item")
    hall.screenshot(bob, "notice-game-desktop")

    bob.locator(".site-header a", has_text="Lobby").click()
    bob.locator("form.new-game").wait_for()
    expect(offer).to_be_visible()  # on another page, the notice still covers nothing
    _covers_nothing(bob, "#notices .notice-item")
    hall.screenshot(bob, "notice-lobby-desktop")
    offer.locator('button[aria-label="Dismiss"]').click()
    expect(offer).to_have_count(0)
