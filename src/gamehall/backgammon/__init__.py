"""Backgammon, International and Georgian: positions, legal plays, results, GNU Backgammon IDs.

The rules are those of ``rules/backgammon.md``, played by the tables mechanism that long nardy
shares (``gamehall.tables``): entering from the bar, hitting blots, doubles played four times,
"both dice if possible, else the larger", bearing off, and single/gammon/backgammon results.
Georgian differs only by its settings (``GEORGIAN``): no hit-and-run in the home board (G4), no
take-backs, the 2-3-4-5-6 cube and no Crawford game.

>>> from gamehall import backgammon
>>> p = backgammon.Position.initial()
>>> p.to_id(), p.pip_count()
('4HPwATDgc/ABMA', (167, 167))
>>> plays = p.legal_plays((3, 1))
>>> len(plays), sorted(play.notation for play in plays)[:3]
(16, ['13/10 6/5', '13/10 8/7', '13/9'])
>>> p = p.play("8/5 6/5", (3, 1))
>>> p.to_id(), p.pip_count()
('sGfwATDgc/ABMA', (167, 163))

``Position`` is built by ``initial``, ``from_id`` (a Position ID) or ``from_board`` (GNU
Backgammon's board: 25 counts a side). ``legal_plays(dice)`` gives one ``Play`` per distinct
result; ``play(text, dice)`` plays a move written in the usual notation (``IllegalMoveError``
says why not); ``start_turn(dice)`` gives a ``Turn`` to play one ``Move`` at a time, offering
only moves that a complete legal play can follow; ``result`` is a ``GameResult`` once a side
has borne off all fifteen; ``str(position)`` draws the board. ``MatchState`` reads and writes
GNU Backgammon's Match ID. See ``docs/backgammon.md``.
"""

from gamehall.backgammon.match_id import MatchState
from gamehall.backgammon.position import GameResult, Position
from gamehall.backgammon.variants import GEORGIAN, INTERNATIONAL, VARIANTS, Variant, find_variant
from gamehall.tables.moves import Move
from gamehall.tables.position import Play, Turn

__all__ = [
    "GEORGIAN",
    "INTERNATIONAL",
    "VARIANTS",
    "GameResult",
    "MatchState",
    "Move",
    "Play",
    "Position",
    "Turn",
    "Variant",
    "find_variant",
]
