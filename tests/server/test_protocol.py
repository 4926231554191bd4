"""The WebSocket protocol (``gamehall.server.protocol``): every message kind of every socket,
in both directions, goes through its union (built, written as JSON, read back: the same
message); every kind the server builds is in a union; a client's frame of the wrong shape is
refused in the player's words; and the messages are written as the server always wrote them."""

import ast
import json
from pathlib import Path
from typing import Annotated, get_args, get_origin

import pytest
from pydantic import BaseModel

import gamehall.server
from gamehall import jsontext
from gamehall.play.actions import action_from_dict
from gamehall.play.dice import SeededDice
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.play.views import state_of
from gamehall.server import social_schemas as social
from gamehall.server.arena_schemas import ArenaGameView, ArenaRowView, ArenaView, SheetMarkView
from gamehall.server.live.changes import events_of
from gamehall.server.live.clocks import MatchTime, SystemClock
from gamehall.server.live.fanout import Serialised
from gamehall.server.live.matches import LiveMatch, Saved
from gamehall.server.protocol import arena, chat, common, lobby, match, tournament_chat, user
from gamehall.server.protocol.schema import UNIONS, protocol_schema
from gamehall.server.schemas import SeekView, Settings
from gamehall.server.ws import read_frame
from gamehall.store import Store
from server.helpers import Hall, live_backgammon, tables_choice
from support import aio

SETTINGS = Settings(game="nardy", length=3, clock="fischer:300+5")
TOURNAMENT = user.TournamentRef(id=7, name="Spring")
STATE = {
    "game": "renju",
    "players": ["ann", "bob"],
    "length": 1,
    "score": [0, 0.5],
    "game_number": 1,
    "phase": "move",
    "black": 0,
    "to_act": 1,
    "draw_offer": None,
    "winner": None,
    "end_reason": None,
    "options": {},
    "opening": None,
    "moves": ["h8"],
    "stones": {"h8": "black"},
    "turn": "white",
    "forbidden": {},
    "five": [],
    "result": None,
}
EVENT = {"seq": 0, "kind": "move", "player": 0, "time": 12.5, "data": {"point": "h8"}}
LEGAL = {"moves": [{"src": 24, "dst": 18, "die": 6, "hit": False}], "plays": ["24/18 13/8"]}

