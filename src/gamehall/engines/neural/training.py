"""TD(lambda) self-play training of an evaluator, from nothing but the rules and the dice.

One machinery for every game: what differs (the self-play kernel, the inputs, which network
sees which position, the exact result of a finished game, how the outputs look from the other
side) comes from the evaluator (``network.Evaluator`` with the game's description, ``games``).

Each game is played by the current networks against themselves, greedily at 0-ply (the dice
explore). When it ends, every position's target is its lambda-return, computed backwards from
the exact result: ``G_t = flip((1 - lambda) V_{t+1} + lambda G_{t+1})`` (``flip`` turns the
next position's probabilities, seen by the other side, into the mover's), the offline form of
TD(lambda). Each network then takes one gradient step on its positions (cross-entropy on the
sigmoid outputs), summed over the game as sequential updates would be. The learning rate
falls as ``alpha / sqrt(1 + games / alpha_halflife)``. A game that has not ended after
``MAX_TURNS`` turns (young networks can hit each other back and forth for ever) is cut there,
and its last position's target is the networks' own value of it, as a lambda-return cut short
takes it, so that a run neither stops nor loops.

Every game's dice come from its own seed, with which the compiled self-play kernel seeds
numba's generator (``np.random.seed`` inside the kernel): a run (``segments``) draws the seeds
from a generator whose state its checkpoints keep, so that it is reproducible and resumable.
"""

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from gamehall.engines.neural.board import Boards
from gamehall.engines.neural.games.backgammon import flip
from gamehall.engines.neural.games.description import Floats, Probabilities
from gamehall.engines.neural.network import Evaluator, Net


@dataclass(frozen=True)
class Settings:
    """How a run learns; kept in the training record."""

    lam: float = 0.7
    alpha: float = 0.02
    alpha_halflife: int = 50_000
    contact_hidden: int = 80
    race_hidden: int = 40

    def rate(self, games: int) -> float:
        return self.alpha / math.sqrt(1.0 + games / self.alpha_halflife)


MAX_TURNS = 4000
"""The turns after which a self-play game is cut (untrained networks play long games, a few
for ever)."""


def game_seed(seed: int, game: int) -> int:
    """The dice seed of game number ``game`` of a run."""
    return (seed * 1_000_003 + game) % 2**32


def self_play(evaluator: Evaluator, seed: int, game: int) -> Boards:
    """The boards of game number ``game`` of greedy 0-ply self-play from ``seed``."""
    return played(evaluator, game_seed(seed, game))


def played(evaluator: Evaluator, dice: int) -> Boards:
    """The boards of one greedy 0-ply self-play game with its dice from the seed ``dice``, each
    with its side on roll first: the last one finished (its side on roll has lost), unless the
    game was cut after ``MAX_TURNS`` turns."""
    boards = np.zeros((MAX_TURNS, 2, 26), np.int8)
    return boards[: evaluator.self_play(dice, boards)]


def lambda_targets(
    values: Probabilities,
    final: Probabilities,
    lam: float,
    flip: Callable[[Probabilities], Probabilities] = flip,
) -> Probabilities:
    """The lambda-return of each of a game's positions ``s_0 .. s_{T-1}``, from the networks'
    ``values`` of them and the exact result ``final`` (shape (1, outputs)) of ``s_T``, each
    seen by its own side on roll; ``flip`` turns outputs to the other side's view (backgammon's
    five by default)."""
    count = values.shape[0]
    targets = np.empty(values.shape)
    following = final[0]
    for t in range(count - 1, -1, -1):
        nxt = final[0] if t + 1 == count else values[t + 1]
        targets[t] = flip(((1.0 - lam) * nxt + lam * following)[None])[0]
        following = targets[t]
    return targets


def step(net: Net, inputs: Floats, targets: Probabilities, rate: float) -> None:
    """One summed gradient step of cross-entropy towards ``targets``."""
    hidden = net.hidden_of(inputs)
    with np.errstate(over="ignore"):  # exp(-x) overflows for a sure output: 1 / inf is 0
        out = 1.0 / (1.0 + np.exp(-(hidden @ net.w2 + net.b2)))
    d_out = (out - targets).astype(np.float32)
    d_hidden = (d_out @ net.w2.T) * hidden * (1.0 - hidden)
    net.w2 -= rate * (hidden.T @ d_out)
    net.b2 -= rate * d_out.sum(axis=0)
    net.w1 -= rate * (inputs.T @ d_hidden)
    net.b1 -= rate * d_hidden.sum(axis=0)


def learn(evaluator: Evaluator, boards: Boards, settings: Settings, rate: float) -> None:
    """Update the networks from one game's boards: towards its exact result when it finished,
    else towards the networks' value of its last position."""
    live = boards[:-1]
    values = evaluator.probabilities(live)
    finished = boards[-1, 1, 0] == 15
    last = boards[-1:]
    final = evaluator.final(last) if finished else evaluator.probabilities(last)
    targets = lambda_targets(values, final, settings.lam, evaluator.flip)
    for net, inputs, rows in evaluator.batches(live):
        if rows.any():
            step(net, inputs[rows], targets[rows], rate)


def greedy_chooser(evaluator: Evaluator) -> Callable[[Boards, tuple[int, int], Boards], int]:
    """The 0-ply player of an evaluator (its weights as they stand at each call), for
    matches."""
    return evaluator.chooser()
