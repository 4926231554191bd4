"""Every match setting as an option of ``gamehall play``, read into the play layer's settings
of the game (``BackgammonSettings``, ``NardySettings``, ...).

The options make the same dict the HTTP API takes (an option not given is left out, so the
setting keeps its default) and ``MatchSettings.from_dict`` checks it, once: a value or a
combination the settings refuse is refused with their own message, whichever face it comes
from.
"""

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from gamehall.jsontext import JsonObject, JsonValue
from gamehall.play.settings import (
    BEAROFFS,
    BLOCK_CHECKS,
    DICE,
    DRAWS,
    FALSE_CLAIMS,
    FIRST_MOVES,
    FORBIDDEN,
    HEAD_EXCEPTIONS,
    RENJU_OPENINGS,
    RENJU_RULES,
    SURRENDER_VALUES,
    SWITCHES,
    BackgammonRules,
    GameSettings,
    MatchSettings,
    NardySettings,
)
from gamehall.words import words
from gamehall.words.languages import DEFAULT


@dataclass(frozen=True)
class RulesOption:
    """A rules option of one game (a field of ``NardySettings`` or ``RenjuSettings``), as the
    flag ``--name``."""

    game: str
    name: str
    values: tuple[str, ...]

    @property
    def flag(self) -> str:
        """The command line's name: ``--block-check`` for ``block_check``."""
        return "--" + self.name.replace("_", "-")

    @property
    def key(self) -> str:
        """The key of its help among the terminal's words: ``cli.settings.block-check``."""
        return "cli.settings." + self.flag.removeprefix("--")


RULES_OPTIONS = (
    RulesOption("nardy", "bearoff", BEAROFFS),
    RulesOption("nardy", "block_check", BLOCK_CHECKS),
    RulesOption("nardy", "head_exception", HEAD_EXCEPTIONS),
    RulesOption("nardy", "last_roll_tie", SWITCHES),
    RulesOption("renju", "rule", RENJU_RULES),
    RulesOption("renju", "opening", RENJU_OPENINGS),
    RulesOption("renju", "forbidden", FORBIDDEN),
    RulesOption("renju", "false_claim", FALSE_CLAIMS),
    RulesOption("renju", "draws", DRAWS),
)
"""The rules options ``gamehall play`` offers; what each value does is said by its ``key``."""


def add_settings_arguments(parser: argparse.ArgumentParser, say: Callable[..., str]) -> None:
    """Add every match setting to ``parser`` (``game`` is its own positional argument), its
    help in ``say``'s language."""
    group = parser.add_argument_group(say("cli.settings.group"))
    group.add_argument("--length", type=int, help=say("cli.settings.length"))
    group.add_argument("--clock", metavar="SPEC", help=say("cli.settings.clock"))
    group.add_argument(
        "--dice",
        choices=DICE,
        help=say("cli.settings.dice"),
    )
    group.add_argument(
        "--crawford",
        action=argparse.BooleanOptionalAction,
        help=say("cli.settings.crawford"),
    )
    group.add_argument(
        "--jacoby",
        action="store_true",
        default=None,
        help=say("cli.settings.jacoby"),
    )
    group.add_argument(
        "--beavers",
        action="store_true",
        default=None,
        help=say("cli.settings.beavers"),
    )
    group.add_argument(
        "--cube-cap",
        type=int,
        metavar="N",
        help=say("cli.settings.cube-cap"),
    )
    group.add_argument(
        "--first-move",
        choices=FIRST_MOVES,
        help=say("cli.settings.first-move"),
    )
    group.add_argument(
        "--surrender-value",
        choices=SURRENDER_VALUES,
        help=say("cli.settings.surrender-value"),
    )
    for option in RULES_OPTIONS:
        if option.values == SWITCHES:
            group.add_argument(
                option.flag,
                action="store_const",
                const="on",
                dest=option.name,
                help=say(option.key),
            )
        else:
            group.add_argument(
                option.flag,
                metavar="|".join(option.values),
                dest=option.name,
                help=say(option.key),
            )


_SETTINGS: tuple[str, ...] = ("length", "clock", "dice", "crawford", "jacoby", "beavers")
_SETTINGS += ("cube_cap", "first_move", "surrender_value")


def settings_from(args: argparse.Namespace) -> GameSettings:
    """The settings of the parsed options: the options given, checked by
    ``MatchSettings.from_dict`` (a ``GameError`` in its words for what it refuses)."""
    given: dict[str, object] = vars(args)
    data: JsonObject = {"game": _json(given["game"])}
    for name in _SETTINGS:
        if given[name] is not None:
            data[name] = _json(given[name])
    options: JsonObject = {}
    for option in RULES_OPTIONS:
        if given[option.name] is not None:
            options[option.name] = _json(given[option.name])
    data["options"] = options
    return MatchSettings.from_dict(data)


def _json(value: object) -> JsonValue:
    """A parsed option's value: a text, a whole number or a flag (what argparse gives)."""
    assert value is None or isinstance(value, (str, int, bool))
    return value


_GAME_NAMES = {
    "backgammon": "Backgammon",
    "georgian": "Georgian backgammon",
    "nardy": "Long nardy",
    "renju": "Renju",
}


def describe(settings: MatchSettings, language: str = DEFAULT) -> str:
    """The settings in one line, the defaults left out but the game and the length:
    ``Backgammon · money play · Jacoby rule · beavers · cube limit 16``."""
    say = words(language).say
    length = settings.length
    game = say(f"terminal.game.{settings.game}") if settings.game in _GAME_NAMES else settings.game
    parts = [
        game,
        (
            say("terminal.settings.money")
            if length == 0
            else words(language).say_count("terminal.status.length", length)
        ),
    ]
    if settings.clock:
        parts.append(say("terminal.settings.clock", clock=settings.clock))
    if settings.dice == "fair":
        parts.append(say("terminal.settings.fair"))
    if isinstance(settings, BackgammonRules):
        if settings.crawford is not None:
            parts.append(say(f"terminal.settings.crawford.{'on' if settings.crawford else 'off'}"))
        if settings.jacoby:
            parts.append(say("terminal.settings.jacoby"))
        if settings.beavers:
            parts.append(say("terminal.settings.beavers"))
        if settings.cube_cap is not None:
            parts.append(say("terminal.settings.cube-cap", cap=settings.cube_cap))
    if isinstance(settings, NardySettings):
        if settings.first_move == "winner":
            parts.append(say("terminal.settings.winner-starts"))
        if settings.surrender_value == "mars":
            parts.append(say("terminal.settings.surrender-mars"))
    parts += [f"{name.replace('_', '-')} {value}" for name, value in settings.options.items()]
    return " · ".join(parts)
