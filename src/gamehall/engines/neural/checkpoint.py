"""A training run's checkpoint: the weights, the run's record and the state of every random
generator the run draws from, in one ``.npz`` file written atomically (a new file renamed over
the old), with the record also written beside it as JSON (``FILE.json``) for people to read.

The run's one generator is the dice generator (numpy's PCG64, from the run's seed): it draws
each self-play game's seed, with which the compiled kernel seeds numba's generator for that
game, so that numba's state needs no keeping. The strength figure measured after a segment
plays on fixed dice (the same every time, so that segments compare) and draws from no
generator of the run. The weights drawn for a run from nothing come from a generator of the
seed alone (``Evaluator.fresh``), used once before the first game; the dice generator's seed
is the seed with a stream number beside it, so that the two differ.
"""

import hashlib
import json
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import numpy as np

from gamehall.engines.neural.lineage import CodeState, TrainedGame, TrainingRecord
from gamehall.engines.neural.network import Evaluator, NardyEvaluator
from gamehall.engines.neural.record_fields import (
    TrainingRecordError,
    keys,
    mapping,
    text,
    whole,
)
from gamehall.errors import GameError

Kind = TypeVar("Kind", bound=Evaluator)
DICE_STREAM = 1
"""The stream number beside the run's seed in the dice generator's seed."""
EVALUATORS: dict[TrainedGame, type[Evaluator]] = {
    "backgammon": Evaluator,
    "nardy": NardyEvaluator,
}
"""Each trained game's networks."""


@dataclass(frozen=True)
class GeneratorState:
    """The state of a numpy PCG64 generator, as its ``bit_generator.state`` gives it."""

    state: int
    inc: int
    has_uint32: int
    uinteger: int

    @classmethod
    def of(cls, generator: np.random.Generator) -> "GeneratorState":
        found = generator.bit_generator.state
        if found["bit_generator"] != "PCG64":
            raise TypeError(f"a run's generators are PCG64, not {found['bit_generator']}")
        inner = found["state"]
        return cls(inner["state"], inner["inc"], found["has_uint32"], found["uinteger"])

    def generator(self) -> np.random.Generator:
        """A generator in this state."""
        bits = np.random.PCG64()
        bits.state = {
            "bit_generator": "PCG64",
            "state": {"state": self.state, "inc": self.inc},
            "has_uint32": self.has_uint32,
            "uinteger": self.uinteger,
        }
        return np.random.Generator(bits)

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": "PCG64",
            "state": str(self.state),
            "inc": str(self.inc),
            "has_uint32": self.has_uint32,
            "uinteger": self.uinteger,
        }

    @classmethod
    def from_dict(cls, data: object, where: str) -> "GeneratorState":
        found = mapping(data, where)
        keys(found, where, {"kind", "state", "inc", "has_uint32", "uinteger"})
        if found["kind"] != "PCG64":
            raise TrainingRecordError(f"{where}.kind", "is not PCG64")
        big = []
        for name in ("state", "inc"):
            digits = text(found, name, where)
            if not digits.isdigit() or int(digits) >= 2**128:
                raise TrainingRecordError(f"{where}.{name}", "is not a 128-bit whole number")
            big.append(int(digits))
        return cls(
            big[0], big[1], whole(found, "has_uint32", where), whole(found, "uinteger", where)
        )


@dataclass(frozen=True)
class Generators:
    """Every random generator of a run, as it stands at a checkpoint."""

    dice: GeneratorState

    def to_dict(self) -> dict[str, object]:
        return {"dice": self.dice.to_dict()}

    @classmethod
    def from_dict(cls, data: object) -> "Generators":
        found = mapping(data, "generators")
        keys(found, "generators", {"dice"})
        return cls(GeneratorState.from_dict(found["dice"], "generators.dice"))


def dice_generator(seed: int) -> np.random.Generator:
    """The dice generator of a run from ``seed``, before its first game."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, DICE_STREAM])))


def save_checkpoint(
    out: Path, evaluator: Evaluator, record: TrainingRecord, generators: Generators
) -> None:
    """Write the checkpoint to ``out`` and its record to ``out`` + ``.json``, each atomically."""
    out.parent.mkdir(parents=True, exist_ok=True)
    meta = {"record": record.to_dict(), "generators": generators.to_dict()}
    evaluator.save(out, json.dumps(meta))
    beside = out.with_name(out.name + ".json")
    partial = beside.with_name(beside.name + ".partial")
    partial.write_text(json.dumps(record.to_dict(), indent=1) + "\n", encoding="utf-8")
    partial.replace(beside)


def load_checkpoint(path: Path) -> tuple[Evaluator, TrainingRecord, Generators]:
    """The weights, record and generators of the checkpoint ``path``."""
    try:
        meta = Evaluator.meta(path)
    except (OSError, ValueError) as error:
        raise GameError(
            f"cannot read {path}: {error}", reason="train-unreadable", path=str(path)
        ) from None
    try:
        found = mapping(json.loads(meta), "checkpoint")
    except ValueError:
        raise TrainingRecordError("checkpoint", "is not JSON") from None
    if "record" not in found and "seed" in found:
        raise GameError(
            f"{path} was written before training records kept every setting and commit: it "
            f"cannot be resumed exactly; start a new run from its weights with --start {path}",
            reason="train-early",
            path=str(path),
        )
    keys(found, "checkpoint", {"record", "generators"})
    record = TrainingRecord.from_dict(found["record"])
    generators = Generators.from_dict(found["generators"])
    evaluator, _ = load_weights(path, EVALUATORS[record.settings.game])
    return evaluator, record, generators


def load_weights(path: Path, kind: type[Kind]) -> tuple[Kind, str]:
    """The ``kind`` networks saved in ``path``, and the text saved with them."""
    try:
        return kind.load(path)
    except GameError as error:
        raise GameError(
            f"{path} does not hold {kind.game.name} networks: {error}",
            reason="train-weights",
            path=str(path),
            name=kind.game.name,
        ) from None
    except (OSError, ValueError, KeyError) as error:
        raise GameError(
            f"cannot read {path}: {error}", reason="train-unreadable", path=str(path)
        ) from None


def sha256_of(path: Path) -> str:
    """The SHA-256 of the file ``path``, in hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def code_state() -> CodeState:
    """The commit of the code running, and whether its tracked files have changes not
    committed, from git when this package runs from a git checkout (``unknown`` otherwise)."""
    here = Path(__file__).resolve().parent

    def git(*words: str) -> str | None:
        try:
            done = subprocess.run(
                ["git", "-C", str(here), *words], capture_output=True, text=True, timeout=30
            )
        except (OSError, subprocess.SubprocessError):
            return None
        return done.stdout.strip() if done.returncode == 0 else None

    # Only a checkout that tracks this package says what code runs (an installed copy may sit
    # inside some other checkout).
    if git("ls-files", "--error-unmatch", "__init__.py") is None:
        return CodeState()
    commit = git("rev-parse", "HEAD")
    changes = git("status", "--porcelain", "--untracked-files=no")
    if commit is None or changes is None:
        return CodeState()
    return CodeState(commit, bool(changes))
