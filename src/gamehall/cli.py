"""The ``gamehall`` command line.

``gamehall`` (or ``gamehall info``) prints the version and the games; ``gamehall play GAME``
plays a match in the terminal, against the computer, another person at the same keyboard, or
the computer against itself, under any match settings (``gamehall.terminal.settings``);
``gamehall verify-dice FILE`` checks a provably fair dice record; ``gamehall tournament GAME``
runs a tournament between computer players (``gamehall.terminal.tournament``); ``gamehall
analyse FILE`` analyses a match (``gamehall.terminal.analyse``); ``gamehall rollout GAME
POSITION`` rolls a position out (``gamehall.terminal.rollout``); ``gamehall backup PATH`` and
``gamehall restore PATH`` save and put back the server's database (``gamehall.terminal.backup``);
``gamehall external backgammon`` plays an engine inside GNU Backgammon
(``gamehall.engines.external.command``); ``gamehall admin`` is the operators'
(``gamehall.terminal.admin``).
"""

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from gamehall import GAMES, __version__
from gamehall.engines import ENGINES, LEVELS, Engine, find_engine
from gamehall.engines.external import command as external_command
from gamehall.engines.gomocup import command as gomocup_command
from gamehall.engines.neural import command as train_command
from gamehall.errors import GameError
from gamehall.play import registry
from gamehall.play.clock import MOST_DAYS, MOST_PERIODS
from gamehall.play.dice import SeededDice, verify_record
from gamehall.play.match import Match
from gamehall.play.settings import GAME_NAMES, MatchSettings
from gamehall.terminal import admin as admin_command
from gamehall.terminal import analyse, tournament
from gamehall.terminal import backup as backup_command
from gamehall.terminal import puzzles as puzzles_command
from gamehall.terminal import rollout as rollout_command
from gamehall.terminal.dice_report import findings
from gamehall.terminal.helptext import paragraphs, said_parser
from gamehall.terminal.language import UnknownLanguageError, chosen_language, system_language
from gamehall.terminal.records import FORMATS, check_save_path, save_record
from gamehall.terminal.session import TerminalGame
from gamehall.terminal.settings import add_settings_arguments, describe, settings_from
from gamehall.words import LANGUAGES, words
from gamehall.words.languages import DEFAULT

SIDES = ("human", "computer")


