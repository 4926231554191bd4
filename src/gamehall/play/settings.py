"""What two players agree on before a match: the game, its length, the rules options, the clock.

One value, checked once, that the match, the records and the server all read; its dict form
round-trips, so a stored match can be rebuilt from it.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from gamehall.backgammon.variants import find_variant
from gamehall.errors import GameError
from gamehall.play.clock import TimeControl

GameName = Literal["backgammon", "georgian", "nardy", "renju"]
GAME_NAMES: tuple[GameName, ...] = ("backgammon", "georgian", "nardy", "renju")

_NARDY_OPTIONS = {
    "bearoff": ("seed", "standard", "maxpips"),
    "block_check": ("step", "final"),
    "head_exception": ("seed", "plain"),
    "last_roll_tie": ("off", "on"),
}
_RENJU_OPTIONS = {
    "rule": ("renju", "gomoku-freestyle", "gomoku-standard"),
    "opening": ("center", "free", "swap2", "soosorv-8", "taraguchi-10", "yamaguchi"),
    "forbidden": ("loss", "refuse", "claim"),
}


def _one_of(name: str, value: object, allowed: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in allowed:
        raise GameError(f"{name} {value!r} is not known: choose one of {', '.join(allowed)}")


def _is_int(value: object) -> bool:
    """Whether ``value`` is a whole number (a bool is not one, though Python says it is)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_flag(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise GameError(f"{name} must be true or false, not {value!r}")


def _check_options(value: object) -> None:
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        raise GameError(f"options must be a mapping of option names to texts, not {value!r}")


@dataclass(frozen=True)
class MatchSettings:
    """The terms of a match.

    ``length`` is the points needed to win the match (1 for a single game); 0 is a money
    session (backgammon only), played game after game until a player ends it.
    """

    game: GameName = "backgammon"
    length: int = 1
    clock: str | None = None
    """A time control in the clock's text form (``fischer:300+5``, ``delay:12+60/pt``,
    ``byoyomi:600+5x30``), or ``None`` for no clock."""
    dice: Literal["secure", "fair"] = "secure"
    """``secure``: the operating system's generator; ``fair``: provably fair dice, the server's
    seed committed before each game and revealed after it."""
    crawford: bool | None = None
    """The Crawford rule in matches; ``None`` takes the variant's own (on in International,
    off in Georgian)."""
    jacoby: bool = False
    """Money play: gammons and backgammons count only once the cube has been turned."""
    beavers: bool = False
    """Money play: the taker may redouble at once, keeping the cube."""
    cube_cap: int | None = None
    """Money play: the most the cube may show (a value it can show: 2, 4, 8, ...; Georgian 2
    to 6), or ``None`` for the variant's own limit (none in International; in a match the
    length bounds the stakes anyway)."""
    first_move: Literal["alternate", "winner"] = "alternate"
    """Nardy, games after the first: the first move alternates, or goes to the last winner."""
    surrender_value: Literal["oin", "mars"] = "oin"
    """Nardy: what a resignation costs (rules page R11)."""
    options: dict[str, str] = field(default_factory=dict)
    """Rules options of the game: nardy ``bearoff``/``block_check``/``head_exception``/
    ``last_roll_tie`` (``off`` or ``on``); renju ``rule``/``opening``/``forbidden``."""

    def __post_init__(self) -> None:
        _one_of("game", self.game, GAME_NAMES)
        if not _is_int(self.length) or self.length < 0 or self.length > 64:
            raise GameError(f"match length {self.length!r}: give 1 to 64 points, or 0 for money")
        if self.length == 0 and not self.is_backgammon:
            raise GameError(f"{self.game} has no money play: give a match length of 1 or more")
        if self.crawford is not None and not isinstance(self.crawford, bool):
            raise GameError(
                f"crawford must be true, false or null (the variant's default), "
                f"not {self.crawford!r}"
            )
        _check_flag("jacoby", self.jacoby)
        _check_flag("beavers", self.beavers)
        if (self.jacoby or self.beavers) and self.length != 0:
            raise GameError("the Jacoby rule and beavers are for money play (length 0) only")
        if self.cube_cap is not None:
            if not self.is_backgammon:
                raise GameError(f"{self.game} has no doubling cube: no cube_cap")
            if self.length != 0:
                raise GameError("cube_cap is for money play (length 0) only: give null")
            find_variant(self.variant).check_cube_cap(self.cube_cap)
        _one_of("dice", self.dice, ("secure", "fair"))
        _one_of("first_move", self.first_move, ("alternate", "winner"))
        _one_of("surrender_value", self.surrender_value, ("oin", "mars"))
        if self.clock is not None and not isinstance(self.clock, str):
            raise GameError(
                f"clock must be a time control such as 'fischer:300+5', or null, not {self.clock!r}"
            )
        _check_options(self.options)
        if self.clock is not None:
            TimeControl.parse(self.clock).initial_time(self.length or None)
        allowed = (
            _NARDY_OPTIONS
            if self.game == "nardy"
            else _RENJU_OPTIONS
            if self.game == "renju"
            else {}
        )
        for name, value in self.options.items():
            if name not in allowed:
                known = ", ".join(allowed) or "none"
                raise GameError(f"{self.game} has no option {name!r} (its options: {known})")
            _one_of(name, value, allowed[name])

    @property
    def is_backgammon(self) -> bool:
        """Whether the game is one of the backgammons (with a cube)."""
        return self.game in ("backgammon", "georgian")

    @property
    def uses_crawford(self) -> bool:
        """Whether this match plays a Crawford game."""
        if not self.is_backgammon or self.length == 0:
            return False
        if self.crawford is not None:
            return self.crawford
        return find_variant(self.variant).crawford

    @property
    def variant(self) -> str:
        """The backgammon variant's name (``international`` or ``georgian``)."""
        return "georgian" if self.game == "georgian" else "international"

    def time_control(self) -> TimeControl | None:
        """The clock's time control, if the match has a clock."""
        return TimeControl.parse(self.clock) if self.clock else None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict that ``from_dict`` reads back (the fields as they are, the options
        copied: every snapshot of a match holds them, and a deep copy took 30 µs)."""
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        data["options"] = dict(self.options)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "MatchSettings":
        """Settings from ``to_dict``'s form; unknown keys are an error."""
        if not isinstance(data, Mapping):
            raise GameError("match settings are a mapping of setting names to values")
        known = set(cls.__dataclass_fields__)
        unknown = set(data) - known
        if unknown:
            raise GameError(f"unknown match settings: {', '.join(sorted(map(str, unknown)))}")
        values = dict(data)
        if isinstance(values.get("options"), Mapping):
            values["options"] = dict(values["options"])
        return cls(**values)
