"""Takebacks: a player asks to take back his last turn, the opponent accepts or declines.

Takebacks are for casual matches only: the referee allows them before the start
(``allow_takebacks``, logged), and never in Georgian backgammon, where a move made is final.
A player may ask right after his turn, before the opponent has ended a turn of his own: in the
tables games his last confirmed play, in renju his last stone. While the request waits the game
goes on; the opponent's next turn ended (or the game's end) lets it lapse.

Accepted, the match goes back to just before that turn: the log keeps every event (the request,
the acceptance with the ``seq`` it went back to), and the state is rebuilt by replaying the log
up to that event, so that a replay of the whole log rebuilds it the same way. In the tables
games the roll is not taken back: the player plays the turn again with the same dice (the next
rolls are new ones). The clocks are not taken back either.
"""

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from gamehall.errors import IllegalMoveError
from gamehall.play.actions import AcceptTakeback, Action, AllowTakebacks, AskTakeback
from gamehall.play.events import (
    Event,
    TakebackAccepted,
    TakebackAsked,
    TakebackDeclined,
    TakebacksAllowed,
)
from gamehall.play.snapshot import Fields

if TYPE_CHECKING:
    from gamehall.play.match import Match

CASUAL_ONLY = "takebacks are for casual games only: not in rated or tournament games"
GEORGIAN = "in Georgian backgammon moves are final: no takebacks"
_TABLES_ENDS = frozenset({"confirm"})
_RENJU_ENDS = frozenset({"move", "pass", "offer", "opening_choice", "claim", "false_claim"})
_ROLLS = frozenset({"roll", "opening"})


def apply(match: "Match", player: int | None, action: Action) -> None:
    """Apply a takeback action of ``player`` (None: the referee) to ``match``."""
    if isinstance(action, AllowTakebacks):
        _allow(match, player)
        return
    if player is None:
        raise IllegalMoveError(f"{action.kind!r} must come from a player")
    if isinstance(action, AskTakeback):
        check(why_no_takeback(match, player))
        match.takeback_asked = player
        match._log(TakebackAsked(**match._stamp(player)))
        return
    if match.takeback_asked != 1 - player:
        raise IllegalMoveError(
            "there is no takeback of your opponent to answer", reason="no-takeback-to-answer"
        )
    match.takeback_asked = None
    if not isinstance(action, AcceptTakeback):
        match._log(TakebackDeclined(**match._stamp(player)))
        return
    cut = cut_of(match, 1 - player)
    assert cut is not None  # a request lapses once its turn cannot be taken back
    match._log(TakebackAccepted(**match._stamp(player), outcome={"seq": cut}))
    match._restore_state(Fields(state_before(match, cut), "the match before the takeback"))


def _allow(match: "Match", player: int | None) -> None:
    if player is not None:
        raise IllegalMoveError("the referee allows takebacks, not a player")
    if match.started:
        raise IllegalMoveError("takebacks are allowed before the match starts")
    if match.game == "georgian":
        raise IllegalMoveError(GEORGIAN, reason="georgian-no-takebacks")
    match.takebacks = True
    match._log(TakebacksAllowed(**match._stamp(None)))


def why_no_takeback(match: "Match", player: int) -> IllegalMoveError | None:
    """Why ``player`` cannot ask for a takeback now, or None when he can."""
    if match.game == "georgian":
        return IllegalMoveError(GEORGIAN, reason="takebacks-georgian")
    if not match.takebacks:
        return IllegalMoveError(CASUAL_ONLY, reason="takebacks-casual")
    if match.takeback_asked is not None:
        return IllegalMoveError(
            "a takeback is already waiting for an answer", reason="takeback-waiting"
        )
    if cut_of(match, player) is None:
        return IllegalMoveError(
            "you have no turn to take back: only your last one, before your opponent plays",
            reason="no-turn-to-take-back",
        )
    return None


def offered(match: "Match", player: int) -> list[str]:
    """The takeback actions ``player`` may take now."""
    if not match.takebacks or match.is_over:
        return []
    if match.takeback_asked == 1 - player:
        return ["accept_takeback", "decline_takeback"]
    return ["takeback"] if why_no_takeback(match, player) is None else []


def cut_of(match: "Match", player: int) -> int | None:
    """Where ``player``'s last turn begins in the log (the state to go back to is the one
    before that event), if it can be taken back: it is the last turn ended in the game in
    progress, and he made a move in it."""
    if not match.started or match.is_over:
        return None
    events = match.events
    renju = match.game == "renju"
    ends = _RENJU_ENDS if renju else _TABLES_ENDS
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if event.kind in ("game_start", "game_end", "accept_takeback"):
            return None  # no turn of this game, or the one taken back is being played again
        if event.kind not in ends or event.player is None:
            continue
        if event.player != player:
            return None
        if renju:
            return index if event.kind == "move" and not event.derived else None
        return _turn_start(events, index, player)
    return None


def _turn_start(events: Sequence[Event], end: int, player: int) -> int | None:
    """The first move of the tables turn ending at ``end``: the event after its roll, if it
    is a move of ``player``'s own (not a turn with no move). A takeback accepted within the
    turn went back to just after its roll."""
    index = end - 1
    while index >= 0:
        event = events[index]
        if isinstance(event, TakebackAccepted):
            return event.outcome["seq"]
        if event.kind in _ROLLS:
            first = events[index + 1]
            mine = first.player == player and not first.derived
            return index + 1 if mine and first.kind in ("move", "play") else None
        index -= 1
    return None


def state_before(match: "Match", cut: int) -> dict[str, object]:
    """The game's state before the log's event ``cut``, found by replaying the log up to it
    (a takeback's rebuild: the same on every replay of the log)."""
    replica = type(match)(match.settings, match.players, time_source=lambda: 0.0)
    replica._replay_log(match.events[:cut], lambda: 0.0)
    return dict(replica._snapshot_state())


def still_asked(match: "Match", events: Sequence[Event]) -> int | None:
    """The takeback still waiting after the match's new ``events``: it lapses when the
    opponent ends a turn, or the game ends."""
    asker = match.takeback_asked
    if asker is None or match.is_over:
        return None
    ends = _RENJU_ENDS if match.game == "renju" else _TABLES_ENDS
    for event in events:
        if event.kind == "game_end" or (event.kind in ends and event.player == 1 - asker):
            return None
    return asker


def without_taken_back(events: Iterable[Event]) -> list[Event]:
    """The log as the match was played in the end: each accepted takeback drops the events
    from the one it went back to up to itself (what a record of the match holds)."""
    kept: list[Event] = []
    for event in events:
        if isinstance(event, TakebackAccepted):
            back = event.outcome["seq"]
            while kept and kept[-1].seq >= back:
                kept.pop()
        else:
            kept.append(event)
    return kept


def check(refusal: IllegalMoveError | None) -> None:
    """Refuse a takeback with ``refusal``, if there is one."""
    if refusal is not None:
        raise refusal
