"""A training run played in segments: each segment plays its games and learns from them
(``training``), measures the strength reached, and writes a checkpoint (``checkpoint``), so that
a run stopped anywhere resumes from its last checkpoint and ends with the weights the
uninterrupted run would have, bit for bit.
"""

import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from gamehall.engines.neural.checkpoint import Generators, GeneratorState, save_checkpoint
from gamehall.engines.neural.lineage import CodeState, Segment, Strength, TrainingRecord
from gamehall.engines.neural.network import Evaluator
from gamehall.engines.neural.training import learn, played

Measure = Callable[[Evaluator], Strength | None]
"""The strength figure of the networks as they stand (``None`` when nothing is measured)."""


def train_segments(
    evaluator: Evaluator,
    record: TrainingRecord,
    dice: np.random.Generator,
    code: CodeState,
    measure: Measure,
    progress: Callable[[TrainingRecord | None], None],
) -> TrainingRecord:
    """Play the run's games from where ``record`` stands to its end in segments, its dice from
    ``dice``, checkpointing each segment into the run's ``out``; returns the final record.

    ``progress`` is called after each game with ``None`` and after each checkpoint with the
    record written; ``code`` is the code the segments run on."""
    settings = record.settings
    learning = settings.learning
    out = Path(settings.out)
    while record.games < settings.games:
        count = min(settings.segment, settings.games - record.games)
        began = time.monotonic()
        for game in range(record.games, record.games + count):
            boards = played(evaluator, int(dice.integers(2**32)))
            learn(evaluator, boards, learning, learning.rate(game))
            progress(None)
        seconds = round(time.monotonic() - began, 3)
        record = record.with_segment(Segment(count, seconds, code, measure(evaluator)))
        save_checkpoint(out, evaluator, record, Generators(GeneratorState.of(dice)))
        progress(record)
    return record
