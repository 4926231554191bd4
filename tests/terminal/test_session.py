"""The terminal game driven through scripted input: whole games, commands and mistakes."""

import io
import sys
from collections.abc import Callable, Iterator

import pytest

from gamehall.cli import main
from gamehall.engines import find_engine
from gamehall.play.clock import TimeControl
from gamehall.play.dice import ScriptedDice, SeededDice
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import (
    BackgammonSettings,
    GeorgianSettings,
    NardySettings,
    RenjuSettings,
)
from gamehall.play.tables_match import TablesMatch
from gamehall.terminal.session import TerminalGame
from gamehall.words import words

Strategy = Callable[[str], str | None]
"""The next line to type, given everything printed so far (None: end of input)."""

TABLES_HELP = words().say("terminal.help.tables")
RENJU_HELP = words().say("terminal.help.renju")


class ScriptedInput(io.StringIO):
    """Standard input that asks a strategy for each line, showing it the output so far."""

    def __init__(self, output: io.StringIO, strategy: Strategy, limit: int = 3000) -> None:
        super().__init__()
        self.output = output
        self.strategy = strategy
        self.lines = 0
        self.limit = limit

    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        self.lines += 1
        assert self.lines <= self.limit, "the game did not end"
        line = self.strategy(self.output.getvalue())
        return "" if line is None else line + "\n"


def lines(*typed: str) -> Strategy:
    """A strategy that types the given lines, then ends the input."""
    queue: Iterator[str] = iter(typed)
    return lambda _: next(queue, None)


def moves_then_first() -> Strategy:
    """Type ``moves``, then the first thing it lists; again and again."""
    state = {"asked": False}

    def strategy(output: str) -> str:
        if not state["asked"]:
            state["asked"] = True
            return "moves"
        state["asked"] = False
        answer = output[output.rindex("> moves\n") + len("> moves\n") :].split("\n")[0]
        return answer.split(": ", 1)[1].split(", ")[0].rstrip(".")

    return strategy


class OpeningThreeOne:
    """Dice whose first roll is 3-1 (player 0 opens with it), then seeded ones."""

    def __init__(self) -> None:
        self.script = ScriptedDice([(3, 1)])
        self.after = SeededDice(2)

    def roll(self, n_dice: int = 2) -> tuple[int, ...]:
        return self.script.roll(n_dice) if self.script.remaining else self.after.roll(n_dice)


def run_cli(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], strategy: Strategy
) -> tuple[int, str, ScriptedInput]:
    """Run ``gamehall`` with ``argv``, typing what ``strategy`` says; the exit status, the
    output and the input."""
    output = io.StringIO()
    stdin = ScriptedInput(output, strategy)
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", output)
    status = main(argv)
    return status, output.getvalue(), stdin


def play(
    match: TablesMatch | RenjuMatch, strategy: Strategy, computer: int | None = 1
) -> tuple[int, str]:
    """Play ``match`` at a terminal (the computer, a beginner, for player ``computer``)."""
    output = io.StringIO()
    engines = {} if computer is None else {computer: find_engine(match.game, "beginner", 1)}
    game = TerminalGame(match, engines, ScriptedInput(output, strategy), output)
    return game.run(), output.getvalue()


