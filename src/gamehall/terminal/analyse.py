"""``gamehall analyse FILE``: a match analysed, its players' figures printed as a table (as GNU
Backgammon's *show statistics match* does) and its errors listed; ``--json OUT`` writes the
whole analysis (``TablesAnalysis.to_dict``)."""

import argparse
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from tqdm import tqdm

from gamehall.analysis.files import SUFFIXES, read_source
from gamehall.analysis.renju_record import RenjuAnalysis
from gamehall.analysis.values import BANDS, Decision, TablesAnalysis, Thresholds
from gamehall.errors import GameError
from gamehall.play.renju_match import RenjuMatch
from gamehall.terminal import columns
from gamehall.terminal.helptext import paragraphs
from gamehall.words import words as words_of
from gamehall.words.catalog import Words
from gamehall.words.languages import DEFAULT

if TYPE_CHECKING:
    from gamehall.analysis.rollouts import RolledOutDecision


def add_parser(
    sub: "argparse._SubParsersAction[argparse.ArgumentParser]", say: Callable[..., str]
) -> None:
    """Add ``analyse`` to the command line's subcommands, its help in ``say``'s language."""
    parser = sub.add_parser(
        "analyse",
        help=say("cli.analyse.help"),
        description=say("cli.analyse.description"),
        epilog=paragraphs(say("cli.analyse.epilog")),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", help=say("cli.analyse.file", suffixes=", ".join(SUFFIXES)))
    parser.add_argument("--plies", type=int, choices=(0, 1, 2), default=0)
    parser.add_argument("--json", metavar="OUT", help=say("cli.analyse.json"))
    parser.add_argument("--thresholds", choices=("sites", "gnubg"), default="sites")
    parser.add_argument("--seconds", type=float, default=1.0, help=say("cli.analyse.seconds"))
    parser.add_argument("--quiet", action="store_true", help=say("cli.quiet"))
    parser.add_argument("--rollout", action="store_true", help=say("cli.analyse.rollout"))
    parser.add_argument(
        "--rollout-above", type=float, metavar="EMG", help=say("cli.analyse.rollout-above")
    )
    parser.add_argument("--trials", type=int, default=216, help=say("cli.analyse.trials"))
    parser.add_argument("--truncate", type=int, metavar="T", help=say("cli.rollout.truncate"))
    parser.add_argument("--workers", type=int, metavar="W", help=say("cli.rollout.workers"))


def main(
    args: argparse.Namespace, stdout: TextIO, stderr: TextIO, words: Words | None = None
) -> int:
    """Analyse ``args.file``; print the figures and errors (and with ``--rollout`` the
    doubtful plays rolled out), write ``--json``."""
    # The analysers load the engines' kernels: imported when this command runs, so that the
    # CLI's other commands (``gamehall serve`` among them) start without them.
    from gamehall.analysis.renju import analyse_renju
    from gamehall.analysis.rollouts import roll_out_decisions
    from gamehall.analysis.tables import analyse_record
    from gamehall.engines.neural.rollout import RolloutSettings

    said = words if words is not None else words_of(DEFAULT)
    settings = None
    if args.rollout:
        settings = RolloutSettings(trials=args.trials, truncate=args.truncate)
        if args.rollout_above is not None and not args.rollout_above >= 0:
            raise GameError(
                f"--rollout-above is an equity of 0 or more, not {args.rollout_above!r}"
            )
    source = read_source(Path(args.file))
    if settings is not None and isinstance(source, RenjuMatch):
        raise GameError("rollouts are for the tables games: a renju game has no dice")
    with tqdm(unit="move", file=stderr, disable=args.quiet, leave=False) as bar:

        def step(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        found: TablesAnalysis | RenjuAnalysis
        if isinstance(source, RenjuMatch):
            found = analyse_renju(source, seconds_per_move=args.seconds, progress=step)
        else:
            thresholds = Thresholds.gnubg() if args.thresholds == "gnubg" else Thresholds()
            found = analyse_record(source, plies=args.plies, thresholds=thresholds, progress=step)
    stdout.write(report(found, said))
    if (
        settings is not None
        and isinstance(found, TablesAnalysis)
        and not isinstance(source, RenjuMatch)
    ):
        threshold = found.thresholds.doubtful if args.rollout_above is None else args.rollout_above
        progress = open_progress(stderr, args.quiet)
        rolled = roll_out_decisions(source, found, settings, threshold, args.workers, progress)
        stdout.write(rollouts(rolled, [p.name for p in found.players], settings.trials, said))
    if args.json:
        Path(args.json).write_text(json.dumps(found.to_dict(), indent=1) + "\n")
    return 0


def report(analysis: TablesAnalysis | RenjuAnalysis, words: Words) -> str:
    """The figures and the errors of an analysis, as printed, in ``words``' language."""
    if isinstance(analysis, RenjuAnalysis):
        return renju_summary(analysis, words) + renju_errors(analysis, words)
    return summary(analysis, words) + errors(analysis, words)


def _rows(labels: list[str], values: list[str]) -> Callable[[str, object, object], str]:
    """A row of the figures side by side: its label wide enough for every one of ``labels``,
    its columns for every one of the words in ``values``."""
    width = max([34, *(columns.width(label) + 2 for label in labels)])
    column = max([18, *(columns.width(value) + 2 for value in values)])

    def row(label: str, left: object, right: object) -> str:
        cells = columns.right(str(left), column) + columns.right(str(right), column)
        return columns.left(label, width) + cells + "\n"

    return row


def rating_word(rating: str, words: Words) -> str:
    """GNU Backgammon's rating word (``World class``, ``Awful!``) in ``words``' language."""
    return words.say("analysis.rating." + rating.lower().rstrip("!").replace(" ", "-"))


def summary(analysis: TablesAnalysis, words: Words) -> str:
    """The players' figures side by side."""
    a, b = analysis.players
    say = words.say
    unit = say(
        "terminal.analyse.unit-mwc" if analysis.match_play else "terminal.analyse.unit-points"
    )
    bands = {"doubtful": "doubtfuls", "error": "errors-count", "blunder": "blunders"}
    keys = ["unforced", "error-total", "error-rate", "cube-decisions", "luck-total", "luck-rate"]
    labels = {key: say(f"terminal.analyse.{key}") for key in [*keys, *bands.values()]}
    labels["pr"], labels["rating"] = say("analysis.row.pr"), say("analysis.row.rating")
    labels["result"] = say("terminal.analyse.result", unit=unit)
    labels["luck-adjusted"] = say("terminal.analyse.luck-adjusted", unit=unit)
    ratings = [rating_word(a.rating, words), rating_word(b.rating, words)]
    row = _rows([f"  {label}" for label in labels.values()], [a.name, b.name, *ratings])

    def line(key: str, left: object, right: object) -> str:
        return row(f"  {labels[key]}", left, right)

    lines = [row("", a.name, b.name)]
    lines.append(say("terminal.analyse.checker-play") + "\n")
    lines.append(line("unforced", a.checker_decisions, b.checker_decisions))
    lines.append(line("error-total", f"{a.checker_error:.3f}", f"{b.checker_error:.3f}"))
    lines.append(line("error-rate", f"{a.checker_error_rate:.1f}", f"{b.checker_error_rate:.1f}"))
    lines.append(say("terminal.analyse.cube") + "\n")
    lines.append(line("cube-decisions", a.cube_decisions, b.cube_decisions))
    lines.append(line("error-total", f"{a.cube_error:.3f}", f"{b.cube_error:.3f}"))
    lines.append(line("error-rate", f"{a.cube_error_rate:.1f}", f"{b.cube_error_rate:.1f}"))
    lines.append(say("terminal.analyse.luck") + "\n")
    lines.append(line("luck-total", f"{a.luck_total:+.3f}", f"{b.luck_total:+.3f}"))
    lines.append(line("luck-rate", f"{a.luck_rate:+.1f}", f"{b.luck_rate:+.1f}"))
    lines.append(say("terminal.analyse.overall") + "\n")
    for band in BANDS:
        lines.append(line(bands[band], a.errors.get(band, 0), b.errors.get(band, 0)))
    lines.append(line("error-rate", f"{a.error_rate:.1f}", f"{b.error_rate:.1f}"))
    lines.append(line("pr", f"{a.pr:.1f}", f"{b.pr:.1f}"))
    lines.append(line("rating", *ratings))
    lines.append(line("result", f"{a.result:+.3f}", f"{b.result:+.3f}"))
    lines.append(line("luck-adjusted", f"{a.luck_adjusted:+.3f}", f"{b.luck_adjusted:+.3f}"))
    return "".join(lines)


def errors(analysis: TablesAnalysis, words: Words) -> str:
    """The decisions in a band, in the order played."""
    found = [d for d in analysis.decisions if d.band is not None]
    if not found:
        return "\n" + words.say("terminal.analyse.no-errors") + "\n"
    names = [player.name for player in analysis.players]
    heading = "\n" + words.say("terminal.analyse.errors") + "\n"
    return heading + "".join(f"  {_error(d, names, words)}\n" for d in found)


def _error(decision: Decision, names: list[str], words: Words) -> str:
    values = {
        "game": decision.game,
        "move": decision.move,
        "name": names[decision.player],
        "played": decision.played,
        "best": decision.best,
        "loss": f"-{decision.loss:.3f}",
        "band": words.say(f"band.{decision.band}"),
    }
    if decision.kind == "checker":
        dice = "".join(str(d) for d in decision.dice or ())
        return words.say("terminal.analyse.checker-error", dice=dice, **values)
    return words.say("terminal.analyse.cube-error", **values)


def renju_summary(analysis: RenjuAnalysis, words: Words) -> str:
    """The renju players' figures side by side."""
    a, b = analysis.players
    say = words.say
    labels = {
        "moves": say("analysis.row.moves"),
        "blunders": say("analysis.row.blunders"),
        "missed": "  " + say("terminal.analyse.wins-missed"),
        "allowed": "  " + say("terminal.analyse.wins-allowed"),
        "mistakes": say("analysis.row.mistakes"),
        "inaccuracies": say("analysis.row.inaccuracies"),
        "accuracy": say("analysis.row.accuracy"),
    }
    row = _rows(list(labels.values()), [a.name, b.name])

    def percent(value: float | None) -> str:
        return "-" if value is None else f"{value:.1f} %"

    return "".join(
        [
            row("", a.name, b.name),
            row(labels["moves"], a.moves, b.moves),
            row(labels["blunders"], a.blunders, b.blunders),
            row(labels["missed"], a.forced_wins_missed, b.forced_wins_missed),
            row(labels["allowed"], a.forced_wins_allowed, b.forced_wins_allowed),
            row(labels["mistakes"], a.mistakes, b.mistakes),
            row(labels["inaccuracies"], a.inaccuracies, b.inaccuracies),
            row(labels["accuracy"], percent(a.accuracy), percent(b.accuracy)),
        ]
    )


def renju_errors(analysis: RenjuAnalysis, words: Words) -> str:
    """The renju moves in a band, in the order played."""
    found = analysis.errors()
    if not found:
        return "\n" + words.say("terminal.analyse.no-errors") + "\n"
    names = [player.name for player in analysis.players]
    lines = []
    for d in found:
        band = words.say(f"band.{d.band}")
        if d.forced_win_missed:
            band += ", " + words.say("terminal.analyse.win-missed")
        elif d.allowed_forced_win:
            band += ", " + words.say("terminal.analyse.win-allowed")
        line = " ".join(d.winning_line or ())
        said = words.say(
            "terminal.analyse.renju-error",
            game=d.game,
            move=d.move,
            name=names[d.player],
            played=d.played,
            best=d.best,
            loss=f"{100 * d.loss:.0f}",
            band=band,
            won=f" ({line})" if line else "",
        )
        lines.append(f"  {said}\n")
    return "\n" + words.say("terminal.analyse.errors") + "\n" + "".join(lines)


def open_progress(stderr: TextIO, quiet: bool) -> TextIO:
    """Where the rollouts' progress bar goes: standard error, or nowhere with ``--quiet``."""
    return io.StringIO() if quiet else stderr


def rollouts(
    rolled: "tuple[RolledOutDecision, ...]", names: list[str], trials: int, words: Words
) -> str:
    """The rolled-out decisions, each with its choices' equities and standard errors."""
    head = "\n" + words.say("terminal.analyse.rollouts", trials=trials) + "\n"
    if not rolled:
        return head + "  " + words.say("terminal.analyse.no-rollouts") + "\n"
    lines = [head]
    for item in rolled:
        d = item.decision
        values = {
            "game": d.game,
            "move": d.move,
            "name": names[d.player],
            "dice": "".join(str(n) for n in d.dice or ()),
            "played": d.played,
            "best": item.best.play,
            "loss": f"-{item.loss:.3f}",
        }
        key = "terminal.analyse.rolled-best" if item.loss <= 0 else "terminal.analyse.rolled"
        lines.append(f"  {words.say(key, **values)}\n")
        for choice in item.choices:
            lines.append(f"      {choice.play:<24} {choice.equity:+.3f} ±{choice.error:.3f}\n")
    return "".join(lines)
