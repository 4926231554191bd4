"""``GET /api/matches/{id}/hint``: the engine's ranked choices for the player on move in an
unrated match against the computer; refused against a person, in rated and tournament games,
to spectators and to strangers, and in a finished match."""

from gamehall.play.match import Match
from gamehall.play.registry import new_match
from gamehall.play.settings import BackgammonSettings, RenjuSettings
from gamehall.store import PlayerSeat
from gamehall.tournaments import Tournament, TournamentSettings
from server.helpers import Hall, Player


def _against_computer(hall: Hall, match: Match, seat: int | None = None) -> tuple[str, Player, int]:
    """``match`` stored between a person, in ``seat`` (by default the seat on move), and a
    computer in the other: its id, the person and his seat."""
    seat = match.to_act if seat is None else seat
    assert seat is not None
    names = match.players
    player = hall.register(names[seat])
    user = hall.store.users.by_name(names[seat])
    assert user is not None
    seats = [PlayerSeat(None, "computer", "random", name) for name in names]
    seats[seat] = PlayerSeat(user.id, "human", None, names[seat])
    return hall.store.matches.create(match.to_dict(secrets=True), players=seats), player, seat


def _backgammon(length: int) -> Match:
    """A backgammon match of ``length`` points, its opening roll rolled."""
    match = new_match(BackgammonSettings(length=length), ["ann", "bob"])
    match.start()
    return match


def test_the_player_on_roll_gets_the_plays_ranked_with_the_networks_figures(hall: Hall) -> None:
    match_id, mover, _ = _against_computer(hall, _backgammon(3))
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


def test_no_engine_help_against_a_person_for_either_player(hall: Hall) -> None:
    match_id, players = hall.match_between({"game": "backgammon", "length": 3})
    for player in players.values():
        refused = player.get(f"/api/matches/{match_id}/hint")
        assert refused.status_code == 403
        assert "your opponent is a person" in refused.json()["detail"]
        terms = player.ok("get", f"/api/matches/{match_id}/hint/terms")
        assert terms == {"allowed": False, "reason": refused.json()["detail"]}


def test_spectators_and_strangers_are_refused(hall: Hall) -> None:
    match_id, player, _ = _against_computer(hall, _backgammon(1))
    assert player.ok("get", f"/api/matches/{match_id}/hint/terms")["allowed"] is True
    watcher = hall.register("carl")
    refused = watcher.get(f"/api/matches/{match_id}/hint")
    assert refused.status_code == 403 and "spectators" in refused.json()["detail"]
    assert hall.anonymous().get(f"/api/matches/{match_id}/hint").status_code == 401
    terms = watcher.ok("get", f"/api/matches/{match_id}/hint/terms")
    assert terms == {"allowed": False, "reason": refused.json()["detail"]}
    assert watcher.get("/api/matches/nosuch/hint").status_code == 404


def _renju_on_move() -> Match:
    """Black h8 i8 j8, White g9 a1 a3: Black to move has an open three."""
    match = new_match(RenjuSettings(), ["ann", "bob"])
    match.start()
    for point in ("h8", "g9", "i8", "a1", "j8", "a3"):
        assert match.to_act is not None
        match.act(match.to_act, "move", point=point)
    return match


def test_renju_hint_with_the_winning_line_to_draw(hall: Hall) -> None:
    match_id, black, _ = _against_computer(hall, _renju_on_move())
    answer = black.ok("get", f"/api/matches/{match_id}/hint?count=2")
    assert answer["game"] == "renju" and len(answer["candidates"]) == 2
    assert answer["candidates"][0]["move"] in ("k8", "g8")
    winning = answer["winning"]
    assert winning["attacker"] == "black" and winning["ending"] == "five"
    assert len(winning["moves"]) == 3 and winning["moves"][0] in ("k8", "g8")
    assert [s["number"] for s in winning["stones"]] == [1, 2, 3]
    assert [s["colour"] for s in winning["stones"]] == ["black", "white", "black"]


def test_a_finished_match_has_nothing_to_hint(hall: Hall) -> None:
    match = _renju_on_move()
    match.act(0, "resign")
    match_id, player, _ = _against_computer(hall, match, seat=1)
    refused = player.get(f"/api/matches/{match_id}/hint")
    assert refused.status_code == 409 and "the match is over" in refused.json()["detail"]


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
    match_id, mover, _ = _against_computer(hall, _backgammon(3))
    user = hall.store.users.by_name(mover.name)
    assert user is not None
    hall.services.hints.asking.add(user.id)  # as while his last hint is worked out
    refused = mover.get(f"/api/matches/{match_id}/hint?ply=0")
    assert refused.status_code == 429 and "still being worked out" in refused.json()["detail"]
    hall.services.hints.asking.clear()
    assert mover.ok("get", f"/api/matches/{match_id}/hint?ply=0")["candidates"]
    assert hall.services.hints.asking == set()
