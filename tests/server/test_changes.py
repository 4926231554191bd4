"""A change of a live match is made ready once, in the play thread (``live/changes.py``): each
seat's update is serialised once for all its sockets, and its text is exactly the message the
socket would otherwise have written out; the store gets the match's secrets, summary and
snapshot as the match has them."""

import json
from typing import Any

import pytest

from gamehall.play.actions import action_from_dict
from gamehall.play.settings import MatchSettings
from gamehall.server.config import Config
from gamehall.server.live import LiveMatches, dumps
from gamehall.server.live.fanout import Serialised
from gamehall.server.live.persistence import secrets_of
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
        return {"kind": "play", "text": legal["plays"][0]}
    return next(({"kind": k} for k in ("confirm", "roll", "take") if k in actions), None)


@pytest.mark.parametrize("dice", ["secure", "fair"])
def test_every_update_is_written_once_per_seat_as_the_whole_message_would_be(
    store: Store, dice: str
) -> None:
    users = [store.create_user(name, "password-long") for name in ("ann", "bob")]
    seats = [PlayerSeat(u.id, "human", None, u.name) for u in users]
    config = Config(database_url=store.url, bot_delay=0)

    async def scenario() -> None:
        live_matches = LiveMatches(store, config, clock=FakeClock())
        settings = MatchSettings(game="backgammon", length=3, dice=dice)  # type: ignore[arg-type]
        match_id = await live_matches.create(settings, seats)
        live = await live_matches.get(match_id)
        inboxes = [Inbox(0), Inbox(1), Inbox(None), Inbox(None)]
        for inbox in inboxes:
            await live_matches.join(live, inbox)
        for _ in range(40):
            seat = live.match.to_act
            assert seat is not None
            hello_or_update = [
                m for m in inboxes[seat].messages if m["type"] in ("hello", "update")
            ][-1]
            action = _choice(hello_or_update)
            assert action is not None
            await live_matches.act(live, inboxes[seat], action_from_dict(action), 1)
            stored = store.load_match(match_id)
            assert stored is not None and stored.events is not None
            assert list(stored.events) == live.match.events.dicts()
            assert stored.secrets == secrets_of(live.match)
        updates = [[m for m in i.messages if m["type"] == "update"] for i in inboxes]
        assert len(updates[0]) == 40 and all(len(u) == 40 for u in updates)
        for inbox, received in zip(inboxes, updates, strict=True):
            for message in received:
                assert isinstance(message, Serialised)
                assert message.text == dumps(dict(message))
                assert json.loads(message.text) == message
                if inbox.seat is None:
                    assert message["actions"] == [] and message["legal"] is None
        assert updates[2][-1] is updates[3][-1]  # the spectators share one message
        await live_matches.stop()

    aio.run(scenario())
