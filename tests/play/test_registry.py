"""One registry of games: each game's match class, new matches and matches loaded from data."""

import pytest

from gamehall.errors import GameError, RecordError
from gamehall.play.registry import GAME_NAMES, MATCH_CLASSES, load_match, match_class, new_match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch
from support.matches import FakeTime


def test_every_game_has_its_match_class() -> None:
    assert set(MATCH_CLASSES) == set(GAME_NAMES)
    assert match_class("renju") is RenjuMatch
    assert {match_class(g) for g in ("backgammon", "georgian", "nardy")} == {TablesMatch}
    with pytest.raises(GameError, match="game 'chess' is not known"):
        match_class("chess")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_new_match_loads_back_from_its_data(game: str) -> None:
    time = FakeTime()
    match = new_match(MatchSettings.from_dict({"game": game}), ("Ann", "Bob"), time_source=time)  # type: ignore[arg-type]
    match.start()
    loaded = load_match(match.to_dict(), time)
    assert type(loaded) is type(match) and loaded.to_dict() == match.to_dict()


@pytest.mark.parametrize("data", [{}, {"game": "chess"}, {"game": 3}])
def test_load_match_needs_a_known_game(data: dict[str, object]) -> None:
    with pytest.raises(RecordError, match="names its game"):
        load_match(data)
