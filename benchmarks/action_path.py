"""The CPU of a live action's own work, without the server: the same seeded games every run.

Each action of the live path, as ``LiveMatches`` does it for a player's message: the play
layer applies it (``Match.apply``), then the change is made ready (the new events as dicts,
``state()``, what each of the three readers may do, ``LiveMatch.views``, and their JSON).
``--games`` 3-point backgammon matches (``fischer:600+10``) are played out with seeded dice
and a seeded random choice among the offered plays (else confirm, roll, take: the players of
``live_inprocess.py``), so every run plays the same actions; it prints the CPU time an action
at the best of ``--rounds`` rounds, which on a loaded machine varies far less than a run of
the server.

``--digest`` prints instead a hash of every message's JSON: equal for two commits, they made
the same states, views and events for every action (a change meant only to be faster)::

    .venv/bin/python benchmarks/action_path.py
    PYTHONPATH=/tmp/before/src .venv/bin/python benchmarks/action_path.py --digest
"""

import argparse
import gc
import hashlib
import random
import time
from typing import Any

import orjson

from gamehall.play.actions import action_from_dict
from gamehall.play.dice import SeededDice
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.play.views import state_of
from gamehall.server.live.clocks import MatchTime, SystemClock
from gamehall.server.live.matches import LiveMatch, Saved
from live_inprocess import choose


class FakeTime:
    """The match's time: a second more for every action."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def play(seed: int, settings: MatchSettings, digest: Any) -> int:
    """One match to its end; returns the actions it took."""
    rng, clock = random.Random(seed), FakeTime()
    match = TablesMatch(settings, ("a", "b"), dice=SeededDice(seed), time_source=clock)
    match.start()
    live = LiveMatch("bench", match, [], MatchTime(SystemClock()), None, Saved({}, 0, None))
    actions = first = 0
    while not match.is_over:
        events = [e.to_dict() for e in match.events[first:]]
        first = len(match.events)
        readers = live.views()
        texts = [orjson.dumps({"type": "update", "events": events, "state": state_of(match)})]
        texts.extend(orjson.dumps(view.wire()) for view in readers.values())
        if digest is not None:
            for text in texts:
                digest.update(text)
        seat, action = match.to_act, choose(readers[match.to_act].wire(), rng)
        assert seat is not None and action is not None
        clock.now += 1.0
        match.apply(seat, action_from_dict(action))
        actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30, help="seeded matches a round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the best is printed")
    parser.add_argument("--game", default="backgammon", help="backgammon, georgian or nardy")
    parser.add_argument("--digest", action="store_true", help="print a hash of every message")
    args = parser.parse_args()
    settings = MatchSettings.from_dict({"game": args.game, "length": 3, "clock": "fischer:600+10"})
    gc.set_threshold(20_000, 20, 20)  # as the server keeps it (GarbageKeeper)
    if args.digest:
        digest = hashlib.sha256()
        actions = sum(play(seed, settings, digest) for seed in range(args.games))
        print(f"{actions} actions, sha256 {digest.hexdigest()}")
        return
    best = float("inf")
    for _ in range(args.rounds):
        start = time.process_time()
        actions = sum(play(seed, settings, None) for seed in range(args.games))
        best = min(best, (time.process_time() - start) / actions)
    print(f"{args.games} {args.game} matches, {actions} actions: {1e6 * best:.1f} us an action")


if __name__ == "__main__":
    main()