EXAMPLES: list[BaseModel] = [
    match.Hello.model_validate(
        {
            "match_id": "m1",
            "you": 0,
            "players": [{"name": "ann", "kind": "human", "level": None}],
            "state": STATE,
            "events": [EVENT],
            "clocks_wait": None,
            "actions": ["move", "resign"],
            "legal": None,
        }
    ),
    match.Update.model_validate(
        {
            "events": [EVENT],
            "state": STATE,
            "clocks_wait": 15.0,
            "actions": ["roll"],
            "legal": LEGAL,
        }
    ),
    match.Presence(connected=[True, False], grace=match.Grace(player=1, deadline=99.5)),
    match.RematchStarted(match_id="abcd1234"),
    common.SocketError(ref={"mine": 3}, message="h8 is occupied"),
    common.Pong(time=1234.5),
    match.ActionFrame(type="action", kind="move", data={"point": "h8"}, ref=4),
    common.Ping(type="ping"),
    user.UserHello(user="ann"),
    user.TournamentRound(tournament=TOURNAMENT, round=2, byes=["cid"]),
    user.TournamentMatch(
        tournament=TOURNAMENT, round=2, board=1, leg=0, match_id="m2", seat=1, opponent="bob"
    ),
    user.TournamentOver(tournament=TOURNAMENT, winner=None),
    user.SeekAccepted(match_id="m3", opponent="bob", settings=SETTINGS, rated=True),
    user.ChallengeAccepted(match_id="m4", opponent="bob", settings=SETTINGS, rated=False),
    user.ChallengeDeclined(opponent="bob", settings=SETTINGS, rated=True),
    user.ChallengesChanged(),
    user.RematchOffer(of="m1", opponent="bob"),
    user.Rematch(of="m1", match_id="m5"),
    user.YourTurn(match_id="m1", opponent="bob", game="nardy"),
    user.Warned(),
    social.MessageNotice(
        message=social.MessageView(
            id=7, from_="ann", to="bob", text="hi", sent_at="2026-01-01T12:00:00+00:00", read=False
        )
    ),
    social.FollowedOnline(name="ann"),
    social.FollowedPlaying(name="ann", match_id="m1", game="renju", opponent="bob"),
    lobby.SeekList(
        seeks=[
            SeekView(
                id=1,
                user="ann",
                settings=SETTINGS,
                rated=False,
                created_at="2026-01-01T00:00:00Z",
                rating=1500,
                rating_shown="1500?",
                speed="untimed",
                estimate=None,
            )
        ]
    ),
    lobby.SeekChanges(
        removed=[1],
        added=[
            SeekView(
                id=2,
                user="bob",
                settings=SETTINGS,
                rated=True,
                created_at="2026-01-01T00:01:00Z",
                rating=1500,
                rating_shown="1500?",
                speed="untimed",
                estimate=None,
            )
        ],
    ),
    lobby.Online(players=["ann", "bob"]),
    lobby.Playing(games=[lobby.GamePlayingView(game="renju", matches=2, players=3)]),
    chat.ChatHello(
        room="players",
        can_write=True,
        messages=[chat.ChatLine(id="a1", from_="ann", text="good luck", time=5.0)],
    ),
    chat.ChatLine(id="b2", from_="bob", text="thanks", time=6.0),
    chat.ChatError(message="too many chat messages: at most 1 per second; try again in 1 s"),
    chat.ChatError(code="chat-empty", message="write something first"),
    tournament_chat.TournamentChatHello(
        tournament=7,
        can_write=False,
        messages=[chat.ChatLine(id="t7", from_="mia", text="round 2 at eight", time=7.0)],
    ),
    chat.Say(type="say", text="hello"),
    arena.ArenaBoard(
        tournament=7,
        status="running",
        arena=ArenaView(
            duration=1800,
            started_at="2026-01-01T18:00:00Z",
            closes_at="2026-01-01T18:27:00Z",
            ends_at="2026-01-01T18:30:00Z",
            now="2026-01-01T18:05:00Z",
            finished=False,
            leaderboard=[
                ArenaRowView(
                    rank=1,
                    player="ann",
                    score=2,
                    games=1,
                    wins=1,
                    fire=False,
                    paused=False,
                    playing=True,
                    sheet=[SheetMarkView(mark="win", points=2, fire=False)],
                )
            ],
            games=[
                ArenaGameView(number=2, first="ann", second="bob", result=None, match_id="m6"),
                ArenaGameView(number=1, first="bob", second="ann", result="0-1", match_id="m5"),
            ],
            winner=None,
        ),
    ),
]


def members(union: object) -> set[type]:
    """The models of a union (``Annotated`` with its discriminator, or a model alone)."""
    if get_origin(union) is Annotated:
        union = get_args(union)[0]
    found = get_args(union)
    return set(found) if found else {union}  # type: ignore[arg-type]


def test_every_kind_of_every_union_goes_through_it_and_back() -> None:
    for name, (adapter, _) in UNIONS.items():
        union = adapter._type
        kinds = members(union)
        examples = [e for e in EXAMPLES if type(e) in kinds]
        assert {type(e) for e in examples} == kinds, f"{name}: a kind without an example"
        for example in examples:
            text = jsontext.dumps(example.model_dump(by_alias=True))
            assert adapter.validate_python(json.loads(text)) == example, name


def test_every_message_model_is_in_a_union_and_no_dict_literal_is_a_message() -> None:
    kinds = set().union(*(members(adapter._type) for adapter, _ in UNIONS.values()))
    tagged = {
        model
        for module in (common, match, user, lobby, chat, arena)
        for model in vars(module).values()
        if isinstance(model, type) and issubclass(model, BaseModel) and "type" in model.model_fields
    }
    assert tagged - kinds == set()
    root = Path(gamehall.server.__file__).parent
    for path in root.rglob("*.py"):
        # guards.py and drain.py write ASGI events, broker.py Redis's, jstypes.py schemas
        if "protocol" in path.parts or path.name in (
            "guards.py",
            "drain.py",
            "broker.py",
            "jstypes.py",
        ):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Dict):
                keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
                assert "type" not in keys, f"{path.name}:{node.lineno} builds a message by hand"


def test_the_schema_is_published_with_every_union() -> None:
    defs = protocol_schema()["$defs"]
    assert isinstance(defs, dict)
    assert set(UNIONS) <= set(defs)
    server = defs["MatchServerMessage"]
    assert isinstance(server, dict) and server["discriminator"] == {
        "propertyName": "type",
        "mapping": {
            "hello": "#/$defs/Hello",
            "update": "#/$defs/Update",
            "presence": "#/$defs/Presence",
            "rematch": "#/$defs/RematchStarted",
            "error": "#/$defs/SocketError",
            "pong": "#/$defs/Pong",
        },
    }


