"""An action a match offers (``legal_actions``) is one it accepts: random matches of every game,
every offered action tried in at least one form on a copy of the match."""

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gamehall.errors import GameError
from gamehall.play.match import Match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.tables.moves import BAR
from support.matches import FakeTime


def forms(match: Match, player: int, kind: str, rng: random.Random) -> list[dict[str, Any]]:
    """The ways to take ``kind`` now: every legal move or play, every resignation value."""
    if isinstance(match, TablesMatch):
        if kind == "move" and match.turn is not None:
            return [
                {"src": "bar" if m.src == BAR else m.src, "die": m.die}
                for m in match.turn.legal_moves()
            ]
        if kind == "play" and match.position is not None and match.dice is not None:
            return [{"text": p.notation} for p in match.position.legal_plays(match.dice)]
        if kind == "resign" and not match.is_nardy:
            return [{"value": value} for value in (1, 2, 3)]
    if isinstance(match, RenjuMatch) and kind == "move" and match.board is not None:
        points = match.board.legal_moves()
        return [{"point": point} for point in rng.sample(points, min(len(points), 3))]
    if kind == "seed":
        return [{"seed": "mine"}]
    return [{}]


def first_accepted(
    match: Match, player: int, kind: str, ways: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """The first of ``ways`` that a copy of ``match`` accepts, or ``None``."""
    for data in ways:
        trial = copy.deepcopy(match)
        try:
            trial.act(player, kind, **data)
        except GameError:
            continue
        return data
    return None


class RandomDice:
    """Dice from a seeded generator (cheap to copy, unlike a long script)."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def roll(self, n_dice: int = 2) -> tuple[int, ...]:
        return tuple(self.random.randint(1, 6) for _ in range(n_dice))


def new_match(rng: random.Random, game: str) -> Match:
    options: dict[str, str] = {}
    length = rng.choice([1, 3, 5])
    extra: dict[str, Any] = {}
    if game in ("backgammon", "georgian") and rng.random() < 0.4:
        length = 0
        extra = {"jacoby": rng.random() < 0.5, "beavers": rng.random() < 0.5}
        if game == "backgammon" and rng.random() < 0.5:
            extra["cube_cap"] = rng.choice([2, 4, 64])
    if game == "renju":
        options = {
            "rule": rng.choice(["renju", "gomoku-freestyle"]),
            "opening": rng.choice(["center", "free"]),
            "forbidden": rng.choice(["loss", "refuse"]),
        }
    elif game != "nardy":
        extra["dice"] = rng.choice(["secure", "fair"])
    clock = rng.choice([None, "fischer:120+2"])
    match_settings = MatchSettings.from_dict(
        {"game": game, "length": length, "clock": clock, "options": options, **extra}
    )
    dice = None if match_settings.dice == "fair" else RandomDice(rng.randrange(1000))
    cls = RenjuMatch if game == "renju" else TablesMatch
    return cls(match_settings, dice=dice, time_source=FakeTime())


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["backgammon", "georgian", "nardy", "renju"]), st.integers(0, 2**32))
def test_every_offered_action_is_accepted(game: str, seed: int) -> None:
    rng = random.Random(seed)
    match = new_match(rng, game)
    time = match._now
    assert isinstance(time, FakeTime)
    for _ in range(120):
        if match.is_over:
            break
        if match.started and match.clock is not None and rng.random() < 0.1:
            time.advance(rng.choice([1, 30, 200]))
        choices: list[tuple[int, str, dict[str, Any]]] = []
        for player in (0, 1):
            for kind in match.legal_actions(player):
                ways = forms(match, player, kind, rng)
                rng.shuffle(ways)
                good = first_accepted(match, player, kind, ways)
                assert good is not None, f"{kind} is offered to {player} but refused: {ways}"
                choices.append((player, kind, good))
        if not match.started and rng.random() < 0.7:
            match.start()
            continue
        if not choices:
            match.check_time()
            continue
        # Resigning ends games quickly: take it seldom, so that games are played out too.
        calm = [c for c in choices if c[1] not in ("resign", "end_session")] or choices
        player, kind, data = rng.choice(calm if rng.random() < 0.97 else choices)
        match.act(player, kind, **data)
