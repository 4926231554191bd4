"""``gamehall analyse FILE``: a match analysed, its players' figures printed as a table (as GNU
Backgammon's *show statistics match* does) and its errors listed; ``--json OUT`` writes the
whole analysis (``TablesAnalysis.to_dict``)."""

import argparse
import json
from pathlib import Path
from typing import TextIO

from tqdm import tqdm

from gamehall.analysis.files import SUFFIXES, read_source
from gamehall.analysis.tables import analyse_record
from gamehall.analysis.values import BANDS, AnalysisError, Decision, TablesAnalysis, Thresholds
from gamehall.play.renju_match import RenjuMatch

EPILOG = """\
The file: a .mat match (backgammon, Georgian), or a match saved by `gamehall play --save` as
.json. Every checker play and cube decision is judged by the backgammon network (cubeful, in a
match by match winning chances), every roll's luck measured, and each player given GNU
Backgammon's figures: error rates in mEMG (thousandths of an equity, normalised to the cube)
per decision, checker play and cube apart, the errors by band, luck, and a rating word.
--plies 1 or 2 searches the plays deeper (slower). --thresholds gnubg uses GNU Backgammon's
bands (0.04, 0.08, 0.16) instead of 0.02, 0.04, 0.08."""


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
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def main(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    """Analyse ``args.file``; print the figures and errors, write ``--json``."""
    source = read_source(Path(args.file))
    if isinstance(source, RenjuMatch):
        raise AnalysisError(f"{args.file}: renju analysis is not in the command line yet")
    thresholds = Thresholds.gnubg() if args.thresholds == "gnubg" else Thresholds()
    turns = sum(len(game.turns) for game in source.games)
    with tqdm(total=turns, unit="turn", file=stderr, disable=args.quiet, leave=False) as bar:

        def step(done: int, total: int) -> None:
            bar.update(done - bar.n)

        analysis = analyse_record(source, plies=args.plies, thresholds=thresholds, progress=step)
    stdout.write(summary(analysis))
    stdout.write(errors(analysis))
    if args.json:
        Path(args.json).write_text(json.dumps(analysis.to_dict(), indent=1) + "\n")
    return 0


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
    lines.append("Cube\n")
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
