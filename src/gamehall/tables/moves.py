"""Single checker moves and the standard notation of a play, written and read.

Points are in the mover's own numbering: 1..24, ``bar`` (25) and ``off`` (0). A play is written
as GNU Backgammon and XG write it: ``24/18 13/11``, a hit marked ``*`` (``13/7*``), one checker's
moves joined (``24/13``, or ``24/18*/13`` when it hits on the way), repeats as ``(2)``.
"""

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

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


def format_play(moves: Sequence[Move]) -> str:
    """The standard notation of a play (empty for a play with no move)."""
    chains: list[list[tuple[int, bool]]] = []
    for move in moves:
        # Go on with a checker that arrived where this move starts; one that hit there first,
        # so that a hit is never written as the hitter moving on when another checker did.
        ends = [chain for chain in chains if chain[-1][0] == move.src != OFF]
        chain = next((c for c in ends if not c[-1][1]), ends[0] if ends else None)
        if chain is None:
            chains.append([(move.src, False), (move.dst, move.hit)])
        else:
            chain.append((move.dst, move.hit))
    texts: list[tuple[int, int, str]] = []
    for chain in chains:
        shown = [chain[0]] + [p for p in chain[1:-1] if p[1]] + [chain[-1]]
        text = "/".join(point_name(p) + ("*" if hit else "") for p, hit in shown)
        texts.append((chain[0][0], chain[-1][0], text))
    texts.sort(key=lambda t: (-t[0], -t[1]))
    counts = Counter(t[2] for t in texts)
    out: list[str] = []
    for _, _, text in texts:
        n = counts.pop(text, 0)
        if n:
            out.append(text if n == 1 else f"{text}({n})")
    return " ".join(out)


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
        raise IllegalMoveError(f"{token!r}: {value} is not a point (points are 1 to 24, bar, off)")
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
                "6/off or 8/5(2)"
            )
        points = tuple(_read_point(p, token) for p in match.group(1).split("/"))
        for (a, _), (b, _) in pairwise(points):
            if a == OFF or b == BAR or b >= a:
                raise IllegalMoveError(
                    f"{token!r} goes the wrong way: checkers move from higher points to lower "
                    "(bar, 24 ... 1, off)"
                )
        repeat = int(match.group(2) or 1)
        if not 1 <= repeat <= 4:
            raise IllegalMoveError(f"{token!r}: a move repeats 1 to 4 times")
        segments.extend([points] * repeat)
    return segments
