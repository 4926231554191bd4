"""The server purges expired sessions and idle guests as it starts and every hour after."""

import time
from datetime import UTC, datetime, timedelta

from gamehall.server.config import Config
from gamehall.store import Store, upgrade_database
from server.helpers import CHEAP_HASHER, running


def test_the_server_purges_idle_guests_and_expired_sessions(config: Config) -> None:
    upgrade_database(config.database_url)
    past = datetime.now(UTC) - timedelta(days=8)
    with Store(config.database_url, password_hasher=CHEAP_HASHER, clock=lambda: past) as store:
        idle = store.users.create_guest()
        ann = store.users.create("ann", "correct horse")
        expired, _ = store.users.create_session(ann.id, days=1)
        store.users.create_session(idle.id)
    with running(config, guest_days=7) as hall:
        deadline = time.monotonic() + 10
        while hall.store.users.get(idle.id) is not None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert hall.store.users.get(idle.id) is None
        assert hall.store.users.get(ann.id) is not None
        assert hall.store.users.purge_expired_sessions() == 0  # purged already
        assert hall.store.users.get_session(expired) is None
