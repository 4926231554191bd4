"""The pause between two games of a match: no clock runs for ``BETWEEN_GAMES`` seconds.

A tables match to N points starts its next game the moment the last one ends (the play layer
rolls its opening with the end of the last), so the player on roll's clock would run while both
players still look at the finished game. So when a change ends a game and the match goes on,
the match's time stands still (``MatchTime.pause``) for ``BETWEEN_GAMES`` seconds of wall-clock
time, whatever happens meanwhile: a player may move at once (that move costs no time), and the
clocks go on from where they stood when the pause is over. The messages say how long the pause
has left (``clocks_wait``), so that the page counts it down and does not run a clock meanwhile.
"""

from gamehall.play.match import Match
from gamehall.server.live.clocks import MatchTime
from gamehall.server.protocol.match import LoggedEvent

BETWEEN_GAMES = 15.0
"""Seconds of wall-clock time after a game's end during which no clock runs."""


def game_end(match: Match, events: list[LoggedEvent]) -> LoggedEvent | None:
    """The end of a game among ``events`` when the match goes on with a clock (a pause is
    due), else None."""
    if match.clock is None or match.is_over:
        return None
    return next((event for event in reversed(events) if event["kind"] == "game_end"), None)


def clocks_wait(match: Match, time: MatchTime, events: list[LoggedEvent]) -> float | None:
    """Seconds for which no clock runs from the message of ``match``'s new ``events``: the
    whole pause when they end a game, what is left of a pause under way, or None (the clocks
    run as shown)."""
    if game_end(match, events) is not None:
        return BETWEEN_GAMES
    return time.pausing_for()


def go_on(match: Match, time: MatchTime, events: list[LoggedEvent]) -> None:
    """``match``'s new ``events`` are stored: a held clock goes on (``MatchTime.release``),
    and when they end a game the pause between games begins."""
    time.release()
    end = game_end(match, events)
    if end is not None:
        time.pause(end["time"], BETWEEN_GAMES)
