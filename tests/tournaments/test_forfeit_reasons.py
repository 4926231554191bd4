"""A forfeit's reason is stored as a stable code and said in the reader's words; a result
stored before the codes, with an English sentence, reads as its code, and a text the hall never
wrote is shown as it was stored."""

import pytest

from gamehall.tournaments import Result, Tournament, TournamentSettings, forfeits
from gamehall.tournaments.pairing import Pairing
from gamehall.words import LANGUAGES, words
from gamehall.words.forfeits import forfeit_reason

OLD = [
    ("random-4 has withdrawn", "withdrawn"),
    ("ann and bob have withdrawn", "both-withdrawn"),
    ("random-1 forfeited round 1 by the director's decision", "director"),
    (
        "random-1 forfeited round 2 by the director's decision; "
        "random-2 forfeited round 2 by the director's decision",
        "director",
    ),
    ("the match ended without a winner (aborted)", "no-winner"),
    ("the match waited for nobody and could not go on", "stalled"),
    ("beginner-2's engine failed (RuntimeError: out of\nmemory)", "engine-failed"),
    ("the match did not end within 200000 decisions", "too-long"),
]


@pytest.mark.parametrize(("text", "code"), OLD)
def test_a_reason_stored_before_the_codes_reads_as_its_code(text: str, code: str) -> None:
    assert forfeits.code_of(text) == code
    assert Result.from_dict({"outcome": "-+", "score": None, "reason": text}).reason == code


def test_a_code_and_an_unknown_text_read_as_they_are() -> None:
    assert forfeits.code_of("withdrawn") == "withdrawn"
    assert forfeits.code_of("the dog ate the board") == "the dog ate the board"
    stored = Result.from_dict({"outcome": "+-", "score": None, "reason": "withdrawn"})
    assert Result.from_dict(stored.to_dict()) == stored


def _pairing(outcome: str, reason: str) -> Pairing:
    return Pairing(1, 1, "ann", "bob").with_result(Result(outcome, reason=reason))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("outcome", "reason", "english", "russian"),
    [
        ("-+", "withdrawn", "ann has withdrawn", "ann выбыл из турнира"),
        ("+-", "withdrawn", "bob has withdrawn", "bob выбыл из турнира"),
        ("--", "both-withdrawn", "ann and bob have withdrawn", "ann и bob выбыли из турнира"),
        (
            "+-",
            "director",
            "bob forfeited the round by the director's decision",
            "bob проиграл тур без игры по решению директора",
        ),
        (
            "--",
            "director",
            "ann and bob forfeited the round by the director's decision",
            "ann и bob проиграли тур без игры по решению директора",
        ),
        ("-+", "engine-failed", "ann's engine failed", "движок игрока ann не сработал"),
        ("--", "no-winner", "the match ended without a winner", "матч закончился без победителя"),
    ],
)
def test_a_forfeit_is_said_in_the_reader_s_words(
    outcome: str, reason: str, english: str, russian: str
) -> None:
    pairing = _pairing(outcome, reason)
    assert forfeit_reason(words("en"), pairing) == english
    assert forfeit_reason(words("ru"), pairing) == russian


def test_every_code_is_said_in_every_language() -> None:
    for language in LANGUAGES:
        for code in forfeits.CODES:
            for outcome in ("+-", "-+", "--"):
                said = forfeit_reason(words(language), _pairing(outcome, code))
                assert said and said != code, (language, code)


def test_an_unknown_stored_text_is_shown_as_it_was_stored() -> None:
    pairing = _pairing("-+", "the dog ate the board")
    assert forfeit_reason(words("ka"), pairing) == "the dog ate the board"
    assert forfeit_reason(words("ru"), Pairing(1, 1, "ann", "bob")) is None


def test_a_withdrawn_player_s_unplayed_pairings_carry_the_code() -> None:
    t = Tournament.create(TournamentSettings("round-robin"), ["ann", "bob", "cid", "dan"])
    t = t.pair_next_round().withdraw("dan")
    lost = [p for p in t.pairings if "dan" in p.players and p.result is not None]
    assert lost and all(p.result is not None and p.result.reason == "withdrawn" for p in lost)
