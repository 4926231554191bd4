"""Jellyfish .mat records: the exact text GNU Backgammon writes, round trips on self-played
matches of every variant, clear errors, and GNU Backgammon itself reading our files."""

import re
from dataclasses import replace
from functools import cache
from pathlib import Path
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.backgammon.variants import VARIANTS
from gamehall.errors import RecordError
from gamehall.nardy.position import Position as NardyPosition
from gamehall.play.records import (
    GamePosition,
    MatGame,
    MatRecord,
    MatTurn,
    VariantName,
    export_mat,
    import_mat,
    validate,
)
from support.mat_samples import HAND, HAND_TEXT, gnubg

T = MatTurn
A, B = 0, 1


def position_id(position: GamePosition) -> str:
    """GNU Backgammon's Position ID of a backgammon position."""
    assert isinstance(position, BackgammonPosition)
    return position.to_id()


# -- a short match written by hand (HAND) and the text GNU Backgammon 1.07 exports for it ---------


def test_export_of_a_hand_built_match_is_gnubgs_text() -> None:
    assert export_mat(HAND) == HAND_TEXT


def test_import_of_gnubgs_text_gives_the_match_back() -> None:
    assert import_mat(HAND_TEXT) == HAND


def test_validate_returns_the_positions_of_each_game() -> None:
    games = validate(HAND)
    assert [len(g) for g in games] == [7, 4, 3, 4]
    assert [position_id(g[0]) for g in games] == ["4HPwATDgc/ABMA"] * 4
    assert position_id(games[0][-1]) == "cE/GASjQ88gBMA"  # as GNU Backgammon shows it


# -- self-play: random legal matches made with the rules layer only ------------------------------


def self_play(
    seed: int,
    variant: VariantName,
    length: int,
    games: int | None = None,
    cube: float = 0.03,
    resign: float = 0.005,
) -> MatRecord:
    """A random legal match (or ``games`` money games): random dice and plays, random doubles,
    takes, drops, beavers (International money play) and resignations (some after a roll)."""
    rng = Random(seed)
    record = MatRecord(length, ("Alice", "Bob"), variant, [], {})
    score = [0, 0]
    crawford_done = False
    while not (length and max(score) >= length) and len(record.games) != games:
        crawford = (
            variant == "international"
            and length > 0
            and not crawford_done
            and (score[0] == length - 1) != (score[1] == length - 1)
        )
        crawford_done = crawford_done or crawford
        game = MatGame((score[0], score[1]))
        record.games.append(game)
        position: GamePosition
        if variant == "nardy":
            position = NardyPosition.initial()
            player = (seed + len(record.games)) % 2
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        else:
            position = BackgammonPosition.initial(variant)
            player = rng.randrange(2)
            first, second = rng.sample(range(1, 7), 2)
            dice = (first, second)
        value, owner = 1, None
        while game.winner is None:
            if game.turns and rng.random() < resign:
                roll = (rng.randint(1, 6), rng.randint(1, 6))
                if rng.random() < 0.5 and len(position.legal_plays(roll)) > 1:
                    game.turns.append(T.roll(player, roll, None))  # rolled, did not play
                game.turns.append(T.resign(player))
                game.winner = 1 - player
                # a nardy resignation costs an oin (the default surrender value)
                game.points = 1 if variant == "nardy" else rng.randint(1, 3) * value
                break
            upper = None if variant == "nardy" else VARIANTS[variant].next_cube(value)
            higher = [] if upper is None else [upper]
            may_double = game.turns and higher and not crawford and owner in (None, player)
            if may_double and length != 1 and rng.random() < cube:
                game.turns.append(T.double(player, higher[0]))
                answer = rng.random()
                if answer < 0.3:
                    game.turns.append(T.drop(1 - player))
                    game.winner, game.points = player, value
                    break
                if answer < 0.45 and length == 0 and variant == "international":
                    value, owner = 2 * higher[0], 1 - player
                    game.turns.append(T.beaver(1 - player, value))
                else:
                    value, owner = higher[0], 1 - player
                    game.turns.append(T.take(1 - player))
            if game.turns:
                dice = (rng.randint(1, 6), rng.randint(1, 6))
            play = rng.choice([*position.legal_plays(dice)])
            game.turns.append(T.roll(player, dice, play.notation))
            position = play.result
            if position.result is not None:
                game.winner, game.points = player, position.result.value * value
            player = 1 - player
        assert game.winner is not None
        score[game.winner] += game.points
    return record


