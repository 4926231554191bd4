"""``gamehall train backgammon|nardy``: TD(lambda) self-play training with a progress bar,
periodic checkpoints, resumable, reproducible from its seed.

``--out FILE`` receives the weights (``.npz``, the training record inside) and ``FILE.json``
the record: the seed, the settings, games played, wall time and the benchmark at each
checkpoint. ``--resume FILE`` goes on from a checkpoint (its seed and settings). The benchmark is
``--bench-pairs`` pairs of duplicate games: for backgammon, cubeless against GNU Backgammon's
0-ply player when ``gnubg_nn`` (a test extra) is installed (without it the checkpoints record
no figure); for long nardy, against the ``beginner`` level (nothing stronger exists to measure
against).

This module imports numpy and numba only when a run starts, so that the rest of the command line
starts fast.
"""

import argparse
import shlex
from collections.abc import Callable
from typing import Any, TextIO

from gamehall.errors import GameError


def add_parser(sub: Any, say: Callable[..., str]) -> None:
    """The ``train`` subcommand, its help in ``say``'s language."""
    train = sub.add_parser(
        "train", help=say("cli.train.help"), description=say("cli.train.description")
    )
    train.add_argument("game", choices=["backgammon", "nardy"], help=say("cli.train.game"))
    train.add_argument("--games", type=int, required=True, help=say("cli.train.games"))
    train.add_argument("--out", required=True, metavar="FILE", help=say("cli.train.out"))
    train.add_argument("--resume", metavar="FILE", help=say("cli.train.resume"))
    train.add_argument("--seed", type=int, default=1, help=say("cli.train.seed"))
    train.add_argument("--every", type=int, default=5000, help=say("cli.train.every"))
    train.add_argument("--bench-pairs", type=int, default=100, help=say("cli.train.bench-pairs"))
    train.add_argument("--alpha", type=float, help=say("cli.train.alpha"))
    train.add_argument("--lam", type=float, help=say("cli.train.lam"))
    train.add_argument("--hidden", type=int, help=say("cli.train.hidden"))


def main(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    """Run ``gamehall train``; returns the exit status."""
    from dataclasses import replace
    from pathlib import Path

    from tqdm import tqdm

    from gamehall.engines.neural.network import Evaluator, NardyEvaluator
    from gamehall.engines.neural.training import Record, Settings, train

    kind = NardyEvaluator if args.game == "nardy" else Evaluator
    for name in ("games", "every", "bench_pairs"):
        if getattr(args, name) < (0 if name == "bench_pairs" else 1):
            raise GameError(f"--{name.replace('_', '-')} must be a positive number")
    out = Path(args.out)
    if args.resume:
        record = Record.from_json(kind.meta(args.resume))
        if record.game != args.game:
            raise GameError(
                f"{args.resume} holds {record.game} networks: resume it with "
                f"'gamehall train {record.game}'"
            )
        evaluator, _ = kind.load(args.resume)
    else:
        settings = Settings()
        if args.alpha is not None:
            settings = replace(settings, alpha=args.alpha)
        if args.lam is not None:
            settings = replace(settings, lam=args.lam)
        if args.hidden is not None:
            settings = replace(settings, contact_hidden=args.hidden)
        record = Record(seed=args.seed, settings=settings, game=args.game)
        evaluator = kind.fresh(args.seed, settings.contact_hidden, settings.race_hidden)
    words = ["gamehall", "train", args.game, "--games", str(args.games), "--out", args.out]
    words += ["--every", str(args.every), "--bench-pairs", str(args.bench_pairs)]
    for flag in ("alpha", "lam", "hidden"):
        if getattr(args, flag) is not None and not args.resume:
            words += [f"--{flag}", str(getattr(args, flag))]
    words += ["--resume", args.resume] if args.resume else ["--seed", str(args.seed)]
    # A resumed run's record keeps every command that trained it, in order.
    record.command = "; then ".join(filter(None, [record.command, shlex.join(words)]))
    if args.game == "nardy":
        benchmark = _nardy_benchmark(args.bench_pairs)
    else:
        benchmark = _benchmark(args.bench_pairs)
    bar = tqdm(
        total=record.games + args.games,
        initial=record.games,
        unit="game",
        file=stderr,
        smoothing=0.05,
        dynamic_ncols=True,
    )

    def progress(games: int, last: dict[str, Any] | None) -> None:
        bar.update(games - bar.n)
        if last is not None and games == last["games"] and "benchmark" in last:
            figure = last["benchmark"]
            name = "beginner" if args.game == "nardy" else "gnubg"
            bar.set_postfix_str(f"vs {name} {figure['ppg']:+.3f}±{figure['se']:.3f} at {games}")

    with bar:
        train(evaluator, record, args.games, out, args.every, benchmark, progress)
    stdout.write(f"{record.games} games trained; checkpoint {out}\n")
    return 0


def _benchmark(pairs: int) -> Any:
    """The checkpoint benchmark: duplicate games against gnubg 0-ply, or none."""
    from gamehall.engines.neural.network import Evaluator

    try:
        import gnubg_nn  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        return lambda evaluator: None
    from gamehall.engines.neural.training import greedy_chooser
    from gamehall.engines.neural.versus import duplicate_match, gnubg_chooser

    def run(evaluator: Evaluator) -> dict[str, object] | None:
        if not pairs:
            return None
        summary = duplicate_match(greedy_chooser(evaluator), gnubg_chooser(), pairs, seed=7)
        return {"opponent": "gnubg 0-ply", **summary.to_dict()}

    return run


def _nardy_benchmark(pairs: int) -> Any:
    """The long nardy checkpoint benchmark: duplicate games against the beginner level."""
    from gamehall.engines.neural.network import Evaluator
    from gamehall.engines.neural.versus import NARDY, beginner_chooser, duplicate_match

    def run(evaluator: Evaluator) -> dict[str, object] | None:
        if not pairs:
            return None
        opponent = beginner_chooser(seed=7)
        summary = duplicate_match(evaluator.chooser(), opponent, pairs, seed=7, game=NARDY)
        return {"opponent": "beginner", **summary.to_dict()}

    return run
