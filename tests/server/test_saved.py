"""A failed save goes back to the match as stored, from memory (``LiveMatch.saved``): the
latest snapshot and the stored events after it, replayed. Checked after every event of a match,
wherever the latest snapshot stands, with the server's dice and with fair dice (whose secret
seed the restored match must go on with)."""

from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from gamehall.play.actions import action_from_dict
from gamehall.play.settings import MatchSettings
from gamehall.server.config import Config
from gamehall.server.live import LiveMatches
from gamehall.store import PlayerSeat, Store
from server.helpers import FakeClock
from support import aio


class Inbox:
    """A socket that keeps every message it is sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.messages: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.messages.append(message)


def _choice(message: dict[str, Any]) -> dict[str, Any] | None:
    actions, legal = message["actions"], message["legal"] or {}
    if "play" in actions and legal.get("plays"):
        return {"kind": "play", "text": legal["plays"][-1]}
    return next(({"kind": k} for k in ("confirm", "roll", "take") if k in actions), None)


def _database_gone(*args: Any, **kwargs: Any) -> Any:
    raise OperationalError("INSERT", None, ConnectionRefusedError("the database is down"))


@pytest.mark.parametrize("dice", ["secure", "fair"])
def test_a_failed_save_goes_back_to_the_stored_match_after_any_event(
    store: Store, dice: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    users = [store.create_user(name, "password-long") for name in ("ann", "bob")]
    seats = [PlayerSeat(u.id, "human", None, u.name) for u in users]
    config = Config(database_url=store.url, bot_delay=0)

    async def scenario() -> None:
        live_matches = LiveMatches(store, config, clock=FakeClock())
        settings = MatchSettings(game="backgammon", length=3, dice=dice)  # type: ignore[arg-type]
        live = await live_matches.get(await live_matches.create(settings, seats))
        inboxes = [Inbox(0), Inbox(1)]
        for inbox in inboxes:
            await live_matches.join(live, inbox)
        behind = set()
        for _ in range(60):
            seat = live.match.to_act
            if seat is None:
                break
            message = [m for m in inboxes[seat].messages if m["type"] in ("hello", "update")]
            action = _choice(message[-1])
            assert action is not None
            stored = live.match.snapshot(secrets=True), live.match.events.dicts()
            behind.add(len(live.match.events) - live.saved.snapshot["events"])
            with monkeypatch.context() as patch:
                patch.setattr(store, "append_events", _database_gone)
                patch.setattr(store, "append_batch", _database_gone)
                await live_matches.act(live, inboxes[seat], action_from_dict(action), "lost")
            assert inboxes[seat].messages[-1]["type"] == "error"
            assert (live.match.snapshot(secrets=True), live.match.events.dicts()) == stored
            await live_matches.act(live, inboxes[seat], action_from_dict(action), "again")
            assert inboxes[seat].messages[-1]["type"] == "update"
            loaded = await live_matches.persistence.load(live.id)
            assert loaded.match.snapshot(secrets=True) == live.match.snapshot(secrets=True)
        assert max(behind) >= 3  # some failures went back to a snapshot with events after it
        await live_matches.stop()

    aio.run(scenario())
