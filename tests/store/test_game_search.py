"""The search of finished matches: by player, opponent, game, result, how it ended, rated,
renju opening and days, in pages."""

import json
from collections.abc import Callable
from datetime import UTC, date, datetime

import pytest
from alembic import command
from sqlalchemy import text

from gamehall.play.settings import MatchSettings
from gamehall.store import PlayerSeat, Store, StoreError, User, alembic_config, make_engine
from gamehall.store.game_search import PAGE, GameQuery
from store.conftest import Clock


def _finish(
    store: Store,
    first: User,
    second: User | None,
    *,
    game: str = "backgammon",
    winner: int | None = 0,
    reason: str = "resign",
    options: dict[str, str] | None = None,
    rated: bool = False,
) -> str:
    """A match of ``first`` (seat 0) against ``second`` (or the computer), over."""
    settings = MatchSettings.from_dict({"game": game, "options": options or {}}).to_dict()
    other = second.name if second else "Computer"
    seats = [
        PlayerSeat(first.id, "human", None, first.name),
        PlayerSeat(second.id, "human", None, second.name)
        if second
        else PlayerSeat(None, "computer", "beginner", other),
    ]
    match = {"game": game, "settings": settings, "players": [first.name, other], "events": []}
    match_id = store.matches.create(match, players=seats, rated=rated)
    summary = {"winner": winner, "end_reason": reason, "score": [1, 0]}
    store.matches.append(match_id, [], secrets=None, status="over", summary=summary)
    return match_id


def _ids(store: Store, **query: object) -> list[str]:
    return [m.id for m in store.games.search(GameQuery(**query)).matches]  # type: ignore[arg-type]


def test_filters_each_narrow_the_finished_matches(
    store: Store, make_user: Callable[[str], User], clock: Clock
) -> None:
    ann, bob, cid = make_user("ann"), make_user("bob"), make_user("cid")
    won = _finish(store, ann, bob, winner=0, reason="resign", rated=True)
    clock.advance(days=1)
    lost = _finish(store, ann, cid, game="renju", winner=1, reason="five")
    clock.advance(days=1)
    drawn = _finish(
        store, bob, ann, game="renju", winner=None, reason="draw", options={"opening": "yamaguchi"}
    )
    clock.advance(days=1)
    other = _finish(store, bob, cid, game="nardy", winner=0, reason="mars")
    playing = store.matches.create(
        {
            "game": "renju",
            "settings": MatchSettings.from_dict({"game": "renju"}).to_dict(),
            "players": ["ann", "bob"],
            "events": [],
        },
        players=[
            PlayerSeat(ann.id, "human", None, "ann"),
            PlayerSeat(bob.id, "human", None, "bob"),
        ],
    )
    assert _ids(store) == [other, drawn, lost, won]  # the last finished first; none playing
    assert playing not in _ids(store)
    assert _ids(store, player_id=ann.id) == [drawn, lost, won]
    assert _ids(store, player_id=ann.id, result="win") == [won]
    assert _ids(store, player_id=ann.id, result="loss") == [lost]
    assert _ids(store, player_id=ann.id, result="draw") == [drawn]
    assert _ids(store, player_id=bob.id, result="win") == [other]
    assert _ids(store, player_id=ann.id, opponent_id=bob.id) == [drawn, won]
    assert _ids(store, game="renju") == [drawn, lost]
    assert _ids(store, ended="five") == [lost]
    assert _ids(store, rated=True) == [won]
    assert _ids(store, rated=False, player_id=ann.id) == [drawn, lost]
    assert _ids(store, opening="yamaguchi") == [drawn]
    assert _ids(store, opening="center") == [lost]
    assert _ids(store, since=date(2026, 1, 2), until=date(2026, 1, 3)) == [drawn, lost]
    assert _ids(store, until=date(2026, 1, 1)) == [won]
    assert _ids(store, since=date(2026, 1, 5)) == []


def test_pages_hold_twenty_the_last_first(
    store: Store, make_user: Callable[[str], User], clock: Clock
) -> None:
    ann = make_user("ann")
    made = []
    for _ in range(PAGE + 3):
        made.append(_finish(store, ann, None))
        clock.advance(minutes=1)
    first = store.games.search(GameQuery(player_id=ann.id))
    assert [m.id for m in first.matches] == made[::-1][:PAGE] and first.more
    second = store.games.search(GameQuery(player_id=ann.id, page=2))
    assert [m.id for m in second.matches] == made[::-1][PAGE:] and not second.more


def test_a_query_that_cannot_be_answered_is_refused() -> None:
    with pytest.raises(StoreError, match="name a player"):
        GameQuery(result="win")
    with pytest.raises(StoreError, match="first day comes after"):
        GameQuery(since=date(2026, 2, 1), until=date(2026, 1, 1))
    with pytest.raises(StoreError):
        GameQuery(page=0)


def test_the_migration_fills_the_columns_of_the_matches_stored_before(database_url: str) -> None:
    config = alembic_config(database_url)
    command.upgrade(config, "0012")
    engine = make_engine(database_url)
    try:
        with engine.begin() as connection:
            for match_id, game, status, options, reason in (
                ("r1", "renju", "over", {"opening": "swap2"}, "five"),
                ("r2", "renju", "playing", {}, None),
                ("b1", "backgammon", "over", {}, "resign"),
            ):
                connection.execute(
                    text(
                        "INSERT INTO matches (id, game, settings, status, summary, rated,"
                        " created_at, updated_at) VALUES (:id, :game, :settings, :status,"
                        " :summary, false, :now, :now)"
                    ),
                    {
                        "id": match_id,
                        "game": game,
                        "settings": json.dumps({"game": game, "options": options}),
                        "status": status,
                        "summary": json.dumps({"end_reason": reason}),
                        "now": datetime(2026, 1, 1, tzinfo=UTC),
                    },
                )
        command.upgrade(config, "head")
        with engine.connect() as connection:
            rows = connection.execute(
                text("SELECT id, opening, end_reason FROM matches ORDER BY id")
            ).all()
    finally:
        engine.dispose()
    assert [tuple(row) for row in rows] == [
        ("b1", None, "resign"),
        ("r1", "swap2", "five"),
        ("r2", "center", None),
    ]
