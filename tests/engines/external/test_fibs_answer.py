"""Our engine answering the board lines GNU Backgammon sends its external player: each decision
goes to the engine with the position, dice, score, cube and Crawford state of the line, seen
from the side that decides; the server answers each line, refuses a bad one with an error line
that changes nothing, and ends when the connection does."""

import socket
import threading
from io import StringIO
from pathlib import Path

import pytest

from gamehall.backgammon.position import Position
from gamehall.engines import (
    AnswerDouble,
    ChoosePlay,
    Decision,
    Engine,
    MatchContext,
    OfferDouble,
    find_engine,
)
from gamehall.engines.base import Choice
from gamehall.engines.external.fibs_answer import FibsAnswerer
from gamehall.engines.external.fibs_server import Address, listening, serve
from gamehall.errors import GameError
from support.gnubg_lines import (
    GNUBG_CRAWFORD,
    GNUBG_DOUBLED,
    GNUBG_FIRST,
    GNUBG_PLAYER_0,
    GNUBG_POST_CRAWFORD,
)


class Recording(Engine):
    """The beginner level, keeping every decision it was asked."""

    def __init__(self, doubles: bool = False) -> None:
        super().__init__("backgammon", "beginner")
        self.inner = find_engine("backgammon", "beginner", seed=1)
        self.asked: list[Decision] = []
        self.doubles = doubles

    def _decide(self, decision: Decision) -> Choice:
        self.asked.append(decision)
        if isinstance(decision, OfferDouble):
            return self.doubles
        return self.inner._decide(decision)


def test_a_play_is_chosen_at_the_score_of_the_line() -> None:
    engine = Recording()
    answer = FibsAnswerer(engine).answer("\0" + GNUBG_CRAWFORD + "\n")
    (asked,) = engine.asked
    assert isinstance(asked, ChoosePlay)
    assert asked.position == Position.initial() and asked.dice == (3, 1)
    # root, on roll, trails 0-2 in the Crawford game of a 3-point match
    assert asked.context == MatchContext(match_length=3, score=(0, 2), crawford=True)
    assert answer.text == "8/5 6/5" and not answer.done


def test_gnubgs_player_0_is_the_boards_opponent() -> None:
    engine = Recording()
    answer = FibsAnswerer(engine).answer(GNUBG_PLAYER_0)
    (asked,) = engine.asked
    assert isinstance(asked, ChoosePlay) and asked.dice == (5, 3)
    assert asked.context == MatchContext(match_length=5, score=(0, 4), crawford=True)
    assert asked.position == Position.initial()
    assert answer.text in {play.notation for play in asked.plays}


def test_after_the_crawford_game_the_cube_is_back() -> None:
    engine = Recording()
    FibsAnswerer(engine).answer(GNUBG_POST_CRAWFORD)
    (asked,) = engine.asked
    assert isinstance(asked, ChoosePlay) and asked.dice == (6, 4)
    assert asked.context == MatchContext(match_length=5, score=(3, 4))
    assert asked.context.engine_may_double


def test_before_rolling_the_engine_doubles_or_rolls() -> None:
    for doubles, said in ((True, "double"), (False, "roll")):
        engine = Recording(doubles)
        assert FibsAnswerer(engine).answer(GNUBG_FIRST).text == said
        (asked,) = engine.asked
        assert isinstance(asked, OfferDouble)
        assert asked.context == MatchContext(match_length=3)
    # in the Crawford game nobody may double: the engine is not asked
    engine = Recording(doubles=True)
    no_dice = GNUBG_CRAWFORD.replace(":1:3:1:3:1:1:1:1:0:", ":1:0:0:0:0:1:1:1:0:")
    assert FibsAnswerer(engine).answer(no_dice).text == "roll"
    assert engine.asked == []


def test_the_side_doubled_takes_or_drops() -> None:
    engine = Recording()
    answer = FibsAnswerer(engine).answer(GNUBG_DOUBLED).text
    (asked,) = engine.asked
    assert isinstance(asked, AnswerDouble)
    # gnubg, on roll, doubled before its second roll; the context is root's, the cube centred
    assert asked.context == MatchContext(match_length=3)
    assert asked.position.mover[13] == 4 and asked.position.mover[11] == 1
    assert answer in ("take", "drop")


def test_blank_lines_and_exit() -> None:
    answerer = FibsAnswerer(Recording())
    assert answerer.answer("\0\n").text is None
    assert answerer.answer("exit").done
    with pytest.raises(GameError, match="not a FIBS board line"):
        answerer.answer("new match 3")
    with pytest.raises(GameError, match="plays renju"):
        FibsAnswerer(find_engine("renju", "random"))


def talk(path: Path, lines: list[str]) -> list[str]:
    """Connect to ``path``, send ``lines`` one by one, return the answers, then close."""
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.connect(str(path))
    answers = []
    with client, client.makefile("rb") as stream:
        for line in lines:
            client.sendall(line.encode() + b"\n\0")  # as gnubg writes: a NUL after the line
            answers.append(stream.readline().decode().rstrip("\n"))
    return answers


def test_the_server_answers_refuses_and_ends_with_the_connection(tmp_path: Path) -> None:
    path = tmp_path / "gamehall.socket"
    log = StringIO()
    with listening(Address(path=path)) as listener:
        server = threading.Thread(target=serve, args=(listener, FibsAnswerer(Recording()), log))
        server.start()
        answers = talk(path, [GNUBG_CRAWFORD, "board:nonsense", GNUBG_CRAWFORD])
        server.join(10)
        assert not server.is_alive()
    assert answers[0] == answers[2] == "8/5 6/5"
    assert answers[1].startswith("Error: not a FIBS board line")
    assert "refused 'board:nonsense': not a FIBS board line" in log.getvalue()
    assert not path.exists()


def test_the_server_ends_on_exit(tmp_path: Path) -> None:
    path = tmp_path / "gamehall.socket"
    with listening(Address(path=path)) as listener:
        server = threading.Thread(
            target=serve, args=(listener, FibsAnswerer(Recording()), StringIO())
        )
        server.start()
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.connect(str(path))
        client.sendall(b"exit\n")
        server.join(10)
        assert not server.is_alive()
        client.close()


def test_an_address_that_cannot_be_had_is_refused(tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("")
    with pytest.raises(GameError, match="is already a file"), listening(Address(path=taken)):
        pass
    assert taken.exists()
    with pytest.raises(GameError, match="from 1 to 65535"):
        Address(port=70000)
    assert Address(host="localhost", port=4321).for_gnubg == "localhost:4321"
