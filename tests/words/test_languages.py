"""Choosing a reader's language (``gamehall.words.languages``) from what his browser or system
asks for: tags matched on language and script, the most wanted first, nonsense ignored."""

from hypothesis import example, given
from hypothesis import strategies as st

from gamehall.words import LANGUAGES
from gamehall.words.languages import html_tag, negotiate, preferred


def test_the_header_is_read_most_wanted_first() -> None:
    assert preferred("de;q=0.5, ru-RU, en;q=0.8") == ["ru-RU", "en", "de"]
    assert preferred("ka, zh;q=0.9, fr;q=0.9") == ["ka", "zh", "fr"]  # ties keep their order
    assert preferred("ru;q=0, en;q=abc, ka") == ["ka"]  # refused and malformed weights dropped
    assert preferred(None) == [] and preferred("") == []


def test_tags_are_matched_on_language_and_script() -> None:
    assert negotiate(["ru-RU"], LANGUAGES) == "ru"
    assert negotiate(["ka-GE"], LANGUAGES) == "ka"
    assert negotiate(["zh-CN"], LANGUAGES) == "zh_Hans"
    assert negotiate(["zh"], LANGUAGES) == "zh_Hans"  # Chinese is written in Hans by default
    assert negotiate(["zh-Hans-SG"], LANGUAGES) == "zh_Hans"
    assert negotiate(["zh-TW"], LANGUAGES) is None  # Traditional script: not spoken here
    assert negotiate(["de", "ru"], LANGUAGES) == "ru"
    assert negotiate(["*", "x-klingon", "de"], LANGUAGES) is None
    assert negotiate(["ru_RU"], ["en"]) is None


def test_a_language_is_written_for_html() -> None:
    assert html_tag("zh_Hans") == "zh-Hans" and html_tag("ru") == "ru"


@given(st.text(max_size=80))
@example("NO_0000")  # Norwegian, whose likely tag no_Latn_NO Babel cannot parse
def test_any_header_gives_languages_the_hall_speaks_or_none(header: str) -> None:
    found = negotiate(preferred(header), LANGUAGES)
    assert found is None or found in LANGUAGES
