"""Ratings worked out again from the stored games, without an engine-assisted player's.

When an operator marks an account as engine-assisted, its past rated games must count for no
one: ``rerate`` replays, in one game kind, every rated result in the order it was first rated
(the rating history's order) from newcomers' ratings, leaving out the matches with a marked
player in them, and writes the players' ratings and rating histories again. Both systems are
pure arithmetic on the results (a Glicko-2 period per result, the FIBS formula per match), so
the replay is exact: with nothing left out it gives back the very ratings that were stored.
The history points of the results left out are kept, marked not counted, so that unmarking the
account replays them again in their places.
"""

from collections import defaultdict
from datetime import datetime

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from gamehall.ratings import GameRatings, check_game, rate_result
from gamehall.store.competition_models import RatingHistoryRow, RatingRow
from gamehall.store.models import EventRow, MatchRow, SeatRow, UserRow
from gamehall.store.ratings import RESULT_KINDS, match_length, rated_results
from gamehall.store.values import LoggedEvent


def rerate(session: Session, game: str, now: datetime) -> None:
    """Work out every player's ratings in ``game`` again from the stored rated results, leaving
    out the matches of engine-assisted players (in the caller's transaction): each history
    point is rewritten in place, or marked not counted."""
    kind = check_game(game)
    stored = session.scalars(
        select(RatingRow).where(RatingRow.game == kind).with_for_update()
    ).all()
    rated_matches = select(MatchRow.id).where(MatchRow.game == kind, MatchRow.rated)
    scores = _scores(session, kind, rated_matches)
    players = _players(session, kind)
    lengths = {
        match_id: None if kind == "renju" else match_length(settings)
        for match_id, settings in session.execute(
            select(MatchRow.id, MatchRow.settings).where(MatchRow.id.in_(rated_matches))
        )
    }
    marked = set(
        session.scalars(select(UserRow.id).where(UserRow.engine_assisted_at.is_not(None))).all()
    )
    points = session.scalars(
        select(RatingHistoryRow)
        .where(RatingHistoryRow.game == kind, RatingHistoryRow.match_id.is_not(None))
        .order_by(RatingHistoryRow.id)
    ).all()
    ratings: dict[int, GameRatings] = {}
    games: dict[int, int] = defaultdict(int)
    last: dict[int, datetime] = {}
    seen: dict[tuple[str, int], int] = defaultdict(int)
    outcomes: dict[tuple[str, int], dict[int, GameRatings]] = {}
    for point in points:
        match_id = point.match_id or ""
        index = seen[match_id, point.user_id]
        seen[match_id, point.user_id] += 1
        seated = players.get(match_id)
        found = scores.get(match_id, [])
        point.counted = bool(seated) and index < len(found) and not (set(seated or ()) & marked)
        if not point.counted or seated is None:
            continue
        if (match_id, index) not in outcomes:
            first = ratings.get(seated[0], GameRatings.new(kind))
            second = ratings.get(seated[1], GameRatings.new(kind))
            one, two = rate_result(first, second, found[index], lengths[match_id])
            outcomes[match_id, index] = {seated[0]: one, seated[1]: two}
            for user_id, rated in outcomes[match_id, index].items():
                ratings[user_id] = rated
                games[user_id] += 1
                last[user_id] = point.at
        rated = outcomes[match_id, index][point.user_id]
        point.rating = rated.glicko2.rating
        point.deviation = rated.glicko2.deviation
    rows = {row.user_id: row for row in stored}
    for row in stored:
        if row.user_id not in ratings:
            session.delete(row)
    for user_id, rated in ratings.items():
        row = rows.get(user_id) or RatingRow(user_id=user_id, game=kind)
        row.ratings = rated.to_dict()
        row.rating = rated.glicko2.rating
        row.deviation = rated.glicko2.deviation
        row.games = games[user_id]
        row.updated_at = last.get(user_id, now)
        session.add(row)


def _players(session: Session, kind: str) -> dict[str, tuple[int, int]]:
    """The two people of each rated match of ``kind``, the first seat first."""
    seats = session.execute(
        select(SeatRow.match_id, SeatRow.seat, SeatRow.user_id)
        .join(MatchRow, MatchRow.id == SeatRow.match_id)
        .where(MatchRow.game == kind, MatchRow.rated)
    ).all()
    found: dict[str, dict[int, int | None]] = defaultdict(dict)
    for match_id, seat, user_id in seats:
        found[match_id][seat] = user_id
    players: dict[str, tuple[int, int]] = {}
    for match_id, seated in found.items():
        first, second = seated.get(0), seated.get(1)
        if first is not None and second is not None:
            players[match_id] = (first, second)
    return players


def _scores(session: Session, kind: str, match_ids: Select[str]) -> dict[str, list[float]]:
    """The first seat's score in each rated result of the matches, read from their stored
    events as ``rate_results`` read them (an event after one that is not a result gets a
    stand-in before it, so that "the event before" is the log's)."""
    rows = session.execute(
        select(EventRow.match_id, EventRow.seq, EventRow.kind, EventRow.event)
        .where(EventRow.match_id.in_(match_ids), EventRow.kind.in_(RESULT_KINDS))
        .order_by(EventRow.match_id, EventRow.seq)
    ).all()
    logs: dict[str, list[LoggedEvent]] = defaultdict(list)
    for match_id, seq, event_kind, event in rows:
        log = logs[match_id]
        if not log or log[-1].seq != seq - 1:
            log.append(LoggedEvent(seq - 1, "other", {}))
        log.append(LoggedEvent(seq, event_kind, event))
    return {match_id: rated_results(kind, log) for match_id, log in logs.items()}
