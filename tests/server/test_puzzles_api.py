"""``/api/puzzles``: a renju game played to its five gives a puzzle, solved move by move through
the API with the threat search's replies; a signed-in solver's first attempt is rated, a second
one and a visitor's are not; a wrong answer shows the solution; a tables puzzle's play is made
on its board and judged; bad answers are refused in words and change nothing."""

import time
from typing import Any

from gamehall.puzzles.values import Puzzle
from server.helpers import Hall, Player

RENJU = {"game": "renju", "length": 1}
GAME = [
    "h8", "i7", "j9", "f1", "i5", "k9", "j6", "i6", "g4", "m9", "g2", "b1", "g8", "j12", "h6",
    "k1", "j4", "i8", "l2", "k3", "g7", "f8", "g5", "g6", "g3", "g1", "h4", "f2", "k7",
]  # fmt: skip
"""Black wins by continuous fours from move 21 on (g7, g5, g3, h4, k7)."""
OPENING_SPLIT = Puzzle(
    game="backgammon",
    task="play",
    position="4HPwATDgc/ABMA",
    mover="0",
    answers=("8/5 6/5",),
    solution=("8/5 6/5",),
    themes=("opening",),
    dice=(3, 1),
    source=None,
    move=1,
)


def _play_renju(hall: Hall) -> None:
    match_id, players = hall.match_between(RENJU)
    for number, point in enumerate(GAME):
        with players[number % 2].socket(match_id) as socket:
            socket.act("move", point=point)
            reply = socket.reply()
    assert reply["state"]["phase"] == "over"


def _first_puzzle(player: Player, seconds: float = 180) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        response = player.get("/api/puzzles/next?game=renju")
        if response.status_code == 200:
            found: dict[str, Any] = response.json()
            return found
        assert response.status_code == 404, response.text
        assert time.monotonic() < deadline, "no puzzle was made of the game"
        time.sleep(0.3)


def test_a_finished_renju_game_gives_a_puzzle_solved_and_rated(hall: Hall) -> None:
    _play_renju(hall)
    carol = hall.register("carol")
    puzzle = _first_puzzle(carol)
    assert puzzle["task"] == "win" and puzzle["mover"] == "black"
    assert puzzle["themes"] == ["fours"] and puzzle["rating"] == 1400
    assert puzzle["renju"]["moves"] == GAME[:20] and puzzle["renju"]["turn"] == "black"
    path = f"/api/puzzles/{puzzle['id']}/answer"
    line: list[str] = []
    for move in ("g7", "g5", "g3", "h4"):
        verdict = carol.ok("post", path, {"line": line, "move": move})
        assert verdict["correct"] and not verdict["over"] and verdict["solution"] == []
        line += [move, verdict["reply"]]
        assert verdict["renju"]["moves"] == GAME[:20] + line
    assert line[1::2] == ["f8", "g6", "g1", "f2"]
    done = carol.ok("post", path, {"line": line, "move": "k7"})
    assert done["solved"] and done["over"] and done["rated"]
    assert done["rating"]["before"] == 1500 and done["rating"]["after"] > 1500
    assert done["solution"] == GAME[20:]
    mine = carol.ok("get", "/api/puzzles/mine")
    assert mine["attempts"] == 1 and mine["history"][0]["puzzle_id"] == puzzle["id"]
    again = carol.ok("post", path, {"line": [], "move": "g5"})
    assert not again["correct"] and again["over"] and not again["rated"]
    assert carol.ok("get", "/api/puzzles/mine")["rating"] == done["rating"]["after"]
    # tried: no other puzzle is left for carol
    assert carol.get("/api/puzzles/next?game=renju").status_code == 404

    dave = hall.register("dave")
    wrong = dave.ok("post", path, {"line": [], "move": "g5"})
    assert not wrong["correct"] and wrong["over"] and wrong["solution"] == GAME[20:]
    assert wrong["rated"] and wrong["rating"]["after"] < 1500
    assert hall.anonymous().ok("get", f"/api/puzzles/{puzzle['id']}")["attempts"] == 2

    visitor = hall.anonymous()
    solved = visitor.ok("post", path, {"line": [], "move": "g7"})
    assert solved["correct"] and not solved["rated"] and solved["rating"] is None
    refused = visitor.post(path, {"line": ["g7", "a1"], "move": "g5"})
    assert refused.status_code == 400 and "not this puzzle's" in refused.json()["detail"]
    occupied = visitor.post(path, {"line": [], "move": "h8"})
    assert occupied.status_code == 400 and "occupied" in occupied.json()["detail"]
    assert visitor.get("/api/puzzles/mine").status_code == 401
    daily = visitor.ok("get", "/api/puzzles/daily/renju")
    assert daily["id"] == puzzle["id"]
    assert visitor.get("/api/puzzles/daily/nardy").status_code == 404


def test_a_tables_play_is_made_on_its_board_and_judged(hall: Hall) -> None:
    (puzzle_id,) = hall.store.puzzles.add([OPENING_SPLIT])
    ann = hall.register("ann")
    shown = ann.ok("get", f"/api/puzzles/{puzzle_id}")
    assert shown["task"] == "play" and shown["dice"] == [3, 1] and shown["renju"] is None
    assert shown["tables"]["state"]["on_roll"] == 0
    assert {"src": 8, "dst": 5, "die": 3, "hit": False} in shown["tables"]["legal"]["moves"]
    board = ann.ok("post", f"/api/puzzles/{puzzle_id}/board", {"moves": [[8, 3]]})
    assert board["state"]["dice_left"] == [1]
    refused = ann.post(f"/api/puzzles/{puzzle_id}/board", {"moves": [[8, 5]]})
    assert refused.status_code == 400 and "no 5 to play" in refused.json()["detail"]
    path = f"/api/puzzles/{puzzle_id}/answer"
    forged = ann.client.post(path, json={"moves": [[8, 3], [6, 1]]})
    assert forged.status_code == 403 and forged.json()["code"] == "csrf-failed"
    short = ann.post(path, {"moves": [[8, 3]]})
    assert short.status_code == 400 and "not complete" in short.json()["detail"]
    assert ann.ok("get", "/api/puzzles/mine")["attempts"] == 0
    verdict = ann.ok("post", path, {"moves": [[6, 1], [8, 3]]})
    assert verdict["correct"] and verdict["solved"] and verdict["answer"] == "8/5 6/5"
    assert verdict["rated"] and verdict["solution"] == ["8/5 6/5"]
    bob = hall.register("bob")
    wrong = bob.ok("post", path, {"moves": [[24, 3], [24, 1]]})
    assert not wrong["correct"] and wrong["answer"] == "24/23 24/21"
    assert wrong["solution"] == ["8/5 6/5"]
    assert ann.get("/api/puzzles/12345").status_code == 404
