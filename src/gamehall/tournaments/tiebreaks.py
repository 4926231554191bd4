"""The tie-breaks, each as the FIDE Handbook defines it (sources in ``docs/tournaments.md``).

* Buchholz: the sum of the opponents' scores. Median Buchholz: the same less the highest and
  the lowest of them (nothing is left with fewer than three).
* Sonneborn-Berger: the sum, over the rounds, of the points scored times the opponent's score
  (a win counts the opponent's whole score, a draw half of it, a loss nothing).
* Direct encounter: among players still tied who have all met each other, the points each
  scored in those games; when not all of them have met, it does not separate them.
* Wins: the rounds scored as a win (played, by forfeit, or a bye worth a win).
* Points difference (the tables games): the sum over played matches of the points won less
  the points lost (a 5-3 win adds 2).

In a Swiss, unplayed rounds follow FIDE's rule for unplayed games (the "virtual opponent" of
the tie-break regulations, agreed at the 2009 Congress): for the player himself, a round
without a played game counts as a game against a virtual opponent who starts the round with
the player's score, takes the opposite result, and draws every later round; for his
opponents, each of his unplayed rounds counts as a draw. In a round robin a forfeit counts
against the opponent it was scored against, as if played, and a rest counts for nothing.
"""

from collections.abc import Sequence

from gamehall.tournaments.records import Record


def contributions(
    records: dict[str, Record], player: str, rounds: int, virtual: bool
) -> list[tuple[float, float]]:
    """(points scored, the opponent's score) for each round that counts for ``player``.

    ``virtual``: the Swiss rule above, over rounds 1 to ``rounds``; otherwise every round
    with an opponent, with the opponent's actual score.
    """
    record = records[player]
    if not virtual:
        return [
            (r.points, records[r.opponent].points)
            for r in record.rounds
            if r.opponent is not None and r.opponent in records
        ]
    out: list[tuple[float, float]] = []
    for number in range(1, rounds + 1):
        entry = record.in_round(number)
        if entry is not None and entry.played and entry.opponent in records:
            out.append((entry.points, adjusted_score(records[entry.opponent], rounds)))
            continue
        points = 0.0 if entry is None else entry.points
        before = record.points_before(number)
        out.append((points, before + (1 - points) + 0.5 * (rounds - number)))
    return out


def adjusted_score(record: Record, rounds: int) -> float:
    """A player's score as his opponents' tie-breaks see it in a Swiss: played games as
    scored, every other round of the ``rounds`` as a draw."""
    played = [r for r in record.rounds if r.played]
    return sum(r.points for r in played) + 0.5 * (rounds - len(played))


def buchholz(values: Sequence[tuple[float, float]]) -> float:
    """The sum of the opponents' scores."""
    return sum(score for _, score in values)


def median_buchholz(values: Sequence[tuple[float, float]]) -> float:
    """Buchholz less the highest and the lowest opponent's score."""
    scores = sorted(score for _, score in values)
    return sum(scores[1:-1])


def sonneborn_berger(values: Sequence[tuple[float, float]]) -> float:
    """The sum of the points scored times the opponent's score."""
    return sum(points * score for points, score in values)


def wins(record: Record) -> float:
    """The rounds scored as a win."""
    return float(sum(1 for r in record.rounds if r.won))


def points_difference(record: Record) -> float:
    """The points won less the points lost, over the played matches."""
    return sum(r.margin for r in record.rounds if r.played)


def direct_encounter(records: dict[str, Record], tied: Sequence[str]) -> dict[str, float] | None:
    """The points each of ``tied`` scored against the others, or ``None`` when two of them
    have not met (then it separates nobody)."""
    group = set(tied)
    met: set[frozenset[str]] = set()
    scored = dict.fromkeys(tied, 0.0)
    for player in tied:
        for r in records[player].rounds:
            if r.opponent in group:
                met.add(frozenset((player, r.opponent)))
                scored[player] += r.points
    pairs = len(group) * (len(group) - 1) // 2
    return scored if len(met) == pairs else None
