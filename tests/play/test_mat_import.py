"""Importing a .mat file replays it into a TablesMatch: the match's score, cube, Crawford game
and games are the file's, the match round-trips through its own record, exporting it gives the
file back, and an action the match refuses names the line and the play layer's reason."""

import re
from dataclasses import replace

import pytest

from gamehall.errors import RecordError
from gamehall.play.dice import ScriptedDice
from gamehall.play.records import (
    MatGame,
    MatRecord,
    MatTurn,
    export_mat,
    import_match,
    mat_record,
    replay_mat,
)
from gamehall.play.settings import NardySettings
from gamehall.play.tables_match import TablesMatch
from support.mat_samples import HAND, HAND_TEXT

T = MatTurn
A, B = 0, 1


def exported_again(text: str) -> str:
    """The text of the match a .mat file replays to, written out with the file's headers."""
    imported = import_match(text)
    return export_mat(mat_record(imported.match, imported.record.header))


def test_the_imported_match_is_the_files_match() -> None:
    match = import_match(HAND_TEXT).match
    assert isinstance(match, TablesMatch)
    assert match.is_over and match.winner == B and match.score == [2, 3]
    assert [(g.winner, g.points, g.reason, g.score) for g in match.games] == [
        (B, 2, "drop", (0, 2)),
        (A, 1, "resign", (1, 2)),
        (A, 1, "drop", (2, 2)),
        (B, 1, "resign", (2, 3)),
    ]
    assert match.players == ("Alice", "Bob")
    assert match.settings.length == 3 and match.settings.game == "backgammon"
    assert mat_record(match) == HAND  # the date comes back from the events' time


def cut(games: list[MatGame], turns: int) -> MatRecord:
    """HAND up to the first ``turns`` turns of the last of ``games``, which is left open."""
    last = games[-1]
    return replace(HAND, games=[*games[:-1], MatGame(last.score, last.turns[:turns])])


def test_a_match_in_progress_has_the_files_cube_and_crawford_game() -> None:
    taken = import_match(export_mat(cut(HAND.games[:1], 5))).match  # after "Doubles => 2, Takes"
    assert taken.cube == 2 and taken.cube_owner == B and not taken.crawford_game
    assert taken.score == [0, 0] and not taken.games and taken.to_act == A

    crawford = import_match(export_mat(cut(HAND.games[:2], 2))).match
    assert crawford.crawford_game and crawford.score == [0, 2]
    assert crawford.cube == 1 and crawford.cube_owner is None
    assert not crawford.may_double(A) and crawford.phase == "move" and crawford.on_roll == A

    after = import_match(export_mat(cut(HAND.games[:4], 2))).match  # the game after Crawford
    assert not after.crawford_game and after.score == [2, 2]
    assert after.phase == "roll" and after.may_double(B)


def test_the_imported_match_round_trips_through_its_own_record() -> None:
    match = import_match(HAND_TEXT).match
    data = match.to_dict()
    again = TablesMatch.from_dict(data)
    assert again.to_dict() == data
    assert again.games == match.games and again.score == match.score
    record = mat_record(match)
    assert mat_record(replay_mat(record)) == record


RESIGNATIONS = MatRecord(
    5,
    ("Ann", "Bo"),
    "international",
    [
        MatGame(
            (0, 0),
            [
                T.roll(A, (3, 1), "8/5 6/5"),
                T.roll(B, (6, 4), "24/14"),
                T.roll(A, (2, 1), None),  # Ann rolled (she could have doubled), Bo resigned
                T.resign(B),
            ],
            A,
            1,
        ),
        MatGame((1, 0), [T.resign(A)], B, 2),  # Ann resigns a gammon before the first play
        MatGame(
            (1, 2),
            [
                T.roll(B, (5, 2), "13/11 13/8"),
                T.double(A, 2),
                T.take(B),
                T.roll(A, (6, 1), "13/7 8/7"),
                T.roll(B, (4, 4), None),  # Bo, who owns the cube, chose to roll: the record stops
            ],
        ),
    ],
    {"Site": "gamehall", "Round": "2", "Comment": "a match in progress"},
)


