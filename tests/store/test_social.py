"""Following and blocking players, and private messages between them."""

from collections.abc import Callable

import pytest

from gamehall.play.dice import ScriptedDice
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.store import NotAllowedError, NotFoundError, PlayerSeat, Store, StoreError, User
from gamehall.store.private_messages import BlockedError
from store.conftest import Clock
from support.matches import FakeTime


def test_follow_and_unfollow(store: Store, make_user: Callable[[str], User]) -> None:
    ann, bob, cid = make_user("ann"), make_user("Bob"), make_user("cid")
    assert store.social.follow(ann.id, "bob").name == "Bob"
    store.social.follow(ann.id, "BOB")  # twice changes nothing
    store.social.follow(ann.id, "cid")
    store.social.follow(cid.id, "bob")
    assert [f.name for f in store.social.following(ann.id)] == ["Bob", "cid"]
    assert sorted(store.social.followers([bob.id, cid.id])[bob.id]) == sorted([ann.id, cid.id])
    assert store.social.followers([ann.id]) == {}
    store.social.unfollow(ann.id, "bob")
    store.social.unfollow(ann.id, "bob")
    assert [f.name for f in store.social.following(ann.id)] == ["cid"]


def test_following_nobody_or_oneself_is_refused(
    store: Store, make_user: Callable[[str], User]
) -> None:
    ann = make_user("ann")
    with pytest.raises(NotFoundError, match="there is no player zed"):
        store.social.follow(ann.id, "zed")
    with pytest.raises(NotAllowedError, match="yourself") as refused:
        store.social.follow(ann.id, "Ann")
    assert refused.value.reason == "follow-self"
    with pytest.raises(StoreError):
        store.social.follow(ann.id, "  ")
    assert store.social.following(ann.id) == []


def test_playing_names_each_players_match_and_opponent(
    store: Store, make_user: Callable[[str], User]
) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    seats = [PlayerSeat(ann.id, "human", None, "ann"), PlayerSeat(bob.id, "human", None, "bob")]
    settings = MatchSettings.from_dict({"game": "backgammon"})
    match = TablesMatch(settings, ("ann", "bob"), dice=ScriptedDice([]), time_source=FakeTime())  # type: ignore[arg-type]
    match_id = store.matches.create(match.to_dict(secrets=True), players=seats)
    playing = store.social.playing([ann.id])
    assert [(p.user_id, p.match_id, p.game, p.opponent) for p in playing] == [
        (ann.id, match_id, "backgammon", "bob")
    ]
    assert {p.user_id for p in store.social.playing()} == {ann.id, bob.id}


def test_block_and_unblock(store: Store, make_user: Callable[[str], User]) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    assert store.social.block(ann.id, "BOB") == "bob"
    store.social.block(ann.id, "bob")
    assert store.social.blocked(ann.id) == ["bob"]
    assert store.social.blocks(ann.id, bob.id) and not store.social.blocks(bob.id, ann.id)
    with pytest.raises(NotAllowedError) as refused:
        store.social.block(ann.id, "ann")
    assert refused.value.reason == "block-self"
    store.social.unblock(ann.id, "bob")
    assert store.social.blocked(ann.id) == [] and not store.social.blocks(ann.id, bob.id)


def test_messages_are_stored_with_ids_and_read_in_conversations(
    store: Store, make_user: Callable[[str], User], clock: Clock
) -> None:
    ann, bob, cid = make_user("ann"), make_user("bob"), make_user("cid")
    first = store.messages.send(ann.id, "bob", "hello")
    clock.advance(seconds=1)
    second = store.messages.send(bob.id, "ann", "hi ann")
    third = store.messages.send(cid.id, "ann", "from cid")
    assert first.id < second.id < third.id
    assert (first.sender, first.recipient, first.read) == ("ann", "bob", False)
    assert store.messages.unread(ann.id) == 2 and store.messages.unread(bob.id) == 1
    listed = store.messages.conversations(ann.id)
    assert [(c.name, c.last.text, c.unread) for c in listed] == [
        ("cid", "from cid", 1),
        ("bob", "hi ann", 1),
    ]
    talk = store.messages.conversation(ann.id, "BOB")
    assert [(m.id, m.sender, m.text) for m in talk] == [
        (first.id, "ann", "hello"),
        (second.id, "bob", "hi ann"),
    ]
    assert store.messages.unread(ann.id) == 1  # bob's is read now, cid's is not
    assert store.messages.unread(bob.id) == 1  # ann reading did not read bob's
    assert [m.id for m in store.messages.conversation(ann.id, "bob", before=second.id)] == [
        first.id
    ]
    assert [m.id for m in store.messages.conversation(ann.id, "bob", limit=1)] == [second.id]


def test_a_blocked_sender_a_banned_one_and_oneself_are_refused(
    store: Store, make_user: Callable[[str], User]
) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    store.social.block(bob.id, "ann")
    with pytest.raises(BlockedError, match="bob has blocked you") as refused:
        store.messages.send(ann.id, "bob", "hello")
    assert refused.value.reason == "message-blocked"
    store.messages.send(bob.id, "ann", "I may still write")
    with pytest.raises(NotAllowedError) as self_sent:
        store.messages.send(ann.id, "ann", "me")
    assert self_sent.value.reason == "message-self"
    store.moderation.ban("bob", "spam", "command line")
    with pytest.raises(NotAllowedError, match="banned"):
        store.messages.send(bob.id, "ann", "again")
    with pytest.raises(StoreError):
        store.messages.send(ann.id, "bob", "x" * 501)
    assert [m.text for m in store.messages.conversation(ann.id, "bob")] == ["I may still write"]


def test_a_player_who_is_blocked_cannot_challenge(
    store: Store, make_user: Callable[[str], User]
) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    settings = MatchSettings.from_dict({"game": "renju"})
    store.social.block(bob.id, "ann")
    with pytest.raises(BlockedError, match="you cannot challenge bob") as refused:
        store.offers.create_challenge(ann.id, bob.id, settings)
    assert refused.value.reason == "challenge-blocked"
    assert store.offers.list_challenges(bob.id) == []
    store.offers.create_challenge(bob.id, ann.id, settings)  # the blocker still may
    store.social.unblock(bob.id, "ann")
    store.offers.create_challenge(ann.id, bob.id, settings)