PLAN: list[tuple[VariantName, int, int | None, range]] = [
    ("international", 7, None, range(6, 12)),
    ("international", 0, 4, range(4)),
    ("georgian", 9, None, range(4)),
    ("georgian", 0, 3, range(2)),
    ("nardy", 5, None, range(9, 12)),
    ("nardy", 3, None, range(2)),  # long nardy has no money play
]


@cache
def records() -> list[MatRecord]:
    """The self-played records of ``PLAN``, made once for the tests that use them."""
    return [
        self_play(seed, variant, length, games)
        for variant, length, games, seeds in PLAN
        for seed in seeds
    ]


@pytest.mark.parametrize("index", range(sum(len(seeds) for *_, seeds in PLAN)))
def test_round_trip_of_self_played_matches(index: int) -> None:
    header = {"Site": "gamehall", "Round": str(index), "Comment": "self-play"}
    record = replace(records()[index], header=header)
    text = export_mat(record)
    assert import_mat(text) == record
    assert export_mat(import_mat(text)) == text


def test_self_played_matches_cover_the_format() -> None:
    """The round trip above meets every kind of turn and every way a game ends."""
    seen: set[str] = set()
    for record in records():
        for game, positions in zip(record.games, validate(record), strict=True):
            for turn in game.turns:
                seen.add(turn.kind)
                play = turn.play
                if play is None and turn.kind == "roll":
                    seen.add("rolled, then resigned")
                elif play is not None:
                    seen.update(
                        name
                        for name, found in (
                            ("no move", play == ""),
                            ("doubles", len(play.split()) == 4 or "(" in play),
                            ("enter", "bar/" in play),
                            ("hit", "*" in play),
                            ("bear off", "/off" in play),
                        )
                        if found
                    )
            outcome = positions[-1].result
            if outcome is not None:
                seen.add(f"{record.variant} {outcome.kind}")
    assert seen >= {
        "roll", "double", "take", "drop", "beaver", "resign", "rolled, then resigned",
        "no move", "doubles", "enter", "hit", "bear off",
        "international single", "international gammon", "international backgammon",
        "georgian single", "nardy oin", "nardy mars",
    }  # fmt: skip


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(["international", "georgian"]))
def test_round_trip_of_short_matches(seed: int, variant: VariantName) -> None:
    record = self_play(seed, variant, 3, cube=0.3, resign=0.05)
    assert import_mat(export_mat(record)) == record


# -- headers and variants ------------------------------------------------------------------------


def test_headers_are_written_in_gnubgs_order_and_read_back() -> None:
    record = MatRecord(
        0,
        ("Ann Lee", "Bo"),
        "georgian",
        [MatGame((0, 0), [T.roll(A, (3, 1), "8/5 6/5"), T.resign(B)], A, 1)],
        {"Player 1": "Ann Lee", "EventDate": "2024.05.01", "Site": "x", "Comment": "one\ntwo"},
    )
    text = export_mat(record)
    assert text.startswith(
        '; [Site "x"]\n; [EventDate "2024.05.01"]\n\n; [Variant "Georgian"]\n'
        '; [Player 1 "Ann Lee"]\n; one\n; two\n\n 0 point match\n\n Game 1\n'
        " Ann Lee : 0                    Bo : 0\n"
    )
    assert import_mat(text) == record


def test_long_nardy_records_name_their_variant() -> None:
    record = self_play(1, "nardy", 3)
    text = export_mat(record)
    assert text.startswith('; [Variant "Long Nardy"]\n\n 3 point match\n')
    assert "25/" not in text  # no bar in nardy: each side's moves in its own numbering
    assert import_mat(text).variant == "nardy"


