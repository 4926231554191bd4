"""Long nardy's network: three outputs, its inputs (blocks, the head, the six-block's reach),
and the races once every checker is home settled by nardy's bear-off database.

Outputs, for the side on roll before his roll: win, win by mars (the loser has borne off
nothing, 2 points), lose by mars. Equity is ``2 win - 1 + win_mars - lose_mars`` (no cube in
long nardy: points per game). Positions where no checker can block or pass another any more go
to the race network, the rest to the contact network; once every checker of both sides is home
the bear-off database gives the chances exactly; a finished game its result. The opponent's
point ``r`` is the mover's point ``r + 12`` or ``r - 12`` (R1.3).

Inputs, for each side (the side on roll first), ``SIDE_INPUTS`` of them:

- points 1..24 in that side's numbering, four units each: 1, 2, 3 or more checkers as on/off,
  then (n - 3) / 4 (the head holds up to 15);
- checkers borne off / 15;
- pips / 200; checkers on the head / 15; checkers home (points 1-6) / 15; checkers standing in
  the other side's home (own points 13-18) / 15;
- blocks: the longest run of points held along the other side's path / 6; for each of the other
  side's checkers, the run of held points straight in front of it (six at most), summed / 90;
  the die numbers each of his checkers finds blocked by a held point, summed / 90;
- the six-block's reach: the other side's most advanced checker (his own point) / 24 (a block
  is allowed only beyond it, R8);
- die numbers 1..6 with which no checker could move one step / 6 (none once all are home);
- checkers beyond three on one point below the head / 15; the rearmost checker / 24.

Once every checker of both sides is home the race is exact (``race_one``): the side on roll
wins when he needs no more rolls than the other; he wins a mars when he finishes before the
other (who has borne off nothing) gets a first checker off, and loses one the other way round.
The mars chances take the first checker off under the same play as the race, which aims at
finishing soonest (a player saving a mars might play for the first checker instead): exact for
the wins, very nearly so for the mars.
"""

import numpy as np
import numpy.typing as npt
from numba import njit

from gamehall.engines.neural.bearoff import row_of, sorted_keys, tables
from gamehall.engines.neural.board import Boards
from gamehall.engines.neural.games.description import Floats, Probabilities, Rows, TablesGame
from gamehall.engines.neural.games.moves.nardy import OPPOSITE
from gamehall.engines.neural.kernel import NARDY_CODE, forward

RAW = 24 * 4 + 1
FEATURES = 12
SIDE_INPUTS = RAW + FEATURES
INPUTS = 2 * SIDE_INPUTS
OUTPUTS = 3
PROBABILITIES = ("win", "win_mars", "lose_mars")
"""The names of the network's three outputs, in its order."""


def encode(boards: Boards) -> Floats:
    """The network inputs of boards (n, 2, 26), shape (n, INPUTS)."""
    x = np.zeros((boards.shape[0], INPUTS), np.float32)
    encode_batch(boards, x)
    return x


def is_race(boards: Boards) -> npt.NDArray[np.bool_]:
    """Which boards are pure races: no checker of either side can block or pass the other's."""
    out = np.zeros(boards.shape[0], np.bool_)
    race_batch(boards, out)
    return out


def equity(probabilities: Probabilities) -> npt.NDArray[np.float64]:
    """Points per game each row of probabilities is worth to its side."""
    p = probabilities
    return np.asarray(2.0 * p[:, 0] - 1.0 + p[:, 1] - p[:, 2])


def flip(probabilities: Probabilities) -> Probabilities:
    """The same probabilities seen by the other side."""
    p = probabilities
    return np.stack((1.0 - p[:, 0], p[:, 2], p[:, 1]), axis=1)


def lost_outcome(boards: Boards) -> Probabilities:
    """The exact result of finished boards, the loser on roll: lost, by mars when he has borne
    off nothing."""
    out = np.zeros((boards.shape[0], OUTPUTS))
    out[:, 2] = boards[:, 0, 0] == 0
    return out


