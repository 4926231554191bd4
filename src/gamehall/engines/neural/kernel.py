"""What every compiled kernel of the network machinery shares: the game codes, the structure
that carries a game's networks and bear-off tables into the kernels (``Model``), and one
network's forward pass.

The kernels take a ``Model`` (a named tuple numba compiles as one typed value) instead of a
dozen loose arrays; its ``game`` selects the game's own steps (inputs, exact cases, scoring)
inside the shared kernels. The move generator takes the game's rules as one small ``int64``
array (``board.MoveRules.code``) whose first entry is the same game code.
"""

from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

BACKGAMMON_CODE = 0
"""International and Georgian backgammon (the rules array tells them apart)."""
NARDY_CODE = 1
"""Long nardy."""

Floats = npt.NDArray[np.float32]
Tables = npt.NDArray[np.float64]


class Layers(NamedTuple):
    """One network's weights: inputs -> sigmoid hidden layer -> sigmoid outputs."""

    w1: Floats
    b1: Floats
    w2: Floats
    b2: Floats


class Model(NamedTuple):
    """A game's networks and bear-off tables as the kernels take them."""

    game: int
    """``BACKGAMMON_CODE`` or ``NARDY_CODE``."""
    contact: Layers
    race: Layers
    dist: Tables
    """The one-sided bear-off database: the chance of needing 0, 1, 2, ... rolls to bear off."""
    first: Tables
    """Long nardy's rolls until the first checker is off (backgammon's kernels do not read it)."""
    keys: npt.NDArray[np.int64]
    """The database's sorted position keys."""


@njit(cache=True, nogil=True)
def forward(x, layers, out):  # type: ignore[no-untyped-def]
    """One network's sigmoid outputs for the inputs ``x`` (mostly zeros: the first layer adds
    only the rows of the inputs that are set)."""
    w1, b1, w2, b2 = layers
    hidden = b1.copy()
    for i in range(x.shape[0]):
        v = x[i]
        if v != 0.0:
            for h in range(hidden.shape[0]):
                hidden[h] += v * w1[i, h]
    for h in range(hidden.shape[0]):
        z = min(max(hidden[h], -30.0), 30.0)
        hidden[h] = 1.0 / (1.0 + np.exp(-z))
    for o in range(out.shape[0]):
        acc = b2[o]
        for h in range(hidden.shape[0]):
            acc += hidden[h] * w2[h, o]
        z = min(max(acc, -30.0), 30.0)
        out[o] = 1.0 / (1.0 + np.exp(-z))


@njit(cache=True, nogil=True)
def outputs(model):  # type: ignore[no-untyped-def]
    """How many probabilities the model's networks give."""
    return model.contact.b2.shape[0]
