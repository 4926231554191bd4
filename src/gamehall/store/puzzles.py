"""Puzzles in the store: ``PuzzleStore`` (``Store.puzzles``) keeps the puzzles made from the
matches (each once), picks the next one for a solver by rating, the daily puzzle of each game,
and records each rated attempt with the ratings it changes in one transaction: the attempt is
stored before the answer that shows its rating change is sent.

A solver's first attempt at a puzzle is rated (his puzzle rating against the puzzle's, as
lichess does); later ones, and a guest's, are not rated and not stored.
"""

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from gamehall.puzzles.rating import SOLVER_START, puzzle_start, rate_attempt
from gamehall.puzzles.values import Puzzle
from gamehall.ratings.values import Glicko2Rating
from gamehall.store.errors import NotFoundError
from gamehall.store.puzzle_models import PuzzleAttemptRow, PuzzleRatingRow, PuzzleRow
from gamehall.store.transactions import Transactions

HISTORY = 50
"""The most attempts a solver's history lists."""


@dataclass(frozen=True)
class StoredPuzzle:
    """A puzzle as stored: its id, the puzzle, its rating and how it has fared."""

    id: int
    puzzle: Puzzle
    rating: Glicko2Rating
    attempts: int
    solved: int


@dataclass(frozen=True)
class SolverRating:
    """A solver's puzzle rating and how many rated attempts made it."""

    rating: Glicko2Rating
    attempts: int


@dataclass(frozen=True)
class Attempt:
    """A rated attempt: the puzzle, whether it was solved, the solver's rating before and
    after, and when."""

    puzzle_id: int
    solved: bool
    rating_before: float
    rating_after: float
    at: datetime


