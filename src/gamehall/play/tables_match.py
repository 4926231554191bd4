"""Backgammon (International, Georgian) and long nardy matches, as people play them.

The rules layer decides every move (``legal_plays``, the step-by-step ``Turn``); this module adds
what happens around the board: who starts, rolling, the doubling cube, resignations, taking a
move back before the turn is confirmed, scoring games into the match and the Crawford game.
"""

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.backgammon.variants import Variant, find_variant
from gamehall.errors import GameError, IllegalMoveError
from gamehall.jsontext import JsonObject
from gamehall.nardy.position import Position as NardyPosition
from gamehall.nardy.rules import Side
from gamehall.play.actions import (
    Accept,
    Action,
    Beaver,
    Confirm,
    Decline,
    Double,
    Drop,
    EndSession,
    Move,
    NextGame,
    Play,
    Resign,
    Roll,
    Start,
    Take,
    Undo,
)
from gamehall.play.board_view import position_view
from gamehall.play.event_keys import (
    CheckerData,
    GameEndOutcome,
    GameStartOutcome,
    ResignData,
    ResignOutcome,
)
from gamehall.play.events import (
    Accepted,
    Beavered,
    Confirmed,
    Declined,
    Doubled,
    Dropped,
    GameEnded,
    GameStarted,
    Moved,
    NextGameStarted,
    NoMove,
    OpeningRolled,
    Played,
    Resigned,
    Rolled,
    SessionEnded,
    Started,
    Taken,
    Undone,
)
from gamehall.play.last_game import TablesLastGame
from gamehall.play.match import Handler, Match
from gamehall.play.settings import BackgammonRules, cube_terms, nardy_terms
from gamehall.play.snapshot import Fields
from gamehall.play.summary import GameSummary
from gamehall.play.tables_snapshot import Phase, TablesSaved
from gamehall.play.tables_words import no_double, not_now
from gamehall.play.turn_cache import TurnCache
from gamehall.tables.moves import BAR
from gamehall.tables.position import TablesPosition, Turn

KIND_NAMES = {1: "single", 2: "gammon", 3: "backgammon"}


