"""``gamehall rollout GAME POSITION``: a position, or the best few plays of a roll in it, rolled
out by the game's network (``gamehall.engines.neural.rollout``), printed as a table of the
probabilities and equities with their standard errors.

POSITION is ``start``, a GNU Backgammon position ID (backgammon, Georgian: the side on roll
to play) or long nardy's exchange format (``{"board": [24 numbers], "turn": "white"}``, the
rules page's R15).
"""

import argparse
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.errors import GameError, InvalidPositionError
from gamehall.nardy.position import Position as NardyPosition
from gamehall.tables.position import TablesPosition
from gamehall.words.catalog import Words

if TYPE_CHECKING:
    from gamehall.engines.neural.rollout import RolloutSettings

Say = Callable[..., str]
GAMES = ("backgammon", "georgian", "nardy")


def add_parser(sub: "argparse._SubParsersAction[argparse.ArgumentParser]", say: Say) -> None:
    """Add ``rollout`` to the command line's subcommands."""
    parser = sub.add_parser(
        "rollout", help=say("cli.rollout.help"), description=say("cli.rollout.description")
    )
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("position", help=say("cli.rollout.position"))
    parser.add_argument("--trials", type=int, default=1296, help=say("cli.rollout.trials"))
    parser.add_argument("--truncate", type=int, metavar="T", help=say("cli.rollout.truncate"))
    parser.add_argument("--cubeful", action="store_true", help=say("cli.rollout.cubeful"))
    parser.add_argument("--plays", type=int, metavar="K", help=say("cli.rollout.plays"))
    parser.add_argument("--dice", metavar="D1D2", help=say("cli.rollout.dice"))
    parser.add_argument(
        "--ply", type=int, choices=(0, 1, 2), default=0, help=say("cli.rollout.ply")
    )
    parser.add_argument(
        "--player-ply", type=int, choices=(0, 1), default=0, help=say("cli.rollout.player-ply")
    )
    parser.add_argument("--seed", type=int, default=0, help=say("cli.rollout.seed"))
    parser.add_argument("--workers", type=int, metavar="W", help=say("cli.rollout.workers"))
    parser.add_argument("--plain", action="store_true", help=say("cli.rollout.plain"))


def parse_position(game: str, text: str) -> TablesPosition:
    """The position ``text`` names in ``game``: ``start``, a gnubg position ID or nardy's
    exchange format; ``InvalidPositionError`` in the user's words otherwise."""
    if game == "nardy":
        if text.strip() == "start":
            return NardyPosition.initial()
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise InvalidPositionError(
                'a long nardy position is JSON with "board" (24 numbers) and "turn" (white or '
                f"black), not {text!r}",
                reason="nardy-position-form",
                text=repr(text),
            ) from error
        return NardyPosition.from_dict(data)
    variant = "georgian" if game == "georgian" else "international"
    if text.strip() == "start":
        return BackgammonPosition.initial(variant)
    return BackgammonPosition.from_id(text.strip(), variant)


def parse_dice(text: str) -> tuple[int, int]:
    """``"31"`` or ``"3-1"`` as a roll."""
    digits = [c for c in text if c.isdigit()]
    if len(digits) != 2 or not all("1" <= d <= "6" for d in digits):
        raise GameError(
            f"dice are two numbers from 1 to 6, such as 31, not {text!r}",
            reason="dice-form",
            text=repr(text),
        )
    return int(digits[0]), int(digits[1])


def main(args: argparse.Namespace, stdout: TextIO, stderr: TextIO, words: Words) -> int:
    """Roll out what ``args`` ask for and print the table."""
    from gamehall.engines.neural.board import from_sides
    from gamehall.engines.neural.rollout import RolloutSettings
    from gamehall.engines.neural.rollout_hints import check_count, rollout_hint, spec_of
    from gamehall.engines.neural.rollout_pool import rollout

    position = parse_position(args.game, args.position)
    if position.is_over:
        raise GameError(
            "the game is over in that position: there is nothing to roll out",
            reason="rollout-game-over",
        )
    settings = RolloutSettings(
        trials=args.trials,
        truncate=args.truncate,
        variance_reduction=not args.plain,
        rotate=not args.plain,
        seed=args.seed,
        cubeful=args.cubeful,
        ply=args.player_ply,
    )
    spec = spec_of(position)
    if settings.cubeful and spec.name == "nardy":
        raise GameError(
            "long nardy has no doubling cube: its rollouts are cubeless", reason="rollout-no-cube"
        )
    if (args.plays is None) != (args.dice is None):
        raise GameError(
            "--plays and --dice go together: the plays of which roll to roll out",
            reason="rollout-plays-dice",
        )
    dice = None if args.dice is None else parse_dice(args.dice)
    if args.plays is not None:
        check_count(args.plays)
    stdout.write(words.say("cli.rollout.settings", **_described(settings, words)) + "\n")
    if dice is not None:
        hints = rollout_hint(
            position,
            dice,
            settings,
            count=args.plays,
            ply=args.ply,
            workers=args.workers,
            progress=stderr,
        )
        for rank, candidate in enumerate(hints.candidates, 1):
            difference = "" if rank == 1 else f"{candidate.difference:+.3f}"
            stdout.write(f"{rank:>2}. {candidate.move:<24} {candidate.text:>15} {difference:>7}\n")
            figures = "  ".join(
                f"{_label(name, words)} {100 * chance:.1f}%"
                for name, chance in candidate.probabilities
            )
            stdout.write(f"    {figures}\n")
        return 0
    board = from_sides(position.mover, position.opponent)
    (result,) = rollout(spec, [board], settings, args.workers, stderr)
    names = [_label(name, words) for name, _, _ in result.outputs]
    heads = [*names, words.say("cli.rollout.equity")]
    means = [f"{100 * m:.2f}%" for _, m, _ in result.outputs] + [f"{result.equity:+.4f}"]
    errors = [f"±{100 * e:.2f}%" for _, _, e in result.outputs] + [f"±{result.equity_error:.4f}"]
    if result.cubeful is not None and result.cubeful_error is not None:
        heads.append(words.say("cli.rollout.cubeful-equity"))
        means.append(f"{result.cubeful:+.4f}")
        errors.append(f"±{result.cubeful_error:.4f}")
    for row in (heads, means, errors):
        stdout.write("".join(f"{cell:>10}" for cell in row) + "\n")
    return 0


def _label(output: str, words: Words) -> str:
    """The short heading of one of a rollout's outputs (``win``, ``W g``: won a gammon), in
    ``words``' language; an output without one keeps its name."""
    return words.texts.get(f"cli.rollout.label.{output}", output)


def _described(settings: "RolloutSettings", words: Words) -> dict[str, object]:
    """The settings as the heading line's words."""
    reach = (
        words.say("cli.rollout.to-the-end")
        if settings.truncate is None
        else words.say_count("cli.rollout.truncated", settings.truncate)
    )
    how = "cli.rollout.reduced" if settings.variance_reduction else "cli.rollout.raw"
    how = words.say(how)
    return {"trials": settings.trials, "reach": reach, "how": how, "seed": settings.seed}
