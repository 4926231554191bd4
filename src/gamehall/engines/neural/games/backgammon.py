"""Backgammon's network (International and Georgian alike): five outputs, TD-Gammon's inputs
with a few features, and the pure bear-off settled by the database.

Outputs, for the side on roll before his roll: win, win a gammon (backgammons included), win a
backgammon, lose a gammon, lose a backgammon. Cubeless equity is
``2 win - 1 + win_gammon - lose_gammon + win_backgammon - lose_backgammon``.

Inputs (``encode``), for each side, the side on roll first: TD-Gammon's raw encoding of points
1..24 in that side's own numbering (four units per point: 1, 2, 3 or more checkers as on/off,
then (n - 3) / 2), the bar (n / 2) and the borne-off checkers (n / 15); then a few features of
the project's choosing: pips / 100, blots / 5, made home points / 6, the furthest-back
checker / 25, checkers in the opponent's home board and on the bar / 5. Races add three inputs
from the bear-off database (``race_inputs``: each side's expected rolls to bear off and
the side on roll's chance of finishing first, the checkers outside the home board counted in);
they are zero in contact positions.

Positions with contact go to the contact network, races to the race network; a pure bear-off
(every checker of both sides home) takes its win chance exactly from the bear-off database;
finished games get their exact result. The compiled kernels (``probabilities_one``, for the
shared search and self-play of ``fast``) compute the same one board at a time.
"""

import numpy as np
import numpy.typing as npt
from numba import njit

from gamehall.engines.neural import bearoff
from gamehall.engines.neural.board import Boards
from gamehall.engines.neural.games.description import Floats, Probabilities, Rows, TablesGame
from gamehall.engines.neural.kernel import BACKGAMMON_CODE, forward

ROLL_PIPS = 49.0 / 6.0
"""The pips an average roll moves (a double's four steps counted): 8 1/6."""
SPAN = 96
"""Rolls counted in an estimated distribution (15 checkers on the bar need fewer than 70)."""
RACE_INPUTS = 3
"""What ``race_inputs`` writes: each side's expected rolls / 20, the side on roll's chance."""
RAW_INPUTS = 2 * (24 * 4 + 2)
FEATURES = 2 * 6
RACE_AT = RAW_INPUTS + FEATURES
"""Where the race inputs from the bear-off database begin."""
INPUTS = RACE_AT + RACE_INPUTS
OUTPUTS = 5
PROBABILITIES = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")
"""The names of the network's five outputs, in its order."""

_UNITS = np.array(
    [[n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 2.0] for n in range(16)], dtype=np.float32
)
"""TD-Gammon's four units for 0..15 checkers on a point."""


def encode(boards: Boards) -> Floats:
    """The network inputs of boards (n, 2, 26), shape (n, INPUTS)."""
    n = boards.shape[0]
    x = np.empty((n, INPUTS), np.float32)
    raw = x[:, :RAW_INPUTS].reshape(n, 2, 98)
    points = boards[:, :, 1:25]
    raw[:, :, :96] = _UNITS[points].reshape(n, 2, 96)
    bar = boards[:, :, 25].astype(np.float64)
    raw[:, :, 96] = bar / 2.0
    raw[:, :, 97] = boards[:, :, 0] / 15.0
    features = x[:, RAW_INPUTS:RACE_AT].reshape(n, 2, 6)
    features[:, :, 0] = (boards.astype(np.int64) @ np.arange(26)) / 100.0
    features[:, :, 1] = np.count_nonzero(points == 1, axis=2) / 5.0
    features[:, :, 2] = np.count_nonzero(boards[:, :, 1:7] >= 2, axis=2) / 6.0
    features[:, :, 3] = furthest_back(boards) / 25.0
    features[:, :, 4] = boards[:, :, 19:26].sum(axis=2) / 5.0
    features[:, :, 5] = bar / 5.0
    x[:, RACE_AT:] = 0.0
    races = np.flatnonzero(is_race(boards))
    if races.size:
        race_inputs_batch(boards, races, bearoff.database(), bearoff.sorted_keys(), x, RACE_AT)
    return x


def furthest_back(boards: Boards) -> npt.NDArray[np.int64]:
    """Each side's furthest-back checker (own numbering, 25 the bar, 0 all off), shape (n, 2)."""
    occupied = boards[:, :, 1:26] > 0
    return np.asarray(
        np.where(occupied.any(axis=2), 25 - np.argmax(occupied[:, :, ::-1], axis=2), 0)
    )


def is_race(boards: Boards) -> npt.NDArray[np.bool_]:
    """Which boards are races: every checker of each side past every checker of the other."""
    back = furthest_back(boards)
    return np.asarray(back[:, 0] + back[:, 1] < 25)


