"""The record of a training run, kept beside its weights: every setting as resolved, the code it
ran on, and each segment of games played, so that the weights can be trained again.

A run starts from nothing (weights drawn from its seed) or from given weights (named by their
SHA-256), then plays segments of games; resuming it appends segments, and each segment notes
the commit of the code that played it. ``TrainingRecord.command`` is the one command that
trains the same weights again from the start. The record is a frozen value whose ``to_dict``
and ``from_dict`` round-trip through JSON; ``from_dict`` refuses anything else with a
``TrainingRecordError`` naming the field at fault.
"""

import math
import shlex
from dataclasses import dataclass, fields, replace
from typing import Literal, get_args

from gamehall.engines.neural.record_fields import (
    TrainingRecordError,
    keys,
    mapping,
    number,
    text,
    whole,
)
from gamehall.engines.neural.training import Settings

TrainedGame = Literal["backgammon", "nardy"]
TRAINED_GAMES: tuple[TrainedGame, ...] = get_args(TrainedGame)
"""The games with a network to train (Georgian plays with backgammon's)."""
FORMAT = 2
"""The record's format: 2 is this one; the records written before it had no ``format``
(``lineage_early`` reads them)."""
UNKNOWN = "unknown"
"""The commit of code that does not run from a git checkout."""


@dataclass(frozen=True)
class CodeState:
    """The code a segment ran on: its git commit (``unknown`` outside a checkout) and whether
    the checkout had changes not committed (``None`` when unknown)."""

    commit: str = UNKNOWN
    dirty: bool | None = None

    def to_dict(self) -> dict[str, object]:
        return {"commit": self.commit, "dirty": self.dirty}

    @classmethod
    def from_dict(cls, data: object, where: str = "code") -> "CodeState":
        found = mapping(data, where)
        keys(found, where, {"commit", "dirty"})
        dirty = found["dirty"]
        if dirty is not None and not isinstance(dirty, bool):
            raise TrainingRecordError(f"{where}.dirty", "is not true, false or null")
        return cls(text(found, "commit", where), dirty)


@dataclass(frozen=True)
class StartWeights:
    """The weights a run started from: the file as it was named, and its SHA-256."""

    file: str
    sha256: str

    def to_dict(self) -> dict[str, object]:
        return {"file": self.file, "sha256": self.sha256}

    @classmethod
    def from_dict(cls, data: object) -> "StartWeights":
        found = mapping(data, "settings.start")
        keys(found, "settings.start", {"file", "sha256"})
        digest = text(found, "sha256", "settings.start")
        if len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
            raise TrainingRecordError("settings.start.sha256", "is not a SHA-256 in hex")
        return cls(text(found, "file", "settings.start"), digest)


FROM_NOTHING = "from nothing"
"""What a record says of its start when the weights were drawn from the seed."""


@dataclass(frozen=True)
class RunSettings:
    """Every setting of a run, as resolved (the defaults written out): what a run from the
    start needs to play the same games and learn the same weights."""

    game: TrainedGame
    games: int
    """The games the run is to play in all (a resumed run may be given more)."""
    segment: int
    """Games between checkpoints."""
    seed: int
    out: str
    bench_pairs: int
    learning: Settings
    start: StartWeights | None = None

    def __post_init__(self) -> None:
        if self.game not in TRAINED_GAMES:
            raise TrainingRecordError("settings.game", f"is not one of {', '.join(TRAINED_GAMES)}")
        for name in ("games", "segment", "seed", "bench_pairs"):
            least = 0 if name in ("seed", "bench_pairs") else 1
            if getattr(self, name) < least:
                raise TrainingRecordError(f"settings.{name}", f"is less than {least}")
        for name in ("contact_hidden", "race_hidden", "alpha_halflife"):
            if getattr(self.learning, name) < 1:
                raise TrainingRecordError(f"settings.{name}", "is less than 1")
        if not 0.0 <= self.learning.lam <= 1.0:
            raise TrainingRecordError("settings.lam", "is not between 0 and 1")
        if not (math.isfinite(self.learning.alpha) and self.learning.alpha > 0):
            raise TrainingRecordError("settings.alpha", "is not a positive number")

    def command(self) -> str:
        """The command that trains these weights from the start."""
        words = ["gamehall", "train", self.game, "--games", str(self.games)]
        words += ["--segment", str(self.segment), "--seed", str(self.seed), "--out", self.out]
        if self.start is not None:
            words += ["--start", self.start.file]
        learning = self.learning
        words += ["--alpha", repr(learning.alpha), "--lam", repr(learning.lam)]
        words += ["--halflife", str(learning.alpha_halflife)]
        words += ["--hidden", str(learning.contact_hidden)]
        words += ["--race-hidden", str(learning.race_hidden)]
        words += ["--bench-pairs", str(self.bench_pairs)]
        return shlex.join(words)

    def to_dict(self) -> dict[str, object]:
        learning = {f.name: getattr(self.learning, f.name) for f in fields(Settings)}
        start = FROM_NOTHING if self.start is None else self.start.to_dict()
        head = {"game": self.game, "games": self.games, "segment": self.segment}
        rest = {"seed": self.seed, "out": self.out, "bench_pairs": self.bench_pairs}
        return {**head, **rest, **learning, "start": start}

    @classmethod
    def from_dict(cls, data: object) -> "RunSettings":
        found = mapping(data, "settings")
        names = {f.name for f in fields(Settings)}
        keys(
            found,
            "settings",
            {"game", "games", "segment", "seed", "out", "bench_pairs", "start"} | names,
        )
        game = text(found, "game", "settings")
        if game not in TRAINED_GAMES:
            raise TrainingRecordError("settings.game", f"is not one of {', '.join(TRAINED_GAMES)}")
        learning = Settings(
            lam=number(found, "lam", "settings"),
            alpha=number(found, "alpha", "settings"),
            alpha_halflife=whole(found, "alpha_halflife", "settings"),
            contact_hidden=whole(found, "contact_hidden", "settings"),
            race_hidden=whole(found, "race_hidden", "settings"),
        )
        start = found["start"]
        return cls(
            game=game,
            games=whole(found, "games", "settings"),
            segment=whole(found, "segment", "settings"),
            seed=whole(found, "seed", "settings"),
            out=text(found, "out", "settings"),
            bench_pairs=whole(found, "bench_pairs", "settings"),
            learning=learning,
            start=None if start == FROM_NOTHING else StartWeights.from_dict(start),
        )