def build_parser(language: str = DEFAULT) -> argparse.ArgumentParser:
    """The argument parser of the ``gamehall`` command, its help in ``language``."""
    say = words(language).say
    parser = said_parser(words(language))(prog="gamehall", description=say("cli.description"))
    parser.add_argument(
        "--version", action="version", version=f"gamehall {__version__}", help=say("cli.version")
    )
    parser.add_argument(
        "--lang", metavar="LANG", help=say("cli.lang.help", languages=", ".join(LANGUAGES))
    )
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("info", help=say("cli.info.help"))
    sub.add_parser("serve", help=say("cli.serve.help"))
    play = sub.add_parser(
        "play",
        help=say("cli.play.help"),
        description=say("cli.play.description"),
        epilog=paragraphs(say("cli.play.epilog", clock=time_control_help(say))),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("game", choices=GAME_NAMES)
    play.add_argument("--vs", choices=SIDES, help=say("cli.play.vs"))
    play.add_argument("--white", choices=SIDES, help=say("cli.play.white"))
    play.add_argument("--black", choices=SIDES, help=say("cli.play.black"))
    play.add_argument("--level", choices=LEVELS, default="beginner", help=levels_help(say))
    play.add_argument("--seed", metavar="S", help=say("cli.play.seed"))
    play.add_argument(
        "--save", metavar="FILE", help=say("cli.play.save", formats=", ".join(FORMATS))
    )
    add_settings_arguments(play, say)
    verify = sub.add_parser(
        "verify-dice", help=say("cli.verify.help"), description=say("cli.verify.description")
    )
    verify.add_argument("file", help=say("cli.verify.file"))
    tournament.add_parser(sub, say)
    analyse.add_parser(sub, say)
    rollout_command.add_parser(sub, say)
    train_command.add_parser(sub, say)
    gomocup_command.add_parsers(sub, say)
    backup_command.add_parsers(sub, say)
    admin_command.add_parser(sub, say)
    puzzles_command.add_parser(sub, say)
    external_command.add_parser(sub, say)
    return parser


def levels_help(say: Callable[..., str]) -> str:
    """The levels the computer plays each game at, from the engines' registry."""
    games_by_levels: dict[tuple[str, ...], list[str]] = {}
    for game in GAME_NAMES:
        levels = tuple(level for level in LEVELS if (game, level) in ENGINES)
        games_by_levels.setdefault(levels, []).append(game)
    parts = [f"{', '.join(g)}: {', '.join(lv)}" for lv, g in games_by_levels.items()]
    return say("cli.play.level", levels="; ".join(parts))


def time_control_help(say: Callable[..., str]) -> str:
    """How a time control is written (``TIME_CONTROL_HELP``), in ``say``'s language."""
    return say("cli.play.clock", days=MOST_DAYS, periods=MOST_PERIODS)


def info(say: Callable[..., str]) -> str:
    """The version and the list of games, as ``gamehall info`` prints them, in ``say``'s
    language."""
    lines = [f"gamehall {__version__}", say("cli.info.games")]
    lines += [f"  {name:<11} {say(f'cli.info.game.{name}')}" for name in GAMES]
    return "\n".join(lines)


def seats(args: argparse.Namespace) -> tuple[str, str]:
    """Who plays each player, ``human`` or ``computer``, from ``--vs``/``--white``/``--black``.

    Renju: ``--black`` is player 0, ``--white`` player 1; the tables games: ``--white`` player 0,
    ``--black`` player 1. ``--vs`` names player 1, and player 0 is then a human unless a colour
    says otherwise; a player named by no option plays against the one named (a human against
    the computer by default). Raises ``GameError`` when the options contradict each other.
    """
    chosen: list[str | None] = [None, args.vs]
    first, second = ("black", "white") if args.game == "renju" else ("white", "black")
    for player, colour in ((0, first), (1, second)):
        wanted = getattr(args, colour)
        if wanted is None:
            continue
        if chosen[player] not in (None, wanted):
            raise GameError(
                f"--vs {args.vs} and --{colour} {wanted} name the same player",
                reason="same-player",
                vs=str(args.vs),
                colour=colour,
                wanted=wanted,
            )
        chosen[player] = wanted
    zero, one = chosen
    if zero is None:
        zero = "human" if args.vs or one is None else _OPPONENT[one]
    return zero, one or _OPPONENT[zero]


_OPPONENT = {"human": "computer", "computer": "human"}


def player_names(sides: tuple[str, str], say: Callable[..., str]) -> tuple[str, str]:
    """The players' names in ``say``'s language: ``Human`` and ``Computer``, or numbered when
    both are alike (``Player 1``, ``Computer 2``)."""
    if sides[0] != sides[1]:
        human, computer = say("terminal.name.human"), say("terminal.name.computer")
        return (human, computer) if sides[0] == "human" else (computer, human)
    key = "terminal.name.player-n" if sides[0] == "human" else "terminal.name.computer-n"
    return say(key, number=1), say(key, number=2)


def practice_seed(args: argparse.Namespace, settings: MatchSettings) -> int | None:
    """The seed of practice dice and computer play: ``--seed`` under secure dice."""
    if args.seed is None or settings.dice == "fair":
        return None
    try:
        return int(args.seed)
    except ValueError:
        raise GameError(
            f"--seed {args.seed!r}: practice dice take a whole number "
            "(with --dice fair, the seed is your own text)",
            reason="seed-not-number",
            seed=repr(args.seed),
        ) from None


def new_match(
    args: argparse.Namespace,
    settings: MatchSettings,
    sides: tuple[str, str],
    say: Callable[..., str],
) -> Match:
    """The match the options ask for, its players named in ``say``'s language: seeded dice
    under ``--seed`` and secure dice; with fair dice, ``--seed`` is the seed of the first person
    playing (player 0 if nobody is)."""
    seed = practice_seed(args, settings)
    dice = None if seed is None else SeededDice(seed)
    names = player_names(sides, say)
    match = registry.new_match(settings, names, dice=dice)
    if settings.dice == "fair" and args.seed is not None:
        match.add_client_seed(sides.index("human") if "human" in sides else 0, args.seed)
    return match


def play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, language: str = DEFAULT) -> int:
    """``gamehall play``: set the match up, play it, save it; returns the exit status."""
    sides = seats(args)
    settings = settings_from(args)
    if args.save:
        check_save_path(args.save, args.game)
    match = new_match(args, settings, sides, words(language).say)
    seed = practice_seed(args, settings)
    engines: dict[int, Engine] = {
        player: find_engine(args.game, args.level, _engine_seed(seed, player))
        for player in (0, 1)
        if sides[player] == "computer"
    }
    stdout.write(f"{describe(settings, language)}\n")
    status = TerminalGame(match, engines, stdin, stdout, language).run()
    if args.save and match.is_over:
        try:
            save_record(match, args.save)
        except (GameError, OSError) as error:
            said = words(language).say("terminal.not-saved", error=error)
            print(f"gamehall: {said}", file=sys.stderr)
            return 1
        stdout.write(words(language).say("terminal.saved", path=args.save) + "\n")
    return status