class PuzzleStore:
    """The puzzles of one store."""

    def __init__(self, transactions: Transactions) -> None:
        self.transactions = transactions

    def add(self, puzzles: Sequence[Puzzle]) -> list[int]:
        """Keep the puzzles not kept already; the ids of those added."""
        added = []
        for puzzle in puzzles:
            key = _key(puzzle)
            start = puzzle_start(puzzle)
            try:
                with self.transactions.write() as session:
                    if session.scalar(select(PuzzleRow.id).where(PuzzleRow.key == key)):
                        continue
                    row = PuzzleRow(
                        key=key,
                        game=puzzle.game,
                        themes="," + ",".join(puzzle.themes) + ",",
                        data=puzzle.to_dict(),
                        rating=start.rating,
                        deviation=start.deviation,
                        volatility=start.volatility,
                        attempts=0,
                        solved=0,
                        made_at=self.transactions.now(),
                    )
                    session.add(row)
                    session.flush()
                    added.append(row.id)
            except IntegrityError:  # another process kept it meanwhile
                continue
        return added

    def get(self, puzzle_id: int) -> StoredPuzzle | None:
        """The puzzle, or None."""
        with self.transactions.read() as session:
            row = session.get(PuzzleRow, puzzle_id)
            return None if row is None else _stored(row)

    def find(self, puzzle: Puzzle) -> StoredPuzzle | None:
        """The puzzle kept as the same as ``puzzle`` (its game, position, mover and dice),
        whatever match it was taken from; None when there is none."""
        with self.transactions.read() as session:
            row = session.scalars(select(PuzzleRow).where(PuzzleRow.key == _key(puzzle))).first()
            return None if row is None else _stored(row)

    def of_match(self, match_id: str) -> list[StoredPuzzle]:
        """The puzzles taken from the match ``match_id``, the first made first."""
        query = (
            select(PuzzleRow)
            .where(PuzzleRow.data["source"].as_string() == match_id)
            .order_by(PuzzleRow.id)
        )
        with self.transactions.read() as session:
            return [_stored(row) for row in session.scalars(query)]

    def next_for(
        self,
        user_id: int | None,
        rating: float,
        game: str | None = None,
        theme: str | None = None,
        skip: Sequence[int] = (),
    ) -> StoredPuzzle | None:
        """The puzzle nearest ``rating`` that the solver has not tried (nor is in ``skip``), of
        ``game`` and ``theme`` when given; None when there is none left."""
        query = select(PuzzleRow)
        if game is not None:
            query = query.where(PuzzleRow.game == game)
        if theme is not None:
            query = query.where(PuzzleRow.themes.contains(f",{theme},"))
        if skip:
            query = query.where(PuzzleRow.id.not_in(list(skip)))
        if user_id is not None:
            tried = select(PuzzleAttemptRow.puzzle_id).where(PuzzleAttemptRow.user_id == user_id)
            query = query.where(PuzzleRow.id.not_in(tried))
        query = query.order_by(func.abs(PuzzleRow.rating - rating), PuzzleRow.id).limit(1)
        with self.transactions.read() as session:
            row = session.scalars(query).first()
            return None if row is None else _stored(row)

    def daily(self, game: str, day: date) -> StoredPuzzle | None:
        """The day's puzzle of ``game``: the same for everyone all day, another the next."""
        with self.transactions.read() as session:
            count = session.scalar(select(func.count()).where(PuzzleRow.game == game)) or 0
            if not count:
                return None
            query = (
                select(PuzzleRow)
                .where(PuzzleRow.game == game)
                .order_by(PuzzleRow.id)
                .offset(day.toordinal() % count)
                .limit(1)
            )
            row = session.scalars(query).first()
            return None if row is None else _stored(row)

    def rating(self, user_id: int) -> SolverRating:
        """The solver's puzzle rating (a newcomer's before his first attempt)."""
        with self.transactions.read() as session:
            row = session.get(PuzzleRatingRow, user_id)
            if row is None:
                return SolverRating(SOLVER_START, 0)
            return SolverRating(
                Glicko2Rating(row.rating, row.deviation, row.volatility), row.attempts
            )

    def attempt(self, user_id: int, puzzle_id: int, solved: bool) -> Attempt | None:
        """Rate the solver's first attempt at the puzzle and keep it; None (nothing changed)
        when he has tried it before. ``NotFoundError`` for no such puzzle."""
        try:
            with self.transactions.write() as session:
                puzzle = session.get(PuzzleRow, puzzle_id)
                if puzzle is None:
                    raise NotFoundError(f"there is no puzzle {puzzle_id}")
                tried = select(PuzzleAttemptRow.id).where(
                    PuzzleAttemptRow.user_id == user_id, PuzzleAttemptRow.puzzle_id == puzzle_id
                )
                if session.scalar(tried) is not None:
                    return None
                now = self.transactions.now()
                mine = session.get(PuzzleRatingRow, user_id)
                if mine is None:
                    mine = PuzzleRatingRow(
                        user_id=user_id,
                        rating=SOLVER_START.rating,
                        deviation=SOLVER_START.deviation,
                        volatility=SOLVER_START.volatility,
                        attempts=0,
                        updated_at=now,
                    )
                    session.add(mine)
                before = Glicko2Rating(mine.rating, mine.deviation, mine.volatility)
                theirs = Glicko2Rating(puzzle.rating, puzzle.deviation, puzzle.volatility)
                after, puzzle_after = rate_attempt(before, theirs, solved)
                mine.rating, mine.deviation = after.rating, after.deviation
                mine.volatility, mine.attempts = after.volatility, mine.attempts + 1
                mine.updated_at = now
                puzzle.rating, puzzle.deviation = puzzle_after.rating, puzzle_after.deviation
                puzzle.volatility = puzzle_after.volatility
                puzzle.attempts += 1
                puzzle.solved += int(solved)
                session.add(
                    PuzzleAttemptRow(
                        user_id=user_id,
                        puzzle_id=puzzle_id,
                        solved=solved,
                        rating_before=before.rating,
                        rating_after=after.rating,
                        puzzle_rating_after=puzzle_after.rating,
                        answered_at=now,
                    )
                )
                return Attempt(puzzle_id, solved, before.rating, after.rating, now)
        except IntegrityError:  # the same attempt, sent twice at once: the first counts
            return None

    def history(self, user_id: int, limit: int = HISTORY) -> list[Attempt]:
        """The solver's rated attempts, the latest first."""
        query = (
            select(PuzzleAttemptRow)
            .where(PuzzleAttemptRow.user_id == user_id)
            .order_by(PuzzleAttemptRow.answered_at.desc(), PuzzleAttemptRow.id.desc())
            .limit(limit)
        )
        with self.transactions.read() as session:
            return [
                Attempt(
                    row.puzzle_id, row.solved, row.rating_before, row.rating_after, row.answered_at
                )
                for row in session.scalars(query)
            ]


def _key(puzzle: Puzzle) -> str:
    return hashlib.sha256(puzzle.key.encode()).hexdigest()


def _stored(row: PuzzleRow) -> StoredPuzzle:
    rating = Glicko2Rating(row.rating, row.deviation, row.volatility)
    return StoredPuzzle(row.id, Puzzle.from_dict(row.data), rating, row.attempts, row.solved)
