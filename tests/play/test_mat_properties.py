"""Property: any match TablesMatch plays, with random legal actions of every kind, exports to a
.mat file that imports back to the same match: the same games, scores, plays and settings, and
the same text when written out again."""

from random import Random
from typing import Literal

from hypothesis import given, settings
from hypothesis import strategies as st

from gamehall.play.records import export_mat, import_match, mat_record
from gamehall.play.settings import BackgammonRules, MatchSettings, NardySettings
from gamehall.play.tables_match import TablesMatch
from support.examples import examples

BACKGAMMONS: tuple[Literal["backgammon", "georgian"], ...] = ("backgammon", "georgian")

START = 1_700_000_000.0
"""The time of the random matches' events (2023.11.14)."""

WEIGHTS = {
    "roll": 20.0,
    "double": 1.5,
    "take": 3.0,
    "drop": 1.0,
    "beaver": 1.0,
    "accept": 2.0,
    "decline": 1.0,
    "resign": 0.15,
}
"""How often a random player picks each action it may take (playing is always chosen when
there is a play)."""


class RandomDice:
    """Dice from a seeded generator."""

    def __init__(self, seed: int) -> None:
        self._random = Random(seed)

    def roll(self, n_dice: int = 2) -> tuple[int, ...]:
        return tuple(self._random.randint(1, 6) for _ in range(n_dice))


def resign(match: TablesMatch, player: int, rng: Random) -> None:
    if match.is_nardy:
        match.act(player, "resign")
    else:
        match.act(player, "resign", value=rng.randint(1, 3))


def random_match(seed: int, match_settings: MatchSettings, session_games: int) -> TablesMatch:
    """A match played to its end by players who take random legal actions: plays, doubles,
    takes, drops, beavers, resignations (also by the player not to act), accepted or declined.
    A money session ends after ``session_games`` games."""
    rng = Random(seed)
    match = TablesMatch(
        match_settings, ("Ann", "Bob"), dice=RandomDice(seed), time_source=lambda: START
    )
    match.start()
    while not match.is_over:
        if match.phase == "between":
            more = len(match.games) < session_games
            match.act(0, "next_game" if more else "end_session")
            continue
        player = match.to_act
        assert player is not None
        if "resign" in match.legal_actions(1 - player) and rng.random() < 0.004:
            resign(match, 1 - player, rng)
            continue
        actions = match.legal_actions(player)
        if "play" in actions and rng.random() > 0.01:
            assert match.position is not None and match.dice is not None
            play = rng.choice(match.position.legal_plays(match.dice))
            match.act(player, "play", text=play.notation)
            if "confirm" in match.legal_actions(player):
                match.act(player, "confirm")
            continue
        choices = [a for a in actions if a in WEIGHTS]
        kind = rng.choices(choices, [WEIGHTS[a] for a in choices])[0]
        if kind == "resign":
            resign(match, player, rng)
        else:
            match.act(player, kind)
    return match


@st.composite
def match_settings(draw: st.DrawFn) -> MatchSettings:
    """Settings of every kind a .mat record can hold."""
    if draw(st.integers(0, 2)) == 0:
        return NardySettings(
            length=draw(st.integers(1, 3)),
            surrender_value=draw(st.sampled_from(["oin", "mars"])),
            first_move=draw(st.sampled_from(["alternate", "winner"])),
        )
    game = draw(st.sampled_from(BACKGAMMONS))
    length = draw(st.integers(0, 5))
    if length == 0:
        return MatchSettings.from_dict(
            {
                "game": game,
                "length": 0,
                "jacoby": draw(st.booleans()),
                "beavers": draw(st.booleans()),
                "cube_cap": draw(st.sampled_from([None, 4] if game == "georgian" else [None, 8])),
            }
        )
    return MatchSettings.from_dict(
        {"game": game, "length": length, "crawford": draw(st.sampled_from([None, False]))}
    )


def plays(match: TablesMatch) -> list[tuple[int | None, str]]:
    """Every confirmed play of the match, with its player."""
    return [(e.player, str(e.outcome["play"])) for e in match.events if e.kind == "confirm"]


def summary(match: TablesMatch) -> list[tuple[int | None, float, str, tuple[float, float]]]:
    """Each game's winner, points, how it ended and the score after it."""
    return [(g.winner, g.points, g.reason, g.score) for g in match.games]


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), chosen=match_settings(), session_games=st.integers(1, 3))
def test_a_played_match_exports_and_imports_back_to_the_same_match(
    seed: int, chosen: MatchSettings, session_games: int
) -> None:
    match = random_match(seed, chosen, session_games)
    record = mat_record(match)
    text = export_mat(record)
    imported = import_match(text)
    assert imported.record == record
    again = imported.match
    assert summary(again) == summary(match)
    assert again.score == match.score
    assert plays(again) == plays(match)
    assert again.players == match.players
    assert export_mat(mat_record(again, imported.record.header)) == text
    assert export_mat(mat_record(again)) == text
    mine, theirs = again.settings, match.settings
    assert (type(mine), mine.length) == (type(theirs), theirs.length)
    if isinstance(mine, BackgammonRules) and isinstance(theirs, BackgammonRules):
        assert mine.uses_crawford == theirs.uses_crawford
        assert (mine.jacoby, mine.beavers, mine.cube_cap) == (
            theirs.jacoby,
            theirs.beavers,
            theirs.cube_cap,
        )
    if isinstance(mine, NardySettings) and isinstance(theirs, NardySettings):
        assert (mine.surrender_value, mine.first_move) == (
            theirs.surrender_value,
            theirs.first_move,
        )
    assert TablesMatch.from_dict(again.to_dict()).to_dict() == again.to_dict()
