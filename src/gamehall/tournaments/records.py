"""Each player's rounds, read from the pairings: the base of the points and the tie-breaks.

A player's round is one of: a played match (with its opponent, points and match score), a
forfeit (won or lost, with the opponent who did not play it), a bye, or nothing at all (not
paired: withdrawn, or resting in a round robin). Knockout replays add rounds of their own.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from gamehall.tournaments.pairing import Pairing


@dataclass(frozen=True)
class Round:
    """One of a player's rounds that has a result."""

    number: int
    opponent: str | None
    points: float
    played: bool
    """Played over the board (not a forfeit, not a bye)."""
    won: bool
    """Scored as a win (a played win, a forfeit win, or a bye worth a win)."""
    margin: float = 0.0
    """Own match score less the opponent's (played matches of the tables games)."""


@dataclass
class Record:
    """A player's rounds, in round order."""

    player: str
    rounds: list[Round] = field(default_factory=list)

    @property
    def points(self) -> float:
        """Tournament points."""
        return sum(r.points for r in self.rounds)

    def points_before(self, number: int) -> float:
        """Points from the rounds before round ``number``."""
        return sum(r.points for r in self.rounds if r.number < number)

    def in_round(self, number: int) -> Round | None:
        """The round with that number, if the player has one (the first leg's, in a knockout)."""
        return next((r for r in self.rounds if r.number == number), None)


def build_records(
    players: Sequence[str],
    pairings: Iterable[Pairing],
    bye_points: float,
    excluded: frozenset[str] = frozenset(),
) -> dict[str, Record]:
    """Every player's record from the pairings with a result; pairings that involve an
    ``excluded`` (annulled) player are left out for everyone."""
    records = {player: Record(player) for player in players}
    finished = sorted(
        (p for p in pairings if p.result is not None),
        key=lambda p: (p.round, p.board, p.leg),
    )
    for pairing in finished:
        result = pairing.result
        assert result is not None
        if excluded.intersection(pairing.players):
            continue
        first_points, second_points = result.points(bye_points)
        margin = 0.0 if result.score is None else result.score[0] - result.score[1]
        first_won = result.outcome in ("1-0", "+-") or (result.outcome == "bye" and bye_points == 1)
        if pairing.first in records:
            records[pairing.first].rounds.append(
                Round(
                    pairing.round,
                    pairing.second,
                    first_points,
                    result.played,
                    first_won,
                    margin,
                )
            )
        if pairing.second is not None and pairing.second in records:
            records[pairing.second].rounds.append(
                Round(
                    pairing.round,
                    pairing.first,
                    second_points,
                    result.played,
                    result.outcome in ("0-1", "-+"),
                    -margin,
                )
            )
    return records