@pytest.mark.parametrize(
    "text",
    [HAND_TEXT, export_mat(RESIGNATIONS)],
    ids=["hand-built", "resignations"],
)
def test_import_then_export_gives_the_same_text(text: str) -> None:
    assert exported_again(text) == text


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("24/18 18/14*", "24/18 18/13"),
            "line 9 (Alice): Alice plays '24/18 18/13' with 6-4: 18/13 moves 5 pips",
        ),
        (
            ("31: 8/5 6/5                 44:", "31: 8/5 6/5                 43:"),
            "line 17 (Bob): Bob plays '13/9 13/9 6/2 6/2' with 4-3: ",
        ),
        (
            ("  2) 62: 24/18 13/11             ", "  2) 62: 24/18 13/11              Doubles => 2"),
            "line 18 (Bob): Bob cannot double: this is the Crawford game",
        ),
        (
            ("  3)  Doubles => 2                Takes", "  3)  Takes"),
            "line 10 (Alice): Alice cannot take: taking is not possible now (Alice is to roll)",
        ),
        (
            ("  2)  Doubles => 2                Drops", "  2)  Doubles => 4                Drops"),
            "line 24 (Alice): a double from 1 offers 2, not 4",
        ),
    ],
    ids=["illegal play", "wrong dice", "Crawford double", "take out of turn", "cube value"],
)
def test_an_action_the_match_refuses_names_its_line_and_why(
    change: tuple[str, str], message: str
) -> None:
    text = HAND_TEXT.replace(*change)
    assert text != HAND_TEXT
    with pytest.raises(RecordError, match=re.escape(message)):
        import_match(text)


def test_an_imported_match_goes_on_with_secure_dice() -> None:
    """Past the file's last turn the dice are the operating system's, not made up: in the
    Crawford game the match rolls at once for Alice, whose roll the file does not hold."""
    text = export_mat(cut(HAND.games[:2], 2))
    rolls = set()
    for _ in range(12):
        match = import_match(text).match
        assert match.crawford_game and match.on_roll == A and match.dice is not None
        rolls.add(match.dice)
    assert len(rolls) > 1


def one_game_file(header: str, length: int = 3, score: str = "A : 0   B : 0") -> str:
    return f"{header} {length} point match\n Game 1\n {score}\n  1) 52: 13/8 13/11\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (one_game_file('; [Jacoby "maybe"]\n', 0), '[Jacoby "maybe"] should say "On" or "Off"'),
        (
            one_game_file('; [Jacoby "On"]\n'),
            "the record's match cannot be played: the Jacoby rule and beavers are for money "
            "play (length 0) only",
        ),
        (
            one_game_file('; [Variant "Long Nardy"]\n', 0),
            "the record's match cannot be played: nardy has no money play",
        ),
        (
            one_game_file('; [Variant "Long Nardy"]\n; [Surrender "both"]\n'),
            '[Surrender "both"] should say "Oin" or "Mars"',
        ),
        (one_game_file('; [Cube cap "lots"]\n', 0), 'should give a cube value, like "64"'),
        (
            one_game_file("", score="A : 1   B : 0"),
            "line 3 (game 1): the game starts at 1-0, but a match starts at 0-0",
        ),
    ],
    ids=["on or off", "Jacoby in a match", "nardy money", "surrender", "cube cap", "excerpt"],
)
def test_settings_headers_and_scores_the_match_cannot_take_are_refused(
    text: str, message: str
) -> None:
    with pytest.raises(RecordError, match=re.escape(message)):
        import_match(text)


def test_settings_headers_set_the_replayed_match() -> None:
    header = '; [Jacoby "On"]\n; [Beavers "Off"]\n; [Cube cap "16"]\n'
    match = import_match(one_game_file(header, 0)).match
    assert match.settings.jacoby and not match.settings.beavers
    assert match.settings.cube_cap == 16
    nardy = '; [Variant "Long Nardy"]\n; [Surrender "Mars"]\n; [First move "Winner"]\n'
    settings = import_match(one_game_file(nardy).replace("13/8 13/11", "24/17")).match.settings
    assert (settings.surrender_value, settings.first_move) == ("mars", "winner")


@pytest.mark.parametrize("resigner", [A, B])
def test_a_nardy_game_resigned_before_the_first_play_keeps_who_moved_first(resigner: int) -> None:
    """Regression: a nardy game's first roll is made at once, and at the start every roll but a
    double has one legal play. When a game ended by resignation before it was played, the record
    left it out, and the import gave the first move of that game (and so of the next) to the
    wrong player. The first mover's roll is written, unplayed, when the first mover resigns."""
    match = TablesMatch(
        NardySettings(length=2),
        ("Ann", "Bob"),
        dice=ScriptedDice([(3, 1), (4, 6), (2, 5)]),
    )
    match.start()
    assert match.on_roll == A
    match.act(resigner, "resign")
    assert match.on_roll == B  # game 2: the first move alternates
    text = export_mat(mat_record(match))
    imported = import_match(text)
    assert imported.match.on_roll == B
    assert [g.winner for g in imported.match.games] == [1 - resigner]
    assert exported_again(text) == text
