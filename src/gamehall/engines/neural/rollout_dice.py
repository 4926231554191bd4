"""The dice of a rollout's trials: reproducible from a seed, the same for every candidate, and
quasi-random on the first two rolls.

Trial ``t`` of a rollout seeded ``s`` draws its dice from its own generator, seeded by
``(s, t)``: a trial's dice do not depend on which process plays it nor on how the trials are
split among processes, and every candidate play rolled out with the same seed sees the same
dice in the same trial (duplicate dice: the candidates' difference is not blurred by their
luck differing).

Rotated dice (GNU Backgammon's "rotate dice" for the first rolls): the first roll of trial
``t`` is the ``t mod 36``-th of the 36 rolls, the second the ``(t div 36) mod 36``-th, each
through a permutation drawn from the seed. Every 36 trials then see each first roll exactly
once, every 1,296 trials each pair of first rolls once: the luck of the first two rolls,
most of a short rollout's noise, cancels out. Later rolls are plain random.
"""

import numpy as np
import numpy.typing as npt

ROTATED = 2
"""How many first rolls are rotated across trials."""

_ROLLS = np.array([(a, b) for a in range(1, 7) for b in range(1, 7)], np.int64)
"""The 36 rolls, each order of a non-double apart."""


def _permutations(seed: int) -> npt.NDArray[np.int64]:
    """The orders in which the rotated rolls go through the 36 rolls, one row per roll."""
    rng = np.random.default_rng([seed, 0x5EED])
    return np.stack([rng.permutation(36) for _ in range(ROTATED)])


class TrialDice:
    """The dice of one trial, roll by roll (``roll(k)`` for k = 0, 1, 2, ... in order)."""

    def __init__(self, seed: int, trial: int, rotate: bool = True) -> None:
        self._rng = np.random.default_rng([seed, trial + 1])
        self._rotated: list[tuple[int, int]] = []
        if rotate:
            orders = _permutations(seed)
            for k in range(ROTATED):
                index = int(orders[k, (trial // 36**k) % 36])
                a, b = _ROLLS[index]
                self._rotated.append((int(a), int(b)))
        self._next = 0

    def roll(self) -> tuple[int, int]:
        """The next roll of the trial."""
        k = self._next
        self._next += 1
        if k < len(self._rotated):
            return self._rotated[k]
        a, b = self._rng.integers(1, 7, size=2)
        return int(a), int(b)
