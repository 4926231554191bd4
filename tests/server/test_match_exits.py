"""Leaving a match on the server: aborting it before both players have moved (stored as
aborted, unrated, never in a tournament), and resigning the whole match (rated as a loss)."""

import pytest

from gamehall.errors import IllegalMoveError
from gamehall.play.actions import Abort
from gamehall.play.registry import new_match
from gamehall.play.settings import BackgammonSettings, GeorgianSettings
from gamehall.server.config import Config
from gamehall.server.live.terms import check_terms, exits_of, takebacks_for
from gamehall.store import MatchTerms, PlayerSeat
from server.helpers import Hall, Player, running

BACKGAMMON = {"game": "backgammon", "length": 3}


def _match(hall: Hall, rated: bool = False) -> tuple[str, dict[int, Player]]:
    ann, bob = hall.register("ann"), hall.register("bob")
    seek = ann.ok("post", "/api/seeks", {"settings": BACKGAMMON, "rated": rated})
    match_id = bob.ok("post", f"/api/seeks/{seek['id']}/accept")["match_id"]
    return match_id, hall.seats(match_id, {"ann": ann, "bob": bob})


def test_an_aborted_match_is_stored_aborted_and_told_to_everybody(config: Config) -> None:
    with running(config) as hall:
        match_id, players = _match(hall)
        with (
            players[0].socket(match_id) as first,
            players[1].socket(match_id) as second,
            hall.anonymous().socket(match_id) as watcher,
        ):
            assert {"abort", "resign_match"} <= set(first.hello["actions"])
            assert watcher.hello["actions"] == []
            second.act("abort")
            update = second.reply()
            assert [e["kind"] for e in update["events"]] == ["abort", "match_end"]
            assert update["state"]["end_reason"] == "aborted" and update["actions"] == []
            seen = watcher.until("update")
            assert seen["events"][0] == {**update["events"][0]}
            assert first.until("update")["state"]["winner"] is None
        answer = hall.anonymous().ok("get", f"/api/matches/{match_id}")
        assert answer["match"]["status"] == "aborted"
        ann = hall.store.users.by_name("ann")
        assert ann is not None and hall.store.matches.stats(ann.id).played == 0


def test_a_resigned_match_is_the_opponents_and_rated(config: Config) -> None:
    with running(config) as hall:
        match_id, players = _match(hall, rated=True)
        with players[1].socket(match_id) as socket:
            socket.act("resign_match")
            update = socket.reply()
            end = update["events"][-1]
            assert end["kind"] == "match_end" and end["outcome"]["winner"] == 0
            assert end["outcome"]["reason"] == "match resigned"
        winner = players[0].name
        ratings = hall.anonymous().ok("get", f"/api/users/{winner}/ratings")
        assert ratings["ratings"][0]["games"] == 1
        answer = hall.anonymous().ok("get", f"/api/matches/{match_id}")
        assert answer["match"]["status"] == "over" and answer["match"]["summary"]["winner"] == 0


def test_a_tournament_pairing_is_never_aborted() -> None:
    pairing = MatchTerms(pairing=True)
    with pytest.raises(IllegalMoveError, match="a tournament game cannot be aborted"):
        check_terms(Abort(), pairing)
    check_terms(Abort(), MatchTerms(rated=True))


def test_a_pairing_is_not_offered_the_abort() -> None:
    match = new_match(BackgammonSettings(length=3), ["ann", "bob"])
    match.start()
    assert exits_of(match, MatchTerms(), 0) == ["abort", "resign_match"]
    assert exits_of(match, MatchTerms(pairing=True), 0) == ["resign_match"]


def test_takebacks_are_allowed_in_casual_matches_between_people_only() -> None:
    ann, bob = (PlayerSeat(n, "human", None, name) for n, name in ((1, "ann"), (2, "bob")))
    computer = PlayerSeat(None, "computer", "random", "Computer")
    backgammon, georgian = BackgammonSettings(), GeorgianSettings()
    assert takebacks_for(backgammon, [ann, bob], rated=False)
    assert not takebacks_for(backgammon, [ann, bob], rated=True)
    assert not takebacks_for(backgammon, [ann, computer], rated=False)
    assert not takebacks_for(georgian, [ann, bob], rated=False)


def test_a_takeback_is_asked_and_accepted_on_the_sockets(config: Config) -> None:
    with running(config) as hall:
        match_id, players = _match(hall)
        with players[0].socket(match_id) as first, players[1].socket(match_id) as second:
            sockets = {0: first, 1: second}
            mover = first.hello["state"]["on_roll"]
            legal = sockets[mover].hello["legal"]
            sockets[mover].act("play", text=legal["plays"][0])
            sockets[mover].reply()
            sockets[mover].act("confirm")
            update = sockets[mover].reply()
            assert "takeback" in update["actions"]
            sockets[mover].act("takeback")
            asked = sockets[1 - mover].until(
                lambda m: m["type"] == "update" and "takeback" in m["state"]
            )
            assert {"accept_takeback", "decline_takeback"} <= set(asked["actions"])
            sockets[1 - mover].act("accept_takeback")
            done = sockets[1 - mover].reply()
            assert done["events"][0]["kind"] == "accept_takeback"
            assert done["state"]["to_act"] == mover
            assert done["state"]["dice"] == first.hello["state"]["dice"]
        stored = hall.store.matches.load(match_id)
        assert stored is not None and stored.events is not None
        kinds = [e["kind"] for e in stored.events]
        assert kinds[0] == "allow_takebacks" and "accept_takeback" in kinds


def test_a_rated_match_refuses_a_takeback(config: Config) -> None:
    with running(config) as hall:
        match_id, players = _match(hall, rated=True)
        with players[0].socket(match_id) as socket:
            assert "takeback" not in socket.hello["actions"]
            socket.act("takeback", ref=7)
            error = socket.reply()
            assert error["type"] == "error" and "casual games only" in error["message"]
