"""Complete matches through the WebSocket: two players' sessions act until the match ends, a
spectator watching; the dice are read from the updates, the moves from the ``legal`` lists."""

from contextlib import ExitStack
from typing import Any

import pytest

from gamehall.play.renju_match import RenjuMatch
from gamehall.play.tables_match import TablesMatch
from server.helpers import Choice, Hall, Table, tables_choice


def _tables(seat: int, message: dict[str, Any]) -> Choice:
    return tables_choice(message)


@pytest.mark.parametrize("game", ["backgammon", "georgian", "nardy"])
def test_a_complete_tables_match(hall: Hall, game: str) -> None:
    match_id, players = hall.match_between({"game": game, "length": 1})
    with ExitStack() as stack:
        sockets = {seat: stack.enter_context(p.socket(match_id)) for seat, p in players.items()}
        watcher = stack.enter_context(hall.anonymous().socket(match_id))
        assert [sockets[0].hello["you"], sockets[1].hello["you"], watcher.hello["you"]] == [
            0,
            1,
            None,
        ]
        assert watcher.hello["actions"] == [] and watcher.hello["legal"] is None
        table = Table(sockets, (watcher,))
        dice_seen = set()
        while table.step(_tables):
            if table.state.get("dice"):
                dice_seen.add(tuple(table.state["dice"]))
        assert len(dice_seen) > 3
        final = table.state
    assert final["phase"] == "over" and final["winner"] in (0, 1)
    stored = hall.store.matches.load(match_id)
    assert stored is not None and stored.status == "over"
    assert stored.summary["winner"] == final["winner"]
    replayed = TablesMatch.from_dict(stored.as_match_dict(secrets=False))
    assert replayed.winner == final["winner"]


def _renju(seat: int, message: dict[str, Any]) -> Choice:
    """Black plays h8 i8 j8 k8 l8, White g9 then along the a-file: Black wins with a five."""
    state = message["state"]
    if "move" not in message["actions"]:
        return None
    black = state["black"] == seat
    line = ["h8", "i8", "j8", "k8", "l8"] if black else ["g9", "a1", "a3", "a5", "a7"]
    return "move", {"point": line[len(state["moves"]) // 2]}


def test_a_complete_renju_match(hall: Hall) -> None:
    match_id, players = hall.match_between({"game": "renju", "length": 3})
    with ExitStack() as stack:
        sockets = {seat: stack.enter_context(p.socket(match_id)) for seat, p in players.items()}
        watcher = stack.enter_context(hall.anonymous().socket(match_id))
        table = Table(sockets, (watcher,))
        for _ in range(18):  # two games of nine stones
            assert table.step(_renju)
        assert table.state["score"] == [1, 1]  # each won as Black: on to a third game
        sockets[1].act("offer_draw")
        table.last[1] = sockets[1].reply()
        table.last[0] = sockets[0].until("update")
        assert "accept" in table.last[0]["actions"]
        assert table.play_out(_renju) == 9  # Black's move declines the offer
        final = table.state
        assert watcher.until("update")["state"] == final
    assert final["phase"] == "over" and final["score"] == [2, 1] and final["winner"] == 0
    stored = hall.store.matches.load(match_id)
    assert stored is not None and stored.status == "over"
    assert RenjuMatch.from_dict(stored.as_match_dict(secrets=False)).winner == 0


def test_a_complete_match_against_the_computer(hall: Hall) -> None:
    ann = hall.register("ann")
    body = {"settings": {"game": "nardy", "length": 1}, "level": "beginner", "side": 0}
    match_id = ann.ok("post", "/api/computer", body)["match_id"]
    with ann.socket(match_id) as socket:
        message = socket.hello
        for _ in range(2000):
            if message["state"]["phase"] == "over":
                break
            choice = tables_choice(message)
            if choice is not None:
                socket.act(choice[0], **choice[1])
            message = socket.reply()
            assert message["type"] == "update", message
        assert message["state"]["phase"] == "over"
    stored = hall.store.matches.load(match_id)
    assert stored is not None and stored.status == "over"
    events = stored.as_match_dict(secrets=False)["events"]
    assert {e["player"] for e in events if e["kind"] == "play"} == {0, 1}
