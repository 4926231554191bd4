"""Nobody acts for somebody else: other players, spectators, forged or expired sessions, missing
CSRF tokens, other sites and garbage frames are refused, and nothing is stored."""

import json
import secrets
from contextlib import ExitStack

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gamehall.play.actions import Action
from gamehall.play.match import Match
from gamehall.server.config import Config
from gamehall.server.live.workers import Workers
from gamehall.server.socket_connection import QUEUE_SIZE, SocketConnection
from server.helpers import ORIGIN, PASSWORD, Hall, Player, running, tables_choice
from support import aio


def _match(hall: Hall) -> tuple[str, dict[int, Player]]:
    ann, bob = hall.register("ann"), hall.register("bob")
    challenge = ann.ok("post", "/api/challenges", {"opponent": "bob", "settings": {}})
    match_id = bob.ok("post", f"/api/challenges/{challenge['id']}/accept")["match_id"]
    players = hall.anonymous().ok("get", f"/api/matches/{match_id}")["match"]["players"]
    by_name = {"ann": ann, "bob": bob}
    return match_id, {seat: by_name[p["name"]] for seat, p in enumerate(players)}


def test_out_of_turn_and_other_peoples_games(hall: Hall) -> None:
    match_id, players = _match(hall)
    carol = hall.register("carol")
    before = hall.event_count(match_id)
    with ExitStack() as stack:
        sockets = {seat: stack.enter_context(p.socket(match_id)) for seat, p in players.items()}
        outsider = stack.enter_context(carol.socket(match_id))
        anonymous = stack.enter_context(hall.anonymous().socket(match_id))
        to_act = sockets[0].hello["state"]["to_act"]
        waiting = sockets[1 - to_act]
        legal = sockets[to_act].hello["legal"]
        assert waiting.hello["legal"] is None and legal["plays"]

        waiting.act("play", ref=1, text=legal["plays"][0])
        assert waiting.reply() == {
            "type": "error",
            "ref": 1,
            "code": "not-your-turn",
            "message": f"it is {players[to_act].name}'s turn to act, not yours",
            "reason": "not-your-turn",
        }
        for spectator in (outsider, anonymous):
            assert spectator.hello["you"] is None
            spectator.act("play", ref="x", text=legal["plays"][0])
            reply = spectator.reply()
            assert reply["type"] == "error" and reply["ref"] == "x"
            assert reply["message"] == "spectators cannot act: only the two players can"
        for kind in ("start", "check_time"):
            sockets[to_act].act(kind, ref=kind)
            assert "the server's to do" in sockets[to_act].reply()["message"]
        sockets[to_act].act("claim_abandoned")
        assert "is here: there is nothing to claim" in sockets[to_act].reply()["message"]
        sockets[to_act].act("claim_time")
        assert "clock has not run out" in sockets[to_act].reply()["message"]
    assert hall.event_count(match_id) == before


