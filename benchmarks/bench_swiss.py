"""Speed of the Swiss: pairing round 5 of a 1,000- and a 10,000-player Swiss, and standings
with every tie-break after it (targets: under 2 s and 30 s on one core).

The four rounds before are made by a quick stand-in (each player in ranking order meets the
next one he has not met, random results), so that only round 5 is paired by the real
maximum-weight matching (``gamehall.tournaments.swiss``), on a field with realistic score
groups, rematches to avoid and colour histories. Renju for the pairing (colours count);
backgammon 3-point matches for the standings, so that the points difference joins the other
tie-breaks. ``python benchmarks/bench_swiss.py`` prints the times of one run of each.
"""

import random
import time
from collections.abc import Callable
from dataclasses import replace

from pytest_benchmark.fixture import BenchmarkFixture

from gamehall.play.settings import BackgammonSettings, RenjuSettings
from gamehall.tournaments import Pairing, Result, Tournament, TournamentSettings
from gamehall.tournaments.settings import TIEBREAKS

SEED = 20261201
RENJU = TournamentSettings("swiss", RenjuSettings(), rounds=9)
BACKGAMMON = TournamentSettings(
    "swiss", BackgammonSettings(length=3), rounds=9, tiebreaks=TIEBREAKS
)


def result(rng: random.Random, draws: bool) -> Result:
    """A random result: renju can draw; a backgammon match to 3 ends 3-0, 3-1 or 3-2."""
    if draws:
        return Result(rng.choice(["1-0", "0-1", "1/2-1/2"]))
    loser = float(rng.randint(0, 2))
    return Result("1-0", (3.0, loser)) if rng.random() < 0.5 else Result("0-1", (loser, 3.0))


def played_rounds(settings: TournamentSettings, players: int, rounds: int) -> Tournament:
    """A Swiss of ``players`` after ``rounds`` rounds made by the quick stand-in pairer."""
    rng = random.Random(SEED)
    names = [f"player-{n}" for n in range(1, players + 1)]
    score = dict.fromkeys(names, 0.0)
    met: dict[str, set[str]] = {name: set() for name in names}
    number = {name: n for n, name in enumerate(names)}
    pairings: list[Pairing] = []
    for round_ in range(1, rounds + 1):
        waiting = sorted(names, key=lambda name: (-score[name], number[name]))
        board = 1
        while len(waiting) > 1:
            first = waiting.pop(0)
            index = next((i for i, name in enumerate(waiting) if name not in met[first]), 0)
            second = waiting.pop(index)
            if (board + round_) % 2:
                first, second = second, first
            pairing = Pairing(round_, board, first, second, result(rng, settings.can_draw))
            for name in (first, second):
                score[name] += pairing.points_of(name)
            met[first].add(second)
            met[second].add(first)
            pairings.append(pairing)
            board += 1
        if waiting:
            pairings.append(Pairing(round_, board, waiting[0], None, Result("bye")))
            score[waiting[0]] += 1
    return replace(Tournament.create(settings, names), pairings=tuple(pairings))


def finished_round(t: Tournament, draws: bool) -> Tournament:
    """``t`` with a random result for every waiting pairing (set all at once: ``record``
    rebuilds the tournament each time, which 5,000 results would make slow to set up)."""
    rng = random.Random(SEED + 1)
    pairings = tuple(p if p.result else p.with_result(result(rng, draws)) for p in t.pairings)
    return replace(t, pairings=pairings)


def check_pairing(t: Tournament, players: int) -> None:
    fifth = [p for p in t.pairings if p.round == 5]
    assert sorted(n for p in fifth for n in p.players) == sorted(t.players)
    earlier = {frozenset(p.players) for p in t.pairings if p.round < 5 and p.second}
    assert not [p for p in fifth if p.second and frozenset(p.players) in earlier], "a rematch"
    assert len(fifth) == (players + 1) // 2


def pair_fifth(players: int) -> Callable[[], Tournament]:
    before = played_rounds(RENJU, players, 4)
    return before.pair_next_round


def standings_after_fifth(players: int) -> Callable[[], object]:
    t = finished_round(played_rounds(BACKGAMMON, players, 4).pair_next_round(), draws=False)
    return t.standings


def bench_pair_round_5_of_1000(benchmark: BenchmarkFixture) -> None:
    t = benchmark.pedantic(pair_fifth(1000), rounds=3)
    check_pairing(t, 1000)


def bench_pair_round_5_of_10000(benchmark: BenchmarkFixture) -> None:
    t = benchmark.pedantic(pair_fifth(10000), rounds=1)
    check_pairing(t, 10000)


def bench_standings_of_1000(benchmark: BenchmarkFixture) -> None:
    standings = benchmark.pedantic(standings_after_fifth(1000), rounds=3)
    assert len(standings.rows) == 1000


def bench_standings_of_10000(benchmark: BenchmarkFixture) -> None:
    standings = benchmark.pedantic(standings_after_fifth(10000), rounds=1)
    assert len(standings.rows) == 10000


if __name__ == "__main__":
    for size in (1000, 10000):
        for what, make in (("pair round 5", pair_fifth), ("standings", standings_after_fifth)):
            task = make(size)
            start = time.perf_counter()
            task()
            print(f"{size:>6} players, {what}: {time.perf_counter() - start:.2f} s")
