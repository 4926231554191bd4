"""The terminal's hints in the chosen language: renju's verdicts, the cube's choices and its
note from the catalog; in English the engine's own words."""

import io

from tests.terminal.test_session import ScriptedInput, lines

from gamehall.engines.hints import Candidate, Hints
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import RenjuSettings
from gamehall.terminal.hints import hint_lines
from gamehall.terminal.session import TerminalGame

RENJU = Hints(
    "renju",
    "search",
    (Candidate("k8", "forced win", score=1_000_000), Candidate("g8", "wins in 3", score=999_997)),
)
CUBE = Hints(
    "backgammon",
    "network",
    (
        Candidate("Take", "+0.400", equity=0.4, difference=0.0),
        Candidate("Pass", "-1.000", equity=-1.0, difference=-1.4),
    ),
    notes=("Proper answer: take (the doubler's cube action: Double, take).",),
    cube={"action": "double-take", "response": "take", "text": "Double, take"},
)


def test_renju_verdicts_in_russian_and_english() -> None:
    russian = "\n".join(hint_lines(RENJU, "ru"))
    assert "форсированный выигрыш" in russian and "выигрыш за 3 хода" in russian
    english = "\n".join(hint_lines(RENJU))
    assert "forced win" in english and "wins in 3" in english


def test_the_answer_to_a_double_in_georgian() -> None:
    text = "\n".join(hint_lines(CUBE, "ka"))
    assert "მიღება" in text and "უარი" in text and "Take" not in text
    assert "(სწორი პასუხი: მიღება (გამაორმაგებლის მოქმედება კუბით: გაორმაგება, მიღება).)" in text
    assert "(Proper answer: take" in "\n".join(hint_lines(CUBE))


def test_no_winning_sequence_while_the_opening_asks_a_choice_in_russian() -> None:
    match = RenjuMatch(RenjuSettings(opening="swap2"), ("Ann", "Bob"))
    output = io.StringIO()
    typed = lines("h8", "g9", "i8", "winning")
    TerminalGame(match, {}, ScriptedInput(output, typed), output, language="ru").run()
    assert "Подсказка предлагает ходы, а правило дебюта сейчас требует выбора" in output.getvalue()
