"""Boards and status lines: each game drawn within 80 columns, from the viewer's side."""

import pytest

from gamehall.backgammon.position import Position
from gamehall.engines import find_engine
from gamehall.engines.driver import step
from gamehall.play.dice import SeededDice
from gamehall.play.match import Match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import MatchSettings, RenjuSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.terminal.render import (
    backgammon_board,
    render,
    show_dice,
    show_points,
    show_seconds,
    status_lines,
    wrap,
)


def played(game: str, actions: int, **options: object) -> Match:
    """A match of ``game`` after the engines' first ``actions`` decisions."""
    settings = MatchSettings.from_dict({"game": game, **options})  # type: ignore[arg-type]
    names = ("Alexandra Longname", "Computer")
    if game == "renju":
        match: Match = RenjuMatch(settings, names)
    else:
        match = TablesMatch(settings, names, dice=SeededDice(2))
    match.start()
    engine = find_engine(game, "random", 3)
    for _ in range(actions):
        if match.to_act is None:
            break
        step(match, match.to_act, engine)
    return match


@pytest.mark.parametrize("game", ["backgammon", "georgian", "nardy", "renju"])
def test_every_line_fits_in_80_columns(game: str) -> None:
    for actions in (0, 7, 30, 400):
        match = played(game, actions, length=5, clock="byoyomi:600+5x30")
        for viewer in (0, 1):
            text = render(match, viewer)
            assert max(len(line) for line in text.splitlines()) <= 80, text


def test_the_backgammon_board_is_drawn_from_the_viewers_side() -> None:
    match = played("backgammon", 0, length=3)
    assert isinstance(match, TablesMatch)
    mover = match.on_roll
    mine = render(match, mover).splitlines()
    theirs = render(match, 1 - mover).splitlines()
    assert mine[0] == " +13-14-15-16-17-18------19-20-21-22-23-24-+"
    assert mine[12] == theirs[12] == " +12-11-10--9--8--7-------6--5--4--3--2--1-+"
    assert mine[13].startswith(f" {'XO'[mover]} {match.players[mover]}: ")
    assert theirs[13].startswith(f" {'XO'[1 - mover]} {match.players[1 - mover]}: ")
    assert "cube 1" in mine[6]
    assert mine[14].startswith("Game 1 · 3-point match · Alexandra Longname 0, Computer 0")


def test_the_opening_position_and_the_cube() -> None:
    board = backgammon_board(Position.initial(), ("X Ann", "O Bob"), cube=2, cube_row="bottom")
    lines = board.splitlines()
    assert lines[1] == " | X           O    |   | O              X |  O: 0 off"
    assert lines[11] == " | O           X    |   | X              O |  X: 0 off  cube 2"
    assert lines[13] == " X Ann: 167 pips   O Bob: 167 pips"
    top = backgammon_board(Position.initial(), ("X Ann", "O Bob"), cube=4, cube_row="top")
    assert top.splitlines()[1].endswith("O: 0 off  cube 4")


def test_a_stack_taller_than_five_shows_its_count() -> None:
    view = Position.initial().play("8/6(2)", (1, 1)).swapped()
    lines = backgammon_board(view, ("X Ann", "O Bob")).splitlines()
    assert lines[7] == " | O                |   | 7                |"


def test_nardy_is_drawn_in_the_viewers_colour() -> None:
    match = played("nardy", 0)
    assert isinstance(match, TablesMatch)
    for viewer in (0, 1):
        text = render(match, viewer)
        assert text.startswith(f" {match.colours[viewer].capitalize()}'s view")
    assert f"({match.colours[match.on_roll]}) to move" in render(match, 0)


def test_renju_shows_the_players_colours_and_forbidden_points() -> None:
    match = RenjuMatch(RenjuSettings(opening="free"), ("Ann", "Bob"))
    match.start()
    for point in ["h8", "a1", "i8", "a2", "h9", "a3", "i10", "a5"]:
        match.act(match.to_act, "move", point=point)
    text = render(match, 0)
    assert "X Black: Ann   O White: Bob" in text
    assert "Forbidden for Black: g8 (double-three)" in text
    assert "Ann (black) to move · last: Bob a5" in text


def test_status_lines_tell_the_dice_the_clocks_and_the_turn() -> None:
    match = played("backgammon", 3, length=3, clock="fischer:300+5")
    lines = status_lines(match)
    assert any(line.startswith("dice ") or "clocks: " in line for line in lines)
    assert "clocks: Alexandra Longname 5:" in "\n".join(lines)
    assert lines[-1].split(" · ")[0].endswith(("to move", "to roll or double"))


def test_the_end_of_the_match_is_told() -> None:
    match = played("renju", 500)
    assert match.is_over
    assert f"{match.players[match.winner or 0]} has won the match" in status_lines(match)[-1]


def test_small_formats() -> None:
    assert show_points(3.0) == "3" and show_points(1.5) == "1.5"
    assert show_dice((2, 5)) == "5-2" and show_dice([4, 4, 4]) == "4-4-4"
    assert show_seconds(59.9) == "0:59" and show_seconds(3725) == "1:02:05"
    assert show_seconds(-3) == "0:00"
    assert wrap("a " * 50, indent="  ")[1].startswith("  a")
    assert wrap("") == [""]