@pytest.mark.parametrize(
    ("frame", "words"),
    [
        ("not json", "that is not JSON"),
        ("[1, 2]", "send a JSON object with a type"),
        ('"action"', "send a JSON object with a type"),
        ('{"type": "shout"}', "unknown message type 'shout'"),
        ('{"kind": "roll"}', "unknown message type None"),
        ('{"type": "action"}', "an action needs its kind"),
        ('{"type": "action", "kind": 5}', "an action needs its kind"),
        ('{"type": "action", "kind": "roll", "data": [1]}', "data must be a JSON object"),
        ('{"type": "action", "kind": "play", "data": {"text": 5}}', "play needs 'text'"),
        ('{"type": "action", "kind": "play", "data": {"txt": "8/5"}}', "play needs 'text'"),
        ('{"type": "action", "kind": "play", "data": {"player": 1}}', "play needs 'text'"),
        ('{"type": "action", "kind": "roll", "data": {"dice": [6, 6]}}', "roll takes no data"),
        ('{"type": "action", "kind": "roll", "data": {"kind": "start"}}', "has no 'kind'"),
        ('{"type": "action", "kind": "claim_abandoned", "data": {"x": 1}}', "takes no data"),
        ('{"type": "action", "kind": "start"}', "the server's to do"),
        ('{"type": "action", "kind": "teleport"}', "'teleport' is not an action"),
        ('{"type": "action", "kind": "move", "data": {"src": [], "die": 3}}', "move needs 'src'"),
        ('{"type": "action", "kind": "move", "data": {"src": 6, "die": "3"}}', "move needs 'src'"),
        ('{"type": "action", "kind": "' + "x" * 50 + '"}', "an action needs its kind"),
        ('{"type": "ping", "pad": "' + "x" * 9000 + '"}', "that message is too long"),
    ],
)
def test_garbage_frames_are_answered_and_change_nothing(
    hall: Hall, frame: str, words: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug 2: an action is read into its declared shape before it reaches the match; a
    malformed one is refused with what the action needs (it used to reach ``Match.act``, whose
    ``TypeError`` served as validation and made the server reload the match)."""
    applied: list[object] = []
    apply = Match.apply

    def counted(self: Match, player: int | None, action: Action) -> object:
        if player is not None:  # not the referee's start
            applied.append(action)
        return apply(self, player, action)

    monkeypatch.setattr(Match, "apply", counted)
    match_id, players = _match(hall)
    before = hall.event_count(match_id)
    with players[0].socket(match_id) as socket:
        seat = 0
        if socket.hello["state"]["to_act"] != 0:
            seat = 1
    with players[seat].socket(match_id) as socket:
        state = socket.hello["state"]
        socket.ws.send_text(frame)
        reply = socket.reply()
        assert reply["type"] == "error", reply
        assert words in reply["message"], reply
        socket.send({"type": "ping"})
        assert socket.until("pong")["time"] > 0
        socket.ws.send_bytes(b"\xff\xfe")
        assert socket.reply()["message"] == "send text frames"
    assert hall.event_count(match_id) == before
    with players[seat].socket(match_id) as socket:
        assert socket.hello["state"] == state
    assert applied == []


def test_a_forged_session_is_nobody(hall: Hall) -> None:
    match_id, _ = _match(hall)
    forger = hall.client()
    forger.cookies.set("gamehall_session", "forged-token")
    assert forger.get("/api/me").json() == {"user": None, "csrf_token": None, "language": None}
    response = forger.post("/api/seeks", json={"settings": {}}, headers={"X-CSRF-Token": "forged"})
    assert response.status_code == 401
    with Player(hall, forger, "", None).socket(match_id) as socket:
        assert socket.hello["you"] is None


def test_an_expired_session_is_nobody(hall: Hall) -> None:
    match_id, players = _match(hall)
    user = hall.store.users.by_name(players[0].name)
    assert user is not None
    token, csrf = hall.store.users.create_session(user.id, days=0)
    client = hall.client()
    client.cookies.set("gamehall_session", token)
    assert client.get("/api/me").json()["user"] is None
    refused = client.post("/api/seeks", json={"settings": {}}, headers={"X-CSRF-Token": csrf})
    assert refused.status_code == 401
    with Player(hall, client, "", None).socket(match_id) as socket:
        assert socket.hello["you"] is None
        socket.act("resign", value=1)
        assert socket.reply()["message"].startswith("spectators cannot act")


def test_changes_need_the_csrf_token(hall: Hall) -> None:
    ann = hall.register("ann")
    hall.register("bob")
    for headers in ({}, {"X-CSRF-Token": "wrong"}, {"X-CSRF-Token": ""}):
        for path, body in [
            ("/api/seeks", {"settings": {}}),
            ("/api/challenges", {"opponent": "bob", "settings": {}}),
            ("/api/computer", {"settings": {}}),
            ("/api/logout", {}),
        ]:
            response = ann.client.post(path, json=body, headers=headers)
            assert response.status_code == 403, (path, headers)
            assert "X-CSRF-Token header is missing or wrong" in response.json()["detail"]
    seek = ann.ok("post", "/api/seeks", {"settings": {}})
    assert ann.client.delete(f"/api/seeks/{seek['id']}").status_code == 403
    assert hall.anonymous().ok("get", "/api/seeks")["seeks"] != []
    assert hall.anonymous().ok("get", "/api/matches?status=all")["matches"] == []


def test_other_sites_are_refused(hall: Hall) -> None:
    match_id, players = _match(hall)
    ann = players[0]
    evil = {"Origin": "https://evil.example", "X-CSRF-Token": ann.csrf or ""}
    response = ann.client.post("/api/seeks", json={"settings": {}}, headers=evil)
    assert response.status_code == 403
    assert response.json()["detail"] == "requests from other sites are not accepted"
    login = hall.client().post(
        "/api/login", json={"name": "ann", "password": "x" * 8}, headers=evil
    )
    assert login.status_code == 403
    evil_socket = ann.client.websocket_connect
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        evil_socket(f"/ws/matches/{match_id}", headers={"Origin": "https://evil.example"}),
    ):
        pass
    assert closed.value.code == 1008
    with ann.client.websocket_connect(f"/ws/matches/{match_id}", headers={"Origin": ORIGIN}):
        pass


def test_an_origin_of_another_scheme_is_another_site(config: Config) -> None:
    """The Origin check compared the host alone: a page over plain HTTP (or any scheme) on the
    site's name passed it on an HTTPS site."""

    def register(client: TestClient, origin: str) -> int:
        body = {"name": f"u{secrets.token_hex(4)}", "password": PASSWORD}
        return client.post("/api/register", json=body, headers={"Origin": origin}).status_code

    with running(config) as hall:
        plain = hall.client()
        assert register(plain, "ftp://testserver") == 403
        assert register(plain, "null") == 403
    with running(config) as hall:
        tls = TestClient(hall.main.app, base_url="https://testserver")
        tls.portal = hall.main.portal
        assert register(tls, "http://testserver") == 403
        assert register(tls, "https://testserver") == 200
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            tls.websocket_connect(
                "wss://testserver/ws/lobby", headers={"Origin": "http://testserver"}
            ),
        ):
            pass
        assert closed.value.code == 1008
    with running(config, secure_cookies=True) as hall:  # HTTPS ends at a proxy
        assert register(hall.client(), "http://testserver") == 403
        assert register(hall.client(), "https://testserver") == 200


