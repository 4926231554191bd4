"""The rules' and play's refusals carry a stable reason, said in every language from the
catalog (``refusal.<reason>``) while their English message stays the library's."""

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from gamehall import backgammon, nardy, renju
from gamehall.errors import GameError, IllegalMoveError
from gamehall.play.registry import new_match
from gamehall.play.settings import BackgammonSettings, RenjuSettings
from gamehall.words import LANGUAGES, words

SRC = Path(__file__).parents[2] / "src" / "gamehall"
TEXTS = {
    key: text
    for part in sorted((SRC / "words" / "en").glob("*.json"))
    for key, text in json.loads(part.read_text(encoding="utf-8")).items()
    if key.startswith("refusal.")
}
"""The refusals' texts, from every part of the catalog (most are in ``refusals.json``)."""
FAMILIES = {
    "forbidden-{pattern}": ("double-three", "double-four", "overline"),
    "opening-move-{number}": ("1", "2", "3"),
    "no-draw-to-{what}": ("accept", "decline"),
    "taraguchi-{self.step}": ("place1", "place2", "place3", "place4", "place5"),
}
"""The reasons made by an f-string, and the values that fill them."""


def _reasons_in_source() -> set[str]:
    """The reasons that the rules, play, engines, store and server layers and the command line
    give their errors."""
    found: set[str] = set()
    layers = ("renju", "tables", "backgammon", "nardy", "play", "engines", "store", "server")
    layers += ("tournaments", "analysis", "terminal")
    paths = [path for layer in layers for path in (SRC / layer).rglob("*.py")] + [SRC / "cli.py"]
    for path in paths:
        text = path.read_text(encoding="utf-8")
        for chosen in re.findall(
            r'reason=("[a-z0-9-]+" if \w+ else "[a-z0-9-]+"|"[a-z0-9-]+")', text
        ):
            found |= set(re.findall(r'"([a-z0-9-]+)"', chosen))
        found |= set(re.findall(r'^\s+\w+: \(\s*"[^"]+",\s*"([a-z-]+)",?\s*\),', text, re.M))
        for family, fills in FAMILIES.items():
            if f'reason=f"{family}"' in text:
                found |= {family.split("{")[0] + fill for fill in fills}
    return found


def test_every_reason_raised_has_its_text_and_every_text_a_reason() -> None:
    reasons = {key.removeprefix("refusal.") for key in TEXTS if key.count(".") == 1}
    assert reasons == _reasons_in_source()


def _english(error: GameError) -> str:
    text = TEXTS[f"refusal.{error.reason}"]
    if isinstance(text, dict):
        text = text["one" if error.values["count"] == 1 else "other"]
    values = {
        name: TEXTS.get(f"refusal.{name}.{value}", value).format_map(error.values)
        if isinstance(value, str)
        else value
        for name, value in error.values.items()
    }
    return str(text).format_map(values)


def _forbidden() -> None:
    board = renju.Board.from_position(
        black=["f8", "g8", "h6", "h7"], white=["a1", "a3", "a5", "a7"], forbidden="refuse"
    )
    board.play("h8")


def _occupied() -> None:
    board = renju.Board()
    board.play("h8")
    board.play("h8")


def _head() -> None:
    turn = nardy.Position.initial().start_turn((5, 3))
    turn.move(24, 5)
    turn.move(24, 3)


def _renju_match(point: str | None, *, mover: bool = True) -> None:
    """Under Taraguchi-10, a stone on ``point`` (a pass if None) by the player to move, or by
    the other."""
    match = new_match(RenjuSettings(opening="taraguchi-10"), ["ann", "bob"])
    match.start()
    assert match.to_act is not None
    player = match.to_act if mover else 1 - match.to_act
    if point is None:
        match.act(player, "pass")
    else:
        match.act(player, "move", point=point)


def _roll_while_moving() -> None:
    match = new_match(BackgammonSettings(length=3), ["ann", "bob"])
    match.start()
    assert match.to_act is not None
    match.act(match.to_act, "roll")


CASES: list[tuple[str, Callable[[], object]]] = [
    ("occupied", _occupied),
    ("opening-move-1", lambda: renju.Board().play("a1")),
    ("forbidden-double-three", _forbidden),
    ("wrong-distance", lambda: backgammon.Position.initial().play("24/18 13/8", (6, 6))),
    ("die-unplayed", lambda: backgammon.Position.initial().play("24/18", (6, 5))),
    ("no-checker", lambda: backgammon.Position.initial().start_turn((6, 5)).move(3, 6)),
    ("nothing-to-move", lambda: backgammon.Position.initial().play("3/1 24/18", (6, 2))),
    ("head-rule", _head),
    ("taraguchi-place1", lambda: _renju_match("a1")),
    ("not-your-move", lambda: _renju_match("h8", mover=False)),
    ("not-now", _roll_while_moving),
    ("stone-in-opening", lambda: _renju_match(None)),
]


@pytest.mark.parametrize(("reason", "refused"), CASES, ids=[reason for reason, _ in CASES])
def test_a_refusal_in_every_language(reason: str, refused: Callable[[], object]) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        refused()
    error = caught.value
    assert error.reason == reason
    assert _english(error) == str(error) == words("en").refusal(error)
    for language in LANGUAGES[1:]:
        said = words(language).refusal(error)
        assert said != str(error) and not re.search(r"[a-z]{4,}", said), (language, said)


def test_an_error_without_a_reason_is_said_as_it_is() -> None:
    error = IllegalMoveError("the sky is falling")
    assert words("ru").refusal(error) == "the sky is falling"
