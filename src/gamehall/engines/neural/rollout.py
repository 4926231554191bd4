"""Rollouts: a position's worth measured by playing it out many times, as GNU Backgammon does.

A trial starts from a board with its side on roll before his roll (the root side) and plays
both sides' best play of each roll (``rollout_games``: at 0-ply, the ``expert`` level's,
or with ``ply=1`` at 1-ply over the best few) with the trial's dice
(``rollout_dice``: seeded per trial, the first two rolls rotated across trials), to the end of
the game or, when truncated, for ``truncate`` plies, where the network evaluates the position
reached; a position the bear-off database settles exactly also ends the trial there (unless
``stop_at_database`` is off). The trial's outcome is the root side's probabilities (0 or 1
at a finished game, the network's or database's figures where it stopped).

Variance reduction (gnubg's): at each roll the mover's luck is measured by the evaluator as
his probabilities after his best play of the roll he got minus their mean over all 36 rolls;
the sum of the trial's lucks, seen from the root side, is subtracted from its outcome. Luck
averages zero, so the mean is unbiased, while most of the dice's noise leaves each trial.

Cubeful equity (backgammon, money play, the cube centred) is Janowski's conversion of the
rolled-out cubeless probabilities with the position's cube life, the same model the engine's
cube decisions use (``cube.cube_hint``), rather than a cube handled live inside the trials: it
costs nothing more than the cubeless rollout, keeps variance reduction on every output, and
agrees with the engine's own cube actions, where a live cube would add the cube decisions' own
noise to each trial. Its standard error is the delta method's (the conversion's gradient
against the covariance of the trials' outcomes).
"""

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from gamehall.engines.base import MatchContext
from gamehall.engines.neural.board import Boards
from gamehall.engines.neural.cube import cube_hint, cube_life
from gamehall.engines.neural.rollout_dice import TrialDice
from gamehall.engines.neural.rollout_games import ROLL_WEIGHTS, RolloutGame, roll_index
from gamehall.errors import GameError

MOST_TRIALS = 1_000_000
"""The most trials one rollout may ask for."""


@dataclass(frozen=True)
class RolloutSettings:
    """How a rollout is played: its trials, where they stop (``truncate`` plies, ``None``: the
    end of the game), variance reduction, rotated first rolls, the seed, the cubeful
    conversion, and whether a trial stops where the bear-off database is exact."""

    trials: int = 1296
    truncate: int | None = None
    variance_reduction: bool = True
    rotate: bool = True
    seed: int = 0
    cubeful: bool = False
    stop_at_database: bool = True
    ply: int = 0
    """How deep the trials' players look: 0 (the ``expert`` level) or 1 (35 to 75 times
    slower a ply)."""

    def __post_init__(self) -> None:
        if type(self.trials) is not int or not 1 <= self.trials <= MOST_TRIALS:
            raise GameError(f"a rollout plays 1 to {MOST_TRIALS:,} trials, not {self.trials!r}")
        if self.truncate is not None and (type(self.truncate) is not int or self.truncate < 1):
            raise GameError(f"a rollout is truncated after at least one ply, not {self.truncate!r}")
        if type(self.ply) is not int or self.ply not in (0, 1):
            raise GameError(f"a rollout's players look 0 or 1 ply ahead, not {self.ply!r}")
        if type(self.seed) is not int or self.seed < 0:
            raise GameError(f"a rollout's seed is a whole number of 0 or more, not {self.seed!r}")


def play_trial(
    game: RolloutGame, board: Boards, trial: int, settings: RolloutSettings
) -> npt.NDArray[np.float64]:
    """The outcome of one trial from ``board`` (its side on roll before his roll), as that
    side's probabilities, luck subtracted when variance reduction is on."""
    dice = TrialDice(settings.seed, trial, settings.rotate)
    luck = np.zeros(len(game.outputs))
    root = True  # whether the side on roll is the root side
    ply = 0
    while True:
        over = board[1, 0] == 15
        if over or ply == settings.truncate or (settings.stop_at_database and game.exact(board)):
            outcome = game.evaluate(board)
            if not root:
                outcome = game.flip(outcome)
            return outcome - luck
        d1, d2 = dice.roll()
        if settings.variance_reduction:
            after = game.after_rolls(board)
            mean = ROLL_WEIGHTS @ after
            got = after[roll_index(d1, d2)]
            if root:
                luck += got - mean
            else:
                luck += game.flip(got) - game.flip(mean)
        board = game.play_at(board, d1, d2, settings.ply)
        root = not root
        ply += 1


