"""Long Nardy (long backgammon): positions, legal plays, results, the board as text.

The rules are those of ``rules/long_nardy.md``, played by the tables mechanism that backgammon
shares (``gamehall.tables``): no hitting, at most one checker off the head per turn (two on a
first-turn 6-6, 4-4 or 3-3), no six-block without an opposing checker ahead, bearing off once
all fifteen are home, and the game over as soon as one side has borne off all fifteen.

>>> from gamehall import nardy
>>> p = nardy.Position.initial()
>>> [play.notation for play in p.legal_plays((3, 3))]
['24/18(2)', '24/21 24/15']
>>> p = p.play("24/13", (6, 5))
>>> p.turn, p.board[11], p.board[12]
('black', -15, 1)
>>> nardy.Position.from_points({2: 1}, {12: 15}).play("2/off", (1, 1)).result
GameResult(winner='white', kind='mars', value=2)

``Position`` is built by ``initial``, ``from_board`` / ``from_dict`` (the exchange format: 24
signed counts in white's numbering, white positive) or ``from_points`` (``{white point: count}``
per colour, as the rules page writes boards). ``legal_plays(dice)`` gives one ``Play`` per
distinct result, ``play(text, dice)`` plays a written move (``IllegalMoveError`` says why not),
``start_turn(dice)`` a ``Turn`` to play one ``Move`` at a time, ``result`` a ``GameResult``
(oin or mars), ``surrender_value`` the cost of resigning, ``diagram(side)`` the board as text.

Plays are written in the mover's own numbering, like backgammon: each side's head is its
point 24, its home its points 1-6, and it bears off past its 1. ``24/18 24/21``, ``24/13``
(one checker, both dice), ``6/off``, ``8/4(2)``; an empty string is the pass of a roll that
cannot move. Black's 24 is white's 12 (R1.3).

Rules options, by name on every constructor: ``bearoff`` (``BEAROFF``), ``block_check``
(``BLOCK_CHECK``), ``head_exception`` (``HEAD_EXCEPTION``), ``last_roll_tie`` (``False``/
``True``); the first of each is the default (``DEFAULT_OPTIONS``). ``surrender_value`` takes a
match's surrender setting (``SURRENDER_SETTING``). See ``docs/nardy.md``.
"""

from gamehall.nardy.position import DEFAULT_OPTIONS, GameResult, Options, Position, ResultKind
from gamehall.nardy.rules import (
    BEAROFF,
    BLOCK_CHECK,
    HEAD_EXCEPTION,
    SIDES,
    SURRENDER_SETTING,
    Side,
    SurrenderSetting,
)
from gamehall.tables.moves import Move
from gamehall.tables.position import Play, Turn
from gamehall.tables.rules import BearoffPreference, BlockCheck, HeadException

__all__ = [
    "BEAROFF",
    "BLOCK_CHECK",
    "DEFAULT_OPTIONS",
    "HEAD_EXCEPTION",
    "SIDES",
    "SURRENDER_SETTING",
    "BearoffPreference",
    "BlockCheck",
    "GameResult",
    "HeadException",
    "Move",
    "Options",
    "Play",
    "Position",
    "ResultKind",
    "Side",
    "SurrenderSetting",
    "Turn",
]
