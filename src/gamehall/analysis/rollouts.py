"""An analysed match's checker plays rolled out, as GNU Backgammon's analysis rolls out the
decisions it doubts: the plays that lost at least ``threshold`` (EMG, by the analysis's
network), or every unforced play with a threshold of 0.

For each such decision the choices the analysis kept (its best few and the one made) are rolled
out from their results with the same dice (``engines.neural.rollout_hints``' machinery), and
the rollout's verdict is given beside the network's: the best choice by the rollout and what
the play made lost to it, with the standard errors. The rollouts are cubeless (the cube's
state in the match is not played out); the analysis itself is left as it was.
"""

from dataclasses import dataclass
from typing import TextIO

import numpy as np

from gamehall.analysis.values import Decision, TablesAnalysis
from gamehall.engines.neural.board import from_sides
from gamehall.engines.neural.rollout import RolloutSettings
from gamehall.engines.neural.rollout_hints import spec_of
from gamehall.engines.neural.rollout_pool import rollout
from gamehall.errors import GameError
from gamehall.play.records import MatRecord, MatTurn
from gamehall.play.records.mat_replay import MatReplay, move_number, replay_record
from gamehall.tables.position import TablesPosition


@dataclass(frozen=True)
class RolledOutChoice:
    """One choice of a decision rolled out: the play and the mover's cubeless equity after
    it, with its standard error."""

    play: str
    equity: float
    error: float


@dataclass(frozen=True)
class RolledOutDecision:
    """A checker decision of the analysis (``decision``) with its choices rolled out, best
    first by the rollout."""

    decision: Decision
    choices: tuple[RolledOutChoice, ...]

    @property
    def best(self) -> RolledOutChoice:
        return self.choices[0]

    @property
    def played(self) -> RolledOutChoice:
        return next(c for c in self.choices if c.play == self.decision.played)

    @property
    def loss(self) -> float:
        """What the play made lost to the rollout's best (0 when it is the best)."""
        return self.best.equity - self.played.equity


def _positions(record: MatRecord) -> dict[tuple[int, int, int], TablesPosition]:
    """The position before each roll that was played, by (game, move line, player)."""
    found: dict[tuple[int, int, int], TablesPosition] = {}

    def watch(replay: MatReplay, number: int, index: int, turn: MatTurn) -> None:
        if turn.kind == "roll" and turn.play is not None:
            game = record.games[number - 1]
            line = move_number(game.turns, index)
            position = replay.games[-1].positions[-1]
            if isinstance(position, TablesPosition):
                found[(number, line, turn.player)] = position

    replay_record(record, watch)
    return found


def doubtful(analysis: TablesAnalysis, threshold: float) -> list[Decision]:
    """The unforced checker decisions that lost at least ``threshold`` (all of them at 0)."""
    if not threshold >= 0:
        raise GameError(f"a rollout threshold is an equity of 0 or more, not {threshold!r}")
    return [
        d
        for d in analysis.decisions
        if d.kind == "checker" and not d.forced and d.dice is not None and d.loss >= threshold
    ]


def roll_out_decisions(
    record: MatRecord,
    analysis: TablesAnalysis,
    settings: RolloutSettings,
    threshold: float,
    workers: int | None = None,
    progress: TextIO | None = None,
) -> tuple[RolledOutDecision, ...]:
    """The decisions of ``analysis`` (of ``record``) that lost at least ``threshold``, each
    with its choices rolled out with ``settings`` (cubeless)."""
    chosen = doubtful(analysis, threshold)
    if not chosen:
        return ()
    settings = RolloutSettings(
        trials=settings.trials,
        truncate=settings.truncate,
        variance_reduction=settings.variance_reduction,
        rotate=settings.rotate,
        seed=settings.seed,
    )
    positions = _positions(record)
    out = []
    for decision in chosen:
        position = positions[(decision.game, decision.move, decision.player)]
        assert decision.dice is not None
        plays = list(dict.fromkeys(choice.move for choice in decision.choices))
        boards = []
        for text in plays:
            result = position.find_play(text, decision.dice).result
            boards.append(from_sides(result.mover, result.opponent))
        results = rollout(spec_of(position), boards, settings, workers, progress, played=True)
        order = np.argsort([-r.equity for r in results], kind="stable")
        out.append(
            RolledOutDecision(
                decision,
                tuple(
                    RolledOutChoice(plays[i], results[i].equity, results[i].equity_error)
                    for i in order
                ),
            )
        )
    return tuple(out)
