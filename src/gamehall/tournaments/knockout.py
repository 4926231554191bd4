"""Knockout brackets: seeding, byes and who goes through.

A bracket has a power of two of places. With standard seeding, seed 1 and seed 2 can meet
only in the final, seeds 1 to 4 only in the semi-finals, and so on: the places read 1-8, 4-5,
2-7, 3-6 for eight. The places beyond the field are byes, so the byes go to the top seeds. A
draw by lot shuffles the field with a recorded seed and then places it the same way (the
byes go to those drawn first). The winners of boards 1 and 2 meet on board 1 of the next
round, those of boards 3 and 4 on board 2, and so on: ``ceil(log2(n))`` rounds in all.
"""

import random

from gamehall.tournaments.errors import TournamentError


def bracket_size(players: int) -> int:
    """The smallest power of two that holds ``players``."""
    size = 1
    while size < players:
        size *= 2
    return size


def seed_order(size: int) -> list[int]:
    """The seeds (1-based) in bracket order for a bracket of ``size`` places."""
    order = [1]
    while len(order) < size:
        top = 2 * len(order) + 1
        order = [seed for first in order for seed in (first, top - first)]
    return order


def draw_by_lot(players: list[str], seed: int) -> list[str]:
    """``players`` in an order drawn by lot from ``seed`` (the same seed, the same draw)."""
    drawn = sorted(players)
    random.Random(f"knockout-draw:{seed}").shuffle(drawn)
    return drawn


def first_round(seeded: list[str]) -> list[tuple[str, str | None]]:
    """Round 1 of a bracket for ``seeded`` (best first): (higher seed, lower seed or ``None``
    for a bye) on each board."""
    if len(seeded) < 2:
        raise TournamentError("a knockout needs 2 players or more")
    size = bracket_size(len(seeded))
    order = seed_order(size)
    boards: list[tuple[str, str | None]] = []
    for place in range(0, size, 2):
        high, low = order[place], order[place + 1]
        boards.append((seeded[high - 1], seeded[low - 1] if low <= len(seeded) else None))
    return boards


def next_round(winners: list[str]) -> list[tuple[str, str]]:
    """The next round from the winners of the boards, in board order."""
    if len(winners) % 2:
        raise TournamentError("a knockout round needs an even number of winners")
    return [(winners[k], winners[k + 1]) for k in range(0, len(winners), 2)]
