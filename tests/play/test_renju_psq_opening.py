"""A renju game's .psq file keeps its opening rule's decisions (lines after the result code,
where Piskvork has stopped reading) and reads back into the same game; a plain .psq still reads."""

from typing import Any

import pytest

from gamehall.errors import IllegalMoveError, RecordError
from gamehall.play.records.renju import OpeningStep, PsqOpening, import_psq, renju_game
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import MatchSettings
from gamehall.play.views import state_of
from gamehall.renju import Board
from support.matches import FakeTime

Script = list[tuple[int, str, str]]
"""(seat, kind, value): kind "move", "offer" or "choose"."""

YAMAGUCHI: Script = [
    (0, "move", "h8"), (0, "move", "h9"), (0, "move", "h10"),
    (0, "choose", "2"),       # Ann declares two fifth moves
    (1, "choose", "black"),   # Bob swaps: Bob is Black, Ann White
    (0, "move", "h6"),        # White's move 4
    (1, "offer", "g7"), (1, "offer", "j11"),
    (0, "move", "j11"),       # White chooses j11 as move 5, then plays move 6
    (0, "move", "a1"), (1, "move", "b2"),
]  # fmt: skip
SWAP2: Script = [
    (0, "move", "h8"), (0, "move", "h9"), (0, "move", "i9"),
    (1, "choose", "place2"), (1, "move", "g8"), (1, "move", "j10"),
    (0, "choose", "white"),   # Ann takes White: Bob is Black
    (0, "move", "k11"),
]  # fmt: skip
SOOSORV: Script = [
    (0, "move", "h8"), (0, "move", "h9"), (0, "move", "h10"),
    (1, "choose", "white"), (1, "move", "h6"), (1, "choose", "2"),
    (0, "choose", "white"),   # Ann gives Black away: Bob is Black and offers
    (1, "offer", "g7"), (1, "offer", "i11"),
    (0, "move", "i11"), (0, "move", "a1"),
]  # fmt: skip
TARAGUCHI: Script = [
    (0, "move", "h8"), (1, "choose", "black"),  # Bob swaps at once: Bob is Black
    (0, "move", "i9"), (1, "choose", "black"),
    (1, "move", "g9"), (0, "choose", "white"),
    (0, "move", "h11"),
    (1, "choose", "offers"),
    *[(1, "offer", p) for p in ("a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10")],
    (0, "move", "a5"), (0, "move", "o15"),
]  # fmt: skip
RULES = {"yamaguchi": YAMAGUCHI, "swap2": SWAP2, "soosorv-8": SOOSORV, "taraguchi-10": TARAGUCHI}


def _played(rule: str, script: Script) -> RenjuMatch:
    options = {"opening": rule, **({"rule": "gomoku-standard"} if rule == "swap2" else {})}
    match = RenjuMatch(
        MatchSettings.from_dict({"game": "renju", "options": options}),
        ("Ann", "Bob"),
        time_source=FakeTime(),
    )
    match.start()
    for seat, kind, value in script:
        if kind == "choose":
            match.act(seat, "opening_choice", choice=value)
        else:
            match.act(seat, kind, point=value)
    return match


def _actions(match: RenjuMatch) -> list[tuple[str, int | None, dict[str, Any], dict[str, Any]]]:
    return [(e.kind, e.player, e.data, e.outcome) for e in match.events if not e.derived]


@pytest.mark.parametrize("rule", RULES)
def test_each_opening_rule_exports_and_reimports_to_the_same_game(rule: str) -> None:
    match = _played(rule, RULES[rule])
    text = renju_game(match.settings, match.events).to_psq(match.players)
    again = import_psq(text, {k: v for k, v in match.settings.options.items() if k != "opening"})
    assert again.players == match.players
    assert _actions(again) == _actions(match)
    assert state_of(again)["stones"] == state_of(match)["stones"]
    assert renju_game(again.settings, again.events).to_psq(again.players) == text


def test_the_opening_lines_of_a_yamaguchi_game_with_a_swap() -> None:
    match = _played("yamaguchi", YAMAGUCHI)
    game = renju_game(match.settings, match.events)
    assert game.black == 1  # Bob took Black: he is named first, as Black
    assert game.opening == PsqOpening(
        "yamaguchi",
        (
            OpeningStep(3, "choose", "2"),
            OpeningStep(3, "choose", "black"),
            OpeningStep(4, "offer", "g7"),
            OpeningStep(4, "offer", "j11"),
        ),
    )
    lines = game.to_psq(match.players).splitlines()
    assert lines[0] == "Piskvorky 15x15, 11:11, 0"
    assert lines[5] == "10,5,0"  # move 5 is the offer White chose, j11
    assert lines[8:] == [
        "Bob",
        "Ann",
        "-1",
        "opening yamaguchi",
        "after 3 choose 2",
        "after 3 choose black",
        "after 4 offer g7",
        "after 4 offer j11",
    ]
    # the stones read as before, by the rules layer's reader too
    assert Board.from_psq("\n".join(lines)).moves == ["h8", "h9", "h10", "h6", "j11", "a1", "b2"]


