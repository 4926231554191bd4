"""Group commit: the saves of many live matches waiting at once go to the store together, in one
transaction, each with its own outcome."""

import asyncio

from gamehall.play.settings import BackgammonSettings
from gamehall.server.config import Config
from gamehall.server.live import LiveMatches
from gamehall.server.live.workers import Workers
from gamehall.server.live.writer import GroupWriter
from gamehall.store import EventConflictError, PlayerSeat, Store
from gamehall.store.appends import Append
from server.helpers import FakeClock
from support import aio

SUMMARY = {"score": [0, 0], "winner": None, "end_reason": None}


def test_waiting_saves_share_a_transaction(store: Store) -> None:
    users = [store.users.create(name, "password-long") for name in ("ann", "bob")]
    seats = [PlayerSeat(u.id, "human", None, u.name) for u in users]
    config = Config(database_url=store.url, bot_delay=0)

    async def scenario() -> None:
        live_matches = LiveMatches(store, config, clock=FakeClock())
        settings = BackgammonSettings()
        ids = [await live_matches.create(settings, seats) for _ in range(6)]
        counts = [store.matches.load(i).events for i in ids]  # type: ignore[union-attr]
        writer = GroupWriter(store, Workers())
        event = {"seq": 0, "kind": "chat", "player": 0, "data": {}, "outcome": {}, "time": 0.0}

        def append(match_id: str, seq: int) -> Append:
            return Append(match_id, [{**event, "seq": seq}], None, "playing", SUMMARY)

        lengths = [len(c or ()) for c in counts]
        outcomes = await asyncio.gather(
            *(writer.append(append(i, n)) for i, n in zip(ids, lengths, strict=True)),
            writer.append(append(ids[0], 0)),  # stored already: refused alone
            return_exceptions=True,
        )
        assert outcomes[:6] == [None] * 6
        assert isinstance(outcomes[6], EventConflictError)
        assert writer.appends == 7 and writer.batches < 7
        await writer.close()
        await live_matches.stop()

    try:
        aio.run(scenario())
    finally:
        store.close()


class RecordingStore:
    """A store whose matches record the size of each batch they are given, and refuse
    nothing."""

    def __init__(self) -> None:
        self.batches: list[int] = []
        self.matches = self

    def append_batch(self, appends: list[Append]) -> list[None]:
        self.batches.append(len(appends))
        return [None] * len(appends)


def _save(number: int) -> Append:
    return Append(f"m{number}", [], None, "playing", SUMMARY)


def test_a_save_while_saves_come_slowly_is_written_at_once() -> None:
    async def scenario() -> list[int]:
        store = RecordingStore()
        writer = GroupWriter(store, Workers(), gather=0.5)  # type: ignore[arg-type]
        first = asyncio.ensure_future(writer.append(_save(0)))
        await asyncio.sleep(0.1)
        assert first.done()  # not held for the gathering time
        await writer.append(_save(1))
        await writer.close()
        return store.batches

    assert aio.run(scenario()) == [1, 1]


def test_while_saves_come_fast_the_writer_gathers_them() -> None:
    async def scenario() -> list[int]:
        store = RecordingStore()
        writer = GroupWriter(store, Workers(), gather=0.3, busy=(3, 10.0))  # type: ignore[arg-type]
        await asyncio.gather(*(writer.append(_save(n)) for n in range(3)))
        # 3 saves within 10 s: fast, for this writer; the next ones wait to share a transaction
        first = asyncio.ensure_future(writer.append(_save(100)))
        await asyncio.sleep(0.1)
        assert not first.done()
        await asyncio.gather(first, writer.append(_save(101)))
        await writer.close()
        return store.batches

    batches = aio.run(scenario())
    assert sum(batches) == 3 + 2
    assert batches[-1] == 2
