"""How the pages look: the phone header keeps every link and the account corner on one line
each; in dark mode Black's chip on a player card stands out from the card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

if TYPE_CHECKING:
    from browser.conftest import Hall

LINE = 40  # px: one line of the header's text, with room to spare


def test_the_phone_header_shows_every_link_and_the_account_on_one_line(hall: Hall) -> None:
    page, _ = hall.player("a-long-name-", hall.phone)
    header = page.locator(".site-header")
    for text in ("Lobby", "Watch", "Tournaments", "Ratings"):
        link = header.locator("nav a", has_text=text)
        expect(link).to_be_in_viewport(ratio=1)
    for item in (header.locator(".account .me"), header.locator(".account button")):
        box = item.bounding_box()
        assert box is not None and box["height"] < LINE, box
        assert box["x"] + box["width"] <= hall.phone["width"]
    box = header.bounding_box()
    assert box is not None and box["height"] < 3 * LINE
    hall.screenshot(page, "header-phone")


def test_black_chip_is_visible_in_dark_mode(hall: Hall) -> None:
    ann, ann_name = hall.player("ann")
    bob, _ = hall.player("bob", hall.phone)
    for page in (ann, bob):
        page.emulate_media(color_scheme="dark")
    bob.select_option("select[name=game]", "renju")
    bob.locator("input[name=opponent]").fill(ann_name)
    bob.locator("button[value=challenge]").click()
    ann.locator("li[data-challenge] button", has_text="Accept").click()
    bob.wait_for_url("**/#/game/*")
    chip = bob.locator(".player .chip.dark")
    expect(chip).to_have_count(1)
    ring = chip.evaluate("node => getComputedStyle(node).boxShadow")
    border = chip.evaluate("node => getComputedStyle(node).borderTopColor")
    assert ring != "none" and border != "rgb(85, 85, 85)", (ring, border)
    hall.screenshot(bob, "renju-dark-phone")
