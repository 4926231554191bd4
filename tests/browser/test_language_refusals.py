"""A refused move and a renju hint in the reader's language (issue 37): with the browser set to
Russian, Georgian or Chinese, a stone the opening rule refuses is refused in that language (the
rule's own words, not only a translated lead-in), and the hint panel's verdicts are in it too;
each at least 90 % of the words shown, points' names left as they are."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from browser.languages import assert_in_language

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}
MY_STONE = (
    "() => { const g = window.gamehall && window.gamehall.game;"
    " return g && g.state && g.state.to_act === g.you && g.actions.includes('move') }"
)
OPENING = {
    "ru-RU": "a1 нарушает правило дебюта",
    "ka-GE": "a1 არღვევს დებიუტის წესს",
    "zh-CN": "a1 违反开局规则",
}


@pytest.mark.parametrize("locale", list(OPENING))
def test_a_refused_stone_and_the_hints_speak_the_readers_language(hall: Hall, locale: str) -> None:
    page, _ = hall.player("rule", DESKTOP, locale=locale)
    page.select_option("select[name=game]", "renju")
    page.select_option("select[name=level]", "random")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    page.wait_for_function(MY_STONE, timeout=30_000)

    # a1 is outside the centre opening's squares for each of the first three stones
    page.locator('svg.renju-board [data-point="a1"]').click()
    notice = page.locator("#notice-area")
    expect(notice).to_contain_text(OPENING[locale])
    seen = assert_in_language(page, f"refusal {locale}", root="#notice-area")
    print(f"refusal {locale}: {seen.share:.0%}; English: {seen.english}")

    page.locator('button[data-action="hint"]').click()
    expect(page.locator(".hint-table tbody tr").first).to_be_visible(timeout=30_000)
    seen = assert_in_language(page, f"renju hints {locale}", root="[data-hints]")
    print(f"renju hints {locale}: {seen.share:.0%}; English: {seen.english}")
    hall.screenshot(page, f"language-refusal-{locale}")