def equity(probabilities: Probabilities) -> npt.NDArray[np.float64]:
    """Cubeless equity of each row of probabilities, for the side they belong to."""
    p = probabilities
    return np.asarray(2.0 * p[:, 0] - 1.0 + p[:, 1] - p[:, 3] + p[:, 2] - p[:, 4])


def flip(probabilities: Probabilities) -> Probabilities:
    """The same probabilities seen by the other side."""
    p = probabilities
    return np.stack((1.0 - p[:, 0], p[:, 3], p[:, 4], p[:, 1], p[:, 2]), axis=1)


def lost_outcome(boards: Boards) -> Probabilities:
    """The exact result of finished boards, the loser on roll: lost, gammoned when he has
    borne off nothing, backgammoned when he also has a checker on the bar or in the winner's
    home board."""
    n = boards.shape[0]
    out = np.zeros((n, OUTPUTS))
    gammon = boards[:, 0, 0] == 0
    backgammon = gammon & (boards[:, 0, 19:26].sum(axis=1) > 0)
    out[:, 3] = gammon
    out[:, 4] = backgammon
    return out


class Backgammon(TablesGame):
    """Backgammon's network description."""

    name = "backgammon"
    code = BACKGAMMON_CODE
    moves = "backgammon"
    bearoff = "backgammon"
    inputs = INPUTS
    outputs = OUTPUTS
    probabilities = PROBABILITIES
    earlier_inputs = (RACE_AT,)
    """Before the race inputs: 208."""

    def encode(self, boards: Boards) -> Floats:
        return encode(boards)

    def is_race(self, boards: Boards) -> npt.NDArray[np.bool_]:
        return is_race(boards)

    def lost_outcome(self, boards: Boards) -> Probabilities:
        return lost_outcome(boards)

    def equity(self, probabilities: Probabilities) -> npt.NDArray[np.float64]:
        return equity(probabilities)

    def flip(self, probabilities: Probabilities) -> Probabilities:
        return flip(probabilities)

    def settle(self, boards: Boards, out: Probabilities, rows: Rows) -> None:
        """Backgammon settles no board without the networks (``after_nets`` corrects them)."""

    def after_nets(self, boards: Boards, out: Probabilities, rows: Rows) -> None:
        """A pure bear-off takes its win chance from the database, no gammon once both sides
        have borne off, and no backgammon."""
        exact = rows[bearoff.is_bearoff(boards[rows])]
        if not exact.size:
            return
        settled = boards[exact]
        out[exact, 0] = bearoff.win_chances(settled[:, 0, 1:7], settled[:, 1, 1:7])
        started = (settled[:, 0, 0] > 0) & (settled[:, 1, 0] > 0)
        out[exact[started], 1:] = 0.0
        out[exact, 2] = 0.0
        out[exact, 4] = 0.0

    def consistent(self, out: Probabilities) -> Probabilities:
        """Backgammons <= gammons <= the games they belong to."""
        out[:, 1] = np.minimum(out[:, 1], out[:, 0])
        out[:, 2] = np.minimum(out[:, 2], out[:, 1])
        out[:, 3] = np.minimum(out[:, 3], 1.0 - out[:, 0])
        out[:, 4] = np.minimum(out[:, 4], out[:, 3])
        return out


BACKGAMMON = Backgammon()


# -- the compiled kernels ------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _estimate(side, db, keys, dist):  # type: ignore[no-untyped-def]
    """Write into ``dist`` the estimated distribution of the rolls ``side`` (26 counts, its own
    numbering) needs to bear off: the checkers outside the home board counted on the 6-point,
    the pips they need to get there added as rolls of ``ROLL_PIPS`` (split between the two
    nearest whole numbers of rolls). Exact when every checker is home."""
    outside = 0
    extra = 0
    for p in range(7, 26):
        outside += side[p]
        extra += side[p] * (p - 6)
    key = np.int64(0)
    scale = np.int64(1)
    for i in range(1, 7):
        n = side[i] + outside if i == 6 else side[i]
        key += n * scale
        scale *= 16
    row = db[np.searchsorted(keys, key)]
    shift = extra / ROLL_PIPS
    whole = int(shift)
    part = shift - whole
    dist[:] = 0.0
    for r in range(row.shape[0]):
        if r + whole + 1 < dist.shape[0]:
            dist[r + whole] += (1.0 - part) * row[r]
            dist[r + whole + 1] += part * row[r]


