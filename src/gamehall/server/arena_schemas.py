"""The shapes of an arena as the API and the arena socket show it: its clock (start, the
close of pairings, the end, the server's time now, for the page's countdown), the leaderboard
and the games (``docs/protocol.md``)."""

from datetime import datetime, timedelta
from typing import Literal

from gamehall.server.schemas import Answer, iso
from gamehall.store.tournaments import StoredTournament, TournamentGame
from gamehall.tournaments import Arena, ArenaGame, LeaderRow, TournamentSettings

RECENT_GAMES = 30
"""Finished games shown beside those under way (the newest)."""


class SheetMarkView(Answer):
    """One finished game on a player's sheet: how it went, its points, and whether the player
    was on fire (its points doubled)."""

    mark: Literal["win", "draw", "loss"]
    points: int
    fire: bool


class ArenaRowView(Answer):
    """A player's line on the leaderboard."""

    rank: int
    player: str
    score: int
    games: int
    wins: int
    fire: bool
    """On a streak: the next game scores double."""
    paused: bool
    playing: bool
    sheet: list[SheetMarkView]

    @classmethod
    def of(cls, row: LeaderRow, playing: bool) -> "ArenaRowView":
        return cls(
            rank=row.rank,
            player=row.player,
            score=row.score,
            games=row.games,
            wins=row.wins,
            fire=row.fire,
            paused=row.paused,
            playing=playing,
            sheet=[SheetMarkView(mark=m.mark, points=m.points, fire=m.fire) for m in row.sheet],
        )


class ArenaGameView(Answer):
    """One game of the arena, with its match."""

    number: int
    first: str
    second: str
    result: Literal["1-0", "0-1", "1/2-1/2", "+-", "-+", "--"] | None
    """Null while it is played."""
    match_id: str | None
    score: list[float] | None = None
    """The match's score (first, second) as it stands: points of a tables match, games won."""

    @classmethod
    def of(cls, game: ArenaGame, row: TournamentGame | None) -> "ArenaGameView":
        data: dict[str, object] = {
            "number": game.number,
            "first": game.first,
            "second": game.second,
            "result": None if game.result is None else game.result.outcome,
            "match_id": row.match_id if row else None,
            "score": list(row.score) if row and row.score else None,
        }
        return cls.model_validate(data)


class ArenaView(Answer):
    """An arena as it stands: its times (ISO 8601; null before it starts), whether it is over,
    the leaderboard, and the games under way and the latest finished, newest first."""

    duration: int
    """Its length in seconds."""
    started_at: str | None
    closes_at: str | None
    """When pairings stop (no game starts after it)."""
    ends_at: str | None
    now: str
    """The server's time, from which the page counts down."""
    finished: bool
    leaderboard: list[ArenaRowView]
    games: list[ArenaGameView]
    winner: str | None

    @classmethod
    def of(cls, stored: StoredTournament, arena: Arena, now: datetime) -> "ArenaView":
        start = stored.starts_at if stored.status != "open" else None
        at = seconds_since(start, now)
        busy = {name for game in arena.pending for name in game.players}
        rows = {g.round: g for g in stored.games}
        shown = [*reversed(arena.pending)]
        shown += [g for g in reversed(arena.games) if g.result is not None][:RECENT_GAMES]

        def moment(after: float) -> str | None:
            return None if start is None else iso(start + timedelta(seconds=after))

        return cls(
            duration=int(arena.duration),
            started_at=moment(0),
            closes_at=moment(arena.duration - arena.closing),
            ends_at=moment(arena.duration),
            now=iso(now),
            finished=stored.status == "finished",
            leaderboard=[ArenaRowView.of(row, row.player in busy) for row in arena.leaderboard()],
            games=[ArenaGameView.of(g, rows.get(g.number)) for g in shown],
            winner=arena.winner(at) if stored.status == "finished" else None,
        )


def seconds_since(start: datetime | None, now: datetime) -> float:
    """The arena's time at ``now``: seconds from its start (0 before it)."""
    if start is None:
        return 0.0
    return max(0.0, (now - start).total_seconds())


def arena_of(stored: StoredTournament) -> Arena:
    """The arena's state, or the arena as it will start (its entries) before the start."""
    if stored.state is not None:
        return Arena.from_dict(stored.state)
    return Arena.create(TournamentSettings.from_dict(stored.settings), stored.entries)
