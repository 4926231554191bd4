"""The server's ``.psq`` of a renju match under an opening rule: it once failed (the board of
the record was made with the rule's name as its opening); now it holds the stones, the rule's
decisions and Black's name after the swap, and reads back into the same game."""

from typing import Any

from gamehall.play.records.renju import import_psq
from server.helpers import Hall

STEPS = [
    ("move", "h8"),
    ("move", "h9"),
    ("move", "h10"),
    ("opening_choice", "1"),
    ("opening_choice", "black"),  # bob swaps: he has Black
    ("move", "h6"),
    ("offer", "g7"),
    ("move", "g7"),  # ann, White, takes the one offer as move 5
]


def _after(seq: int) -> Any:
    """A test of a socket message: an update reaching past event ``seq``."""
    return lambda m: m["type"] == "update" and m["events"][-1]["seq"] > seq


def test_a_yamaguchi_game_downloads_with_its_decisions(hall: Hall) -> None:
    settings = {"game": "renju", "options": {"opening": "yamaguchi"}}
    match_id, players = hall.match_between(settings)
    with players[0].socket(match_id) as first, players[1].socket(match_id) as second:
        to_act = first.hello["state"]["to_act"]
        seq = first.hello["events"][-1]["seq"]
        for kind, value in STEPS:
            sockets = (first, second) if to_act == 0 else (second, first)
            if kind == "opening_choice":
                sockets[0].act(kind, choice=value)
            else:
                sockets[0].act(kind, point=value)
            update = sockets[0].until(_after(seq))
            assert update["events"][0]["kind"] == kind, update
            sockets[1].until(_after(seq))  # the other page has seen it too
            seq, to_act = update["events"][-1]["seq"], update["state"]["to_act"]
    response = hall.anonymous().get(f"/api/matches/{match_id}/record.psq")
    assert response.status_code == 200, response.text
    lines = response.text.splitlines()
    black, white = players[1].name, players[0].name
    assert lines[6:] == [
        black,
        white,
        "-1",
        "opening yamaguchi",
        "after 3 choose 1",
        "after 3 choose black",
        "after 4 offer g7",
    ]
    again = import_psq(response.text)
    assert again.players == (white, black)  # seat 0: the tentative first player
    assert again.board is not None and again.board.moves == ["h8", "h9", "h10", "h6", "g7"]
