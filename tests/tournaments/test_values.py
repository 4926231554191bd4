"""The values: checked on construction, refused when wrongly typed, round-tripped as dicts."""

import json
from typing import Any

import pytest

from gamehall.play.settings import BackgammonSettings, NardySettings
from gamehall.tournaments import (
    Pairing,
    Result,
    Standings,
    Tournament,
    TournamentError,
    TournamentSettings,
    default_tiebreaks,
)


def round_trip(value: Any) -> Any:
    return type(value).from_dict(json.loads(json.dumps(value.to_dict())))


@pytest.mark.parametrize(
    "value",
    [
        Result("1-0", (3, 1)),
        Result("1/2-1/2", (0.5, 0.5)),
        Result("+-"),
        Pairing(2, 3, "ann", "bob", Result("0-1", (2, 5)), leg=2, group="B", stage="groups"),
        Pairing(1, 4, "cid", None, Result("bye")),
        TournamentSettings("swiss", NardySettings(length=3), rounds=5),
        TournamentSettings(
            "two-stage",
            group_size=10,
            qualify=2,
            final="round-robin",
            seeding="lots",
            tiebreaks=("wins", "direct-encounter"),
            lots_seed=42,
            withdrawal="forfeit-remaining",
            double=True,
        ),
    ],
)
def test_values_round_trip(value: Any) -> None:
    assert round_trip(value) == value


def test_a_tournament_and_its_standings_round_trip() -> None:
    t = Tournament.create(TournamentSettings("swiss", rounds=2), ["a", "b", "c"])
    t = t.pair_next_round()
    t = t.record(1, 1, Result("1-0"))
    assert round_trip(t) == t
    assert round_trip(t.standings()) == t.standings()
    assert Standings.from_dict(t.standings().to_dict()).order == t.standings().order


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Result("win"), "not known"),  # type: ignore[arg-type]
        (lambda: Result("1-0", (1, 3)), "does not agree"),
        (lambda: Result("+-", (1, 0)), "no match score"),
        (lambda: Result("1-0", (True, False)), "two numbers"),
        (lambda: Pairing(1, 1, "a", "a"), "himself"),
        (lambda: Pairing(True, 1, "a", "b"), "whole number"),
        (lambda: Pairing(1, 1, "a", "b", Result("bye")), "bye"),
        (lambda: TournamentSettings("swiss"), "number of rounds"),
        (lambda: TournamentSettings("swiss", rounds="5"), "whole number"),  # type: ignore[arg-type]
        (lambda: TournamentSettings("swiss", rounds=True), "whole number"),
        (lambda: TournamentSettings("round-robin", rounds=3), "only for a Swiss"),
        (lambda: TournamentSettings("round-robin", double="yes"), "true or false"),  # type: ignore[arg-type]
        (lambda: TournamentSettings("groups", group_size=2), "from 3 to 16"),
        (lambda: TournamentSettings("groups", group_size=8, qualify=8), "from 1 to 7"),
        (lambda: TournamentSettings("knockout", seeding="random"), "not known"),  # type: ignore[arg-type]
        (lambda: TournamentSettings("swiss", rounds=3, tiebreaks=("koya",)), "not known"),  # type: ignore[arg-type]
        (lambda: TournamentSettings("swiss", rounds=3, tiebreaks=["wins"]), "list of names"),  # type: ignore[arg-type]
        (lambda: TournamentSettings("swiss", rounds=3, tiebreaks=("points-difference",)), "renju"),
        (lambda: TournamentSettings("league"), "not known"),  # type: ignore[arg-type]
        (lambda: Tournament.create(TournamentSettings("knockout"), ["a", "a"]), "twice"),
        (lambda: Tournament.create(TournamentSettings("knockout"), ["a"]), "2 players"),
        (lambda: Tournament.create(TournamentSettings("knockout"), ["a", "b"], {"a": 1}), "rating"),
        (
            lambda: Tournament.create(TournamentSettings("knockout"), ["a"], {"a": "1500"}),
            "must be a number",
        ),
    ],
)
def test_wrong_values_are_refused_with_a_reason(make: Any, message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        make()


def test_unknown_keys_are_refused() -> None:
    data = TournamentSettings("knockout").to_dict() | {"colour": "red"}
    with pytest.raises(TournamentError, match="unknown tournament settings: colour"):
        TournamentSettings.from_dict(data)


def test_default_tiebreaks_add_points_difference_for_the_tables_games() -> None:
    assert default_tiebreaks("swiss", "renju")[0] == "buchholz"
    assert default_tiebreaks("round-robin", "backgammon")[-1] == "points-difference"
    assert TournamentSettings("knockout", NardySettings()).chosen_tiebreaks[-1] == (
        "points-difference"
    )


def test_a_tables_match_cannot_be_drawn() -> None:
    settings = TournamentSettings("round-robin", BackgammonSettings(length=3))
    t = Tournament.create(settings, ["a", "b"]).pair_next_round()
    with pytest.raises(TournamentError, match="backgammon match cannot be drawn"):
        t.record(1, 1, Result("1/2-1/2"))


def test_only_a_waiting_pairing_takes_a_result() -> None:
    t = Tournament.create(TournamentSettings("round-robin"), ["a", "b", "c"]).pair_next_round()
    with pytest.raises(TournamentError, match="no pairing on board 1 waiting"):
        t.record(1, 1, Result("1-0"))  # board 1 is a's rest, decided when paired
    with pytest.raises(TournamentError, match="not over"):
        t.pair_next_round()
    with pytest.raises(TournamentError, match="given by the pairing"):
        t.record(1, 2, Result("bye"))


def test_money_play_is_no_tournament_match() -> None:
    with pytest.raises(TournamentError, match="money play"):
        TournamentSettings("knockout", BackgammonSettings(length=0))


def test_a_stored_tournament_names_only_its_players() -> None:
    data = Tournament.create(TournamentSettings("knockout"), ["a", "b"]).to_dict()
    data["pairings"] = [Pairing(1, 1, "a", "zed").to_dict()]
    with pytest.raises(TournamentError, match="zed is not in the tournament"):
        Tournament.from_dict(data)
    data["pairings"], data["withdrawn"] = [], ["a", "a"]
    with pytest.raises(TournamentError, match="withdrawn twice"):
        Tournament.from_dict(data)