def test_no_such_match(hall: Hall) -> None:
    client = hall.client()
    assert client.get("/api/matches/nothing").status_code == 404
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect("/ws/matches/nothing", headers={"Origin": ORIGIN}),
    ):
        pass
    assert closed.value.code == 4404


def test_no_future_dice_in_what_players_see(hall: Hall) -> None:
    ann = hall.register("ann")
    body = {"settings": {"game": "backgammon", "dice": "fair"}, "level": "random"}
    match_id = ann.ok("post", "/api/computer", body)["match_id"]
    stored = hall.store.matches.load(match_id)
    assert stored is not None
    assert stored is not None and stored.secrets
    secret = stored.secrets["server_seed"]
    with ann.socket(match_id) as socket:
        seen = json.dumps(socket.hello)
        assert socket.hello["events"][1]["outcome"]["commitment"]
        message = socket.hello
        for _ in range(3):
            choice = tables_choice(message)
            if choice is not None:
                socket.act(choice[0], **choice[1])
            message = socket.reply()
            seen += json.dumps(message)
    seen += hall.anonymous().get(f"/api/matches/{match_id}/record.json").text
    seen += hall.anonymous().get(f"/api/matches/{match_id}").text
    assert secret not in seen
    assert hall.anonymous().get(f"/api/matches/{match_id}/dice/1").status_code == 409


class _RecordingSocket:
    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed = code


def test_a_reader_left_behind_is_cut_off() -> None:
    async def scenario() -> _RecordingSocket:
        connection = SocketConnection(None)
        for number in range(QUEUE_SIZE + 1):
            connection.send({"type": "update", "number": number})
        connection.send({"type": "update", "number": "late"})
        assert connection.overflowed
        socket = _RecordingSocket()
        await connection.write_to(socket, Workers())  # type: ignore[arg-type]
        return socket

    socket = aio.run(scenario())
    assert socket.sent == [] and socket.closed == 1013


def test_a_closed_connection_sends_what_was_queued() -> None:
    async def scenario() -> _RecordingSocket:
        connection = SocketConnection(0)
        connection.send({"type": "pong", "time": 1})
        connection.close()
        socket = _RecordingSocket()
        await connection.write_to(socket, Workers())  # type: ignore[arg-type]
        return socket

    socket = aio.run(scenario())
    assert socket.sent == ['{"type":"pong","time":1}'] and socket.closed is None
