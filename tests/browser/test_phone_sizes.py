"""At 390 px: no text under 11 px (the boards' point numbers, coordinates, pips, counts and
cube included) and nothing wider than the screen, on the lobby and on the game pages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page

if TYPE_CHECKING:
    from browser.conftest import Hall

SMALLEST = """() => {
  const small = [];
  for (const node of document.querySelectorAll("body *")) {
    if (!(node instanceof Element)) continue;
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (!own) continue;
    const box = node.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const style = getComputedStyle(node);
    if (style.visibility === "hidden" || style.display === "none") continue;
    let size = parseFloat(style.fontSize);
    if (node instanceof SVGElement && node.ownerSVGElement) {
      const matrix = node.ownerSVGElement.getScreenCTM();
      if (matrix) size *= matrix.a;
    }
    const what = `${node.tagName}.${node.getAttribute("class")} "${node.textContent.trim()}"`;
    if (size < 10.95) small.push(`${what.slice(0, 40)}: ${size.toFixed(1)} px`);
  }
  return small;
}"""


def _check(page: Page, name: str, hall: Hall) -> None:
    small = page.evaluate(SMALLEST)
    assert small == [], f"{name}: text under 11 px: {small[:10]}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{name}: the page is {width} px wide"
    hall.screenshot(page, f"sizes-{name}-phone")


def test_no_small_text_and_nothing_cut_off_on_a_phone(hall: Hall) -> None:
    page, _ = hall.player("small", hall.phone)
    _check(page, "lobby", hall)
    page.select_option("select[name=game]", "backgammon")
    page.select_option("select[name=level]", "random")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    _check(page, "backgammon", hall)
    page.goto(f"{hall.url}/#/")
    page.select_option("select[name=game]", "renju")
    page.select_option("select[name=level]", "random")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    page.locator('svg.renju-board [data-point="h8"]').click()
    page.wait_for_function("window.gamehall.game.state.moves.length >= 2")
    page.get_by_label("Move numbers").check()
    _check(page, "renju", hall)
    page.goto(f"{hall.url}/#/watch")
    _check(page, "watch", hall)
    page.goto(f"{hall.url}/#/tournaments")
    page.wait_for_timeout(500)
    _check(page, "tournaments", hall)
