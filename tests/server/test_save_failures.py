"""A save that fails never leaves its events in memory or in any message.

The bug (issue 17): with the database down, an action failed to save and the reload meant to undo
it failed too, so the unsaved event stayed in the live match, was sent to reconnecting players,
and the match stuck (each side believing the other was to move) once the database came back.
Now the live copy goes back to the match as last stored from memory, whatever the store does.
"""

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from gamehall.server.config import Config
from gamehall.store import Store
from server.helpers import Choice, Hall, Table, running, tables_choice


def _tables(seat: int, message: dict[str, Any]) -> Choice:
    return tables_choice(message)


def database_gone(*args: Any, **kwargs: Any) -> Any:
    raise OperationalError("SELECT 1", None, ConnectionRefusedError("the database is down"))


@contextmanager
def store_down(store: Store, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The store fails on every append (alone or in a batch) and every load (a reload cannot
    undo anything)."""
    with monkeypatch.context() as patch:
        patch.setattr(store.matches, "append", database_gone)
        patch.setattr(store.matches, "append_batch", database_gone)
        patch.setattr(store.matches, "load", database_gone)
        yield


def _timeless(state: dict[str, Any]) -> dict[str, Any]:
    """A state without its clocks (which run on while the test looks)."""
    return {key: value for key, value in state.items() if key != "clocks"}


def _stored_events(config: Config, match_id: str) -> list[dict[str, Any]]:
    with Store(config.database_url) as store:
        stored = store.matches.load(match_id)
    assert stored is not None and stored.events is not None
    return list(stored.events)


def test_a_failed_save_is_undone_even_when_the_store_cannot_be_read(
    hall: Hall, config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = {"game": "backgammon", "length": 3, "clock": "fischer:600+5"}
    match_id, players = hall.match_between(settings)
    with ExitStack() as stack:
        sockets = {s: stack.enter_context(p.socket(match_id)) for s, p in players.items()}
        table = Table(sockets)
        for _ in range(6):
            assert table.step(_tables)
        stored = _stored_events(config, match_id)
        seat = next(s for s, m in table.last.items() if tables_choice(m) is not None)
        choice = tables_choice(table.last[seat])
        assert choice is not None
        with store_down(hall.store, monkeypatch):
            sockets[seat].act(choice[0], ref="lost", **choice[1])
            reply = sockets[seat].reply()
            assert reply["type"] == "error" and reply["ref"] == "lost"
            assert "could not be saved" in reply["message"]
            with pytest.raises(TimeoutError):  # the opponent is sent nothing
                sockets[1 - seat].until("update", timeout=0.5)
            with hall.anonymous().socket(match_id) as watcher:  # nor is a newcomer
                assert watcher.hello["events"] == stored
                assert _timeless(watcher.hello["state"]) == _timeless(table.state)
        assert _stored_events(config, match_id) == stored
        # The database is back: the same action goes through, and the match plays out.
        assert table.play_out(_tables) > 0
        assert table.state["phase"] == "over"
        assert _timeless(table.last[0]["state"]) == _timeless(table.last[1]["state"])
    final = _stored_events(config, match_id)
    assert [e["seq"] for e in final] == list(range(len(final)))
    assert final[: len(stored)] == stored


def test_the_computer_tries_again_once_the_store_is_back(
    config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running(config, bot_delay=0.3) as hall:
        ann = hall.register("ann")
        body = {"settings": {"game": "backgammon", "length": 1}, "level": "random", "side": 0}
        match_id = ann.ok("post", "/api/computer", body)["match_id"]
        with ann.socket(match_id) as socket:
            message = socket.hello
            while message["state"]["to_act"] != 1:
                choice = tables_choice(message)
                assert choice is not None
                socket.act(choice[0], **choice[1])
                message = socket.reply()
            waiting = message["state"]
            with store_down(hall.store, monkeypatch):  # the computer's move fails to save
                with pytest.raises(TimeoutError):
                    socket.until("update", timeout=1.5)
                with hall.anonymous().socket(match_id) as watcher:
                    assert _timeless(watcher.hello["state"]) == _timeless(waiting)
            update = socket.until("update", timeout=5)  # it tries again, and is stored
            assert update["events"][0]["seq"] == len(watcher.hello["events"])
            assert hall.event_count(match_id) > len(watcher.hello["events"])
