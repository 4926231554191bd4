"""The games of a renju match as boards, read from the match's log: what a ``.psq`` file holds.

``renju_game(settings, events, number)`` replays game ``number`` of a match (by default the last
game with a stone on the board) onto a ``Board`` with the match's rules options, and says who
had Black; ``RenjuGame.to_psq(players)`` writes it as Piskvork does.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamehall.errors import GameError, RecordError
from gamehall.play.events import Event
from gamehall.play.settings import MatchSettings
from gamehall.renju import Board


@dataclass(frozen=True)
class RenjuGame:
    """One game of a renju match: its number (from 1), the seat with Black, and the board with
    every stone (and pass) played in it."""

    number: int
    black: int
    board: Board

    @property
    def has_pass(self) -> bool:
        """Whether a player passed in this game (a ``.psq`` file cannot hold a pass)."""
        return "pass" in self.board.moves

    def to_psq(self, players: Sequence[str]) -> str:
        """The game as a ``.psq`` text, ``players`` being the match's two names in seat order;
        ``RecordError`` for a game with a pass."""
        if len(players) != 2:
            raise RecordError("a renju game has two players")
        if self.has_pass:
            raise RecordError("this game has a pass, which a .psq file cannot hold")
        return self.board.to_psq((players[self.black], players[1 - self.black]))


def renju_game(
    settings: MatchSettings,
    events: Iterable[Event | Mapping[str, Any]],
    number: int | None = None,
) -> RenjuGame:
    """Game ``number`` (from 1) of the renju match whose log is ``events`` (``Event`` values or
    their dict form); ``None`` takes the last game in which a stone has been played.
    ``RecordError`` when there is no such game or the log does not replay."""
    if settings.game != "renju":
        raise RecordError(f"a {settings.game} match has no renju games")
    games: list[tuple[int, list[str]]] = []
    for item in events:
        event = item if isinstance(item, Event) else Event.from_dict(item)
        if event.kind == "game_start":
            black = event.outcome.get("black", 0)
            if black not in (0, 1) or isinstance(black, bool):
                raise RecordError(f"event {event.seq}: a game starts with Black's seat, 0 or 1")
            games.append((black, []))
        elif event.kind in ("move", "pass") and not event.derived and games:
            stone = event.outcome.get("move", "pass")
            if not isinstance(stone, str):
                raise RecordError(f"event {event.seq}: a move's outcome names its point")
            games[-1][1].append(stone)
    if number is None:
        played = [i + 1 for i, (_, moves) in enumerate(games) if moves]
        if not played:
            raise RecordError("no stone has been played in this match yet")
        number = played[-1]
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(games):
        raise RecordError(f"this match has no game {number!r} (it has {len(games)})")
    black, moves = games[number - 1]
    options = settings.options
    board = Board(
        rule=options.get("rule", "renju"),
        opening=options.get("opening", "center"),
        forbidden=options.get("forbidden", "loss"),
    )
    for move in moves:
        try:
            board.play(move)
        except GameError as exc:
            raise RecordError(f"game {number} does not replay: {exc}") from None
    return RenjuGame(number, black, board)
