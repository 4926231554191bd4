"""Swiss pairing as a maximum-weight matching (networkx) over weights that encode the rules.

Every pair of players who may meet is an edge whose weight is a large constant less a cost;
a maximum-cardinality, maximum-weight matching is then the pairing of least total cost. The
costs, from the most to the least important (each scale outweighs everything below it):

* ``repeat``: the two have met before. In the first attempts such edges are left out; only the
  last attempt (the whole field) keeps them at a cost above all others together, so a pair
  meets again only when no pairing of the whole field avoids it. The cost grows with how often
  they met: one third meeting costs more than any number of second meetings, and so on.
* ``second bye``: the bye goes to a player who has had one. Likewise left out, then priced
  above everything but a repeat, and more for each bye he has had (a third bye only when a
  second will not do).
* ``absolute colour`` (renju only): both players have an absolute preference for the same
  colour (a colour difference of 2, or the same colour twice in a row), so one of them would
  get a third game of that colour in a row or a difference of 3: FIDE's absolute colour
  criteria, which come before keeping score groups together.
* ``score``: ``(difference in half points)**2``, so pairs stay in their score group and a
  player who must float goes to the nearest group.
* ``mild colour`` (renju only): both players are due the same colour, one of them mildly.
* ``halves``: in a score group of m players ranked 0..m-1, ``abs(abs(i - j) - m // 2)``: the
  top half meets the bottom half, as the Dutch system pairs.

The bye (odd fields) is a node of its own, joined to each player at the cost of his score
(the lowest score group gets it) and of how many are ranked below him.

A graph of the whole field has n(n-1)/2 edges, 50 million for 10,000 players: too many. So the
ranking (score, then pairing number) is cut into blocks of about ``block`` players, a block
ending at a score group's boundary when the group's rest is small; each block is matched on its
own, and whoever it cannot pair (an odd player, or one whose possible opponents are all old
ones) is carried into the next block. An attempt fails when the last block leaves a player
unpaired; the blocks are then widened four times, and at the last the whole field is one graph
with repeats allowed at their cost. So the property "no repeat while a non-repeating pairing
exists" holds: a repeat is only ever paired by the whole-field graph.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby

import networkx as nx

from gamehall.tournaments.errors import TournamentError

BLOCK = 20
"""Players per block in the first attempt: a block's matching takes a few milliseconds."""

BYE = "\0bye"
"""The bye's node in the graph (no player's name starts with a NUL)."""


@dataclass(frozen=True)
class SwissPlayer:
    """A player as the pairing sees him before a round."""

    name: str
    score: float
    number: int
    """The pairing number (entry or rating order, 1 the strongest): orders a score group."""
    opponents: tuple[str, ...] = ()
    """His opponents so far (by forfeit too), once per meeting: a pair that met twice is here
    twice."""
    byes: int = 0
    """How many byes he has had."""
    colours: str = ""
    """The colours of his played games in order, ``B`` (first player) and ``W``."""

    @property
    def had_bye(self) -> bool:
        """Whether he has had a bye."""
        return self.byes > 0

    def met(self, other: str) -> int:
        """How often he has met ``other``."""
        return self.opponents.count(other)

    @property
    def half_points(self) -> int:
        """The score in half points."""
        return round(self.score * 2)

    def colour_due(self) -> tuple[int, int]:
        """(direction, strength): direction +1 wants ``B``, -1 wants ``W``, 0 neither;
        strength 2 for an absolute preference, 1 for a mild one, 0 for none."""
        difference = self.colours.count("B") - self.colours.count("W")
        last_two = self.colours[-2:]
        if difference >= 2 or last_two == "BB":
            return (-1, 2)
        if difference <= -2 or last_two == "WW":
            return (1, 2)
        if difference:
            return (-1 if difference > 0 else 1, 1)
        if self.colours:
            return (-1 if self.colours[-1] == "B" else 1, 1)
        return (0, 0)


Pair = tuple[str, str | None]