@dataclass(frozen=True)
class Strength:
    """A strength figure: points per game against ``opponent`` over ``games`` games of
    duplicate pairs, with the standard error over the pairs (``None`` for one pair) and how the
    games ended."""

    opponent: str
    games: int
    ppg: float
    se: float | None
    ends: tuple[tuple[str, int], ...]

    def to_dict(self) -> dict[str, object]:
        return {
            "opponent": self.opponent,
            "games": self.games,
            "ppg": self.ppg,
            "se": self.se,
            "ends": dict(self.ends),
        }

    @classmethod
    def from_dict(cls, data: object, where: str) -> "Strength":
        found = mapping(data, where)
        keys(found, where, {"opponent", "games", "ppg", "se", "ends"})
        ends = mapping(found["ends"], f"{where}.ends")
        counts = []
        for kind, count in ends.items():
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise TrainingRecordError(f"{where}.ends", f"has no count of games for {kind!r}")
            counts.append((kind, count))
        se = None if found["se"] is None else number(found, "se", where)
        return cls(
            text(found, "opponent", where),
            whole(found, "games", where),
            number(found, "ppg", where),
            se,
            tuple(sorted(counts)),
        )


@dataclass(frozen=True)
class Segment:
    """One segment of a run: the games it played, the seconds they took, the code that played
    them, and the strength measured after it (``None`` when nothing was measured)."""

    games: int
    seconds: float
    code: CodeState
    strength: Strength | None = None

    def to_dict(self) -> dict[str, object]:
        strength = None if self.strength is None else self.strength.to_dict()
        return {
            "games": self.games,
            "seconds": self.seconds,
            **self.code.to_dict(),
            "strength": strength,
        }

    @classmethod
    def from_dict(cls, data: object, where: str) -> "Segment":
        found = mapping(data, where)
        keys(found, where, {"games", "seconds", "commit", "dirty", "strength"})
        games = whole(found, "games", where)
        if games < 1:
            raise TrainingRecordError(f"{where}.games", "is less than 1")
        seconds = number(found, "seconds", where)
        if seconds < 0:
            raise TrainingRecordError(f"{where}.seconds", "is negative")
        code = CodeState.from_dict({"commit": found["commit"], "dirty": found["dirty"]}, where)
        strength = found["strength"]
        measured = None if strength is None else Strength.from_dict(strength, f"{where}.strength")
        return cls(games, seconds, code, measured)


@dataclass(frozen=True)
class TrainingRecord:
    """A run: its settings, the code it began on, and its segments so far (its lineage)."""

    settings: RunSettings
    code: CodeState
    segments: tuple[Segment, ...] = ()

    def __post_init__(self) -> None:
        if self.games > self.settings.games:
            raise TrainingRecordError(
                "segments", f"play {self.games} games, more than the run's {self.settings.games}"
            )

    @property
    def games(self) -> int:
        """The games played so far."""
        return sum(segment.games for segment in self.segments)

    @property
    def command(self) -> str:
        """The command that trains the weights of the last segment again from the start."""
        return replace(self.settings, games=self.games or self.settings.games).command()

    def with_segment(self, segment: Segment) -> "TrainingRecord":
        """The record with one more segment played."""
        return replace(self, segments=(*self.segments, segment))

    def to_dict(self) -> dict[str, object]:
        return {
            "format": FORMAT,
            "command": self.command,
            "settings": self.settings.to_dict(),
            "code": self.code.to_dict(),
            "segments": [segment.to_dict() for segment in self.segments],
        }

    @classmethod
    def from_dict(cls, data: object) -> "TrainingRecord":
        found = mapping(data, "record")
        if found.get("format") != FORMAT:
            raise TrainingRecordError("format", f"is not {FORMAT}")
        keys(found, "record", {"format", "command", "settings", "code", "segments"})
        segments = found["segments"]
        if not isinstance(segments, list):
            raise TrainingRecordError("segments", "is not a list")
        record = cls(
            RunSettings.from_dict(found["settings"]),
            CodeState.from_dict(found["code"]),
            tuple(Segment.from_dict(s, f"segments[{i}]") for i, s in enumerate(segments)),
        )
        if found["command"] != record.command:
            raise TrainingRecordError("command", "does not match its settings")
        return record
