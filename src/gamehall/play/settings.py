"""What two players agree on before a match: one type per game, each with its own options.

``BackgammonSettings``, ``GeorgianSettings``, ``NardySettings`` and ``RenjuSettings`` share the
length, the clock (a :class:`TimeControl` value, read from its text once) and the dice; each adds
the rules options of its game, typed. A value is checked when it is made, so whoever holds one
may trust it: the match, the records, the store and the server pass it on as it is.

The dict form is one shape for every game, the shape stored matches and the server's messages
have always had: ``game``, ``length``, ``clock`` (the control's text), ``dice``, ``crawford``,
``jacoby``, ``beavers``, ``cube_cap``, ``first_move``, ``surrender_value`` and ``options`` (the
rules options chosen, by name). A game writes the fields of the others at their neutral values
and, reading, takes from them only what today's records may hold there.
"""

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal, TypeAlias, TypedDict, TypeVar

from gamehall.backgammon.variants import find_variant
from gamehall.errors import GameError
from gamehall.jsontext import JsonObject
from gamehall.nardy.position import Options
from gamehall.play.clock import TimeControl
from gamehall.tables.rules import BearoffPreference, BlockCheck, HeadException

GameName = Literal["backgammon", "georgian", "nardy", "renju"]
GAME_NAMES: tuple[GameName, ...] = ("backgammon", "georgian", "nardy", "renju")
Dice = Literal["secure", "fair"]
"""``secure``: the operating system's generator; ``fair``: provably fair dice, the server's seed
committed before each game and revealed after it."""
FirstMove = Literal["alternate", "winner"]
SurrenderValue = Literal["oin", "mars"]
Bearoff: TypeAlias = BearoffPreference
Switch = Literal["off", "on"]
RenjuRule = Literal["renju", "gomoku-freestyle", "gomoku-standard"]
RenjuOpening = Literal["center", "free", "swap2", "soosorv-8", "taraguchi-10", "yamaguchi"]
Forbidden = Literal["loss", "refuse", "claim"]
FalseClaim = Literal["none", "time", "loss"]
"""The arbiter's sanction for White's claim of a foul when there is none to claim."""
Draws = Literal["count", "replay"]
"""What a drawn renju game does to its match: count 1/2 each, or be played again."""

_FLAT_KEYS = (
    "game",
    "length",
    "clock",
    "dice",
    "crawford",
    "jacoby",
    "beavers",
    "cube_cap",
    "first_move",
    "surrender_value",
    "options",
)
"""The dict form's keys, in the order it has always written them."""

DICE: tuple[Dice, ...] = ("secure", "fair")
FIRST_MOVES: tuple[FirstMove, ...] = ("alternate", "winner")
SURRENDER_VALUES: tuple[SurrenderValue, ...] = ("oin", "mars")
BEAROFFS: tuple[Bearoff, ...] = ("seed", "standard", "maxpips")
BLOCK_CHECKS: tuple[BlockCheck, ...] = ("step", "final")
HEAD_EXCEPTIONS: tuple[HeadException, ...] = ("seed", "plain")
SWITCHES: tuple[Switch, ...] = ("off", "on")
RENJU_RULES: tuple[RenjuRule, ...] = ("renju", "gomoku-freestyle", "gomoku-standard")
RENJU_OPENINGS: tuple[RenjuOpening, ...] = (
    "center",
    "free",
    "swap2",
    "soosorv-8",
    "taraguchi-10",
    "yamaguchi",
)
FORBIDDEN: tuple[Forbidden, ...] = ("loss", "refuse", "claim")
FALSE_CLAIMS: tuple[FalseClaim, ...] = ("none", "time", "loss")
DRAWS: tuple[Draws, ...] = ("count", "replay")
NARDY_OPTIONS: dict[str, tuple[str, ...]] = {
    "bearoff": BEAROFFS,
    "block_check": BLOCK_CHECKS,
    "head_exception": HEAD_EXCEPTIONS,
    "last_roll_tie": SWITCHES,
}
"""Long nardy's rules options and the choices of each, by name."""
RENJU_OPTIONS: dict[str, tuple[str, ...]] = {
    "rule": RENJU_RULES,
    "opening": RENJU_OPENINGS,
    "forbidden": FORBIDDEN,
    "false_claim": FALSE_CLAIMS,
    "draws": DRAWS,
}
"""Renju's rules options and the choices of each, by name."""

