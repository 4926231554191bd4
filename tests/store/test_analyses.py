"""A finished match's analysis is stored once and read back as the typed value; a player's
figures average his seats' headline figures over his last analysed matches, game by game."""

import json
from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from alembic import command
from sqlalchemy import text

from gamehall.play.registry import new_match
from gamehall.play.settings import MatchSettings
from gamehall.store import (
    ConflictError,
    NotFoundError,
    Store,
    StoreError,
    User,
    alembic_config,
    upgrade_database,
)
from gamehall.store.analyses import AnalysedFigure
from store.conftest import Clock
from support.analyses import new_match_id, renju_analysis, tables_analysis


def test_an_analysis_is_read_back_as_the_value_it_was(store: Store, match_over: str) -> None:
    analysis = tables_analysis()
    saved = store.analyses.save(match_over, analysis, [3, None], 1)
    loaded = store.analyses.load(match_over)
    assert loaded == saved
    assert loaded is not None and loaded.result == analysis and loaded.depth == 1.0
    assert loaded.frames == (3, None)
    assert loaded.made_at == store.transactions.now()


def test_frames_are_one_a_decision(store: Store, match_over: str) -> None:
    with pytest.raises(StoreError, match="2 decisions has 1 frames"):
        store.analyses.save(match_over, tables_analysis(), [0], 0)
    with pytest.raises(StoreError, match="an index or null"):
        store.analyses.save(match_over, tables_analysis(), [0, True], 0)  # type: ignore[list-item]
    assert store.analyses.load(match_over) is None


def test_a_renju_analysis_comes_back_as_renju(store: Store, match_over: str) -> None:
    store.analyses.save(match_over, renju_analysis(), [0, 1], 0.5)
    loaded = store.analyses.load(match_over)
    assert loaded is not None and loaded.result == renju_analysis() and loaded.depth == 0.5


def test_the_first_analysis_stays(store: Store, match_over: str) -> None:
    first = store.analyses.save(match_over, tables_analysis(), [0, 1], 0)
    again = store.analyses.save(match_over, tables_analysis(("x", "y")), [1, 2], 2)
    assert again == first
    assert store.analyses.load(match_over) == first


def test_no_analysis_is_none(store: Store, match_over: str) -> None:
    assert store.analyses.load(match_over) is None
    assert store.analyses.load("nosuchmatch") is None


def test_only_a_finished_match_is_analysed(store: Store, match_playing: str) -> None:
    with pytest.raises(ConflictError, match="still being played"):
        store.analyses.save(match_playing, tables_analysis(), [0, 1], 0)
    with pytest.raises(NotFoundError):
        store.analyses.save("nosuchmatch", tables_analysis(), [0, 1], 0)


def test_a_players_figures_average_his_last_analysed_matches(
    store: Store, make_user: Callable[[str], User], clock: Clock
) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    for seats in ((ann, bob), (bob, ann), (ann, bob)):
        store.analyses.save(new_match_id(store, seats, over=True), tables_analysis(), [0, 1], 0)
        clock.advance(minutes=1)
    store.analyses.save(
        new_match_id(store, (bob, ann), over=True, game="renju"), renju_analysis(), [0, 1], 1
    )
    # ann: 100 (seat 0), 0 (seat 1), 100 (seat 0) in backgammon; 24.8 % in renju (seat 1)
    assert store.analyses.figures(ann.id) == [
        AnalysedFigure("backgammon", "error_rate", 3, 66.67),
        AnalysedFigure("renju", "accuracy", 1, 24.8),
    ]
    assert store.analyses.figures(ann.id, recent=2) == [
        AnalysedFigure("backgammon", "error_rate", 1, 100.0),
        AnalysedFigure("renju", "accuracy", 1, 24.8),
    ]
    # bob had no judged stone in renju: no figure there
    assert [f.game for f in store.analyses.figures(bob.id)] == ["backgammon"]
    assert store.analyses.figures(make_user("cid").id) == []


def _old_guest(store: Store, name: str) -> User:
    """A guest account written as the schema of migration 0004 holds one."""
    made = datetime(2026, 12, 1, tzinfo=UTC)
    with store.transactions.write() as session:
        user_id = session.scalar(
            text(
                "INSERT INTO users (name, name_key, guest, created_at)"
                " VALUES (:name, :name, :guest, :made) RETURNING id"
            ),
            {"name": name, "guest": True, "made": made},
        )
    assert isinstance(user_id, int)
    return User(id=user_id, name=name, guest=True, created_at=made)


def _old_match(store: Store, ann: User, bob: User) -> str:
    """A finished backgammon match of ann (seat 0, the winner) and bob, written as the schema of
    migration 0004 holds one (today's model has columns added since)."""
    match = new_match(MatchSettings.from_dict({"game": "backgammon"}), ("ann", "bob"))
    data = match.to_dict()
    made = datetime(2026, 12, 1, tzinfo=UTC)
    summary = {"score": [1, 0], "winner": 0, "end_reason": "resign"}
    with store.transactions.write() as session:
        session.execute(
            text(
                "INSERT INTO matches (id, game, settings, status, summary, winner, rated,"
                " created_at, updated_at) VALUES ('old1', 'backgammon', :settings, 'over',"
                " :summary, 0, false, :made, :made)"
            ),
            {
                "settings": json.dumps(data["settings"]),
                "summary": json.dumps(summary),
                "made": made,
            },
        )
        for seat, user in enumerate((ann, bob)):
            session.execute(
                text(
                    "INSERT INTO match_seats (match_id, seat, user_id, kind, name)"
                    " VALUES ('old1', :seat, :user, 'human', :name)"
                ),
                {"seat": seat, "user": user.id, "name": user.name},
            )
        for seq, event in enumerate(data["events"]):
            session.execute(
                text(
                    "INSERT INTO match_events (match_id, seq, kind, event)"
                    " VALUES ('old1', :seq, :kind, :event)"
                ),
                {"seq": seq, "kind": event["kind"], "event": json.dumps(event)},
            )
    return "old1"


def test_the_migration_adds_the_table_to_a_database_at_the_last_head(database_url: str) -> None:
    config = alembic_config(database_url)
    try:
        command.upgrade(config, "0004")
        with Store(database_url) as store:
            # the accounts as that schema has them (today's model has columns added since)
            ann, bob = (_old_guest(store, name) for name in ("ann", "bob"))
            match_id = _old_match(store, ann, bob)
        upgrade_database(database_url)
        with Store(database_url) as store:
            assert store.matches.load(match_id) is not None
            store.analyses.save(match_id, tables_analysis(), [0, 1], 0)
            assert store.analyses.figures(ann.id)[0].matches == 1
        command.downgrade(config, "0004")
        with Store(database_url) as store, store.transactions.read() as session:
            # read as that schema has it (today's model reads the players' later columns)
            found = session.execute(
                text("SELECT count(*) FROM matches WHERE id = :id"), {"id": match_id}
            )
            assert found.scalar() == 1
    finally:
        command.upgrade(config, "head")  # as the other tests find a database: at the head


@pytest.fixture
def match_over(store: Store, make_user: Callable[[str], User]) -> str:
    return new_match_id(store, (make_user("ann"), make_user("bob")), over=True)


@pytest.fixture
def match_playing(store: Store, make_user: Callable[[str], User]) -> str:
    return new_match_id(store, (make_user("ann"), make_user("bob")), over=False)