class TablesMatch(Match):
    """A backgammon, Georgian backgammon or long nardy match (``settings.game``)."""

    def _set_up(self) -> None:
        settings = self.settings
        if settings.game == "renju":
            raise GameError("a renju match is a RenjuMatch")
        self.variant: Variant | None = (
            find_variant(settings.variant) if isinstance(settings, BackgammonRules) else None
        )
        self.phase: Phase = "waiting"
        self.position: TablesPosition | None = None
        self.on_roll = 0
        self.dice: tuple[int, int] | None = None
        self.turn: Turn[TablesPosition] | None = None
        self.cube = 1
        self.cube_owner: int | None = None
        self.doubled_by: int | None = None
        self.resign_offer: tuple[int, int] | None = None
        self._phase_before_offer: Phase = "roll"
        self.crawford_game = False
        self._crawford_done = False
        self.colours: tuple[Side, Side] = ("white", "black")
        """Nardy: each player's colour in the current game (white moves first)."""
        self._first_mover = 0
        self._cut_short = False
        """Whether the match ended during a game (a forfeit or a flag), which then counts."""
        self.last_game: TablesLastGame | None = None
        """The game finished last as it ended: its number, final board, cube and result (for a
        front end to show before the next game, which starts at once)."""
        self.known = TurnCache()
        """The legal moves and plays of the turn, listed once for each of its states."""

    # -- what a front end asks ------------------------------------------------------------------

    @property
    def is_nardy(self) -> bool:
        """Whether this is a long nardy match (no cube, surrender instead of resign offers)."""
        return self.settings.game == "nardy"

    @property
    def to_act(self) -> int | None:
        if self.is_over:
            return None
        if self.phase in ("roll", "move"):
            return self.on_roll
        if self.phase == "double" and self.doubled_by is not None:
            return 1 - self.doubled_by
        if self.phase == "resign" and self.resign_offer is not None:
            return 1 - self.resign_offer[0]
        return None

    def _legal_actions(self, player: int) -> list[str]:
        if self.is_over:
            return []
        if self.phase == "waiting":
            return ["seed"] if self.settings.dice == "fair" else []
        if self.phase == "between":
            return ["next_game", "end_session"]
        actions: list[str] = []
        mine = player == self.to_act
        if self.phase == "roll" and mine:
            actions.append("roll")
            if self.may_double(player):
                actions.append("double")
        elif self.phase == "double" and mine:
            actions += ["take", "drop"]
            if self._may_beaver():
                actions.append("beaver")
        elif self.phase == "move" and mine and self.turn is not None:
            if self.known.moves(self.turn):
                actions.append("move")
                if not self.turn.moves or self._undo_allowed():
                    actions.append("play")  # a whole play replaces the moves made, if it may
            if self.turn.moves and self._undo_allowed():
                actions.append("undo")
            if self.turn.is_complete:
                actions.append("confirm")
        elif self.phase == "resign" and mine:
            actions += ["accept", "decline"]
        if self.phase in ("roll", "move", "double") and self.resign_offer is None:
            actions.append("resign")
        return actions

    def may_double(self, player: int) -> bool:
        """Whether ``player`` may offer a double now (before rolling, cube rules allowing)."""
        if self.variant is None or self.phase != "roll" or player != self.on_roll:
            return False
        if self.settings.length == 1 or self.crawford_game:
            return False
        if self.cube_owner is not None and self.cube_owner != player:
            return False
        return self.next_cube(self.cube) is not None

    # -- actions ----------------------------------------------------------------------------------

    def _handlers(self) -> dict[type[Action], Handler]:
        handlers = super()._handlers()
        handlers.update(
            {
                Roll: self._on_roll,
                Move: self._on_move,
                Play: self._on_play,
                Undo: self._on_undo,
                Confirm: self._on_confirm,
                Resign: self._on_resign,
                NextGame: self._on_next_game,
                EndSession: self._on_end_session,
            }
        )
        if self.variant is not None:
            handlers.update(
                {
                    Double: self._on_double,
                    Take: self._on_take,
                    Drop: self._on_drop,
                    Beaver: self._on_beaver,
                    Accept: self._on_accept,
                    Decline: self._on_decline,
                }
            )
        return handlers

    def _require(self, player: int, phase: Phase, doing: str) -> None:
        if self.phase != phase:
            raise not_now(doing, self.phase, self.players[self.on_roll])
        if player != self.to_act:
            name = self.players[self.to_act or 0]
            raise IllegalMoveError(
                f"it is {name}'s turn to act, not yours", reason="not-your-turn", name=name
            )

    def _on_start(self, player: None, action: Start) -> None:
        self.started = True
        self._log(Started(**self._stamp(None)))
        self._start_game()

    def _on_roll(self, player: int, action: Roll) -> None:
        self._require(player, "roll", "roll")
        self._roll_turn(player, derived=False)

    def _on_move(self, player: int, action: Move) -> None:
        self._require(player, "move", "move")
        assert self.turn is not None
        point = BAR if action.src == "bar" else action.src
        if action.die not in self.turn.dice_left:
            left = ", ".join(map(str, self.turn.dice_left))
            if not left:
                message = f"there is no {action.die} to play (dice left: none)"
                raise IllegalMoveError(message, reason="no-dice-left", die=action.die)
            message = f"there is no {action.die} to play (dice left: {left})"
            raise IllegalMoveError(message, reason="no-such-die", die=action.die, left=left)
        move = self.turn.move(point, action.die)
        data: CheckerData = {"src": action.src, "die": action.die}
        self._log(Moved(**self._stamp(player), data=data, outcome={"move": str(move)}))
        self._maybe_auto_confirm(player)

    def _on_play(self, player: int, action: Play) -> None:
        self._require(player, "move", "play")
        assert self.turn is not None and self.position is not None and self.dice is not None
        if self.turn.moves and not self._undo_allowed():
            raise IllegalMoveError(
                "moves already made this turn cannot be taken back: play the rest one by one",
                reason="moves-made",
            )
        play = self.known.find_play(self.position, self.dice, action.text)
        # The turn as it began (no move made yet) is played on rather than started again.
        turn = self.position.start_turn(self.dice) if self.turn.moves else self.turn
        turn.make(play)
        self.turn = turn
        self._log(
            Played(
                **self._stamp(player), data={"text": action.text}, outcome={"play": play.notation}
            )
        )
        self._maybe_auto_confirm(player)

    def _on_undo(self, player: int, action: Undo) -> None:
        self._require(player, "move", "undo")
        assert self.turn is not None
        if not self._undo_allowed():
            raise IllegalMoveError(
                "in Georgian backgammon a move made cannot be taken back", reason="moves-final"
            )
        if not self.turn.moves:
            raise IllegalMoveError(
                "there is no move of this turn to take back", reason="nothing-to-take-back"
            )
        move = self.turn.undo()
        self._log(Undone(**self._stamp(player), outcome={"move": str(move)}))

    def _on_confirm(self, player: int, action: Confirm) -> None:
        self._require(player, "move", "confirm")
        assert self.turn is not None
        if not self.turn.is_complete:
            left = ", ".join(map(str, self.turn.dice_left))
            raise IllegalMoveError(
                f"the play is not complete: dice still to play ({left})",
                reason="dice-to-play",
                left=left,
            )
        self._finish_turn(player, derived=False)

    def _on_double(self, player: int, action: Double) -> None:
        self._require(player, "roll", "double")
        if not self.may_double(player):
            raise self._why_no_double(player)
        self.phase = "double"
        self.doubled_by = player
        offered = self.next_cube(self.cube)
        assert offered is not None  # may_double says the cube can go higher
        self._log(Doubled(**self._stamp(player), outcome={"cube": offered}))

    def _why_no_double(self, player: int) -> IllegalMoveError:
        owner = self.cube_owner
        return no_double(
            length=self.settings.length,
            crawford=self.crawford_game,
            owner=None if owner is None or owner == player else self.players[owner],
            cube=self.cube,
        )

    def _on_take(self, player: int, action: Take) -> None:
        self._require(player, "double", "take")
        value = self.next_cube(self.cube)
        assert value is not None
        self.cube, self.cube_owner = value, player
        self._log(Taken(**self._stamp(player), outcome={"cube": value}))
        self.doubled_by = None
        self.phase = "roll"
        self._after_roll_phase_starts()

    def _on_drop(self, player: int, action: Drop) -> None:
        self._require(player, "double", "drop")
        assert self.doubled_by is not None
        self._log(Dropped(**self._stamp(player), outcome={"points": self.cube}))
        self._end_game(self.doubled_by, self.cube, "single", "drop")

    def _may_beaver(self) -> bool:
        if not (cube_terms(self.settings).beavers and self.settings.length == 0):
            return False
        value = self.next_cube(self.cube)
        return value is not None and self.next_cube(value) is not None

    def _on_beaver(self, player: int, action: Beaver) -> None:
        self._require(player, "double", "beaver")
        if not self._may_beaver():
            raise IllegalMoveError("beavers are not allowed in this match", reason="no-beavers")
        value = self.next_cube(self.next_cube(self.cube) or self.cube)
        assert value is not None
        self.cube, self.cube_owner = value, player
        self._log(Beavered(**self._stamp(player), outcome={"cube": value}))
        self.doubled_by = None
        self.phase = "roll"
        self._after_roll_phase_starts()

    def _on_resign(self, player: int, action: Resign) -> None:
        if self.phase not in ("roll", "move", "double"):
            raise not_now("resign", self.phase, self.players[self.on_roll])
        if self.is_nardy:
            assert isinstance(self.position, NardyPosition)
            points = self.position.surrender_value(
                self.colours[player],
                nardy_terms(self.settings).surrender_value,
            )
            given: ResignData = {} if action.value is None else {"value": action.value}
            self._log(Resigned(**self._stamp(player), data=given, outcome={"points": points}))
            self._end_game(1 - player, points, {1: "oin", 2: "mars"}[points], "resign")
            return
        value = action.value
        if value is None:
            raise IllegalMoveError(
                "say what you resign: 1 (a single game), 2 (a gammon) or 3 (a backgammon)",
                reason="resign-what",
            )
        self._phase_before_offer = self.phase
        self.resign_offer = (player, value)
        self.phase = "resign"
        outcome: ResignOutcome = {"points": self._game_value(value)}
        self._log(Resigned(**self._stamp(player), data={"value": value}, outcome=outcome))

    def _on_accept(self, player: int, action: Accept) -> None:
        self._require(player, "resign", "accept")
        assert self.resign_offer is not None
        value = self.resign_offer[1]
        points = self._game_value(value)
        self._log(Accepted(**self._stamp(player), outcome={"points": points}))
        self.resign_offer = None
        self._end_game(player, points, KIND_NAMES[value], "resign")

    def _on_decline(self, player: int, action: Decline) -> None:
        self._require(player, "resign", "decline")
        self._log(Declined(**self._stamp(player)))
        self.resign_offer = None
        self.phase = self._phase_before_offer

    def _on_next_game(self, player: int, action: NextGame) -> None:
        if self.phase != "between":
            raise not_now("next-game", self.phase, self.players[self.on_roll])
        self._log(NextGameStarted(**self._stamp(player)))
        self._start_game()

    def _on_end_session(self, player: int, action: EndSession) -> None:
        if self.phase != "between":
            raise IllegalMoveError("a money session ends between games")
        self._log(SessionEnded(**self._stamp(player)))
        leader = (
            0 if self.score[0] > self.score[1] else 1 if self.score[1] > self.score[0] else None
        )
        self._end_match(leader, "session ended")

    # -- the flow of a game -----------------------------------------------------------------------

    def _start_game(self) -> None:
        """Set up a new game: the board, the cube, who moves first; roll the opening."""
        number = len(self.games) + 1
        self.cube, self.cube_owner, self.doubled_by, self.resign_offer = 1, None, None, None
        outcome: GameStartOutcome = {"number": number}
        if self.crawford_game:
            outcome["crawford"] = True
        commitment = self.chance.new_game()
        if commitment is not None:
            outcome["commitment"] = commitment
        self._log(GameStarted(**self._stamp(None, derived=True), outcome=outcome))
        if self.is_nardy:
            self._start_nardy_game(number)
        else:
            self._start_backgammon_game()

    def _opening_roll(self) -> tuple[int, int]:
        """Each player rolls one die, again while they tie; returns (player 0's, player 1's)."""
        while True:
            outcome = self.chance.roll(2)
            self._log(OpeningRolled(**self._stamp(None, derived=True), outcome=outcome))
            first, second = outcome["dice"]
            if first != second:
                return first, second

    def _start_backgammon_game(self) -> None:
        assert self.variant is not None
        self.position = BackgammonPosition.initial(self.variant)
        first, second = self._opening_roll()
        self.on_roll = 0 if first > second else 1
        self._begin_turn((first, second))

    def _start_nardy_game(self, number: int) -> None:
        terms = nardy_terms(self.settings)
        if number == 1:
            first, second = self._opening_roll()
            self._first_mover = 0 if first > second else 1
        elif terms.first_move == "winner" and self.games[-1].winner is not None:
            self._first_mover = self.games[-1].winner
        else:
            self._first_mover = 1 - self._first_mover
        self.colours = ("white", "black") if self._first_mover == 0 else ("black", "white")
        self.position = NardyPosition.initial(**terms.rules)
        self.on_roll = self._first_mover
        self.phase = "roll"
        self._after_roll_phase_starts()

    def _after_roll_phase_starts(self) -> None:
        """Roll for the player on roll at once when he has nothing to decide before rolling."""
        if not self.may_double(self.on_roll):
            self._roll_turn(self.on_roll, derived=True)

    def _roll_turn(self, player: int, *, derived: bool) -> None:
        outcome = self.chance.roll(2)
        self._log(Rolled(**self._stamp(player, derived=derived), outcome=outcome))
        first, second = outcome["dice"]
        self._begin_turn((first, second))

    def _begin_turn(self, dice: tuple[int, int]) -> None:
        assert self.position is not None
        self.dice = dice
        self.turn = self.position.start_turn(dice)
        self.phase = "move"
        if not self.known.moves(self.turn):
            self._log(NoMove(**self._stamp(self.on_roll, derived=True)))
            self._finish_turn(self.on_roll, derived=True)

    def _undo_allowed(self) -> bool:
        return self.variant is None or self.variant.undo_within_turn

    def _maybe_auto_confirm(self, player: int) -> None:
        """Georgian: a move made is final, so a complete play ends the turn at once."""
        if self.turn is not None and self.turn.is_complete and not self._undo_allowed():
            self._finish_turn(player, derived=True)

    def _finish_turn(self, player: int, *, derived: bool) -> None:
        assert self.turn is not None
        play = self.turn.play()
        self._log(
            Confirmed(**self._stamp(player, derived=derived), outcome={"play": play.notation})
        )
        self.position = play.result
        self.turn = None
        self.dice = None
        # The board is the opponent's to move, even when the play ended the game.
        self.on_roll = 1 - self.on_roll
        position = self.position
        result = (
            position.result if isinstance(position, BackgammonPosition | NardyPosition) else None
        )
        if result is not None:
            if result.winner is None:
                self._end_game(None, 0, "draw", "last-roll tie")
                return
            winner = player if result.winner in ("opponent", self.colours[player]) else 1 - player
            self._end_game(winner, self._game_value(result.value), result.kind, "bear-off")
            return
        self.phase = "roll"
        self._after_roll_phase_starts()

    def next_cube(self, value: int) -> int | None:
        """The stake after an accepted double, or ``None`` when it is at its cap."""
        assert self.variant is not None
        return self.variant.next_cube(value, cube_terms(self.settings).cube_cap)

    def _game_value(self, value: int) -> int:
        """The points of a game won by ``value`` (1 single, 2 gammon, 3 backgammon; oin, mars):
        times the cube, and under the Jacoby rule a gammon or backgammon counts only once the
        cube has been turned, however the game ends."""
        if isinstance(self.settings, BackgammonRules) and self.settings.jacoby and self.cube == 1:
            return 1
        return value * self.cube

    def _end_game(self, winner: int | None, points: int, kind: str, reason: str) -> None:
        """Score a finished game into the match and go on to the next game or the end."""
        length = self.settings.length
        if winner is not None:
            gained = points if length == 0 else min(points, length - self.score[winner])
            self.score[winner] += gained
        outcome: GameEndOutcome = {
            "winner": winner,
            "points": points,
            "kind": kind,
            "reason": reason,
            "score": list(self.score),
        }
        revealed = self.chance.reveal()
        if revealed is not None:
            outcome["server_seed"] = revealed.seed
        self._log(GameEnded(**self._stamp(winner, derived=True), outcome=outcome))
        final = self.turn.position if self.turn is not None else self.position
        score = (self.score[0], self.score[1])
        self.last_game = TablesLastGame(
            number=len(self.games) + 1,
            winner=winner,
            points=points,
            kind=kind,
            reason=reason,
            cube=self.cube,
            cube_owner=self.cube_owner,
            score=score,
            position=None if final is None else position_view(final, self.on_roll),
        )
        self.games.append(GameSummary(len(self.games) + 1, winner, points, kind, reason, score))
        self.turn = None
        self.dice = None
        self.resign_offer = None
        self.doubled_by = None
        if self.crawford_game:
            self.crawford_game = False
            self._crawford_done = True
        if length and winner is not None and self.score[winner] >= length:
            self.phase = "over"
            self._end_match(winner, reason)
            return
        if (
            isinstance(self.settings, BackgammonRules)
            and self.settings.uses_crawford
            and not self._crawford_done
            and winner is not None
            and self.score[winner] == length - 1
        ):
            self.crawford_game = True
        if length == 0:
            self.phase = "between"
            return
        self._start_game()

    @property
    def game_number(self) -> int:
        """The game being played, or the last one played once the match is over (the game
        cut short by a forfeit or a flag counts)."""
        if self.is_over:
            return len(self.games) + (1 if self._cut_short else 0)
        return len(self.games) + (0 if self.phase in ("waiting", "between") else 1)

    def _close_game(self) -> None:
        self._cut_short = self._game_in_progress()
        self.phase = "over"
        self.turn = None
        self.dice = None

    def _lose_on_time(self, player: int) -> None:
        """Running out of time loses the match (backgammon and nardy)."""
        self._close_game()
        self._end_match(1 - player, "time")

    def _game_in_progress(self) -> bool:
        return self.phase not in ("waiting", "between", "over") and not self.is_over

    # -- snapshots ----------------------------------------------------------------------------

    def _snapshot_state(self) -> JsonObject:
        return TablesSaved(
            phase=self.phase,
            position=self.position,
            on_roll=self.on_roll,
            dice=self.dice,
            turn=self.turn,
            cube=self.cube,
            cube_owner=self.cube_owner,
            doubled_by=self.doubled_by,
            resign_offer=self.resign_offer,
            phase_before_offer=self._phase_before_offer,
            crawford_game=self.crawford_game,
            crawford_done=self._crawford_done,
            colours=self.colours,
            first_mover=self._first_mover,
            cut_short=self._cut_short,
            last_game=self.last_game,
        ).to_dict()

    def _restore_state(self, state: Fields) -> None:
        rules = self.variant or nardy_terms(self.settings).rules
        saved = TablesSaved.from_fields(state, rules)
        self.phase, self.position, self.on_roll = saved.phase, saved.position, saved.on_roll
        self.dice, self.turn = saved.dice, saved.turn
        self.cube, self.cube_owner, self.doubled_by = saved.cube, saved.cube_owner, saved.doubled_by
        self.resign_offer, self._phase_before_offer = saved.resign_offer, saved.phase_before_offer
        self.crawford_game, self._crawford_done = saved.crawford_game, saved.crawford_done
        self.colours, self._first_mover = saved.colours, saved.first_mover
        self._cut_short, self.last_game = saved.cut_short, saved.last_game