Choice = TypeVar("Choice", bound=str)


def _one_of(name: str, value: object, allowed: tuple[Choice, ...]) -> Choice:
    """``value`` if it is one of ``allowed``; GameError saying what is, otherwise."""
    for choice in allowed:
        if isinstance(value, str) and value == choice:
            return choice
    raise GameError(f"{name} {value!r} is not known: choose one of {', '.join(allowed)}")


def _check_flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise GameError(f"{name} must be true or false, not {value!r}")
    return value


def _check_crawford(value: object) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise GameError(
            f"crawford must be true, false or null (the variant's default), not {value!r}"
        )
    return value


def _check_money_terms(length: int, jacoby: object, beavers: object) -> None:
    if (_check_flag("jacoby", jacoby) | _check_flag("beavers", beavers)) and length != 0:
        raise GameError("the Jacoby rule and beavers are for money play (length 0) only")


def _check_length(length: object) -> int:
    if not isinstance(length, int) or isinstance(length, bool) or not 0 <= length <= 64:
        raise GameError(f"match length {length!r}: give 1 to 64 points, or 0 for money")
    return length


@dataclass(frozen=True, kw_only=True)
class MatchSettings(ABC):
    """The terms every game has: how long the match is, its clock and its dice.

    ``length`` is the points needed to win the match (1 for a single game); 0 is a money
    session (backgammon only), played game after game until a player ends it.
    """

    game: ClassVar[GameName]
    length: int = 1
    clock: TimeControl | None = None
    """The time control, or ``None`` for no clock."""
    dice: Dice = "secure"

    def __post_init__(self) -> None:
        if _check_length(self.length) == 0 and not isinstance(self, BackgammonRules):
            raise GameError(f"{self.game} has no money play: give a match length of 1 or more")
        _one_of("dice", self.dice, DICE)
        if self.clock is not None:
            if not isinstance(self.clock, TimeControl):
                raise GameError(f"clock must be a time control or null, not {self.clock!r}")
            self.clock.initial_time(self.length or None)

    @property
    def is_backgammon(self) -> bool:
        """Whether the game is one of the backgammons (with a cube)."""
        return isinstance(self, BackgammonRules)

    @property
    @abstractmethod
    def options(self) -> dict[str, str]:
        """The rules options chosen, by name, as the dict form writes them (a new dict)."""

    def to_dict(self) -> JsonObject:
        """The dict form (see the module): every game's keys, in their order."""
        return {
            "game": self.game,
            "length": self.length,
            "clock": None if self.clock is None else str(self.clock),
            "dice": self.dice,
            "crawford": None,
            "jacoby": False,
            "beavers": False,
            "cube_cap": None,
            "first_move": "alternate",
            "surrender_value": "oin",
            "options": {**self.options},
        }

    @staticmethod
    def from_dict(data: Mapping[str, object]) -> "GameSettings":
        """The settings of ``to_dict``'s form, or of any part of it (a key left out takes its
        default); GameError saying what is wrong, and what is allowed, otherwise."""
        if not isinstance(data, Mapping):
            raise GameError("match settings are a mapping of setting names to values")
        unknown = set(data) - set(_FLAT_KEYS)
        if unknown:
            raise GameError(f"unknown match settings: {', '.join(sorted(map(str, unknown)))}")
        flat = _Flat(data)
        game = _one_of("game", data.get("game", "backgammon"), GAME_NAMES)
        if game == "backgammon":
            return BackgammonSettings(**flat.backgammon_terms())
        if game == "georgian":
            return GeorgianSettings(**flat.backgammon_terms())
        if game == "nardy":
            return flat.nardy()
        return flat.renju()


class _Terms(TypedDict):
    """The keywords every game's settings take."""

    length: int
    clock: TimeControl | None
    dice: Dice


class _BackgammonTerms(_Terms):
    """The keywords of the backgammons' settings."""

    crawford: bool | None
    jacoby: bool
    beavers: bool
    cube_cap: int | None


