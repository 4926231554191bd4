"""On a phone (375x667, 390x844) a finger hits what it means (issue 36): a backgammon point's
target is its whole half-column, from the board's outer edge (its number included) to the
middle, and a tap near that edge plays; where the board is wide enough (a desktop) the target
is at least 44 px both ways. The renju keyboard cursor is a ring that never hides the stone
under it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page

if TYPE_CHECKING:
    from browser.conftest import Hall

PHONES = [{"width": 375, "height": 667}, {"width": 390, "height": 844}]
DESKTOP = {"width": 1366, "height": 800}

FINGER = 44
"""The smallest a finger's target should be, in CSS pixels."""


def _computer_game(hall: Hall, game: str, size: dict[str, int]) -> Page:
    page, _ = hall.player("tap", size)
    page.select_option("select[name=game]", game)
    page.select_option("select[name=level]", "random")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    return page


@pytest.mark.parametrize("size", [*PHONES, DESKTOP], ids=["375", "390", "1366"])
def test_a_point_is_its_whole_half_column_and_a_tap_at_its_edge_plays(
    hall: Hall, size: dict[str, int]
) -> None:
    page = _computer_game(hall, "backgammon", size)
    board = page.locator("svg.tables-board")
    frame = board.bounding_box()
    assert frame is not None
    for v in range(1, 25):
        target = board.locator(f'.hit-areas [data-point="{v}"]').bounding_box()
        number = board.locator(".point-number").nth(v - 1).bounding_box()
        assert target is not None and number is not None
        # the whole half-column: from the board's outer edge, the number in it, to the middle
        assert target["height"] >= FINGER and abs(target["height"] - frame["height"] / 2) < 1
        middle = number["y"] + number["height"] / 2
        assert target["y"] <= middle <= target["y"] + target["height"]
        # as wide as the point's column; 44 px where the board is that wide (not on a phone,
        # where twelve columns and the bar share 375 px: about 22 px a column)
        column = frame["width"] * 50 / 826
        assert target["width"] >= min(column - 0.5, FINGER)
    page.wait_for_function(
        "(g => g.state.to_act === g.you && (g.state.phase === 'roll' || g.legal?.moves?.length))"
        "(window.gamehall.game)"
    )
    if page.evaluate("window.gamehall.game.state.phase") == "roll":
        page.locator('.controls button[data-action="roll"]').click()
        page.wait_for_function("window.gamehall.game.legal?.moves?.length > 0")
    src = page.evaluate("window.gamehall.game.legal.moves.find(m => m.src !== 25).src")
    target = board.locator(f'.hit-areas [data-point="{src}"]').bounding_box()
    assert target is not None
    top = src >= 13
    # a tap on the point's number, at the board's outer edge, far from its checkers
    y = target["y"] + 3 if top else target["y"] + target["height"] - 3
    x = target["x"] + target["width"] / 2
    if size["width"] < 600:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)
    page.wait_for_function(
        "document.querySelector('svg.tables-board .targets .target')"
        " || (window.gamehall.game.state.dice_used || []).length > 0"
    )
    hall.screenshot(page, f"tap-edge-{size['width']}")


STONE_SHOWN = """() => {
  const board = document.querySelector("svg.renju-board");
  const cursor = board.querySelector(".cursor");
  const stone = board.querySelector('[data-stone="h8"] circle');
  const style = getComputedStyle(cursor);
  if (style.stroke === "none" || style.visibility === "hidden") return "the cursor is not shown";
  const filled = style.fill !== "none" && Number(style.fillOpacity) > 0;
  const rim = parseFloat(getComputedStyle(stone).strokeWidth) || 0;
  const x = stone.cx.baseVal.value, y = stone.cy.baseVal.value;
  const radius = stone.r.baseVal.value + rim / 2;
  const hidden = [];
  for (let d = 0; d <= radius; d += radius / 12) {
    for (let a = 0; a < 2 * Math.PI; a += Math.PI / 18) {
      const p = new DOMPoint(x + d * Math.cos(a), y + d * Math.sin(a));
      if (cursor.isPointInStroke(p) || (filled && cursor.isPointInFill(p))) hidden.push([d, a]);
    }
  }
  return hidden.length ? `the cursor covers the stone at ${hidden.length} of its points` : "";
}"""


@pytest.mark.parametrize("size", PHONES, ids=["375", "390"])
def test_the_renju_cursor_does_not_hide_the_stone_under_it(
    hall: Hall, size: dict[str, int]
) -> None:
    page = _computer_game(hall, "renju", size)
    page.locator('svg.renju-board [data-point="h8"]').click()
    page.wait_for_function("window.gamehall.game.state.moves.length >= 2")
    page.locator("svg.renju-board").focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowDown")  # the cursor back on h8, Black's stone
    assert page.evaluate(STONE_SHOWN) == ""
    hall.screenshot(page, f"renju-cursor-{size['width']}")
