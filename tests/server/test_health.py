"""Health and readiness for a proxy's checks (issue 41, operations): ``/healthz`` says the
process lives whatever its dependencies do; ``/readyz`` says whether it can serve players,
503 naming what is down when the database does not answer or is behind the migrations, or
when the Redis between processes does not answer."""

from pathlib import Path

from sqlalchemy import text

from gamehall import __version__
from gamehall.server.config import Config
from gamehall.store.database import head_revision
from server.helpers import Hall, running
from server.test_redis_hung import hung_redis
from support.services import RedisServer


def test_a_live_process_is_healthy(hall: Hall) -> None:
    answer = hall.anonymous().get("/healthz")
    assert answer.status_code == 200
    assert answer.json() == {"status": "alive", "version": __version__}


def test_a_process_on_its_own_is_ready_when_its_database_is_current(hall: Hall) -> None:
    answer = hall.anonymous().get("/readyz")
    assert answer.status_code == 200
    assert answer.json() == {
        "ready": True,
        "store": {"ready": True, "detail": f"at migration {head_revision()}"},
        "broker": None,
        "draining": False,
    }


def test_a_database_behind_the_migrations_is_not_ready(hall: Hall) -> None:
    with hall.store.transactions.write() as session:
        session.execute(text("UPDATE alembic_version SET version_num = '0005'"))
    answer = hall.anonymous().get("/readyz")
    assert answer.status_code == 503
    body = answer.json()
    assert body["ready"] is False
    assert body["store"]["detail"] == f"the database is at migration 0005, not {head_revision()}"
    assert hall.anonymous().get("/healthz").status_code == 200  # alive all the same


def test_a_lost_database_is_not_ready(hall: Hall) -> None:
    with hall.store.transactions.write() as session:
        session.execute(text("DROP TABLE alembic_version"))
    answer = hall.anonymous().get("/readyz")
    assert answer.status_code == 503
    assert answer.json()["store"]["detail"].startswith("the database cannot be reached")


def test_a_hung_redis_is_not_ready(config: Config) -> None:
    with hung_redis() as url, running(config, redis_url=url) as hall:
        answer = hall.anonymous().get("/readyz")
        assert answer.status_code == 503
        body = answer.json()
        assert body["store"]["ready"] is True
        assert body["broker"] == {"ready": False, "detail": "the broker did not answer in 2 s"}
        assert hall.anonymous().get("/healthz").status_code == 200


def test_a_redis_that_answers_is_ready(config: Config, tmp_path: Path) -> None:
    redis = RedisServer(tmp_path / "redis")
    redis.start()
    try:
        with running(config, redis_url=redis.url) as hall:
            answer = hall.anonymous().get("/readyz")
            assert answer.status_code == 200
            assert answer.json()["broker"] == {"ready": True, "detail": "answers"}
    finally:
        redis.kill()
