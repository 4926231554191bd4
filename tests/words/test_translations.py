"""The translations (``gamehall.words.catalog`` over Babel's catalogs): each language's catalog
is complete and keeps every text's marks, a text a catalog lacks or marks fuzzy is said in
English, and the template and catalogs are in step with the English texts."""

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from gamehall.words import LANGUAGES, words
from gamehall.words import catalog as catalog_module
from gamehall.words.extract import extract_words

ROOT = Path(__file__).resolve().parents[2]


def _marks(text: str) -> set[str]:
    return set(re.findall(r"\{[\w-]+\}", text))


def test_every_language_says_every_text_with_the_same_marks() -> None:
    english = words("en")
    for language in LANGUAGES[1:]:
        said = words(language)
        assert said.complete, f"{language} lacks {sorted(said.missing)}"
        for key, text in english.texts.items():
            assert _marks(said.texts[key]) == _marks(text), (language, key)
            words_in_it = re.sub(r"\{[\w-]+\}", "", text)
            if any(c.isalpha() for c in words_in_it) and key != "analysis.row.pr":
                assert said.texts[key] != text, (language, key)  # left in English


def test_every_language_counts_with_its_own_forms() -> None:
    english = words("en")
    for language in LANGUAGES[1:]:
        said = words(language)
        for key, forms in english.counted.items():
            for form in said.counted[key].values():
                assert _marks(form) == _marks(forms["other"]), (language, key)
    assert [words("ru").say_count("points", n) for n in (1, 3, 5, 21, 112)] == [
        "1 очко", "3 очка", "5 очков", "21 очко", "112 очков"
    ]  # fmt: skip
    assert english.say_count("points", 1) == "1 point"
    assert english.say_count("points", 0) == "0 points"
    assert words("zh_Hans").say_count("points", 7) == "7 分"


def test_a_sentence_is_said_in_its_language() -> None:
    assert words("ru").end_reason("resign", "Ann") == "игрок Ann сдался"
    assert words("zh_Hans").say("notice.rematch-offer", opponent="Ann") == "Ann 提议再战。"
    assert words("ka").end_reason("five") == "ხუთი ზედიზედ"


def test_a_missing_or_fuzzy_translation_is_said_in_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = ROOT / "src/gamehall/words/locale/ru/LC_MESSAGES/messages.po"
    with source.open("rb") as file:
        catalog = read_po(file, locale="ru")
    for message in catalog:
        if message.context == "end.five":
            message.string = ""
        if message.context == "end.time":
            message.flags.add("fuzzy")
    folder = tmp_path / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "messages.po").open("wb") as file:
        write_po(file, catalog)
    monkeypatch.setattr(catalog_module, "_catalog_file", lambda language: folder / "messages.po")
    catalog_module.words.cache_clear()
    try:
        said = catalog_module.words("ru")
        assert said.texts["end.five"] == "five in a row"
        assert said.texts["end.time"] == "time ran out"
        assert said.missing == {"end.five", "end.time"} and not said.complete
    finally:
        catalog_module.words.cache_clear()


def test_the_extraction_gives_each_text_its_key_as_context() -> None:
    source = (ROOT / "src/gamehall/words/en/play.json").read_bytes()
    found = list(extract_words(io.BytesIO(source), {}, (), {}))
    by_key = {
        messages[0]: (line, name, messages[1], comments) for line, name, messages, comments in found
    }
    english = words("en").texts
    part = json.loads(source)
    assert set(by_key) == {key for key, text in part.items() if text}
    line, name, text, comments = by_key["notice.rematch-offer"]
    assert name == "pgettext" and text == english["notice.rematch-offer"]
    assert source.decode().splitlines()[line - 1].lstrip().startswith('"notice.rematch-offer"')
    assert comments == ["{opponent} is filled in: keep it as it is"]


def test_the_template_and_the_catalogs_are_current() -> None:
    """A text changed without ``make messages`` fails here (and in lint)."""
    checked = subprocess.run([sys.executable, "tools/messages", "--check"], cwd=ROOT)
    assert checked.returncode == 0
