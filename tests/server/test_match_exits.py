"""Leaving a match on the server: aborting it before both players have moved (stored as
aborted, unrated, never in a tournament), and resigning the whole match (rated as a loss)."""

import pytest

from gamehall.errors import IllegalMoveError
from gamehall.play.actions import Abort
from gamehall.play.registry import new_match
from gamehall.play.settings import BackgammonSettings
from gamehall.server.config import Config
from gamehall.server.live.terms import check_terms, exits_of
from gamehall.store import MatchTerms
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
    assert exits_of(match, MatchTerms()) == ["abort", "resign_match"]
    assert exits_of(match, MatchTerms(pairing=True)) == ["resign_match"]
