"""The catalog of words (``gamehall.words``): every end reason of the games has its words, the
texts ask for the values they are given."""

import re

import pytest

from gamehall.renju.forbidden import PATTERN_NAMES
from gamehall.words import LANGUAGES, Words, WordsError, words

END_REASONS = {
    # the tables games (play.tables_match), renju (renju.board), and the server's forfeits
    "bear-off", "drop", "resign", "time", "agreement", "last-roll tie", "session ended",
    "five", "full-board", "two-passes", "abandoned", "withdrawn", "no-show",
}  # fmt: skip


def test_every_end_reason_has_words_in_every_language() -> None:
    reasons = END_REASONS | set(PATTERN_NAMES.values())
    for language in LANGUAGES:
        missing = {r for r in reasons if f"end.{r}" not in words(language).texts}
        assert not missing, f"{language}: no words for {sorted(missing)}"


def test_a_reason_said_of_the_loser_names_him() -> None:
    said = words()
    assert said.end_reason("resign", "Ann") == "Ann resigned"
    assert said.end_reason("resign") == "resignation"
    assert said.end_reason("five", "Ann") == "five in a row"  # not something Ann did
    assert said.end_reason("a reason from the future") == "a reason from the future"
    for key in said.texts:
        if key.startswith("end.") and key.endswith(".by"):
            assert said.names(key) == ("loser",), key


def test_a_text_needs_its_values_and_its_key() -> None:
    said = Words("en", {"greeting": "hello {name}"})
    assert said.say("greeting", name="Ann") == "hello Ann"
    with pytest.raises(WordsError, match="needs a value for 'name'"):
        said.say("greeting")
    with pytest.raises(WordsError, match="no text 'farewell'"):
        said.say("farewell")
    with pytest.raises(WordsError, match="no words in 'xx'"):
        words("xx")


def test_marks_are_plain_names() -> None:
    """The pages fill ``{name}`` marks only: no format specs, no positional marks."""
    for key, text in words().texts.items():
        for mark in re.findall(r"\{[^}]*\}", text):
            assert re.fullmatch(r"\{[\w-]+\}", mark), (key, mark)