def test_long_names_keep_the_columns_apart() -> None:
    name = "Bartholomew Longname-Smith"
    record = MatRecord(1, (name, "Bo"), "international", [MatGame((0, 0), [T.resign(A)], B, 1)])
    assert f" {name} : 0 Bo : 0\n" in export_mat(record)
    assert import_mat(export_mat(record)) == record


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (MatRecord(1, ("A:B", "C"), "international", []), "player name 'A:B'"),
        (MatRecord(1, (" A", "C"), "international", []), "no spaces around it"),
        (MatRecord(1, ("A", "C"), "georgian", [], {"Variant": "x"}), 'header "Variant"'),
        (MatRecord(1, ("A", "C"), "international", [], {"Site": "a\nb"}), "must be one line"),
        (MatRecord(1, ("A", "C"), "international", [], {"Comment": '[X "y"]'}), "as a header"),
    ],
)
def test_export_refuses_what_the_format_cannot_hold(record: MatRecord, message: str) -> None:
    with pytest.raises(RecordError, match=re.escape(message)):
        export_mat(record)


# -- reading other writers' files ----------------------------------------------------------------


def test_import_reads_the_usual_variants_of_the_format() -> None:
    """Jellyfish and XG habits: no trailing spaces, bar/off and joined moves, "and the match",
    a "Wins" line of its own, a byte order mark, CRLF line ends, other comment lines."""
    text = (
        HAND_TEXT.replace(" \n", "\n")
        .replace("24/18 18/14*", "24/14*")
        .replace("25/22", "bar/22")
        .replace("13/10 13/10 8/5 8/5", "13/10(2) 8/5(2)")
        .replace("21:                         Wins", "21:\n" + " " * 34 + "Wins")
        .replace("Wins 1 point\n\n\n", "Wins 1 point and the match\n")
    )
    record = import_mat("\ufeff# exported by hand\n" + text.replace("\n", "\r\n"))
    assert record.header.pop("Comment") == "exported by hand"
    assert record == HAND


def test_import_reads_forced_and_impossible_rolls_as_gnubg_does() -> None:
    """An empty play is the only legal play when there is one (GNU Backgammon's reading),
    else a roll left unplayed."""
    record = next(r for r in records() if any(t.play == "" for g in r.games for t in g.turns))
    text = export_mat(record)
    assert re.search(r"\d\d: \n|\d\d: {24} ", text)
    assert import_mat(text) == record


def test_a_match_in_progress_ends_with_its_unfinished_game() -> None:
    last = MatGame((2, 2), HAND.games[3].turns[:2])
    record = replace(HAND, games=[*HAND.games[:3], last])
    text = export_mat(record)
    assert text.endswith(
        "  1)                             61: 13/7 8/7 \n  2) 54: 24/20 13/8" + " " * 14 + "\n"
    )
    assert import_mat(text) == record


def test_money_session_with_a_beaver() -> None:
    record = next(r for r in records() if any(t.kind == "beaver" for g in r.games for t in g.turns))
    text = export_mat(record)
    assert text.count(" 0 point match") == 1
    assert re.search(r" Beavers => \d+", text)