class Nardy(TablesGame):
    """Long nardy's network description."""

    name = "nardy"
    code = NARDY_CODE
    moves = "nardy"
    bearoff = "nardy"
    inputs = INPUTS
    outputs = OUTPUTS
    probabilities = PROBABILITIES

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

    def settled(self, boards: Boards) -> npt.NDArray[np.bool_]:
        """Every checker of both sides home (or off): the database's exact race."""
        return np.asarray(~np.any(boards[:, :, 7:25] > 0, axis=(1, 2)))

    def settle(self, boards: Boards, out: Probabilities, rows: Rows) -> None:
        dist, first = tables("nardy")
        keys = sorted_keys()
        for i in rows:
            race_one(boards[i], dist, first, keys, out[i])

    def after_nets(self, boards: Boards, out: Probabilities, rows: Rows) -> None:
        """No mars for a side that has borne off; no more mars than games."""
        out[rows[boards[rows, 1, 0] > 0], 1] = 0.0
        out[rows[boards[rows, 0, 0] > 0], 2] = 0.0
        out[rows, 1] = np.minimum(out[rows, 1], out[rows, 0])
        out[rows, 2] = np.minimum(out[rows, 2], 1.0 - out[rows, 0])


NARDY = Nardy()


# -- the compiled kernels ------------------------------------------------------------------


@njit(cache=True, nogil=True)
def encode_one(board, x):  # type: ignore[no-untyped-def]
    """The inputs of one board, written into ``x``."""
    x[:] = 0.0
    for side in range(2):
        me = board[side]
        them = board[1 - side]
        base = side * SIDE_INPUTS
        pips = 0
        stacks = 0
        back = 0
        home = 0
        for p in range(1, 25):
            n = me[p]
            if n > 0:
                pips += n * p
                back = p
                k = base + (p - 1) * 4
                x[k] = 1.0
                if n >= 2:
                    x[k + 1] = 1.0
                if n >= 3:
                    x[k + 2] = 1.0
                if n > 3:
                    x[k + 3] = (n - 3.0) / 4.0
                    if p < 24:
                        stacks += n - 3
                if p <= 6:
                    home += n
        x[base + 96] = me[0] / 15.0
        f = base + RAW
        x[f] = pips / 200.0
        x[f + 1] = me[24] / 15.0
        x[f + 2] = home / 15.0
        inside = 0
        for p in range(13, 19):
            inside += me[p]
        x[f + 3] = inside / 15.0
        # Runs of points held along the other side's path, in his numbering.
        longest = 0
        run = 0
        for r in range(1, 25):
            if me[OPPOSITE[r]] > 0:
                run += 1
                if run > longest:
                    longest = run
            else:
                run = 0
        x[f + 4] = min(longest, 6) / 6.0
        trapped = 0
        blocked = 0
        advanced = 0
        for r in range(24, 0, -1):
            n = them[r]
            if n == 0:
                continue
            advanced = r
            wall = 0
            while wall < 6 and r - wall - 1 >= 1 and me[OPPOSITE[r - wall - 1]] > 0:
                wall += 1
            trapped += n * wall
            for d in range(1, 7):
                if r - d >= 1 and me[OPPOSITE[r - d]] > 0:
                    blocked += n
        x[f + 5] = trapped / 90.0
        x[f + 6] = blocked / 90.0
        x[f + 7] = advanced / 24.0
        if back > 6:
            stuck = 0
            for d in range(1, 7):
                free = False
                for p in range(d + 1, 25):
                    if me[p] > 0 and them[OPPOSITE[p - d]] == 0:
                        free = True
                        break
                if not free:
                    stuck += 1
            x[f + 8] = stuck / 6.0
        x[f + 9] = stacks / 15.0
        x[f + 10] = back / 24.0
        x[f + 11] = 1.0 if back <= 6 else 0.0


@njit(cache=True, nogil=True)
def encode_batch(boards, x):  # type: ignore[no-untyped-def]
    """``encode_one`` of each board, into the rows of ``x``."""
    for i in range(boards.shape[0]):
        encode_one(boards[i], x[i])


