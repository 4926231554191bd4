"""``gamehall train backgammon|nardy``: TD(lambda) self-play training in segments, from nothing
(weights drawn from the seed) or from given weights, a checkpoint after each segment, and
``--resume`` going on from a checkpoint exactly as the run would have gone on uninterrupted.

A new run resolves every setting (the defaults written out) into its record
(``lineage.TrainingRecord``), whose ``command`` trains the same weights again from the start; a
resumed run takes its settings from its checkpoint and only ``--games`` (a larger total) and
``--out`` from the command line. Everything the command says comes from the words catalog
(``train.*``, its refusals ``refusal.train-*``).

This module imports numpy and numba only when a run starts, so that the rest of the command line
starts fast.
"""

import argparse
import math
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from gamehall.errors import GameError
from gamehall.words.catalog import Words

if TYPE_CHECKING:
    from gamehall.engines.neural.lineage import TrainedGame, TrainingRecord
    from gamehall.engines.neural.network import Evaluator

Say = Callable[..., str]
DEFAULTS: dict[str, int | float] = {
    "segment": 5000,
    "seed": 1,
    "bench_pairs": 100,
    "alpha": 0.02,
    "lam": 0.7,
    "halflife": 50_000,
    "hidden": 80,
    "race_hidden": 40,
}
"""A new run's settings when not given (the learning ones are ``training.Settings``'s)."""
SETTINGS = ("segment", "seed", "bench_pairs", "alpha", "lam", "halflife", "hidden", "race_hidden")
"""The options a resumed run takes from its checkpoint, not from the command line."""
AT_LEAST = {
    "games": 1,
    "segment": 1,
    "seed": 0,
    "bench_pairs": 0,
    "halflife": 1,
    "hidden": 1,
    "race_hidden": 1,
}
"""The least value of each whole-number option."""


def add_parser(sub: Any, say: Say) -> None:
    """The ``train`` subcommand, its help in ``say``'s language."""
    train = sub.add_parser(
        "train", help=say("cli.train.help"), description=say("cli.train.description")
    )
    train.add_argument("game", choices=["backgammon", "nardy"], help=say("cli.train.game"))
    train.add_argument("--games", type=int, metavar="N", help=say("cli.train.games"))
    train.add_argument("--out", metavar="FILE", help=say("cli.train.out"))
    train.add_argument("--resume", metavar="CHECKPOINT", help=say("cli.train.resume"))
    train.add_argument("--start", metavar="WEIGHTS", help=say("cli.train.start"))
    options: tuple[tuple[str, type[int] | type[float], str], ...] = (
        ("segment", int, "K"),
        ("seed", int, "S"),
        ("bench-pairs", int, "P"),
        ("alpha", float, "A"),
        ("lam", float, "L"),
        ("halflife", int, "G"),
        ("hidden", int, "H"),
        ("race-hidden", int, "H"),
    )
    for name, kind, metavar in options:
        default = DEFAULTS[name.replace("-", "_")]
        train.add_argument(
            f"--{name}", type=kind, metavar=metavar, help=say(f"cli.train.{name}", default=default)
        )


def main(args: argparse.Namespace, stdout: TextIO, stderr: TextIO, words: Words) -> int:
    """Run ``gamehall train``; returns the exit status. Its refusals are said in ``words``'s
    language."""
    try:
        return _train(args, stdout, stderr, words)
    except GameError as error:
        if error.reason is not None and error.reason.startswith("train-"):
            raise GameError(words.refusal(error)) from error
        raise


def _train(args: argparse.Namespace, stdout: TextIO, stderr: TextIO, words: Words) -> int:
    from tqdm import tqdm

    from gamehall.engines.neural.checkpoint import code_state
    from gamehall.engines.neural.segments import train_segments
    from gamehall.engines.neural.strength_check import strength_measure

    _check_numbers(args)
    evaluator, record, dice = _resumed(args) if args.resume else _new(args)
    settings = record.settings
    bar = tqdm(
        total=settings.games,
        initial=record.games,
        unit=words.say("train.bar.unit"),
        file=stderr,
        smoothing=0.05,
        dynamic_ncols=True,
        disable=None,
    )
    last = record

    def progress(written: "TrainingRecord | None") -> None:
        nonlocal last
        if written is None:
            bar.update(1)
            return
        last = written
        bar.write(_segment_line(written, words), file=stderr)

    measure = strength_measure(settings.game, settings.bench_pairs)
    try:
        with bar:
            record = train_segments(evaluator, record, dice, code_state(), measure, progress)
    except KeyboardInterrupt:
        stopped = words.say_count("train.stopped", last.games, checkpoint=settings.out)
        stderr.write(stopped + "\n")
        return 130
    stdout.write(words.say_count("train.done", record.games, checkpoint=settings.out) + "\n")
    stdout.write(words.say("train.again", command=record.command) + "\n")
    return 0


