"""A player's turn in a correspondence-length match, told on his own socket (``/ws/user``).

In a match with no clock, or a clock that gives a day or more, players do not sit at the
board: they go to other pages and come back. When the opponent's action makes it a person's
turn, ``TurnNotices`` sends that person ``{"type": "your_turn", "match_id", "opponent",
"game"}`` on his user sockets, on whichever server process they are (``UserChannels.tell``),
and the page he is on shows the notice (the game page itself rings instead). In a faster match
the players are at the board, and nothing is sent.
"""

from gamehall.play.clock import Byoyomi, Delay, Fischer, TimeControl
from gamehall.play.settings import MatchSettings
from gamehall.server.live.matches import LiveMatch
from gamehall.server.protocol.match import LoggedEvent
from gamehall.server.protocol.user import YourTurn
from gamehall.server.user_channels import UserChannels

CORRESPONDENCE_SECONDS = 24 * 3600
"""A clock that gives a side at least this long, for the match or for each turn, is
correspondence-length."""


def per_turn(control: TimeControl) -> float:
    """The time a clock gives back or leaves free on every turn: Fischer's increment, the
    delay, a byoyomi period."""
    if isinstance(control, Fischer):
        return control.increment
    if isinstance(control, Delay):
        return control.delay
    if isinstance(control, Byoyomi):
        return control.period
    return 0.0


def correspondence(settings: MatchSettings) -> bool:
    """Whether a match is played at correspondence length: no clock, or a clock that gives a
    side a day or more (for the match, or for each turn)."""
    control = settings.clock
    if control is None:
        return True
    whole = control.initial_time(settings.length or None)
    return max(whole, per_turn(control)) >= CORRESPONDENCE_SECONDS


def turn_passed_to(live: LiveMatch, events: list[LoggedEvent]) -> int | None:
    """The seat of the person whose turn ``events`` made it: the opponent acted and now he is
    to act (his own moves within a turn, or a computer's turn, make nobody's)."""
    match = live.match
    seat = match.to_act
    if match.is_over or seat is None or not live.is_human(seat):
        return None
    opponent_acted = any(e["player"] == 1 - seat and not e.get("derived") for e in events)
    return seat if opponent_acted else None


class TurnNotices:
    """Tells a player on his user sockets that his turn has come in a correspondence-length
    match (``LiveMatches.after_commit`` calls it with each change this process stores)."""

    def __init__(self, channels: UserChannels) -> None:
        self.channels = channels

    def __call__(self, live: LiveMatch, events: list[LoggedEvent]) -> None:
        seat = turn_passed_to(live, events)
        user_id = None if seat is None else live.seats[seat].user_id
        if seat is None or user_id is None or not correspondence(live.match.settings):
            return
        notice = YourTurn(
            match_id=live.id, opponent=live.seats[1 - seat].name, game=live.match.game
        )
        self.channels.tell(user_id, notice.wire())
