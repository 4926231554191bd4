"""A change of a live match is made ready once, in the play thread (``live/changes.py``): each
seat's update is serialised once for all its sockets, and its text is exactly the message the
socket would otherwise have written out; the store gets the match's secrets, summary and
snapshot as the match has them."""

import json

import pytest

from gamehall.play.actions import action_from_dict
from gamehall.server.live import dumps
from gamehall.server.live.fanout import Serialised
from gamehall.server.live.persistence import secrets_of
from gamehall.store import Store
from server.helpers import live_backgammon, tables_choice
from support import aio


@pytest.mark.parametrize("dice", ["secure", "fair"])
def test_every_update_is_written_once_per_seat_as_the_whole_message_would_be(
    store: Store, dice: str
) -> None:
    async def scenario() -> None:
        live_matches, live, inboxes = await live_backgammon(store, dice, (0, 1, None, None))
        match_id = live.id
        for _ in range(40):
            seat = live.match.to_act
            assert seat is not None
            choice = tables_choice(inboxes[seat].last_view())
            assert choice is not None
            action = {"kind": choice[0], **choice[1]}
            await live_matches.act(live, inboxes[seat], action_from_dict(action), 1)
            stored = store.matches.load(match_id)
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
