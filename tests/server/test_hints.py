"""``GET /api/matches/{id}/hint``: the engine's ranked choices for the player on move in an
unrated match; refused in rated games, to spectators, to the opponent and to strangers."""

from contextlib import ExitStack
from typing import Any

from gamehall.play.registry import new_match
from gamehall.play.settings import RenjuSettings
from gamehall.store import PlayerSeat
from gamehall.tournaments import Tournament, TournamentSettings
from server.helpers import Choice, Hall, Player, Table


def _on_roll(hall: Hall, match_id: str, players: dict[int, Player]) -> tuple[Player, Player]:
    """The player on roll and the other one."""
    state = hall.anonymous().ok("get", f"/api/matches/{match_id}")["state"]
    seat = state["on_roll"]
    return players[seat], players[1 - seat]


def test_the_player_on_roll_gets_the_plays_ranked_with_the_networks_figures(hall: Hall) -> None:
    match_id, players = hall.match_between({"game": "backgammon", "length": 3})
    mover, _ = _on_roll(hall, match_id, players)
    answer = mover.ok("get", f"/api/matches/{match_id}/hint?ply=1&count=3")
    assert answer["match_id"] == match_id and answer["game"] == "backgammon"
    candidates = answer["candidates"]
    assert 1 <= len(candidates) <= 3 and answer["winning"] is None
    equities = [c["equity"] for c in candidates]
    assert equities == sorted(equities, reverse=True)
    assert candidates[0]["difference"] == 0.0
    for candidate in candidates:
        assert set(candidate["probabilities"]) == {
            "win",
            "win_gammon",
            "win_backgammon",
            "lose_gammon",
            "lose_backgammon",
        }
        assert candidate["ply"] == 1 and candidate["steps"]
    state = hall.anonymous().ok("get", f"/api/matches/{match_id}")["state"]
    assert state["phase"] == "move"  # asking changed nothing


def test_the_opponent_spectators_and_strangers_are_refused(hall: Hall) -> None:
    match_id, players = hall.match_between({"game": "backgammon", "length": 1})
    _, opponent = _on_roll(hall, match_id, players)
    refused = opponent.get(f"/api/matches/{match_id}/hint")
    assert refused.status_code == 409 and "your turn" in refused.json()["detail"]
    watcher = hall.register("carl")
    refused = watcher.get(f"/api/matches/{match_id}/hint")
    assert refused.status_code == 403 and "spectators" in refused.json()["detail"]
    assert hall.anonymous().get(f"/api/matches/{match_id}/hint").status_code == 401
    terms = watcher.ok("get", f"/api/matches/{match_id}/hint/terms")
    assert terms == {"allowed": False, "reason": refused.json()["detail"]}
    assert opponent.ok("get", f"/api/matches/{match_id}/hint/terms")["allowed"] is True
    assert watcher.get("/api/matches/nosuch/hint").status_code == 404


def test_no_hints_in_a_rated_match(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    seek = ann.ok("post", "/api/seeks", {"settings": {"game": "backgammon"}, "rated": True})
    match_id = bob.ok("post", f"/api/seeks/{seek['id']}/accept")["match_id"]
    for player in (ann, bob):
        refused = player.get(f"/api/matches/{match_id}/hint")
        assert refused.status_code == 403 and "rated" in refused.json()["detail"]
        assert player.ok("get", f"/api/matches/{match_id}/hint/terms")["allowed"] is False


def _renju(seat: int, message: dict[str, Any]) -> Choice:
    """Black h8 i8 j8, White g9 a1 a3: Black to move has an open three."""
    if "move" not in message["actions"]:
        return None
    black = message["state"]["black"] == seat
    line = ["h8", "i8", "j8"] if black else ["g9", "a1", "a3"]
    return "move", {"point": line[len(message["state"]["moves"]) // 2]}


def test_renju_hint_with_the_winning_line_to_draw(hall: Hall) -> None:
    match_id, players = hall.match_between({"game": "renju", "length": 1})
    with ExitStack() as stack:
        sockets = {seat: stack.enter_context(p.socket(match_id)) for seat, p in players.items()}
        table = Table(sockets)
        for _ in range(6):
            assert table.step(_renju)
        black = table.state["black"]
    answer = players[black].ok("get", f"/api/matches/{match_id}/hint?count=2")
    assert answer["game"] == "renju" and len(answer["candidates"]) == 2
    assert answer["candidates"][0]["move"] in ("k8", "g8")
    winning = answer["winning"]
    assert winning["attacker"] == "black" and winning["ending"] == "five"
    assert len(winning["moves"]) == 3 and winning["moves"][0] in ("k8", "g8")
    assert [s["number"] for s in winning["stones"]] == [1, 2, 3]
    assert [s["colour"] for s in winning["stones"]] == ["black", "white", "black"]
    assert players[1 - black].get(f"/api/matches/{match_id}/hint").status_code == 409


def test_no_hints_in_a_tournament_game_even_a_casual_one(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    users = [hall.store.users.by_name(name) for name in ("ann", "bob")]
    assert users[0] is not None and users[1] is not None
    tournaments = hall.store.tournaments
    settings = TournamentSettings("swiss", rounds=1).to_dict()
    made = tournaments.create(
        users[0].id, "Casual Swiss", settings, rated=False, grace_seconds=60, starts_at=None
    )
    for user in users:
        tournaments.join(made.id, user.id)
    state = Tournament.create(TournamentSettings.from_dict(settings), ["ann", "bob"])
    tournaments.begin(made.id, ["ann", "bob"], state.pair_next_round().to_dict())
    match = new_match(RenjuSettings(), ["ann", "bob"])
    match.start()
    seats = [PlayerSeat(u.id, "human", None, u.name) for u in users if u is not None]
    match_id = hall.store.matches.create(
        match.to_dict(secrets=True), players=seats, then=tournaments.link(made.id, 1, 1, 1)
    )
    for player in (ann, bob):
        refused = player.get(f"/api/matches/{match_id}/hint")
        assert refused.status_code == 403 and "tournament" in refused.json()["detail"]


def test_one_hint_at_a_time_for_each_player(hall: Hall) -> None:
    match_id, players = hall.match_between({"game": "backgammon", "length": 3})
    mover, _ = _on_roll(hall, match_id, players)
    user = hall.store.users.by_name(mover.name)
    assert user is not None
    hall.services.hints.asking.add(user.id)  # as while his last hint is worked out
    refused = mover.get(f"/api/matches/{match_id}/hint?ply=0")
    assert refused.status_code == 429 and "still being worked out" in refused.json()["detail"]
    hall.services.hints.asking.clear()
    assert mover.ok("get", f"/api/matches/{match_id}/hint?ply=0")["candidates"]
    assert hall.services.hints.asking == set()
