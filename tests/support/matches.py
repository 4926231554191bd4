"""Helpers for scripted matches: a time source the test moves, and playing any legal play."""

from collections.abc import Sequence

from gamehall.play.dice import ScriptedDice
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch


class FakeTime:
    """A time source that moves only when the test says so."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def scripted(
    game: str,
    rolls: Sequence[Sequence[int]],
    time_source: FakeTime | None = None,
    **settings: object,
) -> TablesMatch:
    """A started tables match whose dice are ``rolls`` in order (the opening roll first: player
    0's die, player 1's die)."""
    match = TablesMatch(
        MatchSettings.from_dict({"game": game, **settings}),  # type: ignore[arg-type]
        ("Ann", "Bob"),
        dice=ScriptedDice(rolls),
        time_source=time_source or FakeTime(),
    )
    match.start()
    return match


def play_first(match: TablesMatch) -> str:
    """Play the first legal play of the player on roll and end the turn; returns its notation."""
    assert match.phase == "move" and match.position is not None and match.dice is not None
    play = match.position.legal_plays(match.dice)[0]
    player = match.on_roll
    match.act(player, "play", text=play.notation)
    if match.phase == "move" and match.on_roll == player:
        match.act(player, "confirm")
    return play.notation
