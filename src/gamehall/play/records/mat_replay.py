"""Replaying a ``.mat`` record into a ``TablesMatch``: the match decides, the record is checked.

The rules of match play (whose turn it is, when the cube may be turned and to what, takes,
drops and beavers, resignations, the Crawford game, the score) live in ``TablesMatch`` alone.
``MatReplay`` drives a match through its public actions (``match.act``), turn after turn of the
record, with the record's dice (``RecordDice``), and compares what the match decides with what
the record says: the cube a double offers, who won each game and for how many points. Any
action the match refuses is a ``RecordError`` that names the game and the move, with the play
layer's reason.

A record replays to a match of the same settings (``mat_settings``) whose log holds the record's
actions; ``match.to_dict()`` stores it and ``mat_record(match)`` writes it back.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.errors import GameError, RecordError
from gamehall.nardy.position import Position as NardyPosition
from gamehall.play.events import Event
from gamehall.play.records.mat_dice import RecordDice, Slot
from gamehall.play.records.mat_record import GamePlay, GamePosition, MatGame, MatRecord, MatTurn
from gamehall.play.records.mat_settings import event_time, match_settings
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch


def _dice_text(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


def _board(match: TablesMatch) -> GamePosition:
    position = match.position
    assert isinstance(position, BackgammonPosition | NardyPosition)
    return position


@dataclass
class ReplayedGame:
    """One game as replayed: the positions from the start through each play, and the play of
    each turn (``None`` for a turn that is not a played roll)."""

    positions: list[GamePosition]
    plays: list[GamePlay | None] = field(default_factory=list)


class MatReplay:
    """A ``TablesMatch`` driven by a record, game by game and turn by turn.

    ``plan`` gives, for each game, each turn's player and dice (see ``RecordDice``); the turn
    methods take the index of the turn in its game and ``where``, the words that start an error
    message ("game 2, move 5 (Ann)").
    """

    def __init__(
        self,
        settings: MatchSettings,
        players: tuple[str, str],
        plan: list[list[Slot]],
        *,
        start_time: float = 0.0,
    ) -> None:
        self.names = players
        self.dice = RecordDice(plan)
        self.match = TablesMatch(settings, players, dice=self.dice, time_source=lambda: start_time)
        self.dice.match = self.match
        self.games: list[ReplayedGame] = []
        self.unplayed: tuple[int, int] | None = None
        self.offered = 0

    # -- games ------------------------------------------------------------------------------------

    @property
    def number(self) -> int:
        """The number of the game being replayed (from 1)."""
        return len(self.games)

    @property
    def over(self) -> bool:
        """Whether the game being replayed has ended."""
        return len(self.match.games) >= self.number

    @property
    def winner(self) -> int | None:
        """The winner of the game being replayed, once it has ended."""
        return self.match.games[self.number - 1].winner if self.over else None

    def begin_game(self, score: tuple[int, int], where: str) -> None:
        """Go on to the next game, which the record says starts at ``score``."""
        match = self.match
        expected = (int(match.score[0]), int(match.score[1]))
        if tuple(score) != expected:
            before = "the games before it end" if self.games else "a match starts"
            raise RecordError(
                f"{where}: the game starts at {score[0]}-{score[1]}, but {before} at "
                f"{expected[0]}-{expected[1]}"
            )
        if match.is_over:
            raise RecordError(f"{where}: the match was already over at {score[0]}-{score[1]}")
        self.games.append(ReplayedGame([]))
        if not match.started:
            self._act(where, None, None, "start")
        elif match.phase == "between":
            self._act(where, None, 0, "next_game")
        self.games[-1].positions.append(_board(match))
        self.unplayed = None

    def end_game(self, where: str, game: MatGame, last: bool) -> None:
        """Check the winner and the points the record gives the game against the match's."""
        names = self.names
        if game.winner not in (None, 0, 1) or game.points < 0:
            raise RecordError(
                f"{where}: the winner is 0, 1 or None (not {game.winner!r}) and the points are "
                f"not negative (not {game.points})"
            )
        if not self.over:
            if game.winner is not None:
                raise RecordError(
                    f"{where}: the record says {names[game.winner]} won, but the game is "
                    "not over after its last move"
                )
            if not last:
                raise RecordError(f"{where}: the game is not finished, and only the last may be")
            if game.points:
                raise RecordError(f"{where}: the game is not finished, so it gives no points")
            return
        summary = self.match.games[self.number - 1]
        winner = summary.winner
        if winner is None:
            raise RecordError(f"{where}: the game ended in a draw, which a .mat file cannot hold")
        if game.winner is None:
            raise RecordError(f"{where}: {names[winner]} won, but the record gives no winner")
        if game.winner != winner:
            raise RecordError(f"{where}: {names[winner]} won the game, not {names[game.winner]}")
        points = int(summary.points)
        length = self.match.settings.length
        needed = length - game.score[winner] if length else 0
        if game.points != points and not 0 < game.points == needed < points:
            raise RecordError(
                f"{where}: {names[winner]} wins {game.points} points, but the game gives {points}"
            )

    # -- turns ------------------------------------------------------------------------------------

    def apply(self, where: str, index: int, turn: MatTurn, points: int) -> MatTurn:
        """Apply a turn of a record; ``points`` are the game's, which a resignation gives."""
        if turn.kind == "roll":
            assert turn.dice is not None
            return self.roll(where, index, turn.player, turn.dice, turn.play)
        if turn.kind == "double":
            return self.double(where, index, turn.player, turn.cube_value)
        if turn.kind == "beaver":
            return self.beaver(where, index, turn.player, turn.cube_value)
        if turn.kind == "resign":
            return self.resign(where, index, turn.player, points)
        return self.answer(where, index, turn.player, turn.kind)

    def roll(
        self,
        where: str,
        index: int,
        player: int,
        dice: tuple[int, int],
        play: str | None,
        *,
        gnubg: bool = False,
    ) -> MatTurn:
        """``player`` rolls ``dice`` and plays ``play`` (``None``: rolled, then resigned or the
        record stops; so is an empty play when there was a move to make). With ``gnubg``, an
        empty play is read as GNU Backgammon reads it: the only legal play when there is one,
        else a roll left unplayed."""
        self._check(where, "roll")
        name = self.names[player]
        if self.dice.pointer <= index:
            self.dice.pointer = index
            self._act(where, f"{name} cannot roll", player, "roll")
        before = self.games[-1].positions[-1]
        moving = not self.dice.passed(index)
        if play is None or (play == "" and moving):
            plays = before.legal_plays(dice)
            if play is None or not gnubg or len(plays) > 1:
                if len(plays) == 1 and index > 0:  # a game's first roll says who moved first
                    raise RecordError(
                        f"{where}: {name} has one legal play with {_dice_text(dice)}, "
                        f"{plays[0].notation or '(no move)'!r}: write it, as a forced play is "
                        "never left unplayed"
                    )
                self.unplayed = dice
                self.games[-1].plays.append(None)
                return MatTurn.roll(player, dice, None)
            play = plays[0].notation
        doing = f"{name} plays {play or '(no move)'!r} with {_dice_text(dice)}"
        if moving:
            events = self._act(where, doing, player, "play", text=play)
            if "confirm" in self.match.legal_actions(player):
                events += self._act(where, doing, player, "confirm")
            play = next(str(e.outcome["play"]) for e in events if e.kind == "confirm")
        try:
            found: GamePlay = before.find_play(play, dice)
        except GameError as error:
            raise RecordError(f"{where}: {doing}: {error}") from None
        self.games[-1].positions.append(found.result)
        self.games[-1].plays.append(found)
        return MatTurn.roll(player, dice, found.notation)

    def double(self, where: str, index: int, player: int, value: int | None) -> MatTurn:
        """``player`` doubles; ``value`` is the cube the record says he offers, if it says."""
        self._check(where, "double", index)
        cube = self.match.cube
        try:
            events = self.match.act(player, "double")
        except RecordError:
            raise
        except GameError as error:
            reason = self._no_double(player, error)
            raise RecordError(f"{where}: {self.names[player]} cannot double: {reason}") from None
        offered = int(next(e.outcome["cube"] for e in events if e.kind == "double"))
        if value is not None and value != offered:
            raise RecordError(f"{where}: a double from {cube} offers {offered}, not {value}")
        self.offered = offered
        self.games[-1].plays.append(None)
        return MatTurn.double(player, offered)

    def _no_double(self, player: int, error: GameError) -> str:
        """Why ``player`` may not double: the play layer's words, or the cube as it stands
        when the match rolled for him at once (it does when he may not double)."""
        match = self.match
        if match.is_nardy or match.phase != "move" or match.on_roll != player:
            return str(error)
        if not self.dice.invented:
            return str(error)
        owner = match.cube_owner
        facts = ["this is the Crawford game"] if match.crawford_game else []
        facts.append(f"the cube is at {match.cube}")
        facts.append(f"{self.names[owner]} owns it" if owner is not None else "in the middle")
        return f"{', '.join(facts)} (the match rolled for {self.names[player]} at once)"

    def beaver(self, where: str, index: int, player: int, value: int | None) -> MatTurn:
        """``player`` takes the double and redoubles at once; ``value`` as the record says."""
        self._check(where, "beaver", index)
        events = self._act(where, f"{self.names[player]} cannot beaver", player, "beaver")
        cube = int(next(e.outcome["cube"] for e in events if e.kind == "beaver"))
        if value is not None and value != cube:
            raise RecordError(
                f"{where}: a beaver of a double to {self.offered} puts the cube on {cube}, "
                f"not {value}"
            )
        self.games[-1].plays.append(None)
        return MatTurn.beaver(player, cube)

    def answer(self, where: str, index: int, player: int, kind: str) -> MatTurn:
        """``player`` takes or drops the double."""
        self._check(where, kind, index)
        self._act(where, f"{self.names[player]} cannot {kind}", player, kind)
        self.games[-1].plays.append(None)
        return MatTurn.take(player) if kind == "take" else MatTurn.drop(player)

    def resign(self, where: str, index: int, player: int, points: int) -> MatTurn:
        """``player`` resigns and his opponent, who wins ``points``, accepts."""
        self._check(where, "resign", index)
        name, other = self.names[player], self.names[1 - player]
        match = self.match
        if match.is_nardy:
            self._act(where, f"{name} cannot resign", player, "resign")
        else:
            cube = match.cube
            value = self._resign_value(where, 1 - player, points, cube)
            doing = f"{name} cannot resign {value} times the cube ({cube})"
            self._act(where, doing, player, "resign", value=value)
            self._act(where, f"{other} cannot accept", 1 - player, "accept")
        self.unplayed = None
        self.games[-1].plays.append(None)
        return MatTurn.resign(player)

    def _resign_value(self, where: str, winner: int, points: int, cube: int) -> int:
        """What was resigned (1 a single game, 2 a gammon, 3 a backgammon), from the points it
        gives; in the match's last game the points may be only those the winner needed. A
        record that gives no points (the game's result is missing) resigns a single game."""
        if points == 0:
            return 1
        if points % cube == 0:
            return points // cube
        length = self.match.settings.length
        needed = length - int(self.match.score[winner])
        if length and 0 < points == needed:
            return -(-needed // cube)
        raise RecordError(
            f"{where}: {self.names[winner]} wins {points} points by resignation, which is not "
            f"a whole number of times the cube ({cube})"
        )

    # -- helpers ------------------------------------------------------------------------------

    def _check(self, where: str, kind: str, index: int | None = None) -> None:
        """Refuse a turn after the game's end or after a roll left unplayed; move the dice on
        past the turn ``index`` about to be applied."""
        if self.over:
            winner = self.winner
            won = f"{self.names[winner]} won" if winner is not None else "drawn"
            raise RecordError(f"{where}: the game is already over ({won}): no {kind} may follow")
        if self.unplayed is not None and kind != "resign":
            raise RecordError(
                f"{where}: the roll {_dice_text(self.unplayed)} was not played: "
                "only a resignation may follow it"
            )
        if index is not None:
            self.dice.pointer = max(self.dice.pointer, index + 1)

    def _act(
        self, where: str, doing: str | None, player: int | None, kind: str, **data: object
    ) -> list[Event]:
        """``match.act``, with a refusal turned into a ``RecordError`` that says where."""
        try:
            return self.match.act(player, kind, **data)
        except RecordError:
            raise
        except GameError as error:
            prefix = f"{where}: {doing}" if doing else where
            raise RecordError(f"{prefix}: {error}") from None


def move_number(turns: list[MatTurn], index: int) -> int:
    """The numbered line of the ``.mat`` file that holds turn ``index`` of a game."""
    shift = 1 if turns and turns[0].kind == "roll" and turns[0].player == 1 else 0
    return (index + shift) // 2 + 1


def _label(record: MatRecord, number: int, game: MatGame, index: int) -> str:
    turn = game.turns[index]
    line = move_number(game.turns, index)
    return f"game {number}, move {line} ({record.players[turn.player]})"


Watcher = Callable[[MatReplay, int, int, MatTurn], None]
"""Told of each turn before it is applied: the replay as it stands, the game's number (from
1), the turn's index in its game, and the turn."""


def replay_record(record: MatRecord, watch: Watcher | None = None) -> MatReplay:
    """Replay every game of ``record`` (see the module); the finished replay. ``watch`` is told
    of each turn before it is applied (the analysis judges it there)."""
    beavered = any(t.kind == "beaver" for g in record.games for t in g.turns)
    settings = match_settings(record.variant, record.length, record.header, beavered=beavered)
    plan = [
        [
            Slot(turn.player, turn.dice, _label(record, number, game, index))
            for index, turn in enumerate(game.turns)
        ]
        for number, game in enumerate(record.games, 1)
    ]
    replay = MatReplay(settings, record.players, plan, start_time=event_time(record.header))
    for number, game in enumerate(record.games, 1):
        where = f"game {number}"
        replay.begin_game(game.score, where)
        for index, turn in enumerate(game.turns):
            if watch is not None:
                watch(replay, number, index, turn)
            replay.apply(_label(record, number, game, index), index, turn, game.points)
        replay.end_game(where, game, number == len(record.games))
    return replay


def replay_mat(record: MatRecord) -> TablesMatch:
    """The match ``record`` holds, replayed into a ``TablesMatch`` with the record's dice.

    Raises ``RecordError`` naming the game, the move and the play layer's reason at the first
    turn the match refuses, or where the record's cube values, winners or points are not the
    match's.
    """
    return replay_record(record).match


def validate(record: MatRecord) -> list[list[GamePosition]]:
    """Replay every game of ``record`` (as ``replay_mat``); for each game, the positions from
    the start through each play. Raises ``RecordError`` naming the game, the move and the rule
    at the first turn that cannot happen (an illegal play, a double out of turn, a wrong score).
    """
    return [game.positions for game in replay_record(record).games]
