"""``gamehall analyse FILE``: a match analysed, its players' figures printed as a table (as GNU
Backgammon's *show statistics match* does) and its errors listed; ``--json OUT`` writes the
whole analysis (``TablesAnalysis.to_dict``)."""

import argparse
import json
from pathlib import Path
from typing import TextIO

from tqdm import tqdm

from gamehall.analysis.files import SUFFIXES, read_source
from gamehall.analysis.renju_record import RenjuAnalysis
from gamehall.analysis.values import BANDS, Decision, TablesAnalysis, Thresholds
from gamehall.play.renju_match import RenjuMatch

EPILOG = """\
The file: a .mat match (backgammon, Georgian, long nardy), a .psq renju game, or a match saved
by `gamehall play --save` as .json. In the tables games every checker play, cube decision and
resignation (offered, accepted) is judged by the game's network (cubeful, in a match by match
winning chances), every roll's luck measured, and each player given GNU Backgammon's figures:
error rates in mEMG (thousandths of an equity, normalised to the cube) per decision, checker
play and cube (with the resignations) apart, the errors by band, luck, and a rating word.
--plies 1 or 2 searches the plays deeper (slower). --thresholds gnubg uses GNU Backgammon's
bands (0.04, 0.08, 0.16) instead of 0.02, 0.04, 0.08. In renju every move is judged by the
search (--seconds a move): forced wins missed and allowed, the win probability lost, blunders,
mistakes, inaccuracies and an accuracy (docs/analysis.md)."""


def add_parser(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add ``analyse`` to the command line's subcommands."""
    parser = sub.add_parser(
        "analyse",
        help="analyse a match: every decision judged, error rates, luck",
        description="Analyse a match and print each player's figures and errors.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", help=f"the match ({', '.join(SUFFIXES)})")
    parser.add_argument("--plies", type=int, choices=(0, 1, 2), default=0)
    parser.add_argument("--json", metavar="OUT", help="write the analysis as JSON to OUT")
    parser.add_argument("--thresholds", choices=("sites", "gnubg"), default="sites")
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="renju: the search's time a move (default 1)"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def main(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    """Analyse ``args.file``; print the figures and errors, write ``--json``."""
    # The analysers load the engines' kernels: imported when this command runs, so that the
    # CLI's other commands (``gamehall serve`` among them) start without them.
    from gamehall.analysis.renju import analyse_renju
    from gamehall.analysis.tables import analyse_record

    source = read_source(Path(args.file))
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
    stdout.write(report(found))
    if args.json:
        Path(args.json).write_text(json.dumps(found.to_dict(), indent=1) + "\n")
    return 0


def report(analysis: TablesAnalysis | RenjuAnalysis) -> str:
    """The figures and the errors of an analysis, as printed."""
    if isinstance(analysis, RenjuAnalysis):
        return renju_summary(analysis) + renju_errors(analysis)
    return summary(analysis) + errors(analysis)


def summary(analysis: TablesAnalysis) -> str:
    """The players' figures side by side."""
    a, b = analysis.players
    unit = "MWC" if analysis.match_play else "points"

    def row(label: str, left: object, right: object) -> str:
        return f"{label:34}{left!s:>18}{right!s:>18}\n"

    lines = [row("", a.name, b.name)]
    lines.append("Checker play\n")
    lines.append(row("  Unforced moves", a.checker_decisions, b.checker_decisions))
    lines.append(row("  Error total EMG", f"{a.checker_error:.3f}", f"{b.checker_error:.3f}"))
    lines.append(
        row("  Error rate mEMG", f"{a.checker_error_rate:.1f}", f"{b.checker_error_rate:.1f}")
    )
    lines.append("Cube and resignations\n")
    lines.append(row("  Close or actual decisions", a.cube_decisions, b.cube_decisions))
    lines.append(row("  Error total EMG", f"{a.cube_error:.3f}", f"{b.cube_error:.3f}"))
    lines.append(row("  Error rate mEMG", f"{a.cube_error_rate:.1f}", f"{b.cube_error_rate:.1f}"))
    lines.append("Luck\n")
    lines.append(row("  Luck total EMG", f"{a.luck_total:+.3f}", f"{b.luck_total:+.3f}"))
    lines.append(row("  Luck rate mEMG (a roll)", f"{a.luck_rate:+.1f}", f"{b.luck_rate:+.1f}"))
    lines.append("Overall\n")
    for band in BANDS:
        lines.append(row(f"  {band.capitalize()}s", a.errors.get(band, 0), b.errors.get(band, 0)))
    lines.append(row("  Error rate mEMG", f"{a.error_rate:.1f}", f"{b.error_rate:.1f}"))
    lines.append(row("  PR", f"{a.pr:.1f}", f"{b.pr:.1f}"))
    lines.append(row("  Rating", a.rating, b.rating))
    lines.append(row(f"  Result ({unit})", f"{a.result:+.3f}", f"{b.result:+.3f}"))
    lines.append(
        row(
            f"  Luck-adjusted result ({unit})", f"{a.luck_adjusted:+.3f}", f"{b.luck_adjusted:+.3f}"
        )
    )
    return "".join(lines)


def errors(analysis: TablesAnalysis) -> str:
    """The decisions in a band, in the order played."""
    found = [d for d in analysis.decisions if d.band is not None]
    if not found:
        return "\nNo errors.\n"
    names = [player.name for player in analysis.players]
    return "\nErrors\n" + "".join(f"  {_error(d, names)}\n" for d in found)


def _error(decision: Decision, names: list[str]) -> str:
    where = f"game {decision.game}, move {decision.move}: {names[decision.player]}"
    loss = f"-{decision.loss:.3f} EMG, {decision.band}"
    if decision.kind == "checker":
        dice = "".join(str(d) for d in decision.dice or ())
        return f"{where} played {dice} {decision.played}; best {decision.best} ({loss})"
    return f"{where}: {decision.played}; right: {decision.best} ({loss})"


def renju_summary(analysis: RenjuAnalysis) -> str:
    """The renju players' figures side by side."""
    a, b = analysis.players

    def row(label: str, left: object, right: object) -> str:
        return f"{label:34}{left!s:>18}{right!s:>18}\n"

    def percent(value: float | None) -> str:
        return "-" if value is None else f"{value:.1f} %"

    return "".join(
        [
            row("", a.name, b.name),
            row("Moves judged", a.moves, b.moves),
            row("Blunders", a.blunders, b.blunders),
            row("  forced wins missed", a.forced_wins_missed, b.forced_wins_missed),
            row("  forced wins allowed", a.forced_wins_allowed, b.forced_wins_allowed),
            row("Mistakes", a.mistakes, b.mistakes),
            row("Inaccuracies", a.inaccuracies, b.inaccuracies),
            row("Accuracy", percent(a.accuracy), percent(b.accuracy)),
        ]
    )


def renju_errors(analysis: RenjuAnalysis) -> str:
    """The renju moves in a band, in the order played."""
    found = analysis.errors()
    if not found:
        return "\nNo errors.\n"
    names = [player.name for player in analysis.players]
    lines = []
    for d in found:
        why = ""
        if d.forced_win_missed:
            why = ", a forced win missed"
        elif d.allowed_forced_win:
            why = ", a forced win allowed"
        line = " ".join(d.winning_line or ())
        won = f" ({line})" if line else ""
        lines.append(
            f"  game {d.game}, move {d.move}: {names[d.player]} played {d.played}; best "
            f"{d.best} (-{100 * d.loss:.0f} % win chance, {d.band}{why}){won}\n"
        )
    return "\nErrors\n" + "".join(lines)
