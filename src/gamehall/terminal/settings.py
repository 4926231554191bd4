"""Every match setting as an option of ``gamehall play``, read into the play layer's settings
of the game (``BackgammonSettings``, ``NardySettings``, ...).

The options make the same dict the HTTP API takes (an option not given is left out, so the
setting keeps its default) and ``MatchSettings.from_dict`` checks it, once: a value or a
combination the settings refuse is refused with their own message, whichever face it comes
from.
"""

import argparse
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
    help: str

    @property
    def flag(self) -> str:
        """The command line's name: ``--block-check`` for ``block_check``."""
        return "--" + self.name.replace("_", "-")


RULES_OPTIONS = (
    RulesOption(
        "nardy",
        "bearoff",
        BEAROFFS,
        "bearing off: 'seed' (default) makes you use the dice at full value when you can; "
        "'standard' lets a larger die bear off from the highest point as in backgammon; "
        "'maxpips' makes you move the most pips",
    ),
    RulesOption(
        "nardy",
        "block_check",
        BLOCK_CHECKS,
        "when a six-point block with no opposing checker ahead is refused: after each 'step' "
        "(default) or only at the 'final' position of a turn",
    ),
    RulesOption(
        "nardy",
        "head_exception",
        HEAD_EXCEPTIONS,
        "a first 6-6, 4-4 or 3-3 lets two checkers leave the head: 'seed' (default) except 4-4 "
        "when an opposing checker stands on your point 16; 'plain' always",
    ),
    RulesOption(
        "nardy",
        "last_roll_tie",
        SWITCHES,
        "'on': when white bears off his last checker, black rolls once more, and bearing off "
        "all his checkers with it draws the game; 'off' (default): the game ends at once",
    ),
    RulesOption(
        "renju",
        "rule",
        RENJU_RULES,
        "'renju' (default): Black has forbidden moves and needs exactly five; "
        "'gomoku-freestyle': five or more wins; 'gomoku-standard': exactly five wins",
    ),
    RulesOption(
        "renju",
        "opening",
        RENJU_OPENINGS,
        "'center' (default): move 1 on h8, move 2 next to it, move 3 within f6-j10; 'free'; "
        "'swap2': three stones by the first player, then the second plays White, takes Black "
        "or places two more and the first chooses; 'soosorv-8': the RIF rule (an opening, swap, "
        "move 4 and 1-8 fifth moves declared, swap, Black's offers, White's choice); "
        "'taraguchi-10': moves 1-4 in growing central squares with swaps, then move 5 within "
        "9x9 or ten offers; 'yamaguchi': one of the 26 openings and the number of fifth moves "
        "declared, swap, move 4, Black's offers, White's choice",
    ),
    RulesOption(
        "renju",
        "forbidden",
        FORBIDDEN,
        "a forbidden move of Black's: 'loss' (default) loses the game, 'refuse' is not allowed, "
        "'claim' stands unless White claims it (a double-three or double-four at once, "
        "an overline before the end)",
    ),
    RulesOption(
        "renju",
        "false_claim",
        FALSE_CLAIMS,
        "with --forbidden claim, what White's claim costs when there is nothing to claim: "
        "'loss' (default) a warning, then the game at the second in a game; 'time' 60 s to "
        "Black; 'none' nothing (every false claim is shown and kept in the record)",
    ),
    RulesOption(
        "renju",
        "draws",
        DRAWS,
        "a drawn game: 'count' (default) scores 1/2 each, and a match of N games ends after N "
        "games (or once decided), drawn when level; 'replay' goes on until a player has N points",
    ),
)
"""The rules options ``gamehall play`` offers, with what each value does."""


def add_settings_arguments(parser: argparse.ArgumentParser) -> None:
    """Add every match setting to ``parser`` (``game`` is its own positional argument)."""
    group = parser.add_argument_group("match settings (default: the settings' own)")
    group.add_argument(
        "--length",
        type=int,
        help="points to win the match, renju's games (default 1; 0: backgammon money play)",
    )
    group.add_argument("--clock", metavar="SPEC", help="a time control, e.g. fischer:300+5")
    group.add_argument(
        "--dice",
        choices=DICE,
        help="secure (default) or provably fair dice; see --seed",
    )
    group.add_argument(
        "--crawford",
        action=argparse.BooleanOptionalAction,
        help="backgammon matches: the Crawford rule on or off (default: the variant's own, "
        "on in backgammon, off in Georgian)",
    )
    group.add_argument(
        "--jacoby",
        action="store_true",
        default=None,
        help="money play: gammons and backgammons count only once the cube has been turned",
    )
    group.add_argument(
        "--beavers",
        action="store_true",
        default=None,
        help="money play: a player who is doubled may take and at once redouble",
    )
    group.add_argument(
        "--cube-cap",
        type=int,
        metavar="N",
        help="money play: the highest value the cube may show (default: no limit)",
    )
    group.add_argument(
        "--first-move",
        choices=FIRST_MOVES,
        help="nardy, later games: the first move alternates (default) or goes to the winner",
    )
    group.add_argument(
        "--surrender-value",
        choices=SURRENDER_VALUES,
        help="nardy: a surrender costs 1 point ('oin', default), or 2 points ('mars') when "
        "nothing is borne off yet",
    )
    for option in RULES_OPTIONS:
        if option.values == SWITCHES:
            group.add_argument(
                option.flag, action="store_const", const="on", dest=option.name, help=option.help
            )
        else:
            group.add_argument(
                option.flag, metavar="|".join(option.values), dest=option.name, help=option.help
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