class _Flat:
    """The dict form being read, in the order today's checks have always gone, so that the
    first thing wrong is the one said."""

    def __init__(self, data: Mapping[str, object]) -> None:
        self.data = data

    def _common(self, game: GameName) -> tuple[int, bool | None, bool, bool]:
        """The length, and the cube's terms (which only the backgammons keep)."""
        length = _check_length(self.data.get("length", 1))
        if length == 0 and game not in ("backgammon", "georgian"):
            raise GameError(f"{game} has no money play: give a match length of 1 or more")
        crawford = _check_crawford(self.data.get("crawford"))
        jacoby, beavers = self.data.get("jacoby", False), self.data.get("beavers", False)
        _check_money_terms(length, jacoby, beavers)
        return length, crawford, jacoby is True, beavers is True

    def _rest(self, terms: tuple[int, bool | None, bool, bool]) -> _Terms:
        dice = _one_of("dice", self.data.get("dice", "secure"), DICE)
        text = self.data.get("clock")
        if text is not None and not isinstance(text, str):
            raise GameError(
                f"clock must be a time control such as 'fischer:300+5', or null, not {text!r}"
            )
        clock = None if text is None else TimeControl.parse(text)
        return {"length": terms[0], "clock": clock, "dice": dice}

    def _no_cube(self, game: GameName) -> None:
        if self.data.get("cube_cap") is not None:
            raise GameError(f"{game} has no doubling cube: no cube_cap")

    def _match_terms(self) -> tuple[FirstMove, SurrenderValue]:
        return (
            _one_of("first_move", self.data.get("first_move", "alternate"), FIRST_MOVES),
            _one_of("surrender_value", self.data.get("surrender_value", "oin"), SURRENDER_VALUES),
        )

    def _options(self, game: GameName, allowed: Mapping[str, tuple[str, ...]]) -> dict[str, str]:
        value = self.data.get("options", {})
        if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
            raise GameError(f"options must be a mapping of option names to texts, not {value!r}")
        options: dict[str, str] = {}
        for name, choice in value.items():
            if name not in allowed:
                known = ", ".join(allowed) or "none"
                raise GameError(f"{game} has no option {name!r} (its options: {known})")
            options[name] = _one_of(name, choice, allowed[name])
        return options

    def backgammon_terms(self) -> _BackgammonTerms:
        """The keywords of a backgammon's or a Georgian's settings."""
        game = _one_of("game", self.data.get("game", "backgammon"), GAME_NAMES)
        terms = self._common(game)
        cap = self.data.get("cube_cap")
        if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool)):
            if terms[0] != 0:
                raise GameError("cube_cap is for money play (length 0) only: give null")
            find_variant("georgian" if game == "georgian" else "international").check_cube_cap(cap)
            raise GameError(f"cube_cap must be a whole number or null, not {cap!r}")
        self._match_terms()
        rest = self._rest(terms)
        self._options(game, {})
        return {
            **rest,
            "crawford": terms[1],
            "jacoby": terms[2],
            "beavers": terms[3],
            "cube_cap": cap,
        }

    def nardy(self) -> "NardySettings":
        """A long nardy match's settings."""
        terms = self._common("nardy")
        self._no_cube("nardy")
        first_move, surrender_value = self._match_terms()
        rest = self._rest(terms)
        options = self._options("nardy", NARDY_OPTIONS)
        return NardySettings(
            **rest,
            first_move=first_move,
            surrender_value=surrender_value,
            bearoff=_option(options, "bearoff", BEAROFFS),
            block_check=_option(options, "block_check", BLOCK_CHECKS),
            head_exception=_option(options, "head_exception", HEAD_EXCEPTIONS),
            last_roll_tie=_option(options, "last_roll_tie", SWITCHES),
        )

    def renju(self) -> "RenjuSettings":
        """A renju match's settings."""
        terms = self._common("renju")
        self._no_cube("renju")
        self._match_terms()
        rest = self._rest(terms)
        options = self._options("renju", RENJU_OPTIONS)
        return RenjuSettings(
            **rest,
            rule=_option(options, "rule", RENJU_RULES),
            opening=_option(options, "opening", RENJU_OPENINGS),
            forbidden=_option(options, "forbidden", FORBIDDEN),
            false_claim=_option(options, "false_claim", FALSE_CLAIMS),
            draws=_option(options, "draws", DRAWS),
        )


