"""On a phone (375x667, 390x844) a finger hits what it means (issue 36): the tables board is
turned a quarter there, so that a point's column is at least 44 px wide; a point's target is
its whole half-column, from the board's outer edge (its number included) to the middle, and a
tap near that edge plays; on a desktop, where the board is not turned, the target is at least
44 px both ways too. The renju keyboard cursor is a ring that never hides the stone under it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

PHONES = [{"width": 375, "height": 667}, {"width": 390, "height": 844}]
DESKTOP = {"width": 1366, "height": 800}

FINGER = 44
"""The smallest a finger's target should be, in CSS pixels."""

TURNED = re.compile(r"\bturned\b")
"""The class of the tables board drawn turned a quarter (on a phone)."""


def _computer_game(hall: Hall, game: str, size: dict[str, int]) -> Page:
    page, _ = hall.player("tap", size)
    page.select_option("select[name=game]", game)
    page.select_option("select[name=level]", "random")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    return page


def _targets(page: Page) -> dict[str, Any]:
    """The board's box and each target's (points 1-24, bar, off), in CSS pixels."""
    board = page.locator("svg.tables-board")
    frame = board.bounding_box()
    assert frame is not None
    boxes: dict[str, Any] = {"frame": frame}
    for name in [*map(str, range(1, 25)), "bar", "off"]:
        boxes[name] = board.locator(f'.hit-areas [data-point="{name}"]').bounding_box()
        assert boxes[name] is not None
    return boxes


def _along(target: dict[str, float]) -> tuple[str, str]:
    """The axis a point's half-column runs along (its long side) and the other: ("y", "height")
    on a desktop, where the points hang from the top and bottom, ("x", "width") turned."""
    return ("y", "height") if target["height"] > target["width"] else ("x", "width")


def _at_the_edge(frame: dict[str, float], target: dict[str, float]) -> tuple[float, float]:
    """A spot 3 px inside a point's target at the board's outer edge: on its number, far from
    its checkers."""
    axis, size = _along(target)
    centre = {"x": target["x"] + target["width"] / 2, "y": target["y"] + target["height"] / 2}
    start = abs(target[axis] - frame[axis]) < 1
    centre[axis] = target[axis] + 3 if start else target[axis] + target[size] - 3
    return centre["x"], centre["y"]


@pytest.mark.parametrize("size", [*PHONES, DESKTOP], ids=["375", "390", "1366"])
def test_a_point_is_its_whole_half_column_and_a_tap_at_its_edge_plays(
    hall: Hall, size: dict[str, int]
) -> None:
    page = _computer_game(hall, "backgammon", size)
    board = page.locator("svg.tables-board")
    turned = size["width"] < 600
    if turned:
        expect(board).to_have_class(TURNED)
    else:
        expect(board).not_to_have_class(TURNED)
    boxes = _targets(page)
    frame = boxes["frame"]
    # the whole board in the screen's width
    assert frame["x"] >= 0 and frame["x"] + frame["width"] <= size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    smallest = min(min(boxes[str(v)]["width"], boxes[str(v)]["height"]) for v in range(1, 25))
    print(f"{size['width']} px: the smallest point target's side is {smallest:.1f} px")
    for v in range(1, 25):
        target = boxes[str(v)]
        number = board.locator(".point-number").nth(v - 1).bounding_box()
        assert number is not None
        assert target["width"] >= FINGER and target["height"] >= FINGER, (v, target)
        # the whole half-column: from the board's outer edge, the number in it, to the middle
        axis, length = _along(target)
        assert abs(target[length] - frame[length] / 2) < 1, (v, target)
        assert (
            abs(target[axis] - frame[axis]) < 1
            or abs(target[axis] + target[length] - frame[axis] - frame[length]) < 1
        ), (v, target)
        for a, b in (("x", "width"), ("y", "height")):
            middle = number[a] + number[b] / 2
            assert target[a] <= middle <= target[a] + target[b], (v, number, target)
    # turned, the points of a side run down the screen: the bar across it between 6 and 7
    if turned:
        assert boxes["6"]["y"] >= boxes["bar"]["y"] + boxes["bar"]["height"] - 1
        assert boxes["7"]["y"] + boxes["7"]["height"] <= boxes["bar"]["y"] + 1
    for name in ("bar", "off"):
        assert boxes[name]["width"] >= FINGER and boxes[name]["height"] >= FINGER, name
    page.wait_for_function(
        "(g => g.state.to_act === g.you && (g.state.phase === 'roll' || g.legal?.moves?.length))"
        "(window.gamehall.game)"
    )
    if page.evaluate("window.gamehall.game.state.phase") == "roll":
        page.locator('.controls button[data-action="roll"]').click()
        page.wait_for_function("window.gamehall.game.legal?.moves?.length > 0")
    src = page.evaluate("window.gamehall.game.legal.moves.find(m => m.src !== 25).src")
    # a tap on the point's number, at the board's outer edge, far from its checkers
    board.locator(f'.hit-areas [data-point="{src}"]').scroll_into_view_if_needed()
    boxes = _targets(page)
    x, y = _at_the_edge(boxes["frame"], boxes[str(src)])
    if turned:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)
    page.wait_for_function(
        "document.querySelector('svg.tables-board .targets .target')"
        " || (window.gamehall.game.state.dice_used || []).length > 0"
    )
    hall.screenshot(page, f"tap-edge-{size['width']}")


def test_the_board_turns_when_the_window_narrows_and_back(hall: Hall) -> None:
    page = _computer_game(hall, "nardy", DESKTOP)
    board = page.locator("svg.tables-board")
    expect(board).to_have_attribute("viewBox", "0 0 826 598")
    checkers = board.locator(".checkers .checker").count()
    page.set_viewport_size(PHONES[1])
    expect(board).to_have_class(TURNED)
    assert board.locator(".checkers .checker").count() == checkers
    boxes = _targets(page)
    for v in range(1, 25):
        assert min(boxes[str(v)]["width"], boxes[str(v)]["height"]) >= FINGER, v
    hall.screenshot(page, "nardy-turned-390")
    page.set_viewport_size(DESKTOP)
    expect(board).not_to_have_class(TURNED)
    expect(board).to_have_attribute("viewBox", "0 0 826 598")


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
