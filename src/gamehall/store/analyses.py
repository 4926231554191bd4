"""Finished matches' analyses: ``AnalysisStore`` (``Store.analyses``).

An analysis is computed once and kept with its match (the ``analyses`` table, one row a match):
its result as ``to_dict()`` JSON, the review frame of each decision (``analysis.frames``), how
deep it looked and when it was made. The seats' headline
figures (``analysis.results.seat_figure``) are columns of their own, so that a profile's
average reads a few numbers rather than whole analyses. Reading one back gives the typed value
(``analysis_from_dict``).
"""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from gamehall.analysis.results import (
    Analysis,
    FigureKind,
    analysis_from_dict,
    seat_figure,
)
from gamehall.jsontext import JsonValue
from gamehall.store.errors import ConflictError, NotFoundError, StoreError
from gamehall.store.models import AnalysisRow, MatchRow, SeatRow
from gamehall.store.transactions import Transactions

RECENT = 20
"""How many of a player's last analysed matches his profile's figures average."""


@dataclass(frozen=True)
class StoredAnalysis:
    """A match's analysis as stored: the result, the review frame of each of its decisions
    (or None), how deep it looked (plies, or seconds a move in renju) and when it was made."""

    match_id: str
    result: Analysis
    frames: tuple[int | None, ...]
    depth: float
    made_at: datetime


@dataclass(frozen=True)
class AnalysedFigure:
    """A player's average headline figure in one game over his last ``matches`` analysed
    matches of it: the error rate (mEMG a decision) or, in renju, the accuracy (per cent)."""

    game: str
    kind: FigureKind
    matches: int
    average: float


class AnalysisStore:
    """The analyses of one store's matches."""

    def __init__(self, transactions: Transactions) -> None:
        self.transactions = transactions

    def save(
        self, match_id: str, result: Analysis, frames: Sequence[int | None], depth: float
    ) -> StoredAnalysis:
        """Keep the analysis of the finished match ``match_id`` with its decisions' review
        ``frames``; when one is kept already (another server made it meanwhile), that one stays
        and is returned. ``NotFoundError`` for no such match, ``ConflictError`` for one still
        being played, ``StoreError`` for frames that are not one a decision."""
        placed = _frames(list(frames), len(result.decisions))
        try:
            with self.transactions.write() as session:
                match = session.get(MatchRow, match_id)
                if match is None:
                    raise NotFoundError(f"there is no match {match_id}")
                if match.status != "over":
                    raise ConflictError(f"match {match_id} is still being played")
                kept = session.get(AnalysisRow, match_id)
                if kept is not None:
                    return _stored(kept)
                row = AnalysisRow(
                    match_id=match_id,
                    game=match.game,
                    depth=float(depth),
                    result=result.to_dict(),
                    frames=list(placed),
                    figure_0=seat_figure(result, 0),
                    figure_1=seat_figure(result, 1),
                    made_at=self.transactions.now(),
                )
                session.add(row)
                session.flush()
                return StoredAnalysis(match_id, result, placed, row.depth, row.made_at)
        except IntegrityError:
            found = self.load(match_id)
            if found is None:
                raise
            return found

    def load(self, match_id: str) -> StoredAnalysis | None:
        """The match's analysis, or None when it has none."""
        with self.transactions.read() as session:
            row = session.get(AnalysisRow, match_id)
            return None if row is None else _stored(row)

    def figures(self, user_id: int, recent: int = RECENT) -> list[AnalysedFigure]:
        """The user's average figure in each game over his last ``recent`` analysed matches
        (the seats where he made no counted decision left out), the games in name order."""
        query = (
            select(AnalysisRow.game, SeatRow.seat, AnalysisRow.figure_0, AnalysisRow.figure_1)
            .join(SeatRow, SeatRow.match_id == AnalysisRow.match_id)
            .where(SeatRow.user_id == user_id)
            .order_by(AnalysisRow.made_at.desc(), AnalysisRow.match_id.desc())
            .limit(recent)
        )
        with self.transactions.read() as session:
            rows = session.execute(query).all()
        found: dict[str, list[float]] = defaultdict(list)
        for game, seat, first, second in rows:
            figure = first if seat == 0 else second
            if figure is not None:
                found[game].append(figure)
        return [
            AnalysedFigure(
                game=game,
                kind="accuracy" if game == "renju" else "error_rate",
                matches=len(values),
                average=round(sum(values) / len(values), 2),
            )
            for game, values in sorted(found.items())
        ]


def _stored(row: AnalysisRow) -> StoredAnalysis:
    result = analysis_from_dict(row.result)
    frames = _frames(row.frames, len(result.decisions))
    return StoredAnalysis(row.match_id, result, frames, row.depth, row.made_at)


def _frames(frames: list[JsonValue], count: int) -> tuple[int | None, ...]:
    """``frames`` checked: one a decision, each a frame's index or None."""
    if len(frames) != count:
        raise StoreError(f"an analysis of {count} decisions has {len(frames)} frames")
    placed: list[int | None] = []
    for frame in frames:
        if frame is not None and (isinstance(frame, bool) or not isinstance(frame, int)):
            raise StoreError(f"a decision's frame is an index or null, not {frame!r}")
        placed.append(frame)
    return tuple(placed)