def _option(options: Mapping[str, str], name: str, allowed: tuple[Choice, ...]) -> Choice | None:
    """The option ``name`` if it was chosen (from the checked ``options``), else None."""
    return None if name not in options else _one_of(name, options[name], allowed)


@dataclass(frozen=True, kw_only=True)
class BackgammonRules(MatchSettings):
    """The terms of the backgammons, International and Georgian: the cube's rules
    (``rules/backgammon.md``, Doubling cube; G1 and G3 for Georgian)."""

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

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_crawford(self.crawford)
        _check_money_terms(self.length, self.jacoby, self.beavers)
        if self.cube_cap is not None:
            if self.length != 0:
                raise GameError("cube_cap is for money play (length 0) only: give null")
            find_variant(self.variant).check_cube_cap(self.cube_cap)

    @property
    def variant(self) -> str:
        """The backgammon variant's name (``international`` or ``georgian``)."""
        return "georgian" if self.game == "georgian" else "international"

    @property
    def uses_crawford(self) -> bool:
        """Whether this match plays a Crawford game."""
        if self.length == 0:
            return False
        if self.crawford is not None:
            return self.crawford
        return find_variant(self.variant).crawford

    @property
    def options(self) -> dict[str, str]:
        """None: the backgammons' options are fields of their own."""
        return {}

    def to_dict(self) -> JsonObject:
        """The dict form, the cube's terms in it."""
        data = super().to_dict()
        data.update(
            crawford=self.crawford, jacoby=self.jacoby, beavers=self.beavers, cube_cap=self.cube_cap
        )
        return data


@dataclass(frozen=True, kw_only=True)
class BackgammonSettings(BackgammonRules):
    """International backgammon (``rules/backgammon.md``)."""

    game: ClassVar[GameName] = "backgammon"


@dataclass(frozen=True, kw_only=True)
class GeorgianSettings(BackgammonRules):
    """Georgian backgammon (``rules/backgammon.md``, G1 to G5)."""

    game: ClassVar[GameName] = "georgian"


def _chosen(pairs: tuple[tuple[str, str | None], ...]) -> dict[str, str]:
    """The options of ``pairs`` (name, value) that were chosen (not None), in their order."""
    return {name: value for name, value in pairs if value is not None}


@dataclass(frozen=True, kw_only=True)
class NardySettings(MatchSettings):
    """Long nardy (``rules/long_nardy.md``). An option left at ``None`` was not chosen: the
    rules' default applies, and the dict form's ``options`` leave it out."""

    game: ClassVar[GameName] = "nardy"
    first_move: FirstMove = "alternate"
    """Games after the first: the first move alternates, or goes to the last winner (R12)."""
    surrender_value: SurrenderValue = "oin"
    """What a resignation costs (R11)."""
    bearoff: Bearoff | None = None
    """Bearing off (R9): ``seed`` (the default), ``standard`` or ``maxpips``."""
    block_check: BlockCheck | None = None
    """The six-block rule (R8): checked after each ``step`` (the default) or at the ``final``
    position of the turn."""
    head_exception: HeadException | None = None
    """The head rule's exception for 6-6, 4-4 and 3-3 on the first roll (R6): ``seed`` (the
    default) or ``plain``."""
    last_roll_tie: Switch | None = None
    """``on``: the last roll may tie a game borne off in the same number of rolls (R10);
    ``off`` is the default."""

    def __post_init__(self) -> None:
        super().__post_init__()
        _one_of("first_move", self.first_move, FIRST_MOVES)
        _one_of("surrender_value", self.surrender_value, SURRENDER_VALUES)
        for name, value in self.options.items():
            _one_of(name, value, NARDY_OPTIONS[name])

    @property
    def options(self) -> dict[str, str]:
        """The rules options chosen (R6, R8, R9, R10)."""
        return _chosen(
            (
                ("bearoff", self.bearoff),
                ("block_check", self.block_check),
                ("head_exception", self.head_exception),
                ("last_roll_tie", self.last_roll_tie),
            )
        )

    @property
    def rules(self) -> Options:
        """The options as the positions of the match take them, the defaults filled in."""
        return {
            "bearoff": self.bearoff or "seed",
            "block_check": self.block_check or "step",
            "head_exception": self.head_exception or "seed",
            "last_roll_tie": self.last_roll_tie == "on",
        }

    def to_dict(self) -> JsonObject:
        """The dict form, with the match's first move and surrender value."""
        data = super().to_dict()
        data.update(first_move=self.first_move, surrender_value=self.surrender_value)
        return data


