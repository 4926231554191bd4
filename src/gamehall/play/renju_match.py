"""Renju (and gomoku) matches: N games, colours alternating, draws by agreement.

The rules layer (``gamehall.renju.Board``) referees every stone; this module adds the match:
Black first with the colours swapped each game, resignation, draw offers and their answers,
a game point for a win and half for a draw (or drawn games played again, as the settings'
``draws`` say), and the loss of a game on time.
"""

from collections.abc import Mapping
from typing import Literal

from gamehall.errors import GameError, IllegalMoveError
from gamehall.jsontext import JsonObject
from gamehall.play.actions import (
    Accept,
    Action,
    ClaimFoul,
    Decline,
    OfferDraw,
    OfferFifth,
    OpeningChoice,
    Pass,
    Place,
    Resign,
    Start,
)
from gamehall.play.clock import Clock
from gamehall.play.event_keys import (
    ChoiceData,
    ChoiceOutcome,
    ClaimOutcome,
    FalseClaimOutcome,
    GameEndOutcome,
    GameStartOutcome,
    MoveOutcome,
    OfferOutcome,
)
from gamehall.play.events import (
    Accepted,
    Claimed,
    Declined,
    DrawOffered,
    FalseClaimed,
    FifthOffered,
    GameEnded,
    GameStarted,
    Moved,
    OpeningChosen,
    Passed,
    Resigned,
    Started,
)
from gamehall.play.last_game import RenjuLastGame
from gamehall.play.match import Handler, Match
from gamehall.play.renju_openings import WITH_OFFERS, Opening, new_opening, opening_from_dict
from gamehall.play.settings import FALSE_CLAIM_SECONDS, RenjuSettings
from gamehall.play.snapshot import Fields
from gamehall.play.summary import GameSummary
from gamehall.renju import Board
from gamehall.renju.five_line import winning_line

FALSE_CLAIMS_REASON = "false claims"
"""The reason of a game White lost by a second false claim (``false_claim="loss"``)."""

Phase = Literal["waiting", "move", "over"]
PHASES: tuple[Phase, ...] = ("waiting", "move", "over")


def new_board(options: Mapping[str, str], moves: list[str] | None = None) -> Board:
    """An empty board of a renju match's ``options`` (``rule``, ``opening``, ``forbidden``), or
    the board after ``moves``. Under an opening rule the board's own opening check is the one
    the rule's stones need; the match keeps the procedure."""
    rule = options.get("rule", "renju")
    opening = options.get("opening", "center")
    if opening == "swap2":
        opening = "free"  # the stones may go anywhere
    elif opening in ("soosorv-8", "taraguchi-10", "yamaguchi"):
        opening = "center"  # the 26 openings are exactly the centre opening's positions
    forbidden = options.get("forbidden", "loss")
    if moves is None:
        return Board(rule=rule, opening=opening, forbidden=forbidden)
    return Board.from_moves(moves, rule=rule, opening=opening, forbidden=forbidden)


def five_of(board: Board) -> list[str]:
    """The points of the row that won the game on the board (empty if none did)."""
    if board.result is None or board.result.reason != "five" or not board.moves:
        return []
    return winning_line(board.stones(), board.moves[-1])


_DOINGS = {"stone": "a move", "pass": "passing", "offer": "a fifth-move offer"}
"""What a player tried on his turn, by its code, as a refusal says it."""


