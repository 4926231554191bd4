"""Standings: points, then the chosen tie-breaks in order, then lots drawn from a recorded seed.

Players level on points are split by the first tie-break; those still level by the next; and
so on. Direct encounter is computed among the players still level when it is applied (so it
can separate a group that an earlier tie-break has narrowed). Whoever is still level after
the last tie-break is ordered by lot: the lots are a shuffle of the players' names by
``random.Random`` seeded with the tournament's ``lots_seed``, shown in each row, so anyone can
redraw them. Nothing depends on the order in which results arrived.
"""

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamehall.tournaments import tiebreaks as tb
from gamehall.tournaments.errors import TournamentError
from gamehall.tournaments.pairing import Pairing
from gamehall.tournaments.records import Record, build_records
from gamehall.tournaments.settings import TIEBREAKS


@dataclass(frozen=True)
class StandingRow:
    """One player's place: rank, points, tie-break values (``None``: did not apply), lot."""

    rank: int
    player: str
    points: float
    tiebreaks: dict[str, float | None] = field(default_factory=dict)
    lot: int = 0
    group: str | None = None
    qualified: bool = False
    annulled: bool = False
    """A withdrawn player whose results were annulled (ranked last, on no points)."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict that ``from_dict`` reads back."""
        return {
            "rank": self.rank,
            "player": self.player,
            "points": self.points,
            "tiebreaks": dict(self.tiebreaks),
            "lot": self.lot,
            "group": self.group,
            "qualified": self.qualified,
            "annulled": self.annulled,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "StandingRow":
        """A row from ``to_dict``'s form."""
        known = {"rank", "player", "points", "tiebreaks", "lot", "group", "qualified", "annulled"}
        if not isinstance(data, Mapping) or set(data) - known:
            raise TournamentError(f"a standings row has the fields {', '.join(sorted(known))}")
        values = dict(data)
        values["tiebreaks"] = dict(values.get("tiebreaks", {}))
        return cls(**values)


@dataclass(frozen=True)
class Standings:
    """The ranked rows, with the tie-breaks applied and the seed of the lots."""

    rows: tuple[StandingRow, ...]
    tiebreaks: tuple[str, ...] = ()
    lots_seed: int = 0

    @property
    def order(self) -> list[str]:
        """The players, first to last."""
        return [row.player for row in self.rows]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict that ``from_dict`` reads back."""
        return {
            "rows": [row.to_dict() for row in self.rows],
            "tiebreaks": list(self.tiebreaks),
            "lots_seed": self.lots_seed,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Standings":
        """Standings from ``to_dict``'s form."""
        if not isinstance(data, Mapping) or set(data) - {"rows", "tiebreaks", "lots_seed"}:
            raise TournamentError("standings have the fields rows, tiebreaks and lots_seed")
        return cls(
            tuple(StandingRow.from_dict(row) for row in data["rows"]),
            tuple(data.get("tiebreaks", ())),
            data.get("lots_seed", 0),
        )


def lots(players: Iterable[str], seed: int) -> dict[str, int]:
    """Each player's lot (1 first): a shuffle of the sorted names seeded with ``seed``."""
    drawn = sorted(players)
    random.Random(f"lots:{seed}").shuffle(drawn)
    return {player: number for number, player in enumerate(drawn, start=1)}


def compute_standings(
    players: Sequence[str],
    pairings: Iterable[Pairing],
    *,
    tiebreaks: Sequence[str],
    bye_points: float,
    lots_seed: int,
    virtual_opponents: bool,
    annulled: frozenset[str] = frozenset(),
    group: str | None = None,
) -> Standings:
    """Rank ``players`` on the results of ``pairings``.

    ``virtual_opponents``: a Swiss's rule for unplayed rounds (``gamehall.tournaments.
    tiebreaks``). ``annulled`` players' results are left out for everyone; they are listed last.
    """
    for name in tiebreaks:
        if name not in TIEBREAKS:
            raise TournamentError(f"tie-break {name!r} is not known: {', '.join(TIEBREAKS)}")
    counted = [p for p in players if p not in annulled]
    pairings = list(pairings)
    records = build_records(counted, pairings, bye_points, annulled)
    rounds = max((p.round for p in pairings if p.result is not None), default=0)
    values = {
        player: _fixed_values(records, player, tiebreaks, rounds, virtual_opponents)
        for player in counted
    }
    lot = lots(players, lots_seed)
    ordered = _rank(counted, records, tiebreaks, values, lot)
    rows = [
        StandingRow(rank, player, records[player].points, values[player], lot[player], group)
        for rank, player in enumerate(ordered, start=1)
    ]
    for extra, player in enumerate(sorted(annulled & set(players)), start=len(rows) + 1):
        rows.append(
            StandingRow(
                extra, player, 0.0, dict.fromkeys(tiebreaks), lot[player], group, annulled=True
            )
        )
    return Standings(tuple(rows), tuple(tiebreaks), lots_seed)


def _fixed_values(
    records: dict[str, Record],
    player: str,
    names: Sequence[str],
    rounds: int,
    virtual: bool,
) -> dict[str, float | None]:
    """The tie-breaks that do not depend on who else is tied (direct encounter is filled in
    while ranking)."""
    record = records[player]
    opponents = tb.contributions(records, player, rounds, virtual)
    out: dict[str, float | None] = {}
    for name in names:
        if name == "buchholz":
            out[name] = tb.buchholz(opponents)
        elif name == "median-buchholz":
            out[name] = tb.median_buchholz(opponents)
        elif name == "sonneborn-berger":
            out[name] = tb.sonneborn_berger(opponents)
        elif name == "wins":
            out[name] = tb.wins(record)
        elif name == "points-difference":
            out[name] = tb.points_difference(record)
        else:
            out[name] = None
    return out


def _rank(
    players: list[str],
    records: dict[str, Record],
    names: Sequence[str],
    values: dict[str, dict[str, float | None]],
    lot: dict[str, int],
) -> list[str]:
    ordered: list[str] = []
    by_points: dict[float, list[str]] = {}
    for player in players:
        by_points.setdefault(records[player].points, []).append(player)
    for points in sorted(by_points, reverse=True):
        ordered += _split(by_points[points], records, list(names), values, lot)
    return ordered


def _split(
    tied: list[str],
    records: dict[str, Record],
    names: list[str],
    values: dict[str, dict[str, float | None]],
    lot: dict[str, int],
) -> list[str]:
    """Order ``tied`` by the tie-breaks ``names`` in turn, then by lot."""
    if len(tied) == 1 or not names:
        return sorted(tied, key=lot.__getitem__)
    name, rest = names[0], names[1:]
    if name == "direct-encounter":
        scored = tb.direct_encounter(records, tied)
        for player in tied:
            values[player][name] = None if scored is None else scored[player]
    buckets: dict[float, list[str]] = {}
    for player in tied:
        value = values[player][name]
        buckets.setdefault(0.0 if value is None else value, []).append(player)
    ordered: list[str] = []
    for value in sorted(buckets, reverse=True):
        ordered += _split(buckets[value], records, rest, values, lot)
    return ordered
