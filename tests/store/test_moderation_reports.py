"""Players' reports (one open report per reporter and subject, a rate limit, grouped for the
operators, closed together with a resolution), warnings and chat mutes."""

import pytest

from gamehall.store import NotAllowedError, NotFoundError, Store, StoreError, User
from gamehall.store.errors import ConflictError, LimitReachedError
from gamehall.store.reports import ReportSubject
from store.conftest import Clock


@pytest.fixture
def ann(store: Store) -> User:
    return store.users.create("ann", "password-ann")


@pytest.fixture
def bob(store: Store) -> User:
    return store.users.create("bob", "password-bob")


def test_a_report_is_stored_and_the_same_one_twice_is_refused(
    store: Store, ann: User, bob: User
) -> None:
    line = ReportSubject("chat", bob.id, "m1/abc", "m1", "you are bad")
    report = store.reports.file(ann.id, line, "abuse", "  rude  ")
    assert (report.reporter, report.subject_name, report.text) == ("ann", "bob", "rude")
    with pytest.raises(ConflictError, match="reported this already"):
        store.reports.file(ann.id, line, "other")
    # Another subject of the same player is another report.
    store.reports.file(ann.id, ReportSubject("player", bob.id), "cheating")
    groups = store.reports.open_groups()
    assert [g.subject.kind for g in groups] == ["player", "chat"]
    assert groups[1].subject.quoted == "you are bad"


def test_bad_reports_are_refused(store: Store, ann: User, bob: User) -> None:
    with pytest.raises(NotAllowedError, match="yourself"):
        store.reports.file(ann.id, ReportSubject("player", ann.id), "other")
    with pytest.raises(StoreError, match="reason is one of"):
        store.reports.file(ann.id, ReportSubject("player", bob.id), "boring")
    with pytest.raises(StoreError, match="at most 300"):
        store.reports.file(ann.id, ReportSubject("player", bob.id), "other", "x" * 301)
    with pytest.raises(NotFoundError):
        store.reports.file(ann.id, ReportSubject("message", 999, "7"), "abuse")
    assert store.reports.open_groups() == []


def test_reports_are_limited_per_hour(store: Store, ann: User, clock: Clock) -> None:
    others = [store.users.create(f"player{i}", "password-xx") for i in range(3)]
    for other in others[:2]:
        store.reports.file(ann.id, ReportSubject("player", other.id), "other", most=2)
    with pytest.raises(LimitReachedError, match="2 reports in the last hour"):
        store.reports.file(ann.id, ReportSubject("player", others[2].id), "other", most=2)
    clock.advance(minutes=61)
    store.reports.file(ann.id, ReportSubject("player", others[2].id), "other", most=2)


def test_closing_closes_the_subjects_reports_and_lets_it_be_reported_again(
    store: Store, ann: User, bob: User
) -> None:
    cid = store.users.create("cid", "password-cid")
    first = store.reports.file(ann.id, ReportSubject("player", bob.id), "cheating")
    store.reports.file(cid.id, ReportSubject("player", bob.id), "sandbagging")
    assert [len(g.reports) for g in store.reports.open_groups()] == [2]
    assert store.reports.close(first.id, "looked at his games: clean", by="op") == 2
    assert store.reports.open_groups() == []
    with pytest.raises(NotFoundError):
        store.reports.close(first.id, "again", by="op")
    assert store.moderation.actions()[0].action == "close-report"
    store.reports.file(ann.id, ReportSubject("player", bob.id), "cheating")


def test_a_warning_is_shown_until_seen(store: Store, ann: User, bob: User) -> None:
    warning = store.moderation.warn("bob", "mind your words", by="op")
    assert [w.reason for w in store.moderation.warnings(bob.id)] == ["mind your words"]
    with pytest.raises(NotFoundError):
        store.moderation.seen(ann.id, warning.id)
    store.moderation.seen(bob.id, warning.id)
    assert store.moderation.warnings(bob.id) == []
    assert store.moderation.standing("bob").warnings == 1


def test_a_mute_lasts_its_minutes(store: Store, bob: User, clock: Clock) -> None:
    assert store.moderation.muted_until(bob.id) is None
    until = store.moderation.mute("bob", 10, "insults", by="op")
    assert store.moderation.muted_until(bob.id) == until
    clock.advance(minutes=10)
    assert store.moderation.muted_until(bob.id) is None
    with pytest.raises(NotAllowedError, match="not muted"):
        store.moderation.unmute("bob", "early", by="op")
    with pytest.raises(StoreError, match="1 to 43200 minutes"):
        store.moderation.mute("bob", 0, "x", by="op")
    store.moderation.mute("bob", 5, "again", by="op")
    store.moderation.unmute("bob", "he apologised", by="op")
    assert store.moderation.muted_until(bob.id) is None
    deeds = [a.action for a in store.moderation.actions()]
    assert deeds == ["unmute", "mute", "mute"]
