"""A hint's engine words in the reader's language: renju's verdicts, the cube's choices and
its note; English readers get the engine's own words."""

import re

from gamehall.server.hint_schemas import CandidateView, HintAnswer
from gamehall.server.hint_words import said
from server.helpers import Hall
from server.test_hints import _against_computer, _renju_on_move


def _candidate(move: str, text: str, score: int | None = None) -> CandidateView:
    return CandidateView(
        move=move,
        text=text,
        equity=None,
        difference=None,
        probabilities={},
        ply=None,
        steps=[],
        score=score,
    )


def _cube_answer(moves: list[str], action: str, response: str) -> HintAnswer:
    return HintAnswer(
        match_id="m",
        seat=0,
        game="backgammon",
        method="network",
        candidates=[_candidate(move, "+0.500") for move in moves],
        winning=None,
        notes=["Proper cube action: ..."],
        cube={"action": action, "response": response, "text": "..."},
    )


def test_the_doublers_cube_hint_in_russian() -> None:
    shown = said(
        _cube_answer(["No double", "Double, take", "Double, pass"], "no-double", "take"), "ru"
    )
    assert [c.move for c in shown.candidates] == [
        "Без удвоения",
        "Удвоить, принять",
        "Удвоить, отказаться",
    ]
    assert shown.notes == ["Верное действие кубом: без удвоения."]
    assert [c.text for c in shown.candidates] == ["+0.500"] * 3


def test_the_answer_to_a_double_in_georgian_and_english() -> None:
    answer = _cube_answer(["Beaver", "Take", "Pass"], "no-double", "beaver")
    shown = said(answer, "ka")
    assert [c.move for c in shown.candidates] == ["ბივერი", "მიღება", "უარი"]
    assert shown.notes == [
        "სწორი პასუხი: ბივერი (გამაორმაგებლის მოქმედება კუბით: გაორმაგების გარეშე, ბივერი)."
    ]
    assert said(answer, "en") == answer


def test_renju_verdicts_in_chinese() -> None:
    answer = HintAnswer(
        match_id="m",
        seat=0,
        game="renju",
        method="search",
        candidates=[
            _candidate("k8", "forced win", 1_000_000),
            _candidate("g8", "wins in 5", 999_995),
            _candidate("a2", "loses in 4", -999_996),
            _candidate("b2", "+120", 120),
        ],
        winning=None,
        notes=[],
    )
    texts = [c.text for c in said(answer, "zh_Hans").candidates]
    assert texts == ["必胜", "5 步胜", "4 步负", "+120"]


def test_a_renju_hint_over_http_in_russian(hall: Hall) -> None:
    match_id, black, _ = _against_computer(hall, _renju_on_move())
    black.client.cookies.set("gamehall_language", "ru")
    answer = black.ok("get", f"/api/matches/{match_id}/hint?count=2")
    texts = [c["text"] for c in answer["candidates"]]
    assert all(re.fullmatch(r"[+-]\d+|[а-яё ]+\d* ?[а-яё]*", t) for t in texts), texts
    assert any(re.search("[а-яё]", t) for t in texts), texts


def test_a_hint_after_the_match_is_refused_in_russian(hall: Hall) -> None:
    match = _renju_on_move()
    match.act(0, "resign")
    match_id, player, _ = _against_computer(hall, match, seat=1)
    player.client.cookies.set("gamehall_language", "ru")
    refused = player.get(f"/api/matches/{match_id}/hint")
    assert refused.status_code == 409
    assert refused.json() == {
        "code": "no-hint",
        "detail": "Подсказку дать нельзя: матч окончен: подсказывать нечего",
    }
