"""A played backgammon, Georgian or nardy match as a ``.mat`` record: its event log, read.

``mat_record(match)`` goes through the log of a ``TablesMatch`` and writes each game's turns as
a ``MatRecord`` holds them: the rolls with their confirmed plays, the cube's doubles and
answers, accepted resignations, and each game's winner and points; the settings that differ
from the variant's defaults go into headers (``mat_settings``). What a ``.mat`` file cannot
hold is left out: single moves taken back, declined resignations, the clocks, the dice of a
forced play not made before resigning, a turn taken back (``takebacks``). A match lost on
time keeps its last game unfinished, with a comment that says who ran out of time.

An opening roll is written with the mover's die first, as GNU Backgammon writes it. A roll left
unplayed when the game ends by resignation, or when the log stops, is written only when it was
the player's own doing: he chose to roll (he could have doubled), or it is the opening roll of
the player who resigns (in long nardy, the first roll of the game, which the match makes at once:
it says who moved first). A roll the match made at once for a player who could not double, or
another player's opening roll, is left out, as replaying the record makes such a roll again
(``mat_dice``); so the record of a replayed record is the record itself.
"""

from dataclasses import dataclass, field
from typing import Literal

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.errors import RecordError
from gamehall.nardy.position import Position as NardyPosition
from gamehall.play.event_keys import GameEndOutcome
from gamehall.play.events import Event
from gamehall.play.records.mat_record import GamePosition, MatGame, MatRecord, MatTurn, VariantName
from gamehall.play.records.mat_settings import event_date, settings_header
from gamehall.play.tables_match import TablesMatch
from gamehall.play.takebacks import without_taken_back

RollKind = Literal["opening", "chosen", "automatic"]
"""How a roll came: the opening roll, a roll the player asked for, one the match made at once."""


@dataclass
class _Reader:
    """The game being read: its turns, the board and the dice each player has rolled and not
    yet played."""

    games: list[MatGame] = field(default_factory=list)
    position: GamePosition | None = None
    score: tuple[int, int] = (0, 0)
    pending: dict[int, tuple[tuple[int, int], RollKind]] = field(default_factory=dict)
    comment: str | None = None

    @property
    def turns(self) -> list[MatTurn]:
        return self.games[-1].turns

    def read(self, match: TablesMatch, event: Event) -> None:
        player = event.player
        if event.kind == "game_start":
            self.games.append(MatGame(score=self.score))
            self.pending.clear()
            self.position = (
                NardyPosition.initial()
                if match.variant is None
                else BackgammonPosition.initial(match.variant)
            )
        elif event.kind == "opening" and not match.is_nardy:
            first, second = event.outcome["dice"]
            if first != second:
                opener = 0 if first > second else 1
                self.pending[opener] = ((max(first, second), min(first, second)), "opening")
        elif event.kind == "game_end":
            self._game_end(event.outcome)
        elif event.kind == "flag":
            self.comment = f"{match.players[event.outcome['player']]} ran out of time"
        elif player is not None:
            self._action(match, event, player)

    def _action(self, match: TablesMatch, event: Event, player: int) -> None:
        if event.kind == "roll":
            first, second = event.outcome["dice"]
            how: RollKind = "automatic" if event.derived else "chosen"
            if match.is_nardy and not self.turns and not self.pending:
                how = "opening"  # the first roll of a nardy game: it shows who moved first
            self.pending[player] = ((first, second), how)
        elif event.kind == "confirm":
            dice, _ = self.pending.pop(player)
            assert self.position is not None
            play = event.outcome["play"]
            self.position = self.position.find_play(play, dice).result
            self.turns.append(MatTurn.roll(player, dice, play))
        elif event.kind == "double":
            self.turns.append(MatTurn.double(player, event.outcome["cube"]))
        elif event.kind == "take":
            self.turns.append(MatTurn.take(player))
        elif event.kind == "drop":
            self.turns.append(MatTurn.drop(player))
        elif event.kind == "beaver":
            self.turns.append(MatTurn.beaver(player, event.outcome["cube"]))
        elif event.kind == "resign" and match.is_nardy:
            self._resign(player)
        elif event.kind == "accept":
            self._resign(1 - player)

    def _resign(self, player: int) -> None:
        """``player`` resigns, after the roll left unplayed when it is written."""
        self.unplayed(player)
        self.turns.append(MatTurn.resign(player))

    def unplayed(self, resigner: int | None) -> None:
        """Write the roll left unplayed when the game ends by the resignation of ``resigner``
        (``None``: the log stops), if the roll is written (see the module). A roll with one
        legal play is left out (a ``.mat`` file always plays a forced play), except the resigner's
        opening roll, which says who moved first."""
        assert self.position is not None
        for roller, (dice, how) in self.pending.items():
            opening = how == "opening" and roller == resigner
            if opening or (how == "chosen" and len(self.position.legal_plays(dice)) > 1):
                self.turns.append(MatTurn.roll(roller, dice, None))
        self.pending.clear()

    def _game_end(self, out: GameEndOutcome) -> None:
        game = self.games[-1]
        winner, score = out["winner"], out["score"]
        if winner is None:
            raise RecordError("a .mat record cannot hold a drawn game")
        game.winner, game.points = winner, out.get("points", 0)
        self.score = (int(score[0]), int(score[1]))


def mat_record(match: TablesMatch, header: dict[str, str] | None = None) -> MatRecord:
    """The match's games as a ``MatRecord`` (``export_mat`` writes it as a ``.mat`` file).

    ``header``: the comment headers to write (an imported file's); by default the site
    (gamehall) and the date the match started. The headers of the match's settings are added
    where missing.

    Raises ``RecordError`` for what the format cannot hold: long nardy with rules options other
    than the defaults (a ``.mat`` record is replayed with the defaults), or a drawn game.
    """
    if match.is_nardy and match.settings.options:
        raise RecordError(
            "a .mat record replays nardy with the default rules options: this match chose "
            + ", ".join(f"{k}={v}" for k, v in sorted(match.settings.options.items()))
        )
    reader = _Reader()
    for event in without_taken_back(match.events):
        reader.read(match, event)
    if reader.games and reader.games[-1].winner is None:
        reader.unplayed(None)
    variant: VariantName = (
        "nardy" if match.is_nardy else "georgian" if match.game == "georgian" else "international"
    )
    if header is None:
        header = {"Site": "gamehall"}
        start = next((e for e in match.events if e.kind == "start"), None)
        if start is not None:
            header["EventDate"] = event_date(start.time)
        if reader.comment:
            header["Comment"] = reader.comment
    header = dict(header)
    for key, value in settings_header(match.settings).items():
        header.setdefault(key, value)
    return MatRecord(
        length=match.settings.length,
        players=match.players,
        variant=variant,
        games=reader.games,
        header=header,
    )