def test_a_claim_stays_the_last_line() -> None:
    options = {"opening": "yamaguchi", "forbidden": "claim"}
    match = RenjuMatch(
        MatchSettings.from_dict({"game": "renju", "options": options}),
        ("Ann", "Bob"),
        time_source=FakeTime(),
    )
    match.start()
    for seat, point in [(0, "h8"), (0, "g9"), (0, "i8")]:
        match.act(seat, "move", point=point)
    match.act(0, "opening_choice", choice="1")
    match.act(1, "opening_choice", choice="white")
    match.act(1, "move", point="a13")
    match.act(0, "offer", point="j10")
    for seat, point in [(1, "j10"), (1, "c13"), (0, "j9"), (1, "e13"), (0, "j8")]:
        match.act(seat, "move", point=point)
    match.act(1, "claim")
    text = renju_game(match.settings, match.events).to_psq(match.players)
    assert text.splitlines()[-1] == "claim"
    assert text.splitlines()[-2] == "after 4 offer j10"
    again = import_psq(text, {"forbidden": "claim"})
    assert _actions(again) == _actions(match)
    assert again.winner == 1 and again.end_reason == "double-three"


def test_a_plain_psq_still_reads() -> None:
    board = Board.from_moves("h8 h9 j10 i9")
    plain = board.to_psq(("Ann", "Bob"))
    match = import_psq(plain)
    assert match.players == ("Ann", "Bob") and match.board is not None
    assert match.board.moves == ["h8", "h9", "j10", "i9"]
    assert match.settings.options.get("opening", "center") == "center"
    assert renju_game(match.settings, match.events).opening is None
    # Piskvork's own Save (no names) and a Gomocup file (names, result, more fields)
    bare = "Piskvorky 15x15, 11:11, 0\n8,8,1000\n9,7,1034\n-1\n"
    assert import_psq(bare, {"opening": "free"}).players == ("Black", "White")
    gomocup = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,0\npbrain-a.exe\npbrain-b.exe\n-1\n0,F\n"
    imported = import_psq(gomocup, {"opening": "free"})
    assert imported.players == ("pbrain-a.exe", "pbrain-b.exe")
    assert imported.board is not None and imported.board.moves == ["h8", "i9"]


def _yamaguchi_text() -> str:
    match = _played("yamaguchi", YAMAGUCHI)
    return renju_game(match.settings, match.events).to_psq(match.players)


@pytest.mark.parametrize(
    ("change", "error", "words"),
    [
        (("opening yamaguchi", "opening perhaps"), RecordError, "'perhaps' is not an opening rule"),
        (("opening yamaguchi\n", ""), RecordError, "an opening step comes after an 'opening' line"),
        (("after 4 offer j11", "after 4 offer i7"), IllegalMoveError, "line 16: i7 is symmetrical"),
        (("after 3 choose 2", "after 3 choose 117"), IllegalMoveError, "line 13: '117' is not"),
        (("after 3 choose black", "after 5 choose black"), RecordError, "line 15: the steps are"),
        (("after 4 offer j11", "after 3 offer j11"), RecordError, "line 16: the steps are out"),
        (("after 3 choose", "after 4 choose"), IllegalMoveError, "line 5: .* asks you to choose"),
    ],
)
def test_opening_lines_that_do_not_fit_are_refused_with_their_line(
    change: tuple[str, str], error: type[Exception], words: str
) -> None:
    text = _yamaguchi_text().replace(*change)
    with pytest.raises(error, match=words):
        import_psq(text)


def test_the_opening_must_agree_with_the_options_given() -> None:
    with pytest.raises(RecordError, match="played under the opening 'yamaguchi', not 'soosorv-8'"):
        import_psq(_yamaguchi_text(), {"opening": "soosorv-8"})
    assert import_psq(_yamaguchi_text(), {"opening": "yamaguchi"}).players == ("Ann", "Bob")


def test_a_step_after_the_last_move_is_refused() -> None:
    text = _yamaguchi_text().replace("after 4 offer j11", "after 4 offer j11\nafter 8 choose 1")
    with pytest.raises(RecordError, match="the file has only 7 moves, not 8"):
        import_psq(text)