@pytest.mark.parametrize(
    ("frame", "ref", "words"),
    [
        ('{"type": "dance"}', None, "unknown message type 'dance': send an action or a ping"),
        ("{}", None, "unknown message type None: send an action or a ping"),
        ('{"type": "action", "ref": 3}', 3, 'an action needs its kind, e.g. {"kind": "roll"}'),
        ('{"type": "action", "kind": 5}', None, 'an action needs its kind, e.g. {"kind": "roll"}'),
        ('{"type": "action", "kind": "roll", "data": []}', None, "an action's data must be a"),
        ("[1]", None, "send a JSON object with a type"),
        ("{", None, "that is not JSON"),
    ],
)
def test_a_frame_of_the_wrong_shape_gets_the_protocols_error(
    frame: str, ref: object, words: str
) -> None:
    read = read_frame(frame)
    assert isinstance(read, common.SocketError)
    assert read.ref == ref and read.message.startswith(words)


def test_a_frame_of_the_right_shape_is_read_as_its_model() -> None:
    read = read_frame('{"type": "action", "kind": "move", "data": {"src": 6, "die": 5}}')
    assert read == match.ActionFrame(type="action", kind="move", data={"src": 6, "die": 5})
    assert read_frame('{"type": "ping", "extra": 1}') == common.Ping(type="ping")


def test_hello_and_update_are_written_as_the_server_always_wrote_them(store: Store) -> None:
    async def scenario() -> None:
        live_matches, live, inboxes = await live_backgammon(store, "fair", (0, 1, None))
        for _ in range(12):
            seat = live.match.to_act
            assert seat is not None
            choice = tables_choice(inboxes[seat].last_view())
            assert choice is not None
            action = action_from_dict({"kind": choice[0], **choice[1]})
            await live_matches.act(live, inboxes[seat], action, None)
        hello = inboxes[2].messages[0]
        assert list(hello) == [
            "type",
            "match_id",
            "you",
            "players",
            "state",
            "events",
            "clocks_wait",
            "actions",
            "legal",
        ]
        update = inboxes[2].last_view()
        by_hand = {  # the message as the server wrote it by hand before the protocol's models
            "type": "update",
            "events": update["events"],
            "state": update["state"],
            "clocks_wait": None,  # added since: the clocks' pause between games (none here)
            "actions": update["actions"],
            "legal": update["legal"],
        }
        assert update["type"] == "update" and update == by_hand
        assert isinstance(update, Serialised) and update.text == jsontext.dumps(by_hand)

    aio.run(scenario())


@pytest.mark.parametrize("game", ["backgammon", "georgian", "nardy"])
def test_an_update_written_without_the_model_is_its_dump(game: str) -> None:
    settings = MatchSettings.from_dict({"game": game, "length": 1, "clock": "fischer:600+10"})
    played = TablesMatch(settings, ("ann", "bob"), dice=SeededDice(7))
    played.start()
    live = LiveMatch("m1", played, [], MatchTime(SystemClock()), None, Saved({}, 0, None))
    first = 0
    while not played.is_over:
        events, first = events_of(played, first), len(played.events)
        state, views = state_of(played), live.views()
        wait = 15.0 if played.phase == "over" else None
        for allowed in views.values():
            fields = {"events": events, "state": state, "clocks_wait": wait, **allowed.wire()}
            written = jsontext.dumps(match.Update.written(events, state, wait, allowed))
            assert written == jsontext.dumps(match.Update.model_validate(fields).wire())
            constructed = match.Update.model_construct(
                events=events,
                state=state,
                clocks_wait=wait,
                actions=allowed.actions,
                legal=allowed.legal,
            )
            assert written == jsontext.dumps(constructed.wire())
        seat = played.to_act
        assert seat is not None
        choice = tables_choice(views[seat].wire())
        assert choice is not None
        played.apply(seat, action_from_dict({"kind": choice[0], **choice[1]}))
    renju = match.Update.written([EVENT], STATE, None, match.Allowed([], None))  # type: ignore[list-item, arg-type]
    assert renju == match.Update.model_validate({**renju}).wire()


def test_the_schema_is_served_beside_the_openapi(hall: Hall) -> None:
    answer = hall.main.get("/api/protocol.json")
    assert answer.status_code == 200
    assert answer.json() == json.loads(jsontext.dumps(protocol_schema()))