@pytest.mark.parametrize("game", ["backgammon", "georgian", "nardy", "renju"])
def test_a_whole_game_against_the_computer(monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    status, out, stdin = run_cli(
        monkeypatch, ["play", game, "--vs", "computer", "--seed", "7"], moves_then_first()
    )
    assert status == 0
    told = out.splitlines()
    assert told[-1].startswith("Type analyse for the match's analysis")
    assert "wins the match" in told[-2]
    assert stdin.lines > 4
    assert "is not a command" not in out and "cannot" not in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_the_match_is_analysed_when_it_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    playing = moves_then_first()

    def strategy(output: str) -> str:
        return "analyse" if output.endswith("or press Enter to leave: ") else playing(output)

    argv = ["play", "backgammon", "--vs", "computer", "--seed", "7"]
    status, out, _ = run_cli(monkeypatch, argv, strategy)
    assert status == 0
    after = out[out.rindex("or press Enter to leave: analyse") :]
    assert "Error rate mEMG" in after and "Luck rate mEMG" in after and "Rating" in after
    assert "Human" in after.splitlines()[1] and "Computer" in after.splitlines()[1]


def test_the_same_seed_plays_the_same_game(monkeypatch: pytest.MonkeyPatch) -> None:
    first = run_cli(monkeypatch, ["play", "backgammon", "--seed", "3"], moves_then_first())
    second = run_cli(monkeypatch, ["play", "backgammon", "--seed", "3"], moves_then_first())
    assert first[1] == second[1]


@pytest.mark.parametrize("game", ["backgammon", "georgian", "nardy", "renju"])
def test_computer_against_computer_plays_a_match_unattended(
    monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    argv = ["play", game, "--white", "computer", "--black", "computer", "--seed", "5"]
    argv += ["--length", "2", "--level", "random"]
    status, out, stdin = run_cli(monkeypatch, argv, lines())
    assert status == 0
    assert stdin.lines == 0
    assert "Computer 1: " in out and "Computer 2: " in out
    last = out.splitlines()[-1]
    # Two games won one each: a renju match of 2 games, its draws counted, is drawn.
    assert ("drawn 1-1" if game == "renju" else "wins the match") in last


def test_bad_input_gets_the_reason_and_a_new_prompt(monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, _ = run_cli(
        monkeypatch, ["play", "backgammon", "--seed", "1"], lines("24/12", "foo", "take")
    )
    assert status == 0
    assert "Human [3-1]> 24/12\n" in out
    reason, prompt = out.split("Human [3-1]> 24/12\n")[1].split("\n")[:2]
    assert reason == "24/12 moves 12 pips: with 3-1 a checker moves 1, 3, 4"
    assert prompt == "Human [3-1]> foo"
    assert "cannot read 'foo'" in out
    assert "taking is not possible now" in out
    assert out.endswith("Human [3-1]> \nThe match is left unfinished.\n")


def test_help_lists_the_commands_of_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = run_cli(monkeypatch, ["play", "nardy", "--seed", "1"], lines("help"))
    assert TABLES_HELP in out
    _, out, _ = run_cli(monkeypatch, ["play", "renju", "--seed", "1"], lines("he"))
    assert RENJU_HELP in out
    assert max(len(line) for line in (TABLES_HELP + "\n" + RENJU_HELP).splitlines()) <= 80


def test_quit_and_the_end_of_the_input_leave_the_match(monkeypatch: pytest.MonkeyPatch) -> None:
    for strategy in (lines("quit"), lines("q"), lines("exit"), lines()):
        status, out, _ = run_cli(monkeypatch, ["play", "renju"], strategy)
        assert status == 0
        assert out.endswith("The match is left unfinished.\n")
        assert "is not a point" not in out


def test_commands_may_be_shortened_but_not_resign(monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = run_cli(monkeypatch, ["play", "renju"], lines("?", "hi", "re", "res", "dr"))
    assert RENJU_HELP in out
    assert "The engine's choices" in out and "   1. h8 " in out  # hint, the only point
    assert "'re' is not a point" in out and "'res' is not a point" in out
    assert "'dr' is not a point" in out
    assert "resigns" not in out


def test_ctrl_c_leaves_the_match_with_status_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupt(_: str) -> str:
        raise KeyboardInterrupt

    status, out, _ = run_cli(monkeypatch, ["play", "backgammon"], interrupt)
    assert status == 130
    assert out.endswith("Interrupted: the match is left unfinished.\n")


def test_moves_one_at_a_time_with_undo_and_confirm() -> None:
    match = TablesMatch(BackgammonSettings(), ("Human", "Computer"), dice=OpeningThreeOne())
    status, out = play(match, lines("8/5", "hint", "undo", "8/5", "6/5", "undo", "6/5", "hint", ""))
    assert status == 0
    assert "Single moves with 1: 24/23, 8/7, 6/5, 5/4" in out
    assert out.count("Human: takes back") == 2
    assert "The play is complete: confirm it, or undo." in out
    assert "Human, confirm or undo> " in out
    assert "Human: 3-1 8/5 6/5" in out


def test_a_whole_play_is_confirmed_at_once() -> None:
    match = TablesMatch(BackgammonSettings(), ("Human", "Computer"), dice=OpeningThreeOne())
    _, out = play(match, lines("8/5 6/5"))
    assert "Human: 3-1 8/5 6/5" in out


def test_georgian_moves_cannot_be_taken_back() -> None:
    match = TablesMatch(GeorgianSettings(), ("Human", "Computer"), dice=OpeningThreeOne())
    _, out = play(match, lines("8/5", "undo", "6/5"))
    assert "in Georgian backgammon a move made cannot be taken back" in out
    assert "Human: 3-1 8/5 6/5" in out
    assert "confirm or undo" not in out


def test_doubling_the_computer() -> None:
    match = TablesMatch(BackgammonSettings(length=3), ("Human", "Computer"), dice=OpeningThreeOne())
    _, out = play(match, lines("8/5 6/5", "moves", "double"))
    assert "Human, roll or double> " in out
    assert "You may: roll, double, resign." in out
    assert "Human: doubles to 2" in out
    assert "Computer: takes: the cube is at 2" in out or "Computer: drops" in out


def test_answering_the_computers_double() -> None:
    match = TablesMatch(BackgammonSettings(length=3), ("Computer", "Human"), dice=SeededDice(1))
    strategy = _answer_doubles(moves_then_first())
    status, out = play(match, strategy, computer=0)
    assert status == 0
    assert "Human, take or drop> " in out
    assert "Human: takes: the cube is at 2" in out


def _answer_doubles(otherwise: Strategy) -> Strategy:
    def strategy(output: str) -> str | None:
        if output.endswith("take or drop> "):
            return "take"
        return otherwise(output)

    return strategy


def test_resigning_a_gammon_and_a_nardy_surrender() -> None:
    match = TablesMatch(BackgammonSettings(), ("Human", "Computer"), dice=OpeningThreeOne())
    _, out = play(match, lines("resign 4", "resign 2"))
    assert "say what you resign" in out
    assert "Human: offers to resign (2 points)" in out
    assert "Computer: accepts" in out
    assert "Computer wins the match 1-0" in out
    nardy = TablesMatch(NardySettings(), ("Human", "Computer"), dice=OpeningThreeOne())
    _, out = play(nardy, lines("resign"))
    assert "Human: resigns (1 point)" in out
    assert "Game over: Computer wins (an oin, 1 point): Human resigned." in out


def test_renju_draw_offer_moves_and_pass() -> None:
    match = RenjuMatch(RenjuSettings(), ("Human", "Computer"))
    _, out = play(match, lines("draw", "h8", "pass", "a1", "moves", "resign"))
    assert "Human: offers a draw" in out
    assert "Human: h8" in out
    assert "Computer: declines" in out or "Computer: accepts" in out
    assert "pass breaks the opening rule" in out
    assert "a1 breaks the opening rule" in out
    assert "Points you may play" in out
    assert "Game over: Computer wins (1 point): Human resigned." in out


def test_two_people_at_one_keyboard() -> None:
    match = RenjuMatch(RenjuSettings(), ("Ann", "Bob"))
    _, out = play(match, lines("h8", "draw", "h9", "accept"), computer=None)
    assert "Ann (black)> h8" in out
    assert "Bob (white)> draw" in out
    assert "Ann (black), accept or decline the draw, or move> accept" in out
    assert "Game over: a draw (by agreement)." in out


def test_a_money_session_between_games() -> None:
    match = TablesMatch(BackgammonSettings(length=0), ("Human", "Computer"), dice=SeededDice(4))
    _, out = play(match, lines("resign 1", "hint", "next", "resign 1", "end"))
    assert "Next game or end the session (next/end)> hint\nYou may: next, end." in out
    assert "--- Game 2 ---" in out
    assert "Computer wins the session 2-0\nType analyse for the match's analysis" in out


def test_running_out_of_time_loses_the_match() -> None:
    now = [0.0]
    match = TablesMatch(
        BackgammonSettings(clock=TimeControl.parse("fischer:60")),
        ("Human", "Computer"),
        dice=OpeningThreeOne(),
        time_source=lambda: now[0],
    )

    def slow(_: str) -> str:
        now[0] += 100
        return "8/5 6/5"

    _, out = play(match, slow)
    assert "clocks: Human 1:00, Computer 1:00" in out
    assert "time has run out: Computer wins" in out
    assert "Human has run out of time" in out
    assert "Computer wins the match" in out


def test_hint_rollout_plays_out_the_best_plays_of_the_roll() -> None:
    match = TablesMatch(BackgammonSettings(), ("Human", "Computer"), dice=OpeningThreeOne())
    _, out = play(match, lines("hint rollout 36", "hint sideways", "8/5 6/5"))
    assert "The engine's choices (rollout, 36 trials, cubeless):" in out
    assert "   1. 8/5 6/5 " in out and "±" in out
    assert "hint rollout [N]: the three best plays of your roll" in out
    assert "Human: 3-1 8/5 6/5" in out
