"""Single checker moves and the standard notation of a play, written and read.

Points are in the mover's own numbering: 1..24, ``bar`` (25) and ``off`` (0). A play is written
as GNU Backgammon and XG write it: ``24/18 13/11``, a hit marked ``*`` (``13/7*``), one checker's
moves joined (``24/13``, or ``24/18*/13`` when it hits on the way), repeats as ``(2)``.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from operator import itemgetter
from typing import Any

from gamehall.errors import IllegalMoveError

BAR = 25
OFF = 0


def point_name(point: int) -> str:
    """A point as notation writes it: ``bar``, ``off`` or the number."""
    return "bar" if point == BAR else "off" if point == OFF else str(point)


def where(point: int) -> str:
    """A point as a sentence names it: ``on the bar``, ``on 13``."""
    return "on the bar" if point == BAR else f"on {point}"


@dataclass(frozen=True, slots=True)
class Move:
    """One checker moved by one die: from ``src`` to ``dst`` in the mover's numbering (25 the
    bar, 0 off), and whether it hit an opposing blot on ``dst``."""

    src: int
    dst: int
    die: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{point_name(self.src)}/{point_name(self.dst)}{'*' if self.hit else ''}"


_NAMES = tuple(point_name(p) for p in range(26))
_HIT_NAMES = tuple(name + "*" for name in _NAMES)


def format_play(moves: Sequence[Move]) -> str:
    """The standard notation of a play (empty for a play with no move)."""
    return format_steps([(m.src, m.dst, m.die, m.hit) for m in moves])


def format_steps(steps: Sequence[tuple[int, int, int, bool]]) -> str:
    """``format_play`` of single moves given as ``(src, dst, die, hit)`` tuples, the form the
    legal-play search keeps them in (it writes every play of every roll a player is offered,
    so it is kept lean, and the plays of one or two moves, most of them, are written
    directly)."""
    if len(steps) == 2:
        (src, dst, _, hit), (src2, dst2, _, hit2) = steps
        to = _HIT_NAMES[dst2] if hit2 else _NAMES[dst2]
        if src2 == dst:  # one checker moved on
            return f"{_NAMES[src]}/{_HIT_NAMES[dst]}/{to}" if hit else f"{_NAMES[src]}/{to}"
        first = f"{_NAMES[src]}/{_HIT_NAMES[dst] if hit else _NAMES[dst]}"
        second = f"{_NAMES[src2]}/{to}"
        if first == second:
            return f"{first}(2)"
        return f"{first} {second}" if (src, dst) >= (src2, dst2) else f"{second} {first}"
    if len(steps) == 1:
        src, dst, _, hit = steps[0]
        return f"{_NAMES[src]}/{_HIT_NAMES[dst] if hit else _NAMES[dst]}"
    # Each checker's chain: [where it started, where it is, whether it hit there, the points
    # it hit on the way, written]. A move goes on with a checker that arrived where it starts;
    # one that did not hit there first, so that a hit is never written as the hitter moving
    # on when another checker did.
    chains: list[list[Any]] = []
    for src, dst, _, hit in steps:
        chain = None
        if src != OFF:
            for known in chains:
                if known[1] == src:
                    if not known[2]:
                        chain = known
                        break
                    if chain is None:
                        chain = known
        if chain is None:
            chains.append([src, dst, hit, ""])
        else:
            if chain[2]:
                chain[3] += _HIT_NAMES[chain[1]] + "/"
            chain[1], chain[2] = dst, hit
    texts = [
        (-origin, -end, f"{_NAMES[origin]}/{passed}{_HIT_NAMES[end] if hit else _NAMES[end]}")
        for origin, end, hit, passed in chains
    ]
    if len(texts) > 1:
        texts.sort(key=itemgetter(0, 1))
    counts: dict[str, int] = {}
    for _, _, text in texts:
        counts[text] = counts.get(text, 0) + 1
    return " ".join(text if n == 1 else f"{text}({n})" for text, n in counts.items())


_POINT = r"(?:bar|b|off|o|\d{1,2})\*?"
_TOKEN = re.compile(rf"^({_POINT}(?:/{_POINT})+)(?:\((\d)\))?$")


def _read_point(text: str, token: str) -> tuple[int, bool]:
    hit = text.endswith("*")
    name = text.rstrip("*")
    if name in ("bar", "b"):
        return BAR, hit
    if name in ("off", "o"):
        return OFF, hit
    value = int(name)
    if not 0 <= value <= 25:
        raise IllegalMoveError(
            f"{token!r}: {value} is not a point (points are 1 to 24, bar, off)",
            reason="not-a-point",
            token=repr(token),
            value=value,
        )
    return value, hit


Segment = tuple[tuple[int, bool], ...]


def parse_play(text: str) -> list[Segment]:
    """Read a play written in the usual notation into checker paths.

    Each path is the points one checker passes through with a hit mark on each; ``(n)`` repeats
    a path. Order, ``24/18/13`` or ``24/18 18/13``, and ``*`` are the writer's choice.
    """
    cleaned = text.strip().lower().replace(",", " ")
    if cleaned in ("", "-", "pass"):
        return []
    segments: list[Segment] = []
    for token in cleaned.split():
        match = _TOKEN.match(token)
        if not match:
            raise IllegalMoveError(
                f"cannot read {token!r}: write a move as from/to, e.g. 24/18, 13/7*, bar/22, "
                "6/off or 8/5(2)",
                reason="unreadable-move",
                token=repr(token),
            )
        points = tuple(_read_point(p, token) for p in match.group(1).split("/"))
        for (a, _), (b, _) in pairwise(points):
            if a == OFF or b == BAR or b >= a:
                raise IllegalMoveError(
                    f"{token!r} goes the wrong way: checkers move from higher points to lower "
                    "(bar, 24 ... 1, off)",
                    reason="wrong-way",
                    token=repr(token),
                )
        repeat = int(match.group(2) or 1)
        if not 1 <= repeat <= 4:
            raise IllegalMoveError(
                f"{token!r}: a move repeats 1 to 4 times", reason="repeat-count", token=repr(token)
            )
        segments.extend([points] * repeat)
    return segments
