"""The example bot (``examples/bot.py``, written from ``docs/bot-api.md`` alone) against a real
server: it makes a token, challenges the house engine at its fastest level and plays a whole
match of each game from the streams' legal actions. And the refusals a bot must be able to rely
on: an illegal action changes nothing, a revoked token is refused at the next request."""

import importlib.util
import json
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import gamehall
from support.services import ServerProcess

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "bot.py"
PASSWORD = "correct horse battery"


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("example_bot", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bot = _example()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    source = str(Path(gamehall.__file__).parents[1])  # this package, whatever the folder
    env = {"GAMEHALL_BOT_DELAY": "0", "PYTHONPATH": source}
    process = ServerProcess(tmp_path_factory.mktemp("server"), env)
    process.start()
    try:
        yield process.base
    finally:
        process.stop()


@pytest.mark.parametrize("game", ["backgammon", "nardy", "renju"])
def test_the_example_bot_plays_a_whole_match(server: str, game: str) -> None:
    name = "bot" + secrets.token_hex(4)
    arguments = ["--server", server, "--name", name, "--password", PASSWORD, "--game", game]
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), *arguments, "--level", "random"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    said = json.loads(run.stdout.strip().splitlines()[-1])
    account = bot.Account(server, name, PASSWORD)
    record = account.post("/api/login", {"name": name, "password": PASSWORD})
    assert record["user"]["name"] == name
    match = bot._call(
        account.opener, bot.urllib.request.Request(f"{server}/api/matches/{said['match_id']}")
    )
    assert match["match"]["status"] == "over"
    assert match["state"]["winner"] in (0, 1) and said["winner"] == match["state"]["winner"]


def _events(server: str, match_id: str) -> int:
    record = bot._call(
        bot.urllib.request.build_opener(),
        bot.urllib.request.Request(f"{server}/api/matches/{match_id}/record.json"),
    )
    return len(record["events"])


@pytest.mark.parametrize(
    ("game", "illegal"),
    [
        ("backgammon", ("move", {"src": 24, "die": 9})),
        ("nardy", ("play", {"text": "1/2 3/4 5/6 7/8"})),
        ("renju", ("move", {"point": "z99"})),
    ],
)
def test_an_illegal_action_and_a_revoked_token(
    server: str, game: str, illegal: tuple[str, dict[str, object]]
) -> None:
    name = "bot" + secrets.token_hex(4)
    account = bot.Account(server, name, PASSWORD)
    token, token_id = account.make_token()
    player = bot.Bot(server, token)
    created = player.post("/api/challenge/ai", {"game": game, "level": "random", "side": 0})
    match_id = created["match_id"]
    stream = player.stream(f"/api/bot/game/stream/{match_id}")
    hello = next(stream)
    assert hello["type"] == "hello" and hello["you"] == 0
    assert hello["state"]["game"] == game
    before = _events(server, match_id)
    with pytest.raises(bot.ApiError) as refused:
        player.act(match_id, *illegal)
    assert refused.value.status == 400
    assert refused.value.code in ("illegal-move", "bad-action", "not-your-turn")
    assert _events(server, match_id) == before
    account.revoke(token_id)
    with pytest.raises(bot.ApiError) as revoked:
        player.act(match_id, "resign")
    assert (revoked.value.status, revoked.value.code) == (401, "token-revoked")
    assert _events(server, match_id) == before
    ended = list(stream)  # the open stream ends at its next keep-alive (a read times out in 60 s)
    assert all(line["type"] in ("update", "presence", "keep_alive") for line in ended)
    with pytest.raises(bot.ApiError) as gone:
        next(player.stream(f"/api/bot/game/stream/{match_id}"))
    assert (gone.value.status, gone.value.code) == (401, "token-revoked")


def test_bots_challenge_each_other_on_their_event_streams(server: str) -> None:
    names = ["bot" + secrets.token_hex(4) for _ in range(2)]
    challenger, challenged = (
        bot.Bot(server, bot.Account(server, name, PASSWORD).make_token()[0]) for name in names
    )
    events = challenged.stream("/api/stream/event")
    made = challenger.post(f"/api/challenge/{names[1]}", {"settings": {"game": "renju"}})
    offered = next(line for line in events if line["type"] == "challenge")
    assert offered["challenge"]["id"] == made["id"] and offered["challenge"]["from"] == names[0]
    match_id = challenged.post(f"/api/challenge/{made['id']}/accept")["match_id"]
    started = next(line for line in events if line["type"] == "game_start")
    assert (started["match_id"], started["opponent"]) == (match_id, names[0])
    challenged.act(match_id, "abort")
    finished = next(line for line in events if line["type"] == "game_finish")
    assert finished["match_id"] == match_id