class RenjuMatch(Match):
    """A renju or gomoku match between players 0 and 1 (player 0 is Black in game 1)."""

    def _set_up(self) -> None:
        if self.settings.game != "renju":
            raise GameError(f"a {self.settings.game} match is a TablesMatch")
        self.phase: Phase = "waiting"
        self.board: Board | None = None
        self.black = 0
        """The player with Black in the current game."""
        self.draw_offer: int | None = None
        """The player whose draw offer is waiting for an answer."""
        self.opening: Opening | None = None
        """The opening rule's state while its stones and choices are being made, else None."""
        self._cut_short = False
        """Whether the match ended during a game (a forfeit), which then counts."""
        self.last_game: RenjuLastGame | None = None
        """The game finished last as it ended: its number, stones, moves, the winning five and
        the result (for a front end to show before the next game, which starts at once)."""

    @property
    def to_act(self) -> int | None:
        if self.is_over or self.board is None or self.phase != "move":
            return None
        if self.opening is not None:
            return self.opening.to_act(self.black)
        return self.black if self.board.turn == "black" else 1 - self.black

    def colour_of(self, player: int) -> str:
        """The colour ``player`` plays in the current game (during an opening rule's choices:
        the tentative colour)."""
        return "black" if player == self.black else "white"

    def _legal_actions(self, player: int) -> list[str]:
        if self.is_over or self.phase != "move":
            return []
        actions = ["resign"]
        if self.opening is not None:
            if player == self.to_act:
                actions.append("move" if self.opening.places() else "opening_choice")
            return actions
        if player == self.to_act:
            actions.append("move")
            board = self.board
            if board is not None and not (board.opening == "center" and len(board.moves) < 3):
                actions.append("pass")
        if self.claims_fouls and self.colour_of(player) == "white":
            # Always offered: were it offered only when a claim stands, it would give the foul away.
            actions.append("claim")
        if self.draw_offer is None:
            actions.append("offer_draw")
        elif self.draw_offer != player:
            actions += ["accept", "decline"]
        return actions

    @property
    def terms(self) -> RenjuSettings:
        """The match's settings, renju's own."""
        assert isinstance(self.settings, RenjuSettings)
        return self.settings

    @property
    def claims_fouls(self) -> bool:
        """Does White claim Black's forbidden moves in this match (``forbidden="claim"``)?"""
        return self.terms.claims_fouls

    @property
    def game_number(self) -> int:
        """The game being played, or the last one played once the match is over (the game
        cut short by a forfeit counts)."""
        return len(self.games) + (1 if self.phase == "move" or self._cut_short else 0)

    # -- actions ----------------------------------------------------------------------------------

    def _handlers(self) -> dict[type[Action], Handler]:
        handlers = super()._handlers()
        handlers.update(
            {
                Place: self._on_move,
                Pass: self._on_pass,
                OpeningChoice: self._on_opening_choice,
                OfferFifth: self._on_offer_fifth,
                ClaimFoul: self._on_claim_foul,
                Resign: self._on_resign,
                OfferDraw: self._on_offer_draw,
                Accept: self._on_accept,
                Decline: self._on_decline,
            }
        )
        return handlers

    def _on_start(self, player: None, action: Start) -> None:
        self.started = True
        self._log(Started(**self._stamp(None)))
        self._start_game()

    def _require_turn(self, player: int, doing: str) -> Board:
        what = _DOINGS[doing]
        if self.board is None or self.phase != "move":
            raise IllegalMoveError(
                f"{what} is not possible now: no game is being played",
                reason="no-game-now",
                what=doing,
            )
        if player != self.to_act:
            name = self.players[self.to_act or 0]
            raise IllegalMoveError(
                f"it is {name}'s move, not yours", reason="not-your-move", name=name
            )
        if self.opening is not None and not self.opening.places():
            choices = ", ".join(self.opening.choices())
            raise IllegalMoveError(
                f"{what} is not possible now: the opening asks you to choose: {choices}",
                reason="choose-first",
                what=doing,
                choices=choices,
            )
        if self.opening is not None and doing == "pass":
            raise IllegalMoveError(
                f"{what} is not possible during the opening: place a stone",
                reason="stone-in-opening",
                what=doing,
            )
        return self.board

    def _on_move(self, player: int, action: Place) -> None:
        board = self._require_turn(player, "stone")
        if isinstance(self.opening, WITH_OFFERS) and self.opening.step == "offers":
            self._on_offer_fifth(player, OfferFifth(action.point))
            return
        if self.opening is not None:
            self.opening.place(board, action.point)
        board.play(action.point)
        played: MoveOutcome = {"move": board.moves[-1]}
        self._log(Moved(**self._stamp(player), data={"point": action.point}, outcome=played))
        if self.opening is not None:
            self.opening = self.opening.after_stone(len(board.moves))
        self._after_stone(player)

    def _on_pass(self, player: int, action: Pass) -> None:
        board = self._require_turn(player, "pass")
        board.play("pass")
        self._log(Passed(**self._stamp(player)))
        self._after_stone(player)

    def _on_offer_fifth(self, player: int, action: OfferFifth) -> None:
        board = self._require_turn(player, "offer")
        if not isinstance(self.opening, WITH_OFFERS) or self.opening.step != "offers":
            raise IllegalMoveError("there are no fifth moves to offer now", reason="no-offers-now")
        opening, _ = self.opening.place(board, action.point)
        self.opening = opening
        offers: OfferOutcome = {"offers": list(opening.offers)}
        self._log(FifthOffered(**self._stamp(player), data={"point": action.point}, outcome=offers))

    def _on_opening_choice(self, player: int, action: OpeningChoice) -> None:
        if self.opening is None or self.phase != "move":
            raise IllegalMoveError(
                "there is no opening choice to make now", reason="no-opening-choice"
            )
        opening, black = self.opening.choose(player, self.black, action.choice)
        outcome: ChoiceOutcome = {"choice": action.choice}
        if black is not None:
            outcome["black"] = black
            outcome["swap"] = black != self.black
            self.black = black
        self.opening = opening
        data: ChoiceData = {"choice": action.choice}
        self._log(OpeningChosen(**self._stamp(player), data=data, outcome=outcome))

    def _on_claim_foul(self, player: int, action: ClaimFoul) -> None:
        if self.board is None or self.phase != "move":
            raise IllegalMoveError(
                "a claim is not possible now: no game is being played", reason="no-claim-now"
            )
        if self.colour_of(player) != "white":
            raise IllegalMoveError(
                "only White claims Black's forbidden moves", reason="white-claims"
            )
        foul = next((f for f in reversed(self.board.fouls()) if f.claimable), None)
        if foul is None and self.claims_fouls:
            self._false_claim(player)
            return
        result = self.board.claim()
        assert foul is not None
        claimed: ClaimOutcome = {"point": foul.point, "pattern": foul.pattern, "move": "claim"}
        self._log(Claimed(**self._stamp(player), outcome=claimed))
        self._end_game(player, result.reason)

    @property
    def false_claims(self) -> int:
        """White's claims in the current game when there was nothing to claim (read from the
        log back to the game's start, so that snapshots need not keep them)."""
        count = 0
        for event in reversed(self.events):
            if event.kind == "game_start":
                break
            count += event.kind == "false_claim"
        return count

    def _false_claim(self, player: int) -> None:
        """White claimed a foul when there is none to claim: the claim is kept in the log and
        sanctioned as the match's ``false_claim`` says (the board is unchanged)."""
        assert self.board is not None
        count = self.false_claims + 1
        sanction = self.terms.false_claim_sanction
        outcome: FalseClaimOutcome = {
            "stones": len(self.board.moves),
            "count": count,
            "penalty": sanction,
        }
        if sanction == "loss":
            outcome["penalty"] = "warning" if count == 1 else "loss"
        elif sanction == "time" and self.clock is not None:
            self.clock.give(self.black, FALSE_CLAIM_SECONDS)
            outcome["seconds"] = FALSE_CLAIM_SECONDS
        self._log(FalseClaimed(**self._stamp(player), outcome=outcome))
        if outcome["penalty"] == "loss":
            self._end_game(self.black, FALSE_CLAIMS_REASON)

    def _after_stone(self, player: int) -> None:
        """A move declines a pending draw offer of the opponent; a finished board ends the game."""
        assert self.board is not None
        if self.draw_offer is not None and self.draw_offer != player:
            self._log(Declined(**self._stamp(player, derived=True)))
            self.draw_offer = None
        result = self.board.result
        if result is not None:
            winner = None if result.winner is None else self._player_of(result.winner)
            self._end_game(winner, result.reason)

    def _player_of(self, colour: str) -> int:
        return self.black if colour == "black" else 1 - self.black

    def _on_resign(self, player: int, action: Resign) -> None:
        if self.phase != "move":
            raise IllegalMoveError(
                "resigning is not possible now: no game is being played", reason="no-resign-now"
            )
        if action.value is not None:
            raise IllegalMoveError(
                "a renju resignation has no value: resign the game as it is",
                reason="renju-resign-value",
            )
        self._log(Resigned(**self._stamp(player), data={}, outcome={}))
        self._end_game(1 - player, "resign")

    def _on_offer_draw(self, player: int, action: OfferDraw) -> None:
        if self.phase != "move":
            raise IllegalMoveError(
                "a draw can be offered only during a game", reason="draw-in-game"
            )
        if self.opening is not None:
            raise IllegalMoveError(
                "a draw can be offered only once the opening is over", reason="draw-after-opening"
            )
        if self.draw_offer is not None:
            mine = self.draw_offer == player
            who = "your" if mine else "your opponent's"
            raise IllegalMoveError(
                f"{who} draw offer is already waiting for an answer",
                reason="own-draw-waiting" if mine else "their-draw-waiting",
            )
        self.draw_offer = player
        self._log(DrawOffered(**self._stamp(player)))

    def _answer(self, player: int, what: str) -> None:
        if self.draw_offer is None or self.draw_offer == player:
            raise IllegalMoveError(
                f"there is no draw offer of your opponent to {what}", reason=f"no-draw-to-{what}"
            )

    def _on_accept(self, player: int, action: Accept) -> None:
        self._answer(player, "accept")
        self._log(Accepted(**self._stamp(player), outcome={}))
        self.draw_offer = None
        self._end_game(None, "agreement")

    def _on_decline(self, player: int, action: Decline) -> None:
        self._answer(player, "decline")
        self._log(Declined(**self._stamp(player)))
        self.draw_offer = None

    # -- the flow of the match --------------------------------------------------------------------

    def _new_board(self, moves: list[str] | None = None) -> Board:
        """An empty board of the match's options, or the board after ``moves``."""
        return new_board(self.settings.options, moves)

    def _start_game(self) -> None:
        number = len(self.games) + 1
        self.black = (number - 1) % 2
        self.board = self._new_board()
        self.draw_offer = None
        self.phase = "move"
        self.opening = new_opening(self.settings.options.get("opening", "center"), self.black)
        control = self.settings.clock
        if control is not None:
            # Each game has its own time: a new clock, which starts with Black's first move.
            self.clock = Clock(control, match_length=self.settings.length, time_source=self._time)
        started: GameStartOutcome = {"number": number, "black": self.black}
        self._log(GameStarted(**self._stamp(None, derived=True), outcome=started))

    def _end_game(self, winner: int | None, reason: str) -> None:
        """Score the game (1 for a win, 1/2 each for a draw) and go on or end the match."""
        if winner is None:
            self.score[0] += 0.5
            self.score[1] += 0.5
        else:
            self.score[winner] += 1
        points = 0.5 if winner is None else 1.0
        kind = "draw" if winner is None else "win"
        score = (self.score[0], self.score[1])
        ended: GameEndOutcome = {"winner": winner, "reason": reason, "score": list(score)}
        self._log(GameEnded(**self._stamp(winner, derived=True), outcome=ended))
        board = self.board
        self.last_game = RenjuLastGame(
            number=len(self.games) + 1,
            winner=winner,
            reason=reason,
            black=self.black,
            score=score,
            moves=() if board is None else tuple(board.moves),
            stones={} if board is None else board.stones(),
            five=() if board is None else tuple(five_of(board)),
        )
        self.games.append(GameSummary(len(self.games) + 1, winner, points, kind, reason, score))
        self.draw_offer = None
        leader = 0 if score[0] > score[1] else 1 if score[1] > score[0] else None
        if self._decided(score, leader):
            self.phase = "over"
            self._end_match(leader, reason)
            return
        self._start_game()

    def _decided(self, score: tuple[float, float], leader: int | None) -> bool:
        """Whether the match is over after its last game: a player has N points, or, when
        draws count, N games are played or a player has more than half their points."""
        length = self.settings.length
        if leader is not None and score[leader] >= length:
            return True
        if self.terms.draws != "count":
            return False
        return len(self.games) >= length or (leader is not None and score[leader] > length / 2)

    def _close_game(self) -> None:
        self._cut_short = self._game_in_progress()
        self.phase = "over"
        self.draw_offer = None

    def _lose_on_time(self, player: int) -> None:
        """Running out of time loses the game (the match goes on if it is not decided)."""
        self._end_game(1 - player, "time")

    def _game_in_progress(self) -> bool:
        return self.phase == "move" and not self.is_over

    # -- snapshots ----------------------------------------------------------------------------

    def _snapshot_state(self) -> JsonObject:
        """The game's moves (the board is played again from them: at most 225 stones), who
        has Black and a draw offer waiting."""
        return {
            "phase": self.phase,
            "moves": None if self.board is None else list(self.board.moves),
            "black": self.black,
            "draw_offer": self.draw_offer,
            "opening": None if self.opening is None else self.opening.to_dict(),
            "cut_short": self._cut_short,
            "last_game": None if self.last_game is None else self.last_game.to_dict(),
        }

    def _restore_state(self, state: Fields) -> None:
        self.phase = state.choice("phase", PHASES)
        moves = state.value("moves")
        self.board = None if moves is None else self._new_board(state.texts("moves"))
        self.black = state.seat("black") or 0
        self.draw_offer = state.seat("draw_offer")
        opening = state.value("opening")
        self.opening = None if opening is None else opening_from_dict(opening)
        self._cut_short = state.flag("cut_short")
        last_game = state.value("last_game")
        self.last_game = None if last_game is None else RenjuLastGame.from_dict(last_game)
