"""The training record: it round-trips through JSON, refuses bad input naming the field, gives
the one command that trains its weights again, and the shipped weights' early records are read
as they stand, with the note that their lineage cannot be replayed."""

import copy
import json
from typing import Any

import pytest

from gamehall.engines.neural.levels import shipped_record
from gamehall.engines.neural.lineage import (
    CodeState,
    RunSettings,
    Segment,
    StartWeights,
    Strength,
    TrainingRecord,
)
from gamehall.engines.neural.lineage_early import NOT_REPLAYABLE, EarlyRecord, read_record
from gamehall.engines.neural.record_fields import TrainingRecordError
from gamehall.engines.neural.training import Settings

START = StartWeights("weights/start.npz", "ab" * 32)
STRENGTH = Strength("gnubg 0-ply", 400, -0.2575, 0.061, (("lost single", 250), ("won single", 150)))
RECORD = TrainingRecord(
    RunSettings("nardy", 30_000, 10_000, 13, "out/nardy.npz", 50, Settings(alpha=0.03), START),
    CodeState("0123abcd" * 5, False),
    (
        Segment(10_000, 61.5, CodeState("0123abcd" * 5, False), STRENGTH),
        Segment(10_000, 59.25, CodeState(), None),
    ),
)


def test_a_record_round_trips_through_json() -> None:
    data = json.loads(json.dumps(RECORD.to_dict()))
    assert TrainingRecord.from_dict(data) == RECORD
    assert read_record(data) == RECORD
    bare = TrainingRecord(RECORD.settings, CodeState(), ())
    assert TrainingRecord.from_dict(json.loads(json.dumps(bare.to_dict()))) == bare
    assert data["settings"]["start"] == {"file": "weights/start.npz", "sha256": "ab" * 32}
    assert data["segments"][1] == {
        "games": 10_000,
        "seconds": 59.25,
        "commit": "unknown",
        "dirty": None,
        "strength": None,
    }


def test_the_command_names_every_setting_and_the_games_played() -> None:
    assert RECORD.games == 20_000
    assert RECORD.command == (
        "gamehall train nardy --games 20000 --segment 10000 --seed 13 --out out/nardy.npz "
        "--start weights/start.npz --alpha 0.03 --lam 0.7 --halflife 50000 --hidden 80 "
        "--race-hidden 40 --bench-pairs 50"
    )
    fresh = TrainingRecord(
        RunSettings("backgammon", 5, 5, 1, "a b.npz", 0, Settings()), CodeState()
    )
    assert "--games 5" in fresh.command and "'a b.npz'" in fresh.command
    assert "--start" not in fresh.command
    assert fresh.to_dict()["settings"]["start"] == "from nothing"  # type: ignore[index]


def changed(path: str, value: object) -> dict[str, Any]:
    data = copy.deepcopy(RECORD.to_dict())
    *parents, last = path.split(".")
    where: Any = data
    for part in parents:
        where = where[int(part)] if part.isdigit() else where[part]
    if value is KeyError:
        del where[last]
    else:
        where[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        ("format", 1, "format"),
        ("settings.game", "renju", "settings.game"),
        ("settings.games", "many", "settings.games"),
        ("settings.games", 10_000, "segments"),
        ("settings.segment", 0, "settings.segment"),
        ("settings.alpha", -0.1, "settings.alpha"),
        ("settings.lam", 1.5, "settings.lam"),
        ("settings.seed", True, "settings.seed"),
        ("settings.seed", -1, "settings.seed"),
        ("settings.start", "somewhere", "settings.start"),
        ("settings.start.sha256", "abc", "settings.start.sha256"),
        ("settings.hidden", 8, "settings"),
        ("settings.race_hidden", KeyError, "settings"),
        ("code", None, "code"),
        ("code.dirty", "yes", "code.dirty"),
        ("segments", {}, "segments"),
        ("segments.0.games", 0, "segments[0].games"),
        ("segments.0.seconds", float("nan"), "segments[0].seconds"),
        ("segments.0.strength.ends", {"won single": -1}, "segments[0].strength.ends"),
        ("segments.1.commit", 7, "segments[1].commit"),
        ("command", "gamehall train nardy", "command"),
    ],
)
def test_bad_records_are_refused_naming_the_field(path: str, value: object, field: str) -> None:
    with pytest.raises(TrainingRecordError) as refused:
        TrainingRecord.from_dict(changed(path, value))
    assert refused.value.values["field"] == field
    assert str(refused.value).startswith(f"the training record's {field} ")
    assert refused.value.reason == "train-record"


def test_not_a_record_at_all() -> None:
    for data in ([], "record", {"format": 2}):
        with pytest.raises(TrainingRecordError):
            read_record(data)


@pytest.mark.parametrize("game", ["backgammon", "nardy"])
def test_the_shipped_records_are_read_as_early_ones_not_replayable(game: str) -> None:
    record = shipped_record(game)  # type: ignore[arg-type]
    assert isinstance(record, EarlyRecord) and record.note == NOT_REPLAYABLE
    assert "cannot be replayed" in record.note
    assert record.game == game and record.learning.contact_hidden == 128
    assert record.command.startswith(f"gamehall train {game}")
    assert record.checkpoints[-1].games == record.games
    games = [c.games for c in record.checkpoints]
    assert games == sorted(games)
    last = record.checkpoints[-1].strength
    assert last is not None and last.games >= 100
    assert last.opponent == ("beginner" if game == "nardy" else "gnubg 0-ply")
