"""A played backgammon, Georgian or nardy match as a ``.mat`` record: its event log, read.

``mat_record(match)`` goes through the log of a ``TablesMatch`` and writes each game's turns as
a ``MatRecord`` holds them: the rolls with their confirmed plays, the cube's doubles and
answers, accepted resignations, and each game's winner and points. What a ``.mat`` file cannot
hold is left out: single moves taken back, declined resignations, the clocks, the dice of a
forced play not made before resigning. A match lost on time keeps its last game unfinished,
with a comment that says who ran out of time.
"""

import time
from dataclasses import dataclass, field

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.errors import RecordError
from gamehall.nardy.position import Position as NardyPosition
from gamehall.play.events import Event
from gamehall.play.records.mat import GamePosition, MatGame, MatRecord, MatTurn, VariantName
from gamehall.play.tables_match import TablesMatch


@dataclass
class _Reader:
    """The game being read: its turns, the board and the dice each player has rolled and not
    yet played."""

    games: list[MatGame] = field(default_factory=list)
    position: GamePosition | None = None
    score: tuple[int, int] = (0, 0)
    pending: dict[int, tuple[int, int]] = field(default_factory=dict)
    comment: str | None = None

    @property
    def turns(self) -> list[MatTurn]:
        return self.games[-1].turns

    def read(self, match: TablesMatch, event: Event) -> None:
        kind, out, player = event.kind, event.outcome, event.player
        if kind == "game_start":
            self.games.append(MatGame(score=self.score))
            self.pending.clear()
            self.position = (
                NardyPosition.initial()
                if match.is_nardy
                else BackgammonPosition.initial(match.settings.variant)
            )
        elif kind == "opening" and not match.is_nardy:
            first, second = out["dice"]
            if first != second:
                self.pending[0 if first > second else 1] = (first, second)
        elif kind == "game_end":
            self._game_end(out)
        elif kind == "flag":
            self.comment = f"{match.players[out['player']]} ran out of time"
        elif player is not None:
            self._action(match, event, player)

    def _action(self, match: TablesMatch, event: Event, player: int) -> None:
        kind, out = event.kind, event.outcome
        if kind == "roll":
            first, second = out["dice"]
            self.pending[player] = (first, second)
        elif kind == "confirm":
            dice = self.pending.pop(player)
            assert self.position is not None
            self.position = self.position.find_play(out["play"], dice).result
            self.turns.append(MatTurn.roll(player, dice, out["play"]))
        elif kind == "double":
            self.turns.append(MatTurn.double(player, out["cube"]))
        elif kind == "take":
            self.turns.append(MatTurn.take(player))
        elif kind == "drop":
            self.turns.append(MatTurn.drop(player))
        elif kind == "beaver":
            self.turns.append(MatTurn.beaver(player, out["cube"]))
        elif kind == "resign" and match.is_nardy:
            self._resign(player)
        elif kind == "accept":
            self._resign(1 - player)

    def _resign(self, player: int) -> None:
        """``player`` resigns, after the roll he has not played if he has one. A roll with one
        legal play is left out: a ``.mat`` file always plays a forced play."""
        dice = self.pending.pop(player, None)
        assert self.position is not None
        if dice is not None and len(self.position.legal_plays(dice)) > 1:
            self.turns.append(MatTurn.roll(player, dice, None))
        self.turns.append(MatTurn.resign(player))

    def _game_end(self, out: dict[str, object]) -> None:
        game = self.games[-1]
        winner, points, score = out.get("winner"), out.get("points"), out.get("score")
        if not isinstance(winner, int):
            raise RecordError("a .mat record cannot hold a drawn game")
        assert isinstance(points, int) and isinstance(score, list)
        game.winner, game.points = winner, points
        self.score = (int(score[0]), int(score[1]))


def mat_record(match: TablesMatch) -> MatRecord:
    """The match's games as a ``MatRecord`` (``export_mat`` writes it as a ``.mat`` file).

    Raises ``RecordError`` for what the format cannot hold: long nardy with rules options other
    than the defaults (a ``.mat`` record is replayed with the defaults), or a drawn game.
    """
    if match.is_nardy and match.settings.options:
        raise RecordError(
            "a .mat record replays nardy with the default rules options: this match chose "
            + ", ".join(f"{k}={v}" for k, v in sorted(match.settings.options.items()))
        )
    reader = _Reader()
    for event in match.events:
        reader.read(match, event)
    variant: VariantName = (
        "nardy" if match.is_nardy else "georgian" if match.game == "georgian" else "international"
    )
    header = {"Site": "gamehall"}
    start = next((e for e in match.events if e.kind == "start"), None)
    if start is not None:
        header["EventDate"] = time.strftime("%Y.%m.%d", time.gmtime(start.time))
    settings = match.settings
    default_crawford = variant == "international"
    if (
        settings.is_backgammon
        and settings.length
        and settings.crawford not in (None, default_crawford)
    ):
        header["Crawford"] = "On" if settings.crawford else "Off"
    if reader.comment:
        header["Comment"] = reader.comment
    return MatRecord(
        length=settings.length,
        players=match.players,
        variant=variant,
        games=reader.games,
        header=header,
    )