@njit(cache=True, nogil=True)
def race_inputs(board, db, keys, x, at):  # type: ignore[no-untyped-def]
    """The race network's database inputs of ``board`` (2, 26), written into ``x[at:at + 3]``:
    each side's expected rolls to bear off / 20 (side on roll first), then the chance that the
    side on roll finishes first, from the two ``_estimate`` distributions."""
    mine = np.zeros(SPAN)
    theirs = np.zeros(SPAN)
    _estimate(board[0], db, keys, mine)
    _estimate(board[1], db, keys, theirs)
    mean_mine = 0.0
    mean_theirs = 0.0
    left = 1.0
    win = 0.0
    for r in range(SPAN):
        mean_mine += r * mine[r]
        mean_theirs += r * theirs[r]
        win += mine[r] * left
        left -= theirs[r]
    x[at] = mean_mine / 20.0
    x[at + 1] = mean_theirs / 20.0
    x[at + 2] = win


@njit(cache=True, nogil=True)
def race_inputs_batch(boards, rows, db, keys, x, at):  # type: ignore[no-untyped-def]
    """``race_inputs`` of ``boards[rows]`` into the same rows of ``x``."""
    for i in rows:
        race_inputs(boards[i], db, keys, x[i], at)


@njit(cache=True, nogil=True)
def encode_one(board, x, db, keys):  # type: ignore[no-untyped-def]
    """``encode`` of one board, written into ``x``; returns whether it is a race."""
    x[:] = 0.0
    backs = 0
    for side in range(2):
        base = side * 98
        blots = 0
        home = 0
        pips = 0
        back = 0
        behind = 0
        for p in range(1, 25):
            n = board[side, p]
            pips += n * p
            if n > 0:
                back = p
                k = base + (p - 1) * 4
                x[k] = 1.0
                if n == 1:
                    blots += 1
                if n >= 2:
                    x[k + 1] = 1.0
                    if p <= 6:
                        home += 1
                if n >= 3:
                    x[k + 2] = 1.0
                if n > 3:
                    x[k + 3] = (n - 3.0) / 2.0
            if p >= 19:
                behind += n
        bar = board[side, 25]
        if bar > 0:
            back = 25
        pips += 25 * bar
        behind += bar
        x[base + 96] = bar / 2.0
        x[base + 97] = board[side, 0] / 15.0
        f = 196 + side * 6
        x[f] = pips / 100.0
        x[f + 1] = blots / 5.0
        x[f + 2] = home / 6.0
        x[f + 3] = back / 25.0
        x[f + 4] = behind / 5.0
        x[f + 5] = bar / 5.0
        backs += back
    race = backs < 25
    if race:
        race_inputs(board, db, keys, x, RACE_AT)
    return race


@njit(cache=True, nogil=True)
def _back(side):  # type: ignore[no-untyped-def]
    for p in range(25, 0, -1):
        if side[p] > 0:
            return p
    return 0


@njit(cache=True, nogil=True)
def probabilities_one(model, board, x, out):  # type: ignore[no-untyped-def]
    """The five probabilities of ``board`` for its side on roll, written into ``out``."""
    if board[1, 0] == 15:
        out[:] = 0.0
        if board[0, 0] == 0:
            out[3] = 1.0
            behind = 0
            for p in range(19, 26):
                behind += board[0, p]
            if behind > 0:
                out[4] = 1.0
        return
    db = model.dist
    keys = model.keys
    if encode_one(board, x, db, keys):
        forward(x, model.race, out)
        if _back(board[0]) <= 6 and _back(board[1]) <= 6:
            mine = db[bearoff.row_of(board[0], keys)]
            theirs = db[bearoff.row_of(board[1], keys)]
            left = 1.0
            win = 0.0
            for r in range(mine.shape[0]):
                win += mine[r] * left
                left -= theirs[r]
            out[0] = win
            if board[0, 0] > 0 and board[1, 0] > 0:
                out[1] = 0.0
                out[3] = 0.0
            out[2] = 0.0
            out[4] = 0.0
    else:
        forward(x, model.contact, out)
    out[1] = min(out[1], out[0])
    out[2] = min(out[2], out[1])
    out[3] = min(out[3], 1.0 - out[0])
    out[4] = min(out[4], out[3])


@njit(cache=True, nogil=True)
def equity_one(p):  # type: ignore[no-untyped-def]
    return 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]


@njit(cache=True, nogil=True)
def flip_into(p, acc, weight):  # type: ignore[no-untyped-def]
    """Add ``weight`` times the probabilities ``p`` seen by the other side to ``acc``."""
    acc[0] += weight * (1.0 - p[0])
    acc[1] += weight * p[3]
    acc[2] += weight * p[4]
    acc[3] += weight * p[1]
    acc[4] += weight * p[2]


@njit(cache=True, nogil=True)
def start(board):  # type: ignore[no-untyped-def]
    """Set ``board`` to the starting position."""
    board[:] = 0
    for side in range(2):
        board[side, 24] = 2
        board[side, 13] = 5
        board[side, 8] = 3
        board[side, 6] = 5
