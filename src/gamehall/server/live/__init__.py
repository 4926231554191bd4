"""The matches being played: one ``LiveMatch`` per match, changed only by ``LiveMatches``.

The parts, each named for what it does: ``manager`` (the one path of every change, and
``LiveMatches``), ``matches`` (a live match and what each reader sees), ``presence`` (sockets,
grace periods, claiming an abandoned match), ``clock_watch`` (flagging a player whose time ran
out), ``bots`` (the computer players), ``fanout`` (messages to sockets and other processes),
``catch_up`` (applying another process's events), ``persistence`` (the store), ``snapshots``
(when a match's snapshot is stored, and loading a match from it) and ``clocks`` (the injected
wall clock and a match's time).
"""

from gamehall.server.bus import Broker
from gamehall.server.live.clocks import MatchTime, SystemClock, WallClock
from gamehall.server.live.fanout import dumps
from gamehall.server.live.manager import LiveMatches, SaveError
from gamehall.server.live.matches import Connection, LiveMatch
from gamehall.server.live.persistence import NoSuchMatchError, SaveNewMatch

__all__ = [
    "Broker",
    "Connection",
    "LiveMatch",
    "LiveMatches",
    "MatchTime",
    "NoSuchMatchError",
    "SaveError",
    "SaveNewMatch",
    "SystemClock",
    "WallClock",
    "dumps",
]