def pair_round(
    players: Sequence[SwissPlayer], *, colour_balance: bool = False, block: int = BLOCK
) -> list[Pair]:
    """Pair a round: (first, second) per board, best boards first, a bye as (player, None).

    ``first`` is the player due ``B`` (Black in renju, player 0 of the match). Raises
    ``TournamentError`` for fewer than two players or a name given twice.
    """
    if len(players) < 2:
        raise TournamentError("a Swiss round needs 2 players or more")
    if len({p.name for p in players}) != len(players):
        raise TournamentError("every player may be paired once a round")
    ranking = sorted(players, key=lambda p: (-p.score, p.number, p.name))
    costs = _Costs(ranking, colour_balance)
    size = max(2, block)
    while size < len(ranking):
        matched = _by_blocks(ranking, costs, size)
        if matched is not None:
            return _boards(matched, ranking)
        size *= 4
    return _boards(_whole_field(ranking, costs), ranking)


class _Costs:
    """The costs of the edges, and the scales that keep them in order of importance."""

    def __init__(self, ranking: list[SwissPlayer], colour_balance: bool) -> None:
        self.colour_balance = colour_balance
        self.by_name = {p.name: p for p in ranking}
        self.index = {p.name: i for i, p in enumerate(ranking)}
        self.place: dict[str, tuple[int, int]] = {}
        for _, members in groupby(ranking, key=lambda p: p.half_points):
            group = list(members)
            for i, p in enumerate(group):
                self.place[p.name] = (i, len(group))
        self.lowest = min(p.half_points for p in ranking)
        self.spread = max(p.half_points for p in ranking) - self.lowest

    def scales(self, n: int) -> tuple[int, int, int]:
        """(mild colour, score, absolute colour) scales for a graph of ``n`` players: each
        is more than the most that everything below it can add up to in a matching."""
        mild = n * n + 1
        score = mild * (n + 1)
        return mild, score, score * (self.spread * self.spread + 1) * (n + 1)

    def pair_cost(self, a: SwissPlayer, b: SwissPlayer, n: int) -> int:
        mild, score, absolute = self.scales(n)
        cost = score * (a.half_points - b.half_points) ** 2
        if self.colour_balance:
            (da, sa), (db, sb) = a.colour_due(), b.colour_due()
            if da and da == db:
                cost += absolute if sa == sb == 2 else mild
        if a.half_points == b.half_points:
            (i, m), (j, _) = self.place[a.name], self.place[b.name]
            cost += abs(abs(i - j) - m // 2)
        return cost

    def bye_cost(self, a: SwissPlayer, n: int) -> int:
        _, score, _ = self.scales(n)
        below = len(self.index) - 1 - self.index[a.name]
        return score * (a.half_points - self.lowest) ** 2 + below


def _match(graph: "nx.Graph[str]") -> set[tuple[str, str]]:
    matching: set[tuple[str, str]] = nx.max_weight_matching(graph, maxcardinality=True)
    return matching


def _weighted(edges: Iterable[tuple[str, str, int]]) -> "nx.Graph[str]":
    edge_list = list(edges)
    top = max((cost for _, _, cost in edge_list), default=0) + 1
    graph: nx.Graph[str] = nx.Graph()
    graph.add_weighted_edges_from((a, b, top - cost) for a, b, cost in edge_list)
    return graph


def _chunks(ranking: list[SwissPlayer], size: int) -> list[list[SwissPlayer]]:
    """Consecutive blocks of the ranking, about ``size`` each, cut at a score group's boundary
    when the group's rest would make a small block of its own."""
    rest_of_group = [0] * len(ranking)
    for i in range(len(ranking) - 2, -1, -1):
        same = ranking[i + 1].half_points == ranking[i].half_points
        rest_of_group[i] = rest_of_group[i + 1] + 1 if same else 0
    chunks: list[list[SwissPlayer]] = [[]]
    for i, player in enumerate(ranking):
        chunks[-1].append(player)
        rest = rest_of_group[i]
        if len(chunks[-1]) >= size and (rest == 0 or rest >= size // 2):
            chunks.append([])
    return [chunk for chunk in chunks if chunk]


def _by_blocks(ranking: list[SwissPlayer], costs: _Costs, size: int) -> list[Pair] | None:
    """Pair block by block without repeats or second byes; ``None`` if the last block cannot."""
    pairs: list[Pair] = []
    carried: list[SwissPlayer] = []
    chunks = _chunks(ranking, size)
    for number, chunk in enumerate(chunks):
        members = carried + chunk
        last = number == len(chunks) - 1
        n = len(members)
        edges = [
            (a.name, b.name, costs.pair_cost(a, b, n))
            for i, a in enumerate(members)
            for b in members[i + 1 :]
            if b.name not in a.opponents
        ]
        if last and n % 2:
            edges += [(a.name, BYE, costs.bye_cost(a, n)) for a in members if not a.had_bye]
        matched = _match(_weighted(edges)) if edges else set()
        paired: set[str] = set()
        for a, b in matched:
            paired.update((a, b))
            pairs.append((b, None) if a == BYE else (a, None) if b == BYE else (a, b))
        carried = [p for p in members if p.name not in paired]
    return None if carried else pairs


def _whole_field(ranking: list[SwissPlayer], costs: _Costs) -> list[Pair]:
    """One graph of the whole field; repeats and second byes allowed at their (high) cost."""
    n = len(ranking)
    plain = [
        (a.name, b.name, costs.pair_cost(a, b, n))
        for i, a in enumerate(ranking)
        for b in ranking[i + 1 :]
    ]
    byes = [(a.name, BYE, costs.bye_cost(a, n)) for a in ranking] if n % 2 else []
    ceiling = max(cost for _, _, cost in plain + byes) * (n // 2 + 1) + 1
    # A bye to a player who has had k byes costs k ceilings, each more than all the other
    # costs of a round together; there is one bye a round, so k + 1 byes always cost more.
    by_name = costs.by_name
    repeat = ceiling * (max(p.byes for p in ranking) + 1)  # more than any bye and the rest

    def repeated(met: int) -> int:
        """A pair's k-th meeting again outweighs every pair of the round meeting fewer times:
        a round has at most n // 2 pairs."""
        return 0 if met == 0 else repeat * (n // 2 + 1) ** (met - 1)

    edges = [(a, b, cost + repeated(by_name[a].met(b))) for a, b, cost in plain] + [
        (a, b, cost + ceiling * by_name[a].byes) for a, b, cost in byes
    ]
    matched = _match(_weighted(edges))
    return [(b, None) if a == BYE else (a, None) if b == BYE else (a, b) for a, b in matched]


def _boards(pairs: list[Pair], ranking: list[SwissPlayer]) -> list[Pair]:
    """The pairs in board order (best score, then best ranked, first; the bye last), each
    with the player due ``B`` first."""
    index = {p.name: i for i, p in enumerate(ranking)}
    by_name = {p.name: p for p in ranking}
    games = [(a, b) for a, b in pairs if b is not None]
    games.sort(key=lambda pair: min(index[pair[0]], index[pair[1]]))
    out: list[Pair] = []
    for board, (a, b) in enumerate(games, start=1):
        out.append(_colours(by_name[a], by_name[b], index, board))
    out += [(a, None) for a, b in pairs if b is None]
    return out


def _colours(a: SwissPlayer, b: SwissPlayer, index: dict[str, int], board: int) -> Pair:
    """Who is first (``B``): the stronger preference for ``B`` wins; on equal preferences the
    higher-ranked player gets his due colour, or ``B`` on odd boards when neither has one."""
    high, low = (a, b) if index[a.name] < index[b.name] else (b, a)
    (dh, sh), (dl, sl) = high.colour_due(), low.colour_due()
    want_high, want_low = dh * sh, dl * sl
    if want_high != want_low:
        return (high.name, low.name) if want_high > want_low else (low.name, high.name)
    if dh:
        return (high.name, low.name) if dh > 0 else (low.name, high.name)
    return (high.name, low.name) if board % 2 else (low.name, high.name)