def cube_terms(settings: MatchSettings) -> BackgammonRules:
    """The settings of a backgammon match, whose cube rules they hold (a match of another game
    never asks)."""
    assert isinstance(settings, BackgammonRules)
    return settings


def nardy_terms(settings: MatchSettings) -> NardySettings:
    """The settings of a long nardy match, whose rules options they hold."""
    assert isinstance(settings, NardySettings)
    return settings


FALSE_CLAIM_SECONDS = 60
"""What a false claim gives Black's clock under ``false_claim="time"`` (as FIDE's arbiter gives
the opponent of an incorrect claim two minutes, scaled to renju's shorter clocks)."""


@dataclass(frozen=True, kw_only=True)
class RenjuSettings(MatchSettings):
    """Renju and gomoku (``rules/renju.md``). An option left at ``None`` was not chosen: the
    default applies, and the dict form's ``options`` leave it out."""

    game: ClassVar[GameName] = "renju"
    rule: RenjuRule | None = None
    """``renju`` (the default: Black's forbidden moves), ``gomoku-freestyle`` or
    ``gomoku-standard`` (Variants and options beyond the seed)."""
    opening: RenjuOpening | None = None
    """The opening rule: ``center`` (the default, Opening restriction), ``free``, ``swap2``,
    ``soosorv-8``, ``taraguchi-10`` or ``yamaguchi``."""
    forbidden: Forbidden | None = None
    """What a forbidden move of Black's does: ``loss`` (the default), ``refuse`` or ``claim``
    (What happens to a forbidden move)."""
    false_claim: FalseClaim | None = None
    """Under ``forbidden="claim"``, what White's claim costs when there is nothing to claim:
    ``loss`` (the default: a warning, and the game lost at the second in a game), ``time``
    (Black's clock is given ``FALSE_CLAIM_SECONDS``; a match with a clock only) or ``none``.
    Every false claim is kept in the log either way (``docs/renju.md``)."""
    draws: Draws | None = None
    """What a drawn game does: ``count`` (the default, which ``new_match`` writes into a new
    match: 1/2 each, and a match of N games ends after N games, or once a player has more than
    half their points; a level score is a drawn match) or ``replay`` (the match goes on until a
    player has N points). None, in a match stored before the option, plays as ``replay``."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.dice == "fair":
            raise GameError("renju has no dice: choose dice='secure' (the default)")
        for name, value in self.options.items():
            _one_of(name, value, RENJU_OPTIONS[name])
        if self.false_claim is not None and not self.claims_fouls:
            raise GameError(
                "false_claim is for matches where White claims Black's forbidden moves: "
                "choose forbidden='claim' (under the renju rule)"
            )
        if self.false_claim == "time" and self.clock is None:
            raise GameError("false_claim='time' needs a clock: choose 'loss' or 'none'")

    @property
    def claims_fouls(self) -> bool:
        """Whether White claims Black's forbidden moves (``forbidden="claim"`` under renju)."""
        return self.forbidden == "claim" and self.rule in (None, "renju")

    @property
    def false_claim_sanction(self) -> FalseClaim:
        """The sanction of a false claim, the default applied."""
        return self.false_claim or "loss"

    @property
    def options(self) -> dict[str, str]:
        """The rules options chosen."""
        return _chosen(
            (
                ("rule", self.rule),
                ("opening", self.opening),
                ("forbidden", self.forbidden),
                ("false_claim", self.false_claim),
                ("draws", self.draws),
            )
        )


GameSettings: TypeAlias = BackgammonSettings | GeorgianSettings | NardySettings | RenjuSettings
"""The settings of a match: one of the four games'."""
TablesSettings: TypeAlias = BackgammonSettings | GeorgianSettings | NardySettings
"""The settings of a tables match (backgammon, Georgian, long nardy)."""
