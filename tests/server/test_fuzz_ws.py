"""Fuzzing a live match's WebSocket: hypothesis sends frames (any text, any JSON, actions of
every kind with data of every shape, nested brackets, long frames) from the player to act and
from a spectator. Every frame is answered (an error, a pong, or an update for an action the
match accepts), the socket stays open, and after every refused frame the match in memory is
the stored one. The budget is bounded (a few seconds)."""

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamehall.server.config import Config
from server.helpers import Hall, Socket, running

KINDS = [
    "roll", "move", "play", "undo", "confirm", "double", "take", "drop", "beaver", "resign",
    "accept", "decline", "next_game", "end_session", "pass", "offer_draw", "claim_abandoned",
    "claim_time", "start", "check_time", "seed", "claim", "", "x" * 50,
]  # fmt: skip
LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
    | st.sampled_from(["³", "٣", "6", "24/18 13/11", "h8", "bar/22", "off"])
)
ANY_JSON = st.recursive(
    LEAVES,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=10,
)
DATA_KEYS = st.sampled_from(["src", "die", "text", "value", "point", "seed", "kind", "player"])
ACTIONS = st.fixed_dictionaries(
    {"type": st.just("action"), "kind": st.sampled_from(KINDS)},
    optional={
        "data": st.dictionaries(DATA_KEYS, LEAVES, max_size=3) | ANY_JSON,
        "ref": LEAVES,
    },
).map(lambda m: json.dumps(m))
FRAMES = (
    ACTIONS
    | ANY_JSON.map(json.dumps)
    | st.text(max_size=60)
    | st.integers(min_value=1, max_value=5000).map(lambda n: "[" * n + "]" * n)
    | st.integers(min_value=8000, max_value=20000).map(
        lambda n: '{"type": "ping", "p": "' + "x" * n + '"}'
    )
)


def _answer(sock: Socket) -> dict[str, Any]:
    return sock.until(lambda m: m["type"] in ("error", "update", "pong"))


def _same_as_stored(hall: Hall, match_id: str) -> None:
    services = hall.services
    live = services.live.cached(match_id)
    stored = hall.store.matches.load(match_id)
    assert live is not None and stored is not None and stored.events is not None
    assert [e.to_dict() for e in live.match.events] == list(stored.events)


def test_frames_never_break_a_match(config: Config) -> None:
    with running(config) as hall:
        match_id, players = hall.match_between({"length": 3, "dice": "fair"})
        to_act = hall.anonymous().ok("get", f"/api/matches/{match_id}")["state"]["to_act"]
        with (
            players[to_act].socket(match_id) as player,
            hall.anonymous().socket(match_id) as spectator,
        ):
            answered: list[str] = []

            @settings(
                max_examples=300,
                deadline=None,
                database=None,
                suppress_health_check=list(HealthCheck),
            )
            @given(frame=FRAMES, from_spectator=st.booleans())
            def one(frame: str, from_spectator: bool) -> None:
                sock = spectator if from_spectator else player
                sock.ws.send_text(frame)
                answer = _answer(sock)
                answered.append(answer["type"])
                if answer["type"] == "error":
                    _same_as_stored(hall, match_id)
                if from_spectator:
                    assert answer["type"] != "update" or answer["events"]

            one()
            for sock in (player, spectator):
                sock.send({"type": "ping"})
                assert _answer(sock)["type"] == "pong"
        assert "error" in answered
        _same_as_stored(hall, match_id)
