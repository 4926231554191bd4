"""What a match is played for: rated or casual, and whether it belongs to a tournament (the
server refuses hints in rated and tournament games)."""

from dataclasses import dataclass

from sqlalchemy import select

from gamehall.store.competition_models import TournamentGameRow
from gamehall.store.models import MatchRow
from gamehall.store.store import Store


@dataclass(frozen=True)
class MatchTerms:
    """Whether a match is rated, and the tournament it is a game of (None: none)."""

    rated: bool
    tournament_id: int | None


def match_terms(store: Store, match_id: str) -> MatchTerms | None:
    """The terms of match ``match_id``, or None when there is no such match."""
    with store.transactions.read() as session:
        row = session.get(MatchRow, match_id)
        if row is None:
            return None
        tournament = session.scalar(
            select(TournamentGameRow.tournament_id).where(TournamentGameRow.match_id == match_id)
        )
        return MatchTerms(rated=bool(row.rated), tournament_id=tournament)
