"""A failed save goes back to the match as stored, from memory (``LiveMatch.saved``): the
latest snapshot and the stored events after it, replayed. Checked after every event of a match,
wherever the latest snapshot stands, with the server's dice and with fair dice (whose secret
seed the restored match must go on with)."""

from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from gamehall.play.actions import action_from_dict
from gamehall.store import Store
from server.helpers import live_backgammon, tables_choice
from support import aio


def _database_gone(*args: Any, **kwargs: Any) -> Any:
    raise OperationalError("INSERT", None, ConnectionRefusedError("the database is down"))


@pytest.mark.parametrize("dice", ["secure", "fair"])
def test_a_failed_save_goes_back_to_the_stored_match_after_any_event(
    store: Store, dice: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        live_matches, live, inboxes = await live_backgammon(store, dice, (0, 1))
        behind = set()
        for _ in range(60):
            seat = live.match.to_act
            if seat is None:
                break
            choice = tables_choice(inboxes[seat].last_view())
            assert choice is not None
            action = {"kind": choice[0], **choice[1]}
            stored = live.match.snapshot(secrets=True), live.match.events.dicts()
            behind.add(len(live.match.events) - live.saved.snapshot["events"])
            with monkeypatch.context() as patch:
                patch.setattr(store.matches, "append", _database_gone)
                patch.setattr(store.matches, "append_batch", _database_gone)
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
