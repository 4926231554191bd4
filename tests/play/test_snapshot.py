"""A snapshot restores a match exactly, without replaying its log: random matches of every game
(clocks of every kind, fair dice, the cube, resignations, money sessions), snapshotted at random
points, go on from their snapshot as the originals do; a snapshot of the wrong version, shape or
log is refused."""

import copy
import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamehall.errors import GameError, RecordError
from gamehall.play.clock import TimeControl
from gamehall.play.match import Match
from gamehall.play.registry import restore_match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import BackgammonSettings, MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.play.views import legal_of, state_of
from gamehall.tables.moves import BAR
from support.matches import FakeTime, play_first

GAMES = ["backgammon", "georgian", "nardy", "renju"]
PLAYING = ("move", "play", "confirm", "roll", "take", "next_game")
"""The actions that take a game on (picked more often, so that games are played out)."""


class RandomDice:
    """Dice from a seeded generator (copied with the match, so that both roll the same)."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def roll(self, n_dice: int = 2) -> tuple[int, ...]:
        return tuple(self.random.randint(1, 6) for _ in range(n_dice))


def random_settings(rng: random.Random, game: str) -> MatchSettings:
    """Settings of ``game`` with every option drawn at random."""
    extra: dict[str, Any] = {"length": rng.choice([1, 3, 5])}
    if game in ("backgammon", "georgian"):
        extra["dice"] = rng.choice(["secure", "fair"])
        if rng.random() < 0.4:
            extra.update(length=0, jacoby=rng.random() < 0.5, beavers=rng.random() < 0.5)
            if game == "backgammon" and rng.random() < 0.5:
                extra["cube_cap"] = rng.choice([2, 4, 64])
        elif rng.random() < 0.3:
            extra["crawford"] = rng.random() < 0.5
    elif game == "nardy":
        extra["first_move"] = rng.choice(["alternate", "winner"])
        extra["surrender_value"] = rng.choice(["oin", "mars"])
        extra["options"] = {
            "bearoff": rng.choice(["seed", "standard", "maxpips"]),
            "block_check": rng.choice(["step", "final"]),
            "head_exception": rng.choice(["seed", "plain"]),
            "last_roll_tie": rng.choice(["off", "on"]),
        }
    else:
        extra["options"] = {
            "rule": rng.choice(["renju", "gomoku-freestyle", "gomoku-standard"]),
            "opening": rng.choice(["center", "free"]),
            "forbidden": rng.choice(["loss", "refuse", "claim"]),
        }
    clocks = [None, "fischer:120+2", "byoyomi:60+3x20", "delay:12+60"]
    if extra["length"]:
        clocks.append("delay:12+30/pt")
    extra["clock"] = rng.choice(clocks)
    return MatchSettings.from_dict({"game": game, **extra})  # type: ignore[arg-type]


def new_match(rng: random.Random, game: str) -> Match:
    match_settings = random_settings(rng, game)
    dice = None if match_settings.dice == "fair" else RandomDice(rng.randrange(1000))
    cls = RenjuMatch if game == "renju" else TablesMatch
    return cls(match_settings, ("Ann", "Bob"), dice=dice, time_source=FakeTime())


def choose(match: Match, rng: random.Random) -> tuple[int, str, dict[str, Any]] | None:
    """A random action one of the players is offered, in a form it is accepted in."""
    offered = [(p, kind) for p in (0, 1) for kind in match.legal_actions(p)]
    calm = [o for o in offered if o[1] not in ("resign", "end_session")]
    if calm and rng.random() < 0.97:
        offered = calm
    playing = [o for o in offered if o[1] in PLAYING]
    if playing and rng.random() < 0.7:
        offered = playing
    if not offered:
        return None
    player, kind = rng.choice(offered)
    data: dict[str, Any] = {}
    if isinstance(match, TablesMatch):
        if kind == "move" and match.turn is not None:
            move = rng.choice(match.turn.legal_moves())
            data = {"src": "bar" if move.src == BAR else move.src, "die": move.die}
        elif kind == "play" and match.position is not None and match.dice is not None:
            data = {"text": rng.choice(match.position.legal_plays(match.dice)).notation}
        elif kind == "resign" and not match.is_nardy:
            data = {"value": rng.randint(1, 3)}
    elif isinstance(match, RenjuMatch) and kind == "move" and match.board is not None:
        data = {"point": rng.choice(match.board.legal_moves())}
    if kind == "seed":
        data = {"seed": rng.choice(["mine", "yours"])}
    return player, kind, data


def step(matches: list[Match], times: list[FakeTime], rng: random.Random) -> list[Any]:
    """One random step (the action chosen on the first match) taken by every match alike: the
    events each produced, or the error each raised."""
    lead = matches[0]
    if lead.started and lead.clock is not None and rng.random() < 0.1:
        seconds = rng.choice([1, 5, 13, 30]) if rng.random() < 0.95 else 200
        for time in times:
            time.advance(seconds)
    chosen = choose(lead, rng)
    start = not lead.started and rng.random() < 0.7
    results: list[Any] = []
    for match in matches:
        try:
            if start:
                events = match.start()
            elif chosen is None:
                events = match.check_time()
            else:
                player, kind, data = chosen
                events = match.act(player, kind, **data)
            results.append([e.to_dict() for e in events])
        except GameError as exc:
            results.append(repr(exc))
    return results


def restored(match: Match, snapshot: dict[str, Any], time: FakeTime) -> Match:
    """The match from ``snapshot`` (after a trip through JSON) with the original's log, dice
    and secrets."""
    data = json.loads(json.dumps(snapshot))
    assert data == snapshot
    secrets = match.to_dict(secrets=True).get("secrets")
    return restore_match(
        data,
        match.events,
        secrets=secrets,
        time_source=time,
        dice=copy.deepcopy(match.chance.source),
    )


def new_fair_game(match: Match, events: Any) -> bool:
    """Whether ``events`` start a game of fair dice: each match draws its own secret seed for
    it, so that the two go different ways from there."""
    return (
        match.settings.dice == "fair"
        and isinstance(events, list)
        and any(e["kind"] == "game_start" for e in events)
    )


def assert_same(original: Match, copy_: Match) -> None:
    assert state_of(copy_) == state_of(original)
    for seat in (0, 1):
        assert copy_.legal_actions(seat) == original.legal_actions(seat)
    for reader in (0, 1, None):
        assert legal_of(copy_, reader) == legal_of(original, reader)
    # A match ended on time or by a forfeit keeps its game's unrevealed seed, which rolls no
    # more: from_dict drops it too.
    secrets = not original.is_over
    assert copy_.to_dict(secrets=secrets) == original.to_dict(secrets=secrets)
    assert copy_.snapshot(secrets=secrets) == original.snapshot(secrets=secrets)
    assert copy_.is_over == original.is_over and copy_.to_act == original.to_act


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**32))
def test_a_restored_match_goes_on_as_the_original(game: str, seed: int) -> None:
    rng = random.Random(seed)
    match = new_match(rng, game)
    time = match._now
    assert isinstance(time, FakeTime)
    for _ in range(rng.randrange(0, 400)):
        if match.is_over:
            break
        step([match], [time], rng)
    copy_time = FakeTime(time.now)
    copy_ = restored(match, match.snapshot(secrets=True), copy_time)
    assert_same(match, copy_)
    for _ in range(12):
        if match.is_over:
            break
        mine, theirs = step([match, copy_], [time, copy_time], rng)
        if new_fair_game(match, mine):
            break
        assert theirs == mine
        assert_same(match, copy_)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**32), st.integers(1, 60))
def test_the_events_after_a_snapshot_are_replayed(game: str, seed: int, later: int) -> None:
    rng = random.Random(seed)
    match = new_match(rng, game)
    time = match._now
    assert isinstance(time, FakeTime)
    for _ in range(rng.randrange(0, 200)):
        step([match], [time], rng)
    snapshot = match.snapshot()  # no secrets: the server keeps them apart
    for _ in range(later):
        step([match], [time], rng)
    copy_time = FakeTime(time.now)
    copy_ = restored(match, snapshot, copy_time)
    assert_same(match, copy_)
    for _ in range(8):
        mine, theirs = step([match, copy_], [time, copy_time], rng)
        if new_fair_game(match, mine):
            break
        assert theirs == mine


def played(game: str = "backgammon", steps: int = 60, seed: int = 3) -> Match:
    rng = random.Random(seed)
    match = new_match(rng, game)
    time = match._now
    assert isinstance(time, FakeTime)
    match.start()
    for _ in range(steps):
        step([match], [time], rng)
    return match


def test_a_snapshot_of_another_version_is_refused() -> None:
    match = played()
    snapshot = match.snapshot()
    for version in (2, 0, "1", None, True):
        with pytest.raises(RecordError, match="version"):
            TablesMatch.from_snapshot({**snapshot, "version": version}, match.events)


@pytest.mark.parametrize("game", GAMES)
def test_a_snapshot_missing_a_field_is_refused(game: str) -> None:
    match = played(game)
    snapshot = match.snapshot()
    for key in snapshot:
        broken = {k: v for k, v in snapshot.items() if k != key}
        with pytest.raises(RecordError):
            restore_match(broken, match.events)
    for key in snapshot["state"]:
        state = {k: v for k, v in snapshot["state"].items() if k != key}
        with pytest.raises(RecordError):
            restore_match({**snapshot, "state": state}, match.events)


@pytest.mark.parametrize("game", GAMES)
def test_a_snapshot_of_the_wrong_shape_is_refused(game: str) -> None:
    match = played(game)
    snapshot = match.snapshot()
    for wrong in ("wrong", 2.5):
        for key in snapshot:
            if key == "end_reason" and wrong == "wrong":
                continue  # any text is a reason
            with pytest.raises(RecordError):
                restore_match({**snapshot, key: wrong}, match.events)
        for key in snapshot["state"]:
            state = {**snapshot["state"], key: wrong}
            with pytest.raises(RecordError):
                restore_match({**snapshot, "state": state}, match.events)


def test_a_snapshot_of_another_log_is_refused() -> None:
    match = played()
    other = list(match.events)
    other[-1] = dataclasses.replace(other[-1], time=other[-1].time + 1)
    with pytest.raises(RecordError, match="last event"):
        TablesMatch.from_snapshot(match.snapshot(), other)
    with pytest.raises(RecordError, match="the log has"):
        TablesMatch.from_snapshot(match.snapshot(), match.events[:-1])


def test_a_snapshot_of_another_game_is_refused() -> None:
    match = played("renju")
    with pytest.raises(RecordError):
        TablesMatch.from_snapshot(match.snapshot(), match.events)


def test_a_snapshot_holds_no_secret_unless_asked() -> None:
    match = TablesMatch(BackgammonSettings(length=3, dice="fair"))
    match.start()
    play_first(match)
    assert match.phase == "roll"
    assert "secrets" not in match.snapshot()
    assert "secrets" not in json.dumps(match.snapshot())
    seed = match.snapshot(secrets=True)["secrets"]["server_seed"]
    assert seed not in json.dumps(match.snapshot())
    restored_match = TablesMatch.from_snapshot(match.snapshot(secrets=True), match.events)
    rolled = restored_match.act(match.on_roll, "roll")
    assert [e.outcome for e in rolled] == [e.outcome for e in match.act(match.on_roll, "roll")]


@pytest.mark.parametrize("key", ["commitment", "server_seed"])
def test_a_fair_log_short_of_a_commitment_or_seed_is_a_record_error(key: str) -> None:
    """Regression: replaying such a log raised IndexError (a server error), not RecordError."""
    match = TablesMatch(BackgammonSettings(length=1, dice="fair"))
    match.start()
    match.act(match.on_roll, "resign", value=1)
    match.act(match.to_act or 0, "accept")
    data = match.to_dict()
    for event in data["events"]:
        event.get("outcome", {}).pop(key, None)
    with pytest.raises(RecordError, match="fewer"):
        TablesMatch.from_dict(data)


def in_a_turn() -> tuple[TablesMatch, dict[str, Any]]:
    """A backgammon match with a clock, in the middle of a turn, and its snapshot."""
    match = TablesMatch(
        BackgammonSettings(length=5, clock=TimeControl.parse("fischer:60+1")),
        dice=RandomDice(1),
        time_source=FakeTime(),
    )
    match.start()
    assert match.turn is not None
    move = match.turn.legal_moves()[0]
    match.act(match.on_roll, "move", src=move.src, die=move.die)
    return match, match.snapshot()


@pytest.mark.parametrize(
    "change",
    [
        {"turn": [["bar", 3]]},
        {"turn": [[1]]},
        {"turn": [[None, 3]]},
        {"turn": [[1.5, 3]]},
        {"turn": "24/18"},
        {"turn": [[6, 6]]},
        {"dice_left": [1, 2, 3]},
        {"dice": [7, 1]},
        {"dice": [1]},
        {"position": {"id": "not an id"}},
        {"position": {"id": 3}},
        {"resign_offer": [2, 1]},
        {"colours": ["red", "black"]},
        {"cube": 0},
    ],
)
def test_a_snapshot_whose_inner_values_are_wrong_is_refused(change: dict[str, Any]) -> None:
    match, snapshot = in_a_turn()
    with pytest.raises(RecordError):
        TablesMatch.from_snapshot(
            {**snapshot, "state": {**snapshot["state"], **change}}, match.events
        )


@pytest.mark.parametrize(
    "change",
    [
        {"clock": {"control": "fischer:60+1"}},
        {"clock": {"control": "sundial", "state": {}, "since": 0}},
        {"games": [{"number": 1}]},
        {"dice": {"client_seeds": ["zz"], "commitment": None, "rolls": 0}},
        {"dice": {"client_seeds": [], "commitment": None, "rolls": -1}},
        {"score": [0]},
        {"settings": {"game": "chess"}},
        {"players": ["Ann"]},
        {"game": "renju"},
    ],
)
def test_a_snapshot_whose_match_values_are_wrong_is_refused(change: dict[str, Any]) -> None:
    match, snapshot = in_a_turn()
    with pytest.raises(RecordError):
        TablesMatch.from_snapshot({**snapshot, **change}, match.events)
