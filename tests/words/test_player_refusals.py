"""The refusals a player meets beyond the moves, said from their reasons in every language: an
ambiguous written play, the match being over, renju's opening choices, an action of the wrong
shape, a name, a match record read back."""

import re
from collections.abc import Callable

import pytest

from gamehall import backgammon
from gamehall.errors import GameError
from gamehall.play.actions import action_from_dict
from gamehall.play.match import Match
from gamehall.play.registry import new_match
from gamehall.play.settings import BackgammonSettings, RenjuSettings
from gamehall.store.checks import check_name
from gamehall.words import LANGUAGES, words

SCRIPTS = {"ru": "[а-яё]", "ka": "[\u10a0-\u10ff]", "zh_Hans": "[\u4e00-\u9fff]"}


def _ambiguous() -> None:
    # our 24 may hit his blot on our 18 or on our 19 on its way to 13
    position = backgammon.Position.from_points({24: 1, 6: 14}, {7: 1, 6: 1, 2: 13})
    position.play("24/13", (6, 5))


def _over() -> None:
    match = new_match(BackgammonSettings(length=1), ["ann", "bob"])
    match.start()
    match.forfeit(0)
    match.act(1, "roll")


def _swap2_choice() -> None:
    match = new_match(RenjuSettings(opening="swap2"), ["ann", "bob"])
    match.start()
    for point in ("h8", "h9", "j10"):
        match.act(match.to_act or 0, "move", point=point)
    match.act(match.to_act or 0, "opening_choice", choice="purple")


def _record() -> None:
    Match.from_dict({"settings": {"game": "chess"}, "players": ["a", "b"], "events": []})


CASES: list[tuple[str, Callable[[], object], str]] = [
    ("ambiguous-play", _ambiguous, "'24/13' может означать 24/18*/13, 24/19*/13: уточните"),
    ("match-over-no", _over, "матч окончен: бросок — уже нельзя"),
    ("not-a-choice", _swap2_choice, "'purple' — сейчас такого выбора нет: выберите"),
    ("takes-no-data", lambda: action_from_dict({"kind": "roll", "x": 1}), "roll не принимает"),
    ("action-usage", lambda: action_from_dict({"kind": "play"}), "ходу play нужно поле 'text'"),
    ("bad-name", lambda: check_name("a b", False), "'a b' — недопустимое имя"),
    ("record-unreadable", _record, "запись матча не читается: "),
]


@pytest.mark.parametrize(("reason", "refused", "russian"), CASES, ids=[c[0] for c in CASES])
def test_a_player_s_refusal_in_every_language(
    reason: str, refused: Callable[[], object], russian: str
) -> None:
    with pytest.raises(GameError) as caught:
        refused()
    error = caught.value
    assert error.reason == reason, error
    assert words("en").refusal(error) == str(error)
    assert russian in words("ru").refusal(error)
    for language in LANGUAGES[1:]:
        said = words(language).refusal(error)
        assert said != str(error) and re.search(SCRIPTS[language], said), (language, said)