# -- errors --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not a .mat file: no line gives the match length"),
        ("hello\n 3 point match\n", "line 1: expected a comment"),
        (" 3 point match\n\n Alice : 0   Bob : 0\n", "line 3: expected ' Game 1'"),
        (" 3 point match\n Game 1\n  1) 52: 13/8\n", "line 3: expected the players and the score"),
        (" 3 point match\n", "the file has no game"),
        (
            ' ; [Variant "Plakoto"]\n 3 point match\n Game 1\n A : 0   B : 0\n',
            'unknown variant "Plakoto"',
        ),
        (
            ' ; [Variation "HyperGammon (1)"]\n 3 point match\n Game 1\n A : 0   B : 0\n',
            "not one that gamehall plays",
        ),
        (
            " 3 point match\n Game 1\n A : 0   B : 0\n  1) 52: 13/8 13/11   6x: 24/18\n",
            "line 4 (A): A plays '13/8 13/11 6x: 24/18' with 5-2: cannot read '6x:'",
        ),
        (
            " 3 point match\n Game 1\n A : 0   B : 0\n  1) 52: 13/8 13/x\n",
            "line 4 (A): A plays '13/8 13/x' with 5-2: cannot read '13/x'",
        ),
        (
            " 3 point match\n Game 1\n A : 0   B : 0\n  1) 52: 13/8 13/12\n",
            "line 4 (A): A plays '13/8 13/12' with 5-2: 13/12 ",
        ),
        (
            " 3 point match\n Game 1\n A : 0   B : 0\n  1) 52: 13/8 13/11   Takes\n",
            "line 4 (B): B cannot take: taking is not possible now (B is to roll)",
        ),
        (
            " 3 point match\n Game 1\n A : 0   B : 0\n  1) 52: 13/8 13/11   Doubles => 2\n"
            "  2)  Drops\n      Wins 1 point\n",
            "line 6 (A): B won the game, not A",
        ),
        (
            " 3 point match\n Game 1\n A : 0   B : 0\n  1) 52: 13/8 13/11\n"
            "                                  Wins 1 point\n Game 2\n A : 0   B : 2\n",
            "line 7 (game 2): the game starts at 0-2, but the games before it end at 0-1",
        ),
        (
            " 3 point match\n Game 1\n A : 0   B : 0\n  1) 52: 13/8 13/11\n Game 2\n A : 0 B : 0\n",
            "line 2 (game 1): the game is not finished, and only the last may be",
        ),
        (
            " 3 point match\n Game 1\n A : 0   B : 0\n      Wins 1 point\n"
            " Game 2\n X : 1   B : 0\n",
            "line 6: the players X and B are not those of game 1 (A and B)",
        ),
    ],
)
def test_import_errors_name_the_line_and_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=re.escape(message)):
        import_mat(text)


def one_game(
    turns: list[MatTurn], length: int = 5, variant: VariantName = "international"
) -> MatRecord:
    return MatRecord(length, ("Ann", "Bo"), variant, [MatGame((0, 0), turns)])


