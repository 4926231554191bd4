"""A player's turn in a correspondence-length match is told on his own socket (``/ws/user``),
whatever page he is on; in a faster match, or when nobody's turn has passed, nothing is sent."""

from typing import Any

import pytest

from gamehall.play.clock import TimeControl
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import BackgammonSettings, RenjuSettings
from gamehall.server.live.changes import saved_of
from gamehall.server.live.clocks import MatchTime
from gamehall.server.live.matches import LiveMatch
from gamehall.server.turn_notices import TurnNotices, correspondence
from gamehall.store import PlayerSeat
from server.helpers import ORIGIN, FakeClock, Hall

ANN = PlayerSeat(1, "human", None, "ann")
BOB = PlayerSeat(2, "human", None, "bob")
COMPUTER = PlayerSeat(None, "computer", "beginner", "Computer")


@pytest.mark.parametrize(
    ("clock", "length", "long"),
    [
        (None, 1, True),
        ("fischer:300+5", 1, False),
        ("fischer:86400", 1, True),  # a day for the match
        ("fischer:600+86400", 1, True),  # a day more for every move
        ("delay:86400+0", 1, True),  # a free day every turn
        ("byoyomi:600+5x86400", 1, True),
        ("delay:12+60/pt", 5, False),
        ("delay:12+3600/pt", 25, True),  # 25 hours of reserve for a match to 25
    ],
)
def test_what_is_correspondence_length(clock: str | None, length: int, long: bool) -> None:
    assert (
        correspondence(
            BackgammonSettings(
                length=length, clock=None if clock is None else TimeControl.parse(clock)
            )
        )
        is long
    )


class Channels:
    """The user sockets, as the notices see them: what each user was sent."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, dict[str, Any]]] = []

    def tell(self, user_id: int, message: dict[str, Any]) -> None:
        self.sent.append((user_id, message))


def _live(clock: str | None = None, seats: tuple[PlayerSeat, PlayerSeat] = (ANN, BOB)) -> LiveMatch:
    match = RenjuMatch(
        RenjuSettings(length=2, clock=None if clock is None else TimeControl.parse(clock)),
        [s.name for s in seats],
    )
    match.start()
    return LiveMatch("m1", match, list(seats), MatchTime(FakeClock()), None, saved_of(match))


def _move(live: LiveMatch, seat: int, point: str) -> list[dict[str, Any]]:
    return [e.to_dict() for e in live.match.act(seat, "move", point=point)]


def test_the_player_whose_turn_came_is_told() -> None:
    live, channels = _live(), Channels()
    notices = TurnNotices(channels)  # type: ignore[arg-type]
    notices(live, _move(live, 0, "h8"))
    assert channels.sent == [
        (2, {"type": "your_turn", "match_id": "m1", "opponent": "ann", "game": "renju"})
    ]
    notices(live, _move(live, 1, "h9"))
    assert channels.sent[-1] == (
        1,
        {"type": "your_turn", "match_id": "m1", "opponent": "bob", "game": "renju"},
    )


def test_nobody_is_told_in_a_fast_match_or_when_the_turn_stays() -> None:
    channels = Channels()
    notices = TurnNotices(channels)  # type: ignore[arg-type]
    fast = _live("fischer:300+5")
    notices(fast, _move(fast, 0, "h8"))
    computer = _live(seats=(ANN, COMPUTER))
    notices(computer, _move(computer, 0, "h8"))  # the computer's turn: nobody to tell
    live = _live()
    notices(live, [])  # nothing happened
    notices(live, [{"seq": 0, "kind": "start", "player": None}])  # the referee's start
    assert channels.sent == []


def _next_turn(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "your_turn":
            return message


def test_the_turn_is_told_on_the_user_socket(hall: Hall) -> None:
    match_id, players = hall.match_between({"game": "renju", "length": 1})
    black, white = players[0], players[1]
    with white.client.websocket_connect("/ws/user", headers={"Origin": ORIGIN}) as ws:
        assert ws.receive_json()["type"] == "hello"
        with black.socket(match_id) as socket:
            socket.act("move", point="h8")
            assert socket.reply()["type"] == "update"
        notice = _next_turn(ws)
    assert notice == {
        "type": "your_turn",
        "match_id": match_id,
        "opponent": black.name,
        "game": "renju",
    }
