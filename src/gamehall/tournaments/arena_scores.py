"""An arena's scoring and leaderboard: 2 for a win, 1 for a draw, 0 for a loss, doubled on a
streak ("fire"), ranked by score and then by fewer games.

A player is *on fire* after two wins in a row: from then on each game scores double (a win 4,
a draw 2) until a game that is not a win, which ends the streak (a draw on fire still scores
its doubled 2). A forfeit counts as the game it gives: won (``+-`` for the first player), lost,
and lost by both when neither came (``--``). Ties on score rank the player with fewer games
first (the same score in fewer games), then the one who reached the score first, then by name.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from gamehall.tournaments.pairing import Result

WIN_POINTS = 2
DRAW_POINTS = 1
FIRE_AFTER = 2
"""Wins in a row that light the fire: the games after them score double."""

Mark = Literal["win", "draw", "loss"]


@dataclass(frozen=True)
class SheetMark:
    """One finished game on a player's sheet: how it went, what it scored, and whether the
    player was on fire in it (its points doubled)."""

    mark: Mark
    points: int
    fire: bool


@dataclass(frozen=True)
class ScoredGame:
    """A finished game as the scoring reads it: its players, its result and when it ended
    (seconds from the arena's start)."""

    first: str
    second: str
    result: Result
    ended: float


@dataclass(frozen=True)
class LeaderRow:
    """A player's line on the leaderboard."""

    rank: int
    player: str
    score: int
    games: int
    wins: int
    fire: bool
    """On a streak now: the next game scores double."""
    sheet: tuple[SheetMark, ...]
    paused: bool


def mark_of(result: Result, first: bool) -> Mark:
    """How a game went for its first (``first``) or second player."""
    outcome = result.outcome
    if outcome == "1/2-1/2":
        return "draw"
    won = outcome in ("1-0", "+-") if first else outcome in ("0-1", "-+")
    return "win" if won else "loss"


def sheet_of(player: str, games: Iterable[ScoredGame]) -> tuple[SheetMark, ...]:
    """The player's finished games, in the order played, with what each scored."""
    marks: list[SheetMark] = []
    streak = 0
    for game in games:
        if player not in (game.first, game.second):
            continue
        mark = mark_of(game.result, player == game.first)
        fire = streak >= FIRE_AFTER
        base = {"win": WIN_POINTS, "draw": DRAW_POINTS, "loss": 0}[mark]
        marks.append(SheetMark(mark, base * 2 if fire else base, fire))
        streak = streak + 1 if mark == "win" else 0
    return tuple(marks)


def _on_fire(sheet: Sequence[SheetMark]) -> bool:
    streak = 0
    for entry in sheet:
        streak = streak + 1 if entry.mark == "win" else 0
    return streak >= FIRE_AFTER


def leaderboard(
    players: Sequence[str], paused: Iterable[str], games: Sequence[ScoredGame]
) -> tuple[LeaderRow, ...]:
    """Every player ranked: score, then fewer games, then who reached the score first (the end
    of the last game that scored), then name. ``games`` are the finished games in the order
    they were paired."""
    resting = set(paused)
    by_player: dict[str, list[ScoredGame]] = {player: [] for player in players}
    for game in games:
        for name in (game.first, game.second):
            by_player.setdefault(name, []).append(game)
    rows = []
    for player in players:
        mine = by_player[player]
        sheet = sheet_of(player, mine)
        scoring = [g.ended for g, m in zip(mine, sheet, strict=True) if m.points > 0]
        reached = max(scoring, default=0.0)
        row = LeaderRow(
            0,
            player,
            sum(m.points for m in sheet),
            len(sheet),
            sum(1 for m in sheet if m.mark == "win"),
            _on_fire(sheet),
            sheet,
            player in resting,
        )
        rows.append((row, reached))
    rows.sort(key=lambda pair: (-pair[0].score, pair[0].games, pair[1], pair[0].player))
    return tuple(replace(row, rank=rank) for rank, (row, _) in enumerate(rows, start=1))
