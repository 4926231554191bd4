"""The training records written before a record kept every setting and commit (those of the
shipped weights), read as they stand, with a note of what they cannot tell.

They hold the run's seed, its learning settings, the commands as they were recorded, and a
checkpoint every so many games with the games, the seconds so far and the strength measured
there. Their first command lacks flags that were used, no commit was recorded, and the
backgammon weights gained inputs between two of their commands: their lineage cannot be
replayed, and nothing here pretends otherwise. ``read_record`` reads either kind.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from gamehall.engines.neural.lineage import TRAINED_GAMES, Strength, TrainedGame, TrainingRecord
from gamehall.engines.neural.record_fields import (
    TrainingRecordError,
    keys,
    mapping,
    number,
    text,
    whole,
)
from gamehall.engines.neural.training import Settings

NOT_REPLAYABLE = (
    "written before training records kept every setting and commit: the command recorded "
    "lacks flags that were used and no commit is known, so this lineage cannot be replayed"
)
"""What an early record cannot tell, said beside everything it reads from one."""


@dataclass(frozen=True)
class EarlyCheckpoint:
    """A checkpoint of an early run: games and seconds since the run began, and the strength
    measured there (``None`` when nothing was)."""

    games: int
    seconds: float
    strength: Strength | None


@dataclass(frozen=True)
class EarlyRecord:
    """An early training record, as written; ``note`` says why it cannot be replayed."""

    game: TrainedGame
    seed: int
    learning: Settings
    games: int
    seconds: float
    command: str
    checkpoints: tuple[EarlyCheckpoint, ...]
    note: str = NOT_REPLAYABLE

    @classmethod
    def from_dict(cls, data: object) -> "EarlyRecord":
        found = mapping(data, "record")
        expected = {"seed", "settings", "games", "wall_seconds", "checkpoints", "command", "game"}
        keys(found, "record", expected)
        game = text(found, "game", "record")
        if game not in TRAINED_GAMES:
            raise TrainingRecordError("record.game", f"is not one of {', '.join(TRAINED_GAMES)}")
        settings = mapping(found["settings"], "settings")
        keys(
            settings,
            "settings",
            {"lam", "alpha", "alpha_halflife", "contact_hidden", "race_hidden"},
        )
        learning = Settings(
            lam=number(settings, "lam", "settings"),
            alpha=number(settings, "alpha", "settings"),
            alpha_halflife=whole(settings, "alpha_halflife", "settings"),
            contact_hidden=whole(settings, "contact_hidden", "settings"),
            race_hidden=whole(settings, "race_hidden", "settings"),
        )
        checkpoints = found["checkpoints"]
        if not isinstance(checkpoints, list):
            raise TrainingRecordError("checkpoints", "is not a list")
        return cls(
            game=game,
            seed=whole(found, "seed", "record"),
            learning=learning,
            games=whole(found, "games", "record"),
            seconds=number(found, "wall_seconds", "record"),
            command=text(found, "command", "record"),
            checkpoints=tuple(
                _checkpoint(c, f"checkpoints[{i}]") for i, c in enumerate(checkpoints)
            ),
        )


def _checkpoint(data: object, where: str) -> EarlyCheckpoint:
    found = mapping(data, where)
    if "benchmark" in found:
        keys(found, where, {"games", "wall_seconds", "benchmark"})
        strength: Strength | None = Strength.from_dict(found["benchmark"], f"{where}.benchmark")
    else:
        keys(found, where, {"games", "wall_seconds"})
        strength = None
    return EarlyCheckpoint(
        whole(found, "games", where), number(found, "wall_seconds", where), strength
    )


def read_record(data: object) -> TrainingRecord | EarlyRecord:
    """The training record ``data`` (a record's JSON, parsed), of either kind."""
    if isinstance(data, Mapping) and "format" not in data:
        return EarlyRecord.from_dict(data)
    return TrainingRecord.from_dict(data)
