"""An external engine as the operator describes it: what it plays, how it is started, its
limits."""

import re
from dataclasses import dataclass
from typing import Literal

from gamehall.engines.base import LEVELS
from gamehall.errors import GameError
from gamehall.play.settings import GameName

Protocol = Literal["gomocup", "gnubg"]
"""How gamehall speaks to it: the Gomocup (Piskvork) protocol on its standard input and output
(renju), or GNU Backgammon's ``external`` socket with FIBS board lines (backgammon)."""

GAMES: dict[Protocol, GameName] = {"gomocup": "renju", "gnubg": "backgammon"}
"""The game each protocol plays."""

ID = re.compile(r"[a-z0-9][a-z0-9-]{0,23}")
"""An engine's id: lowercase letters, digits and hyphens, at most 24 (it is stored as the
computer seat's level)."""


@dataclass(frozen=True)
class ExternalSpec:
    """One external engine: ``id`` (kept with each match it plays), the ``name`` and ``level``
    shown in the lobby, its ``protocol`` (and so its game), the ``command`` that starts it,
    ``move_seconds`` it may think a decision (it is stopped 10 % past it), ``memory_mb`` of
    address space it may take (0: no limit), ``start_seconds`` it may take to start, and for
    gnubg the ``setup`` commands it is given first."""

    id: str
    name: str
    protocol: Protocol
    command: str
    level: str = ""
    move_seconds: float = 5.0
    memory_mb: int = 1024
    start_seconds: float = 60.0
    setup: tuple[str, ...] = ()
    """gnubg only: its own commands, sent before ``external`` (e.g. its strength,
    ``set evaluation chequerplay evaluation plies 2``)."""

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not ID.fullmatch(self.id) or self.id in LEVELS:
            raise GameError(
                f"an external engine's id is 1 to 24 lowercase letters, digits and hyphens, "
                f"not one of the house levels ({', '.join(LEVELS)}): not {self.id!r}"
            )
        if not isinstance(self.name, str) or not 0 < len(self.name.strip()) <= 40:
            raise GameError(f"engine {self.id}: its name is 1 to 40 characters")
        if not isinstance(self.level, str) or len(self.level) > 40:
            raise GameError(f"engine {self.id}: its level is at most 40 characters")
        if self.protocol not in GAMES:
            raise GameError(
                f"engine {self.id}: protocol must be one of {', '.join(GAMES)}, "
                f"not {self.protocol!r}"
            )
        if not isinstance(self.command, str) or not self.command.strip():
            raise GameError(f"engine {self.id}: give the command line that starts it")
        for name, value, top in (
            ("move_seconds", self.move_seconds, 600.0),
            ("start_seconds", self.start_seconds, 600.0),
        ):
            if (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or not 0 < value <= top
            ):
                raise GameError(f"engine {self.id}: {name} is from 0 to {top:g}, not {value!r}")
        if not isinstance(self.setup, tuple) or not all(
            isinstance(line, str) and "\n" not in line for line in self.setup
        ):
            raise GameError(f"engine {self.id}: setup is a list of gnubg commands, one a line")
        if self.setup and self.protocol != "gnubg":
            raise GameError(f"engine {self.id}: setup is for gnubg only")
        memory = self.memory_mb
        if isinstance(memory, bool) or not isinstance(memory, int) or not 0 <= memory <= 1 << 20:
            raise GameError(f"engine {self.id}: memory_mb is a whole number from 0, not {memory!r}")

    @property
    def game(self) -> GameName:
        """The game it plays."""
        return GAMES[self.protocol]

    @property
    def memory(self) -> int:
        """Its memory limit in bytes (0: none)."""
        return self.memory_mb * 1024 * 1024

    @property
    def move_limit(self) -> float:
        """Seconds it is waited for on one decision before it counts as hung."""
        return self.move_seconds * 1.1
