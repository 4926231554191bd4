"""Loading live matches: a replay runs on the replays' worker thread, never on the event loop;
concurrent requests share one load; a loaded match is kept; a finished match's state is read
from the store without any replay."""

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gamehall.play.registry import load_match
from gamehall.play.settings import MatchSettings
from gamehall.server.config import Config
from gamehall.server.live import LiveMatches, persistence
from gamehall.store import PlayerSeat, Store, upgrade_database
from server.helpers import CHEAP_HASHER, FakeClock, Hall, running
from support import aio


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    url = f"sqlite:///{tmp_path / 'gamehall.db'}"
    upgrade_database(url)
    with Store(url, password_hasher=CHEAP_HASHER) as opened:
        yield opened


def _seats(store: Store) -> list[PlayerSeat]:
    users = [store.create_user(name, "password-long") for name in ("ann", "bob")]
    return [PlayerSeat(u.id, "human", None, u.name) for u in users]


def test_a_match_is_replayed_once_off_the_event_loop(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = Config(database_url=store.url, bot_delay=0)
    replays: list[str] = []

    def recorded(data: Any, *args: Any, **kwargs: Any) -> Any:
        replays.append(threading.current_thread().name)
        return load_match(data, *args, **kwargs)

    monkeypatch.setattr(persistence, "load_match", recorded)

    async def scenario() -> None:
        first = LiveMatches(store, config, clock=FakeClock())
        match_id = await first.create(MatchSettings(game="backgammon"), _seats(store))
        await first.stop()
        second = LiveMatches(store, config, clock=FakeClock())
        one, two = await asyncio.gather(second.get(match_id), second.get(match_id))
        assert one is two and await second.get(match_id) is one
        await second.stop()

    aio.run(scenario())
    assert len(replays) == 1
    assert replays[0].startswith("gamehall-replay")


def test_the_state_of_a_finished_match_needs_no_replay(
    config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock()
    with running(config, clock=clock, grace_seconds=1) as hall:
        match_id, players = hall.match_between({"game": "renju"})
        with players[0].socket(match_id) as stayer:
            with players[1].socket(match_id):
                pass
            clock.advance(1)
            stayer.act("claim_abandoned")
            assert stayer.reply()["state"]["phase"] == "over"
        final = _state(hall, match_id)

    def no_replay(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a finished match's state was replayed")

    monkeypatch.setattr(persistence, "load_match", no_replay)
    with running(config, clock=clock) as hall:
        assert _state(hall, match_id) == final
        assert final["winner"] == 0 and final["end_reason"] == "abandoned"


def _state(hall: Hall, match_id: str) -> dict[str, Any]:
    state: dict[str, Any] = hall.anonymous().ok("get", f"/api/matches/{match_id}")["state"]
    return state
