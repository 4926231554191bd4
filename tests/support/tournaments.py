"""Playing a tournament through with made-up results, for the tournament tests."""

import random
from collections.abc import Callable

from gamehall.tournaments import Pairing, Result, Tournament

Chooser = Callable[[Pairing], Result]


def random_results(seed: int, draws: bool = True) -> Chooser:
    """Results drawn from ``random.Random(seed)``: wins either way, and draws if allowed."""
    rng = random.Random(seed)
    outcomes = ["1-0", "0-1", "1/2-1/2"] if draws else ["1-0", "0-1"]

    def choose(pairing: Pairing) -> Result:
        return Result(rng.choice(outcomes))  # type: ignore[arg-type]

    return choose


def play_round(t: Tournament, choose: Chooser, order_seed: int | None = None) -> Tournament:
    """Record a result for every waiting pairing (and for replays they bring), in board order
    or, with ``order_seed``, in a shuffled order. The results are chosen in board order first,
    so that the order of recording does not change them."""
    while t.pending:
        waiting = list(t.pending)
        chosen = {(p.round, p.board): choose(p) for p in waiting}
        if order_seed is not None:
            random.Random(order_seed).shuffle(waiting)
        for p in waiting:
            t = t.record(p.round, p.board, chosen[p.round, p.board])
    return t


def play_through(t: Tournament, choose: Chooser, order_seed: int | None = None) -> Tournament:
    """Pair and play every round to the end."""
    while not t.is_finished:
        t = play_round(t.pair_next_round(), choose, order_seed)
    return t