def _engine_seed(seed: int | None, player: int) -> int | None:
    """Each computer player's own seed, derived from ``--seed``."""
    return None if seed is None else seed + 1 + player


def verify_dice(path: str, stdout: TextIO, say: Callable[..., str]) -> int:
    """``gamehall verify-dice``: print what the check found; 0 if every roll checks out.

    The file is a dice record, or a match record (``gamehall play --save FILE.json``), whose
    finished games with fair dice are each checked."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError:
        raise GameError(
            f"cannot open the dice record {path}", reason="dice-record-unopened", path=path
        ) from None
    try:
        data = json.loads(text)
    except ValueError:
        raise GameError(
            f"the dice record {path} is not JSON", reason="dice-record-not-json", path=path
        ) from None
    if isinstance(data, dict) and "events" in data:
        return _verify_match_dice(registry.load_match(data), stdout, say)
    report = verify_record(data)
    stdout.write(findings(report, say) + "\n")
    return 0 if report.ok else 1


def _verify_match_dice(match: Match, stdout: TextIO, say: Callable[..., str]) -> int:
    """Check the fair dice of every game of ``match`` whose seed is revealed (every finished
    game, and a game cut short by the match's end on time or by forfeit); 0 if every roll
    checks out."""
    if match.settings.dice != "fair":
        raise GameError(
            "this match was not played with provably fair dice: nothing to check",
            reason="dice-not-fair",
        )
    started = sum(1 for event in match.events if event.kind == "game_start")
    records = [match.dice_record(number) for number in range(1, started + 1)]
    revealed = [(n, r) for n, r in enumerate(records, 1) if r.server_seed is not None]
    if not revealed:
        raise GameError(
            "no game of this match has ended: its dice are not revealed yet",
            reason="dice-not-revealed",
        )
    ok = True
    for number, record in revealed:
        report = verify_record(record)
        said = findings(report, say)
        stdout.write(say("cli.verify.game", number=number, findings=said) + "\n")
        ok = ok and report.ok
    return 0 if ok else 1


def _lang_option(argv: Sequence[str] | None) -> str | None:
    """The value of ``--lang``, read before the parser is built (its help is in that language)."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    known, _ = early.parse_known_args(argv)
    lang: str | None = known.lang
    return lang


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        language = chosen_language(_lang_option(argv), os.environ)
    except UnknownLanguageError:
        wanted = repr(_lang_option(argv))
        spoken = ", ".join(LANGUAGES)
        said = words(system_language(os.environ)).say(
            "cli.unknown-language", language=wanted, languages=spoken
        )
        print(f"gamehall: {said}", file=sys.stderr)
        return 2
    parser = build_parser(language)
    args = parser.parse_args(argv)
    try:
        if args.command == "serve":
            from gamehall.server.main import run  # the server's dependencies load only here

            run()
            return 0
        if args.command == "play":
            return play(args, sys.stdin, sys.stdout, language)
        if args.command == "verify-dice":
            return verify_dice(args.file, sys.stdout, words(language).say)
        if args.command == "tournament":
            return tournament.main(args, sys.stdout, sys.stderr, words(language))
        if args.command == "analyse":
            return analyse.main(args, sys.stdout, sys.stderr, words(language))
        if args.command == "rollout":
            return rollout_command.main(args, sys.stdout, sys.stderr, words(language))
        if args.command == "train":
            return train_command.main(args, sys.stdout, sys.stderr, words(language))
        if args.command == "brain":
            refusal = words(language).refusal
            return gomocup_command.brain_main(args, sys.stdin, sys.stdout, refusal)
        if args.command == "match":
            return gomocup_command.match_main(args, sys.stdout, sys.stderr, words(language).say)
        if args.command in ("backup", "restore"):
            return backup_command.main(args, sys.stdout, sys.stderr, words(language).say)
        if args.command == "admin":
            return admin_command.main(args, sys.stdout, words(language).say)
        if args.command == "puzzles":
            return puzzles_command.main(args, sys.stdout, words(language).say)
        if args.command == "external":
            return external_command.main(args, sys.stdout, sys.stderr, words(language).say)
    except GameError as error:
        print(f"gamehall: {words(language).refusal(error)}", file=sys.stderr)
        return 2 if args.command == "play" else 1
    except BrokenPipeError:
        # Whoever read the output has gone (``gamehall play ... | head``): stop quietly.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    print(info(words(language).say))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
