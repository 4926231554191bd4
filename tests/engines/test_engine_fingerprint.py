"""The network engines' play pinned down: for backgammon, Georgian and long nardy, positions
reached by seeded random games (contact, races, bear-offs; money and match scores; nardy's rules
options) and, at every network level, the play chosen, the evaluations behind it, the cube and
resignation decisions, 1-ply search values, the luck kernel's per-roll figures and greedy
self-play games, rounded to 1e-9 and hashed.

The expected hashes were recorded from the engines as they stood before their machinery was
shared between the games: any change in what the engines do (weights, inputs, arithmetic,
choices) shows here. One hash per game and kind of figure says where a difference lies.
"""

import dataclasses
import hashlib
import random
from collections.abc import Iterator

import numpy as np
import pytest

from gamehall import backgammon, nardy
from gamehall.engines import MatchContext, find_engine
from gamehall.engines.neural.board import from_sides
from gamehall.engines.neural.player import NEURAL_LEVELS, NeuralPlayer
from gamehall.engines.neural.rolls import best_after_rolls
from gamehall.engines.neural.search import Budget
from gamehall.tables.position import TablesPosition

POSITIONS = 40
"""Positions per game."""
DEEP = 6
"""Of them, those (every ``POSITIONS // DEEP``-th) also searched at world-class."""
SHARES = (0.2, 0.5, 0.7, 0.8, 0.88, 0.94, 0.98, 1.0)
"""Where along each random game positions are taken."""
NARDY_OPTIONS = (
    {},
    {"bearoff": "standard"},
    {"bearoff": "maxpips", "block_check": "final"},
    {"head_exception": "plain"},
)

EXPECTED = {
    "backgammon": {
        "plays": "7123e67030d68623",
        "evaluations": "8c05d328d05b07aa",
        "decisions": "df21b1ed60c2ed6a",
        "search": "c297fc503d65dd0f",
        "rolls": "0d39a04cd10b8bbd",
        "self-play": "2c71f5dbb55ca2db",
    },
    "georgian": {
        "plays": "24d73cbbefe9c48c",
        "evaluations": "0d61c611e6712253",
        "decisions": "af779ad04fcecfb4",
        "search": "a453ffb8326ece9b",
        "rolls": "8d0fac7ffeeb3fa1",
        "self-play": "2c71f5dbb55ca2db",
    },
    "nardy": {
        "plays": "7c661db1b0026129",
        "evaluations": "2bc3d1d1b4ffee38",
        "decisions": "9fb335c64b395012",
        "search": "00191197b9aa64f2",
        "rolls": "76684a0a774d7ab6",
        "self-play": "5cd3a7a2b19396c8",
    },
}
"""Each game's hashes, recorded from the engines before their machinery was shared."""


def _positions(game: str) -> list[tuple[TablesPosition, tuple[int, int]]]:
    """``POSITIONS`` positions with a roll, taken along seeded random games played to the end
    (more of them late in a game, where races and bear-offs are)."""
    rng = random.Random(f"fingerprint-{game}")
    found: list[tuple[TablesPosition, tuple[int, int]]] = []
    games = 0
    while len(found) < POSITIONS:
        position: TablesPosition
        if game == "nardy":
            position = nardy.Position.initial(**NARDY_OPTIONS[games % len(NARDY_OPTIONS)])
        else:
            position = backgammon.Position.initial(
                "georgian" if game == "georgian" else "international"
            )
        games += 1
        turns: list[tuple[TablesPosition, tuple[int, int]]] = []
        while not position.is_over:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = position.legal_plays(dice)
            if len(plays) > 1:
                turns.append((position, dice))
            position = rng.choice(plays).result
        for share in SHARES:
            found.append(turns[int(share * (len(turns) - 1))])
    return found[:POSITIONS]


def _text(value: object) -> str:
    """A value as text, its floats rounded to 1e-9."""
    if isinstance(value, float | np.floating):
        return f"{round(float(value), 9) + 0.0:.9f}"
    if isinstance(value, np.ndarray):
        return _text(value.tolist())
    if isinstance(value, list | tuple):
        return "(" + ",".join(_text(v) for v in value) + ")"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _text(tuple(getattr(value, f.name) for f in dataclasses.fields(value)))
    return repr(value)


def _contexts(game: str) -> Iterator[MatchContext]:
    if game == "nardy":
        yield MatchContext()
        yield MatchContext(surrender="mars")
        yield MatchContext(match_length=5, score=(3, 1), surrender="mars")
        return
    variant = "georgian" if game == "georgian" else "international"
    yield MatchContext.for_variant(variant)
    yield dataclasses.replace(MatchContext.for_variant(variant), cube_value=2, cube_owner="engine")
    yield MatchContext(match_length=7, score=(2, 4), variant=variant)
    yield MatchContext(match_length=5, score=(4, 3), cube_value=2, cube_owner="opponent")


def _figures(game: str) -> dict[str, list[str]]:
    """The engines' figures on ``game``'s positions, by kind."""
    figures: dict[str, list[str]] = {
        "plays": [],
        "evaluations": [],
        "decisions": [],
        "search": [],
        "rolls": [],
        "self-play": [],
    }
    engines: dict[str, NeuralPlayer] = {}
    for level in NEURAL_LEVELS:
        engine = find_engine(game, level, seed=11)
        assert isinstance(engine, NeuralPlayer)
        engine.budget = Budget(seconds=1e6)
        engines[level] = engine
    for index, (position, dice) in enumerate(_positions(game)):
        plays = position.legal_plays(dice)
        deep = index % (POSITIONS // DEEP) == 0
        for level, engine in engines.items():
            if level == "world-class" and not deep:
                continue
            order, probs = engine.rank(plays)
            chosen = engine.choose_play(position, plays)
            figures["plays"].append(_text((level, chosen.notation, order)))
            figures["evaluations"].append(_text((level, probs)))
        expert = engines["expert"]
        figures["evaluations"].append(_text(expert.probabilities(position)))
        for context in _contexts(game):
            for level in ("expert", "world-class") if deep else ("expert",):
                engine = engines[level]
                decisions: list[object] = [
                    engine.offer_double(position, context),
                    engine.choose_resignation(position, context),
                    [engine.answer_resignation(position, v, context) for v in (1, 2, 3)],
                ]
                if game != "nardy":
                    decisions.append(engine.cube_hint(position, context))
                figures["decisions"].append(_text((level, decisions)))
        board = from_sides(plays[0].result.mover, plays[0].result.opponent)
        figures["search"].append(_text(expert.searcher.deeper(board, 1, 3)))
        here = from_sides(position.mover, position.opponent)
        boards, probs = best_after_rolls(here, expert.searcher.rules, expert.searcher.model)
        rolls = probs if game == "nardy" else (boards, probs)
        figures["rolls"].append(_text(rolls))
    for seed in range(3):
        boards = np.zeros((1000, 2, 26), np.int8)
        count = engines["expert"].evaluator.self_play(seed, boards)
        figures["self-play"].append(_text(boards[:count]))
    return figures


def fingerprint(game: str) -> dict[str, str]:
    """Each kind of figure's hash for ``game``."""
    return {
        kind: hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
        for kind, lines in _figures(game).items()
    }


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_the_engines_play_as_they_did(game: str) -> None:
    assert fingerprint(game) == EXPECTED[game]


if __name__ == "__main__":
    for name in sorted(EXPECTED):
        print(name, fingerprint(name))