OPEN = [T.roll(A, (3, 1), "8/5 6/5"), T.roll(B, (6, 4), "24/14")]
GAMMON_FOR_BO = MatGame((0, 0), [T.resign(A)], B, 2)
"""A first game that takes a 3-point match to 0-2: a replayed match starts at 0-0."""


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (
            one_game([*OPEN, T.roll(A, (6, 6), "24/18 13/7")]),
            "game 1, move 2 (Ann): Ann plays '24/18 13/7' with 6-6: '24/18 13/7' plays 2 dice: "
            "you must play 4 when you can",
        ),
        (one_game([T.roll(A, (3, 3), "8/5(2) 6/3(2)")]), "opening roll 3-3 cannot be a double"),
        (
            one_game([T.double(A, 2)]),
            "game 1, move 1 (Ann): Ann cannot double: doubling is not possible now (Bo is moving)",
        ),
        (one_game([*OPEN, T.double(B, 2)]), "Bo cannot double: it is Ann's turn to act, not yours"),
        (one_game([*OPEN, T.double(A, 4)]), "a double from 1 offers 2, not 4"),
        (
            one_game(
                [*OPEN, T.double(A, 2), T.take(B), T.roll(A, (2, 1), "13/11 6/5"), T.double(B, 4)],
                variant="georgian",
            ),
            "game 1, move 3 (Bo): a double from 2 offers 3, not 4",
        ),
        (
            one_game([*OPEN, T.double(A, 2), T.take(B), T.double(A, 4)]),
            "Ann cannot double: the cube is at 2, Bo owns it (the match rolled for Ann at once)",
        ),
        (
            one_game([*OPEN, T.double(A, 2), T.roll(A, (2, 1), "13/11 6/5")]),
            "Ann cannot roll: rolling is not possible now (a double is waiting for an answer)",
        ),
        (
            one_game([*OPEN, T.double(A, 2), T.beaver(B, 4)]),
            "Bo cannot beaver: beavers are not allowed in this match",
        ),
        (
            one_game([T.roll(A, (5, 2), "24/17"), T.double(B, 2)], variant="nardy"),
            "Bo cannot double: 'double' is not an action of nardy",
        ),
        (
            one_game([*OPEN, T.roll(B, (2, 1), "13/11 6/5")]),
            "Bo cannot roll: it is Ann's turn to act, not yours",
        ),
        (one_game([*OPEN, T.roll(A, (2, 1), None), T.roll(B, (2, 1), "13/11 6/5")]), "not played"),
        (one_game([*OPEN, T.resign(A), T.take(B)]), "the game is already over (Bo won)"),
        (
            one_game([*OPEN, T.double(A, 2), T.drop(B)]),
            "game 1: Ann won, but the record gives no winner",
        ),
        (
            MatRecord(
                5,
                ("Ann", "Bo"),
                "international",
                [MatGame((0, 0), [*OPEN, T.double(A, 2), T.drop(B)], A, 2)],
            ),
            "game 1: Ann wins 2 points, but the game gives 1",
        ),
        (
            MatRecord(
                3,
                ("Ann", "Bo"),
                "international",
                [GAMMON_FOR_BO, MatGame((0, 2), [*OPEN, T.double(A, 2), T.drop(B)], A, 1)],
            ),
            "game 2, move 2 (Ann): Ann cannot double: this is the Crawford game, the cube is at 1, "
            "in the middle (the match rolled for Ann at once)",
        ),
        (
            MatRecord(
                3, ("Ann", "Bo"), "international", [MatGame((0, 0), [*OPEN, T.resign(B)], A, 4)]
            ),
            "game 1, move 2 (Bo): Bo cannot resign 4 times the cube (1): say what you resign: "
            "1 (a single game), 2 (a gammon) or 3 (a backgammon)",
        ),
        (
            MatRecord(
                3,
                ("Ann", "Bo"),
                "international",
                [MatGame((0, 0), [T.resign(B)], A, 1), MatGame((0, 0), [])],
            ),
            "game 2: the game starts at 0-0, but the games before it end at 1-0",
        ),
    ],
)
def test_validate_names_the_game_the_move_and_the_rule(record: MatRecord, message: str) -> None:
    with pytest.raises(RecordError, match=re.escape(message)):
        validate(record)


def test_crawford_header_turns_the_rule_off() -> None:
    record = MatRecord(
        3,
        ("Ann", "Bo"),
        "international",
        [GAMMON_FOR_BO, MatGame((0, 2), [*OPEN, T.double(A, 2), T.drop(B)], A, 1)],
        {"Crawford": "Off"},
    )
    validate(record)
    assert import_mat(export_mat(record)) == record


@pytest.mark.parametrize(
    ("turn", "message"),
    [
        (lambda: T(2), "player 2 is not 0 (left) or 1 (right)"),
        (lambda: T.roll(A, (0, 3), "8/5"), "a roll needs two dice"),
        (lambda: T(A, "take", play="8/5"), "a take has no dice and no play"),
        (lambda: T(A, "double"), "carry the cube's new value"),
        (lambda: T(A, "undo"), "'undo' is not a turn"),  # type: ignore[arg-type]
    ],
)
def test_turns_refuse_impossible_shapes(turn: object, message: str) -> None:
    assert callable(turn)
    with pytest.raises(RecordError, match=re.escape(message)):
        turn()


# -- GNU Backgammon reads what we write ----------------------------------------------------------


def rolls(text: str) -> list[list[tuple[str, str]]]:
    """Each game's rolls and plays as a .mat file writes them, in order."""
    return [
        re.findall(r"(?:^|\s)([1-6]{2}):((?: \d+/\d+\*?)*)", game, re.MULTILINE)
        for game in text.split(" Game ")[1:]
    ]