def play_trials(
    game: RolloutGame, boards: Boards, first: int, count: int, settings: RolloutSettings
) -> npt.NDArray[np.float64]:
    """Trials ``first`` to ``first + count - 1`` of each board's rollout (the same dice for
    every board), shape (len(boards), count, outputs)."""
    out = np.zeros((len(boards), count, len(game.outputs)))
    for b, board in enumerate(boards):
        for i in range(count):
            out[b, i] = play_trial(game, board, first + i, settings)
    return out


@dataclass(frozen=True)
class RolloutResult:
    """A rollout's figures for the root side: each output's mean and standard error (by name,
    in the network's order), the cubeless equity with its standard error, the cubeful equity
    (money play, cube centred) when asked for, and the trials played."""

    outputs: tuple[tuple[str, float, float], ...]
    equity: float
    equity_error: float
    trials: int
    cubeful: float | None = None
    cubeful_error: float | None = None

    @property
    def probabilities(self) -> tuple[float, ...]:
        """The outputs' means, in order."""
        return tuple(mean for _, mean, _ in self.outputs)


def summarise(
    game: RolloutGame,
    outcomes: npt.NDArray[np.float64],
    board: Boards,
    cubeful: bool,
    played: bool = False,
) -> RolloutResult:
    """The figures of one board's trials (shape (trials, outputs), its side on roll's view);
    with ``played`` the board is the result of a play and the figures are for the side that
    played it (the cubeful equity: the opponent's on roll, the cube centred, negated)."""
    n = outcomes.shape[0]
    seen = game.flip(outcomes) if played else outcomes
    mean = seen.mean(axis=0)
    error = _standard_error(seen)
    equities = game.equity(seen)
    result = RolloutResult(
        outputs=tuple(
            (name, float(m), float(e)) for name, m, e in zip(game.outputs, mean, error, strict=True)
        ),
        equity=float(equities.mean()),
        equity_error=float(_standard_error(equities[:, None])[0]),
        trials=n,
    )
    if not cubeful:
        return result
    if not game.cube:
        raise GameError("long nardy has no doubling cube: its rollouts are cubeless")
    value, value_error = _cubeful(outcomes, cube_life(board), game.variant)
    if played:
        value = -value
    return RolloutResult(result.outputs, result.equity, result.equity_error, n, value, value_error)


def _standard_error(outcomes: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    n = outcomes.shape[0]
    if n < 2:
        return np.full(outcomes.shape[1], np.nan)
    return np.asarray(outcomes.std(axis=0, ddof=1) / np.sqrt(n))


def _janowski(probabilities: npt.NDArray[np.float64], life: float, variant: str) -> float:
    p = np.clip(probabilities, 0.0, 1.0)
    return cube_hint(p, MatchContext.for_variant(variant), life).best


def _cubeful(outcomes: npt.NDArray[np.float64], life: float, variant: str) -> tuple[float, float]:
    """The cubeful equity of the trials' mean probabilities (the side on roll's, the cube
    centred) and its delta-method standard error."""
    mean = outcomes.mean(axis=0)
    value = _janowski(mean, life, variant)
    n = outcomes.shape[0]
    if n < 2:
        return value, float("nan")
    step = 1e-5
    gradient = np.array(
        [
            (
                _janowski(mean + step * unit, life, variant)
                - _janowski(mean - step * unit, life, variant)
            )
            / (2 * step)
            for unit in np.eye(len(mean))
        ]
    )
    covariance = np.atleast_2d(np.cov(outcomes, rowvar=False)) / n
    return value, float(np.sqrt(max(gradient @ covariance @ gradient, 0.0)))


def rollout_in_process(
    game: RolloutGame, boards: Sequence[Boards], settings: RolloutSettings, played: bool = False
) -> list[RolloutResult]:
    """Each board's rollout played here, with duplicate dice (no worker processes); with
    ``played`` the figures are for the side that played to each board."""
    stack = np.stack(list(boards))
    outcomes = play_trials(game, stack, 0, settings.trials, settings)
    return [
        summarise(game, outcomes[b], stack[b], settings.cubeful, played) for b in range(len(stack))
    ]
