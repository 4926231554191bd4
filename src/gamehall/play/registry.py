"""The games gamehall plays and the match class of each: the one table every face reads.

>>> match_class("georgian").__name__
'TablesMatch'
>>> new_match(RenjuSettings()).game
'renju'
"""

import time
from collections.abc import Mapping, Sequence
from dataclasses import replace

from gamehall.errors import GameError, RecordError
from gamehall.play.dice import DiceSource
from gamehall.play.events import Event
from gamehall.play.match import Match, TimeSource
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import GAME_NAMES, GameName, MatchSettings, RenjuSettings
from gamehall.play.tables_match import TablesMatch

MATCH_CLASSES: dict[GameName, type[Match]] = {
    "backgammon": TablesMatch,
    "georgian": TablesMatch,
    "nardy": TablesMatch,
    "renju": RenjuMatch,
}
"""Each game's match class."""

__all__ = [
    "GAME_NAMES",
    "MATCH_CLASSES",
    "GameName",
    "load_match",
    "match_class",
    "new_match",
    "restore_match",
]


def match_class(game: str) -> type[Match]:
    """The match class of ``game``; ``GameError`` for a game gamehall does not play."""
    for name, cls in MATCH_CLASSES.items():
        if name == game:
            return cls
    raise GameError(f"game {game!r} is not known: choose one of {', '.join(GAME_NAMES)}")


def new_match(
    settings: MatchSettings,
    players: Sequence[str] = ("Player 1", "Player 2"),
    *,
    dice: DiceSource | None = None,
    time_source: TimeSource = time.time,
) -> Match:
    """A new match of ``settings.game`` (not started); a renju match counts its draws unless
    the settings say otherwise."""
    if isinstance(settings, RenjuSettings) and settings.draws is None:
        settings = replace(settings, draws="count")
    return match_class(settings.game)(settings, players, dice=dice, time_source=time_source)


def load_match(
    data: Mapping[str, object],
    time_source: TimeSource = time.time,
    *,
    dice: DiceSource | None = None,
) -> Match:
    """A match rebuilt from ``Match.to_dict``'s form by replaying its log, of the class its
    ``game`` names; ``RecordError`` when it cannot be."""
    game = data.get("game") if isinstance(data, Mapping) else None
    if not isinstance(game, str) or game not in GAME_NAMES:
        raise RecordError(f"a match record names its game, one of {', '.join(GAME_NAMES)}")
    return match_class(game).from_dict(data, dice=dice, time_source=time_source)


def restore_match(
    snapshot: Mapping[str, object],
    events: Sequence[Event],
    *,
    secrets: Mapping[str, object] | None = None,
    time_source: TimeSource = time.time,
    dice: DiceSource | None = None,
) -> Match:
    """A match restored from ``Match.snapshot``'s form with ``events`` as its log (those after
    the snapshot replayed), of the class its ``game`` names; ``RecordError`` when it cannot be
    (then replay the log with ``load_match``)."""
    game = snapshot.get("game") if isinstance(snapshot, Mapping) else None
    if not isinstance(game, str) or game not in GAME_NAMES:
        raise RecordError(f"a match snapshot names its game, one of {', '.join(GAME_NAMES)}")
    return match_class(game).from_snapshot(
        snapshot, events, secrets=secrets, time_source=time_source, dice=dice
    )