def import_export(tmp_path: Path, record: MatRecord) -> tuple[str, str, str]:
    """Our export, what gnubg exports after importing it, and gnubg's last Position ID."""
    ours = export_mat(record)
    (tmp_path / "ours.mat").write_text(ours)
    output = gnubg(tmp_path, ["import mat ours.mat", "show board", "export match mat theirs.mat"])
    ids = re.findall(r"Position ID: (\S+)", output)
    assert ids, output
    return ours, (tmp_path / "theirs.mat").read_text(), ids[-1]


def test_gnubg_exports_the_hand_built_match_as_we_do(tmp_path: Path) -> None:
    ours, theirs, _ = import_export(tmp_path, HAND)
    assert theirs == ours == HAND_TEXT


def test_gnubg_reads_every_move_of_an_international_match(tmp_path: Path) -> None:
    record = self_play(52, "international", 7, cube=0.08, resign=0.01)
    kinds = {t.kind for g in record.games for t in g.turns}
    assert {"double", "take", "drop", "resign"} <= kinds and len(record.games) >= 5
    record.header = {"Site": "gamehall", "EventDate": "2024.05.01"}
    ours, theirs, last_id = import_export(tmp_path, record)
    assert theirs == ours
    plays = rolls(theirs)
    assert len(plays) == len(record.games)
    assert [len(g) for g in plays] == [sum(t.kind == "roll" for t in g.turns) for g in record.games]
    assert last_id == position_id(validate(record)[-1][-1])


def test_gnubg_reads_every_move_of_a_georgian_match(tmp_path: Path) -> None:
    """GNU Backgammon reads the moves; it counts the cube 2, 4, 8 where Georgian counts 2, 3,
    4, so its "Doubles" and "Wins" numbers differ and only the moves are compared."""
    record = self_play(2, "georgian", 25, games=4, cube=0.25)
    assert any(t.kind == "double" for g in record.games for t in g.turns)
    ours, theirs, last_id = import_export(tmp_path, record)
    assert '; [Variant "Georgian"]' in theirs
    assert rolls(theirs) == rolls(ours)
    assert sum(len(g) for g in rolls(ours)) == sum(
        t.kind == "roll" for g in record.games for t in g.turns
    )
    assert last_id == position_id(validate(record)[-1][-1])


def test_gnubg_reads_a_money_session_with_beavers(tmp_path: Path) -> None:
    record = next(r for r in records() if any(t.kind == "beaver" for g in r.games for t in g.turns))
    record = replace(record, header={"EventDate": "2024.05.01"})
    ours, theirs, last_id = import_export(tmp_path, record)
    assert theirs == ours
    assert last_id == position_id(validate(record)[-1][-1])


def test_gnubg_reads_resignations_after_the_other_players_roll(tmp_path: Path) -> None:
    """Where GNU Backgammon's own layout would lose the resignation (the player not on roll
    resigns after a roll that was not played), ours keeps it; we read gnubg's layout too."""
    record = MatRecord(
        5,
        ("Ann", "Bo"),
        "international",
        [
            MatGame((0, 0), [*OPEN, T.roll(A, (2, 1), None), T.resign(B)], A, 1),
            MatGame(
                (1, 0),
                [*OPEN, T.roll(A, (2, 1), "13/11* 6/5"), T.roll(B, (2, 1), None), T.resign(A)],
                B,
                2,
            ),
        ],
        {"EventDate": "2024.05.01"},
    )
    (tmp_path / "ours.mat").write_text(export_mat(record))
    output = gnubg(tmp_path, ["import mat ours.mat", "show score", "export match mat theirs.mat"])
    assert "The score (after 2 games) is: Ann 1, Bo 2" in output
    theirs = (tmp_path / "theirs.mat").read_text()
    assert "  2) 21:       Wins 1 point\n" in theirs
    assert import_mat(theirs) == record
