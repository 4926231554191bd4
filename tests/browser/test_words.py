"""Words a newcomer understands: no option named "the variant's own" or "the seed's rule",
messages starting with a capital letter, every control of the new-game form with a label."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}
JARGON = ("variant's own", "seed's rule", "seed rules", "after each step", "I sit")


def test_the_new_game_form_speaks_plainly(hall: Hall) -> None:
    page, _ = hall.player("words", DESKTOP)
    form = page.locator("form.new-game")
    for game in ("backgammon", "georgian", "nardy", "renju"):
        page.select_option("select[name=game]", game)
        page.fill("input[name=length]", "3")
        text = form.evaluate(
            "f => [...f.querySelectorAll('option, small, span, label')]"
            ".map(n => n.textContent).join(' | ')"
        )
        for word in JARGON:
            assert word not in text, (game, word)
    unlabelled = form.evaluate(
        "f => [...f.querySelectorAll('input, select')]"
        ".filter(c => !c.disabled && c.type !== 'hidden'"
        " && !c.closest('label') && !c.getAttribute('aria-label')).map(c => c.name)"
    )
    assert unlabelled == []
    page.locator("input[name=opponent]").fill("nobody-at-all")
    page.locator("button[value=challenge]").click()
    expect(page.locator(".lobby-message")).to_have_text("There is no player named nobody-at-all")
    hall.screenshot(page, "words-lobby-desktop")
