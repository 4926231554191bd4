"""``/api/matches/{id}/review``'s steps grouped into turns and games, and
``/api/matches/{id}/review/{step}/hint``: the engine's advice on any step of a finished match,
for anyone logged in (a spectator too), never while the match is played."""

from itertools import pairwise

from gamehall.engines import find_engine
from gamehall.engines.driver import play_out
from gamehall.play.dice import SeededDice
from gamehall.play.settings import BackgammonSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.store import PlayerSeat
from server.helpers import Hall


def _played(hall: Hall, length: int = 3) -> str:
    """A backgammon match played out between two computers, stored as over."""
    match = TablesMatch(BackgammonSettings(length=length), ("ann", "bob"), dice=SeededDice(5))
    play_out(match, {seat: find_engine("backgammon", "random", seed=seat) for seat in (0, 1)})
    seats = [PlayerSeat(None, "computer", "random", name) for name in ("ann", "bob")]
    match_id = hall.store.matches.create(match.to_dict(), players=seats)
    summary = {"score": list(match.score), "winner": match.winner, "end_reason": "points"}
    hall.store.matches.append(match_id, [], secrets=None, status="over", summary=summary)
    return match_id


def test_the_review_groups_its_frames_into_turns_and_games(hall: Hall) -> None:
    match_id = _played(hall)
    answer = hall.anonymous().ok("get", f"/api/matches/{match_id}/review")
    frames, steps = answer["frames"], answer["steps"]
    turns = steps["turns"]
    assert turns[0] == 0 and turns[-1] == len(frames) - 1 and turns == sorted(turns)
    # between two stops, one player's turn: his roll, checkers and confirmation
    for stop, next_stop in pairwise(turns):
        inside = frames[stop + 1 : next_stop + 1]
        assert len({frame["player"] for frame in inside}) == 1
        assert all(frame["kind"] in ("roll", "move", "play", "undo") for frame in inside[:-1])
    numbers = [frame["state"]["game_number"] for frame in frames]
    games = steps["games"]
    assert [g["number"] for g in games] == sorted(set(numbers)) and len(games) > 1
    for game in games:
        assert numbers[game["first"] : game["last"] + 1] == [game["number"]] * (
            game["last"] - game["first"] + 1
        )
        assert game["first"] in turns


def test_a_spectator_has_hints_on_a_step_of_a_finished_match(hall: Hall) -> None:
    match_id = _played(hall)
    frames = hall.anonymous().ok("get", f"/api/matches/{match_id}/review")["frames"]
    step = next(i for i, f in enumerate(frames) if f["kind"] == "roll")
    carol = hall.register("carol")
    answer = carol.ok("get", f"/api/matches/{match_id}/review/{step}/hint?ply=0&count=3")
    assert answer["seat"] == frames[step]["state"]["to_act"] and answer["game"] == "backgammon"
    assert 1 <= len(answer["candidates"]) <= 3 and answer["candidates"][0]["steps"]
    last = carol.get(f"/api/matches/{match_id}/review/{len(frames) - 1}/hint")
    assert last.status_code == 409 and "nobody is to move" in last.json()["detail"]
    beyond = carol.get(f"/api/matches/{match_id}/review/{len(frames)}/hint")
    assert beyond.status_code == 404 and f"no step {len(frames) + 1}" in beyond.json()["detail"]
    ended = next(i for i, f in enumerate(frames) if f["kind"] == "game_start") - 1
    between = carol.get(f"/api/matches/{match_id}/review/{ended}/hint")
    assert between.status_code == 409 and "as it ended" in between.json()["detail"]
    assert hall.anonymous().get(f"/api/matches/{match_id}/review/{step}/hint").status_code == 401
    assert carol.get("/api/matches/nosuch/review/0/hint").status_code == 404


def test_no_hints_on_the_steps_of_a_match_being_played_against_a_person(hall: Hall) -> None:
    match_id, players = hall.match_between({"game": "backgammon", "length": 3})
    for player in players.values():
        refused = player.get(f"/api/matches/{match_id}/review/0/hint")
        assert refused.status_code == 409 and "still being played" in refused.json()["detail"]
