"""A time control in the reader's words (issue 37): clock-words.js says a clock's typed parts
in the page's language, whole minutes as minutes, and never the API's notation."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1280, "height": 800}

SAY = """async (control) => {
  const { loadLanguage } = await import("/js/language.js");
  await loadLanguage();
  const { clockWords } = await import("/js/clock-words.js");
  return clockWords(control);
}"""


def control(kind: str, **parts: int | bool) -> dict[str, int | bool | str]:
    """A ClockControl: 0 for the parts its kind has none of."""
    base: dict[str, int | bool | str] = {"kind": kind, "initial": 0, "increment": 0, "delay": 0}
    return base | {"per_point": False, "periods": 0, "period": 0} | parts


@pytest.mark.parametrize(
    ("locale", "fischer", "per_point", "byoyomi"),
    [
        ("en-US", "5 min + 5 s", "1 min per point + 12 s delay", "10 min + 5 × 30 s"),
        (
            "ru-RU",
            "5 мин + 5 с за ход",
            "1 мин за очко + задержка 12 с",
            "10 мин + периоды: 5 × 30 с",
        ),
        ("zh-CN", "5 分钟 + 每步 5 秒", "每分 1 分钟 + 延时 12 秒", "10 分钟 + 5 次 × 30 秒 读秒"),
    ],
)
def test_a_clock_is_said_in_the_readers_words(
    hall: Hall, locale: str, fischer: str, per_point: str, byoyomi: str
) -> None:
    page = hall.page("/", DESKTOP, locale=locale)
    page.locator("main").wait_for()
    assert page.evaluate(SAY, control("fischer", initial=300, increment=5)) == fischer
    assert page.evaluate(SAY, control("delay", initial=60, delay=12, per_point=True)) == per_point
    assert page.evaluate(SAY, control("byoyomi", initial=600, periods=5, period=30)) == byoyomi
    assert page.evaluate(SAY, control("fischer", initial=90, increment=0)).startswith("90 ")


SAY_TEXT = """async (text) => {
  const { loadLanguage } = await import("/js/language.js");
  await loadLanguage();
  const { clockText } = await import("/js/clock-words.js");
  return clockText(text);
}"""


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        (
            "ru-RU",
            ["5 мин + 5 с за ход", "1 мин за очко + задержка 12 с", "10 мин + периоды: 5 × 30 с"],
        ),
        (
            "zh-CN",
            ["5 分钟 + 每步 5 秒", "每分 1 分钟 + 延时 12 秒", "10 分钟 + 5 次 × 30 秒 读秒"],
        ),
    ],
)
def test_a_clocks_notation_is_said_in_words(hall: Hall, locale: str, said: list[str]) -> None:
    """Seeks, challenges, the watch list and the tournaments carry a clock as the API writes it:
    the pages read it into its parts and say those."""
    page = hall.page("/", DESKTOP, locale=locale)
    page.locator("main").wait_for()
    written = ["fischer:300+5", "delay:12+60/pt", "byoyomi:600+5x30"]
    assert [page.evaluate(SAY_TEXT, text) for text in written] == said
    assert page.evaluate(SAY_TEXT, "sundial") == "sundial"
