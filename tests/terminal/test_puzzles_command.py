"""``gamehall puzzles make``: puzzles made from the stored matches (renju from its games, tables
from the stored analysis), each kept once however often the command runs."""

from pathlib import Path

import pytest

from gamehall.cli import main
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import MatchSettings
from gamehall.store import Store, upgrade_database
from support.analyses import tables_analysis
from support.matches import scripted
from support.review_pages import store_finished

GAME = [
    "h8", "i7", "j9", "f1", "i5", "k9", "j6", "i6", "g4", "m9", "g2", "b1", "g8", "j12", "h6",
    "k1", "j4", "i8", "l2", "k3", "g7", "f8", "g5", "g6", "g3", "g1", "h4", "f2", "k7",
]  # fmt: skip


def _renju_won() -> RenjuMatch:
    match = RenjuMatch(MatchSettings.from_dict({"game": "renju", "length": 1}), ("Ann", "Bob"))
    match.start()
    for number, point in enumerate(GAME):
        match.act(match.to_act if match.to_act is not None else number % 2, "move", point=point)
    assert match.is_over
    return match


def test_puzzles_are_made_from_the_stored_matches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'gamehall.db'}"
    upgrade_database(url)
    renju_id = store_finished(url, _renju_won())
    # Ann's opening 4-3 played 13/10 13/9, which the hand-made analysis calls a blunder
    tables = scripted("backgammon", [(4, 3), (6, 2), (5, 1)], length=1)
    for src, die in ((13, 3), (13, 4)):
        tables.act(0, "move", src=src, die=die)
    tables.act(0, "confirm")
    for src, die in ((24, 6), (24, 2)):
        tables.act(1, "move", src=src, die=die)
    tables.act(1, "confirm")
    tables.act(0, "resign", value=1)
    tables.act(1, "accept")
    tables_id = store_finished(url, tables)
    with Store(url) as store:
        store.analyses.save(tables_id, tables_analysis(), [None, None], 1)

    assert main(["puzzles", "--database", url, "make"]) == 0
    assert capsys.readouterr().out.strip() == "2 new puzzles from 2 matches"
    with Store(url) as store:
        (renju,) = store.puzzles.of_match(renju_id)
        (blunder,) = store.puzzles.of_match(tables_id)
    assert renju.puzzle.answers == ("g7",)
    assert blunder.puzzle.dice == (4, 3) and blunder.puzzle.answers == ("24/20 13/10",)
    assert main(["puzzles", "--database", url, "make", "--game", "renju"]) == 0
    assert capsys.readouterr().out.strip() == "0 new puzzles from 1 matches"