@njit(cache=True, nogil=True)
def is_race_one(board):  # type: ignore[no-untyped-def]
    """Whether no checker of either side can ever block or pass one of the other's: each
    side's checkers are all behind every checker of the other along both paths."""
    my_back = 0
    their_back = 0
    my_front_there = 25
    their_front_here = 25
    for p in range(1, 25):
        if board[0, p] > 0:
            my_back = p
            if OPPOSITE[p] < my_front_there:
                my_front_there = OPPOSITE[p]
        if board[1, p] > 0:
            their_back = p
            if OPPOSITE[p] < their_front_here:
                their_front_here = OPPOSITE[p]
    # A checker of the other side lies ahead on my path, or one of mine ahead on his.
    return their_front_here >= my_back and my_front_there >= their_back


@njit(cache=True, nogil=True)
def race_batch(boards, out):  # type: ignore[no-untyped-def]
    for i in range(boards.shape[0]):
        out[i] = is_race_one(boards[i])


@njit(cache=True, nogil=True)
def all_home(board):  # type: ignore[no-untyped-def]
    """Whether every checker of both sides is home or borne off (the bear-off database's
    exact case)."""
    for side in range(2):
        for p in range(7, 25):
            if board[side, p] > 0:
                return False
    return True


@njit(cache=True, nogil=True)
def race_one(board, dist, first, keys, out):  # type: ignore[no-untyped-def]
    """Win, win mars and lose mars of a board whose checkers are all home (both sides, some
    on the board), for the side on roll, written into ``out``."""
    mine_row = row_of(board[0], keys)
    their_row = row_of(board[1], keys)
    mine = dist[mine_row]
    theirs = dist[their_row]
    my_first = first[mine_row]
    their_first = first[their_row]
    win = 0.0
    win_mars = 0.0
    lose_mars = 0.0
    # Left: P(N >= n) for the other side's finish and first checker off, and for mine.
    theirs_left = 1.0
    their_first_left = 1.0
    my_first_left = 1.0
    for n in range(mine.shape[0]):
        win += mine[n] * theirs_left
        win_mars += mine[n] * their_first_left
        theirs_left -= theirs[n]
        their_first_left -= their_first[n]
        my_first_left -= my_first[n]
        # The other side finishes with his n-th roll, after my n rolls: I am marsed when my
        # first checker needs more than n rolls.
        lose_mars += theirs[n] * my_first_left
    # Sums of many terms: keep them within [0, 1] and consistent despite rounding.
    win = min(max(win, 0.0), 1.0)
    out[0] = win
    out[1] = min(max(win_mars, 0.0), win)
    out[2] = min(max(lose_mars, 0.0), 1.0 - win)


@njit(cache=True, nogil=True)
def probabilities_one(model, board, x, out):  # type: ignore[no-untyped-def]
    """Win, win mars, lose mars of ``board`` for its side on roll, written into ``out``."""
    if board[1, 0] == 15:
        out[0] = 0.0
        out[1] = 0.0
        out[2] = 1.0 if board[0, 0] == 0 else 0.0
        return
    if all_home(board):
        race_one(board, model.dist, model.first, model.keys, out)
        return
    encode_one(board, x)
    if is_race_one(board):
        forward(x, model.race, out)
    else:
        forward(x, model.contact, out)
    if board[1, 0] > 0:
        out[1] = 0.0
    if board[0, 0] > 0:
        out[2] = 0.0
    out[1] = min(out[1], out[0])
    out[2] = min(out[2], 1.0 - out[0])


@njit(cache=True, nogil=True)
def equity_one(p):  # type: ignore[no-untyped-def]
    return 2.0 * p[0] - 1.0 + p[1] - p[2]


@njit(cache=True, nogil=True)
def flip_into(p, acc, weight):  # type: ignore[no-untyped-def]
    """Add ``weight`` times the probabilities ``p`` seen by the other side to ``acc``."""
    acc[0] += weight * (1.0 - p[0])
    acc[1] += weight * p[2]
    acc[2] += weight * p[1]


@njit(cache=True, nogil=True)
def start(board):  # type: ignore[no-untyped-def]
    """Set ``board`` to the starting position: each side's fifteen checkers on its head."""
    board[:] = 0
    board[0, 24] = 15
    board[1, 24] = 15
