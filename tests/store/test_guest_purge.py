"""Guest accounts nobody uses are deleted after a while with their sessions; those that played
or entered a tournament are kept, as are registered accounts (issue 41: never purged)."""

from datetime import timedelta

import pytest
from sqlalchemy import func, select

from gamehall.play.dice import ScriptedDice
from gamehall.play.settings import BackgammonSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.store import PlayerSeat, Store, StoreError, User
from gamehall.store.models import SeekRow, SessionRow
from gamehall.tournaments import TournamentSettings
from store.conftest import Clock
from support.matches import FakeTime


def _played(store: Store, *users: User) -> None:
    names = tuple(user.name for user in users)
    match = TablesMatch(
        BackgammonSettings(), names, dice=ScriptedDice([(3, 1)] * 4), time_source=FakeTime()
    )
    match.start()
    seats = [PlayerSeat(user.id, "human", None, user.name) for user in users]
    store.matches.create(match.to_dict(secrets=True), players=seats)


def _sessions(store: Store) -> int:
    with store.transactions.read() as session:
        return session.scalar(select(func.count()).select_from(SessionRow)) or 0


def test_idle_guests_are_deleted_with_their_sessions_and_seeks(store: Store, clock: Clock) -> None:
    idle, player, entrant = (store.users.create_guest() for _ in range(3))
    ann = store.users.create("ann", "correct horse")
    for user in (idle, player, entrant, ann):
        store.users.create_session(user.id)
    store.offers.create_seek(idle.id, BackgammonSettings())
    _played(store, player, ann)
    made = store.tournaments.create(
        ann.id,
        "Open",
        TournamentSettings("swiss", rounds=3).to_dict(),
        rated=False,
        grace_seconds=60,
        starts_at=None,
    )
    store.tournaments.join(made.id, entrant.id)
    clock.advance(days=6)
    fresh = store.users.create_guest()
    assert store.users.purge_idle_guests(7) == 0
    clock.advance(days=1)
    assert store.users.purge_idle_guests(7) == 1
    assert store.users.get(idle.id) is None
    assert all(store.users.get(u.id) is not None for u in (player, entrant, ann, fresh))
    assert _sessions(store) == 3
    with store.transactions.read() as session:
        assert session.scalar(select(func.count()).select_from(SeekRow)) == 0
    assert store.users.purge_idle_guests(7) == 0
    clock.now += timedelta(days=7)
    assert store.users.purge_idle_guests(7) == 1  # the fresh one, idle in its turn
    with pytest.raises(StoreError, match="1 day or more"):
        store.users.purge_idle_guests(0)