def _check_numbers(args: argparse.Namespace) -> None:
    """Refuse a number option out of its range, naming it."""
    for name, least in AT_LEAST.items():
        value = getattr(args, name)
        if value is not None and value < least:
            flag = "--" + name.replace("_", "-")
            raise GameError(
                f"{flag} must be at least {least}", reason="train-at-least", flag=flag, least=least
            )
    if args.lam is not None and not 0.0 <= args.lam <= 1.0:
        raise GameError("--lam must be between 0 and 1", reason="train-lambda")
    if args.alpha is not None and not (math.isfinite(args.alpha) and args.alpha > 0):
        raise GameError("--alpha must be a number above 0", reason="train-alpha")


def _new(args: argparse.Namespace) -> "tuple[Evaluator, TrainingRecord, Any]":
    """The weights, record and dice generator of a new run."""
    from gamehall.engines.neural.checkpoint import (
        EVALUATORS,
        code_state,
        dice_generator,
        load_weights,
        sha256_of,
    )
    from gamehall.engines.neural.lineage import RunSettings, StartWeights, TrainingRecord
    from gamehall.engines.neural.training import Settings

    for flag in ("games", "out"):
        if getattr(args, flag) is None:
            raise GameError(
                f"a new run needs --{flag} (or --resume CHECKPOINT to go on with one)",
                reason="train-needs",
                flag=f"--{flag}",
            )
    out = Path(args.out)
    if out.exists():
        raise GameError(
            f"{out} exists already: go on with the run in it with --resume {out}, or give "
            "another --out",
            reason="train-out-exists",
            path=str(out),
        )
    game: TrainedGame = "nardy" if args.game == "nardy" else "backgammon"
    kind = EVALUATORS[game]
    given = {name: getattr(args, name) for name in SETTINGS}
    value = {name: DEFAULTS[name] if v is None else v for name, v in given.items()}
    start = None
    if args.start is None:
        evaluator = kind.fresh(int(value["seed"]), int(value["hidden"]), int(value["race_hidden"]))
    else:
        path = Path(args.start)
        evaluator, _ = load_weights(path, kind)
        start = StartWeights(args.start, sha256_of(path))
        for name, net in (("hidden", evaluator.contact), ("race_hidden", evaluator.race)):
            if given[name] is not None and given[name] != net.hidden:
                flag = "--" + name.replace("_", "-")
                raise GameError(
                    f"{flag} {given[name]}: the weights in {path} have {net.hidden} hidden units",
                    reason="train-hidden",
                    flag=flag,
                    given=int(given[name]),
                    path=str(path),
                    count=net.hidden,
                )
            value[name] = net.hidden
    learning = Settings(
        lam=float(value["lam"]),
        alpha=float(value["alpha"]),
        alpha_halflife=int(value["halflife"]),
        contact_hidden=int(value["hidden"]),
        race_hidden=int(value["race_hidden"]),
    )
    settings = RunSettings(
        game=game,
        games=args.games,
        segment=int(value["segment"]),
        seed=int(value["seed"]),
        out=args.out,
        bench_pairs=int(value["bench_pairs"]),
        learning=learning,
        start=start,
    )
    return evaluator, TrainingRecord(settings, code_state()), dice_generator(settings.seed)


def _resumed(args: argparse.Namespace) -> "tuple[Evaluator, TrainingRecord, Any]":
    """The weights, record and dice generator of a run resumed from its checkpoint."""
    from gamehall.engines.neural.checkpoint import load_checkpoint

    if args.start is not None:
        raise GameError(
            "--start and --resume do not go together: a resumed run goes on from its own weights",
            reason="train-start-and-resume",
        )
    for name in SETTINGS:
        if getattr(args, name) is not None:
            flag = "--" + name.replace("_", "-")
            raise GameError(
                f"--resume goes on with the settings the run began with: leave out {flag}",
                reason="train-resume-setting",
                flag=flag,
            )
    path = Path(args.resume)
    evaluator, record, generators = load_checkpoint(path)
    game = record.settings.game
    if game != args.game:
        raise GameError(
            f"{path} holds {game} networks: resume it with 'gamehall train {game}'",
            reason="train-other-game",
            path=str(path),
            name=game,
        )
    games = record.settings.games if args.games is None else args.games
    if games <= record.games:
        raise GameError(
            f"the run in {path} has played {record.games} games already: give a larger --games "
            "to go on",
            reason="train-done",
            path=str(path),
            count=record.games,
        )
    out = args.resume if args.out is None else args.out
    record = replace(record, settings=replace(record.settings, games=games, out=out))
    return evaluator, record, generators.dice.generator()


def _segment_line(record: "TrainingRecord", words: Words) -> str:
    """What the command says after a segment's checkpoint."""
    segment = record.segments[-1]
    seconds = round(segment.seconds)
    strength = segment.strength
    if strength is None:
        return words.say_count("train.segment", record.games, seconds=seconds)
    se = "?" if strength.se is None else f"{strength.se:.3f}"
    return words.say_count(
        "train.segment.strength",
        record.games,
        seconds=seconds,
        opponent=strength.opponent,
        ppg=f"{strength.ppg:+.3f}",
        se=se,
    )
