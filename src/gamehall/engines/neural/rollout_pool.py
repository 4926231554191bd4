"""Rollouts on every core: the trials split in batches over a process pool, with a progress bar.

Each batch is a run of consecutive trial numbers of every board; a trial's dice come from the
seed and its number alone (``rollout_dice``), and the outcomes are put back in trial order
before they are summed, so the figures are the same whatever the number of workers (one
worker plays everything in this process). Each worker builds the game's networks once, from
the ``RolloutSpec``. The bar (tqdm, on standard error) counts trials and shows only when
standard error is a terminal.
"""

import os
import sys
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Never, TextIO

import numpy as np
import numpy.typing as npt
from tqdm import tqdm

from gamehall.engines.neural.board import Boards
from gamehall.engines.neural.rollout import RolloutResult, RolloutSettings, play_trials, summarise
from gamehall.engines.neural.rollout_games import RolloutGame, RolloutSpec
from gamehall.errors import GameError

BATCH = 12
"""Trials per batch: small enough that the workers finish together (a trial's dice do not
depend on its batch)."""
MOST_WORKERS = 64

_worker_game: RolloutGame | None = None


def _start_worker(spec: RolloutSpec) -> None:
    global _worker_game
    _worker_game = spec.game()


def _run_batch(
    boards: Boards, first: int, count: int, settings: RolloutSettings
) -> tuple[int, npt.NDArray[np.float64]]:
    if _worker_game is None:
        raise GameError("a rollout worker was started without its game")
    return first, play_trials(_worker_game, boards, first, count, settings)


def default_workers() -> int:
    """One worker per core this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def rollout(
    spec: RolloutSpec,
    boards: Sequence[Boards],
    settings: RolloutSettings,
    workers: int | None = None,
    progress: TextIO | None = None,
    played: bool = False,
) -> list[RolloutResult]:
    """Each board's rollout (its side on roll before his roll, the same dice for every board),
    on ``workers`` processes (``None``: every core), with a progress bar on ``progress``
    (standard error unless told) when that is a terminal; with ``played`` each board is the
    result of a play and the figures are for the side that played it."""
    count = default_workers() if workers is None else workers
    if type(count) is not int or not 1 <= count <= MOST_WORKERS:
        raise GameError(f"a rollout runs on 1 to {MOST_WORKERS} workers, not {workers!r}")
    if not boards:
        raise GameError("a rollout needs at least one position")
    stack = np.stack(list(boards))
    stream = sys.stderr if progress is None else progress
    bar = tqdm(
        total=settings.trials * len(stack),
        unit="trial",
        file=stream,
        disable=not stream.isatty(),
        leave=False,
    )
    batches = [(f, min(BATCH, settings.trials - f)) for f in range(0, settings.trials, BATCH)]
    game = spec.game()
    with bar:
        if count == 1:
            outcomes = np.zeros((len(stack), settings.trials, len(game.outputs)))
            for first, n in batches:
                outcomes[:, first : first + n] = play_trials(game, stack, first, n, settings)
                bar.update(n * len(stack))
        else:
            outcomes = _pooled(spec, stack, batches, settings, count, len(game.outputs), bar)
    return [
        summarise(game, outcomes[b], stack[b], settings.cubeful, played) for b in range(len(stack))
    ]


def _pooled(
    spec: RolloutSpec,
    stack: Boards,
    batches: list[tuple[int, int]],
    settings: RolloutSettings,
    workers: int,
    outputs: int,
    bar: "tqdm[Never]",
) -> npt.NDArray[np.float64]:
    outcomes = np.zeros((len(stack), settings.trials, outputs))
    with ProcessPoolExecutor(
        max_workers=min(workers, len(batches)), initializer=_start_worker, initargs=(spec,)
    ) as pool:
        pending: set[Future[tuple[int, npt.NDArray[np.float64]]]] = {
            pool.submit(_run_batch, stack, first, n, settings) for first, n in batches
        }
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                first, part = future.result()
                outcomes[:, first : first + part.shape[1]] = part
                bar.update(part.shape[1] * len(stack))
    return outcomes
