"""Writing a ``MatRecord`` as a ``.mat`` file, as GNU Backgammon 1.07 exports the same match.

GNU Backgammon's ``import mat`` then ``export match mat`` gives back the text ``export_mat``
writes, except in the one place where its layout is not read back, its own importer included:
when a player resigns after his opponent rolled and before the roll was played, the "Wins" line
stands alone in the winner's column.

A play is written as GNU Backgammon writes it: single moves in the mover's own point numbers,
the bar 25 and off 0, highest point first, a hit marked ``*`` where the checker lands on the
blot. The record is replayed (``replay_record``) to know the board before each play, so a
record the match refuses is not written.
"""

from collections.abc import Sequence

from gamehall.errors import RecordError
from gamehall.play.records.mat_reader import HEADER
from gamehall.play.records.mat_record import (
    GNUBG_HEADERS,
    VARIANT_HEADERS,
    GamePlay,
    GamePosition,
    MatGame,
    MatRecord,
)
from gamehall.play.records.mat_replay import replay_record
from gamehall.tables.moves import OFF


def _mat_moves(before: GamePosition, play: GamePlay) -> str:
    """A play as GNU Backgammon writes it: single moves, highest point first (its canonical
    order), a hit marked where a checker first lands on an opposing blot; a space after each of
    the first three moves."""
    moves = sorted(play.moves, key=lambda m: (-m.src, -m.dst))
    opposite = before.rules.opposite
    landed: set[int] = set()
    parts = []
    for index, move in enumerate(moves):
        hit = move.dst != OFF and move.dst not in landed and before.opponent[opposite[move.dst]]
        landed.add(move.dst)
        parts.append(f"{move.src}/{move.dst}{'*' if hit else ''}{' ' if index < 3 else ''}")
    return "".join(parts)


def _wins(points: int) -> str:
    return f"Wins {points} point{'' if points == 1 else 's'}"


def _check_line(what: str, text: str, forbidden: str = "") -> None:
    """Refuse text that would not come back the same from a .mat line."""
    bad = [c for c in forbidden if c in text]
    if bad or not text.strip() or text != text.strip() or "\n" in text or "\r" in text:
        raise RecordError(
            f"{what} {text!r} cannot be written in a .mat file: it must be one line, not "
            "empty, with no spaces around it" + (f" and no {forbidden!r}" if forbidden else "")
        )


def _header_lines(record: MatRecord) -> list[str]:
    """The comment lines before the match length, in GNU Backgammon's order: its match
    information, then (after an empty line) the variant, the other headers and the comment."""
    header = dict(record.header)
    if "Variant" in header:
        raise RecordError('the header "Variant" is written from MatRecord.variant: remove it')
    for key, value in header.items():
        _check_line("the header name", key, '"[]')
        if key != "Comment" and ("\n" in value or "\r" in value):
            raise RecordError(f"the header {key}'s value {value!r} must be one line")
    comment = header.pop("Comment", None)
    known = [f'; [{key} "{header.pop(key)}"]' for key in GNUBG_HEADERS if key in header]
    others = [f'; [{key} "{value}"]' for key, value in header.items()]
    variant = VARIANT_HEADERS.get(record.variant)
    if variant:
        others.insert(0, f'; [Variant "{variant}"]')
    for line in comment.split("\n") if comment is not None else []:
        _check_line("the comment line", line)
        if HEADER.match(line):
            raise RecordError(f"the comment line {line!r} would be read back as a header")
        others.append(f"; {line}")
    gap = [""] if known and others else []
    lines = [*known, *gap, *others]
    return [*lines, ""] if lines else []


def _game_lines(
    record: MatRecord,
    number: int,
    game: MatGame,
    start: GamePosition,
    plays: Sequence[GamePlay | None],
) -> str:
    """One game as GNU Backgammon's ``export match mat`` writes it."""
    names = record.players
    left = f"{names[0]} : {game.score[0]}"
    # GNU Backgammon pads to 31 columns and no further; a longer left half keeps one space.
    width = max(31, len(left) + 1)
    out = [f" Game {number}\n", f" {left:<{width}}{names[1]} : {game.score[1]}\n"]
    index = 0
    rolled = False
    turns = game.turns
    if turns and turns[0].kind == "roll" and turns[0].player == 1:
        out.append("  1)" + " " * 29)
        index = 1
    before = start
    for turn, play in zip(turns, plays, strict=True):
        right = index % 2 == 1
        number_text = f"{index // 2 + 1:3d}) "
        if turn.kind == "resign":
            out.append(_resign_text(turn.player, right, rolled, game.points))
            break
        if turn.kind == "roll":
            assert turn.dice is not None
            text = f"{turn.dice[0]}{turn.dice[1]}: "
            if play is not None:
                text += _mat_moves(before, play)
                before = play.result
            rolled = play is None
        elif turn.kind in ("double", "beaver"):
            word = "Doubles" if turn.kind == "double" else "Beavers"
            text = f" {word} => {turn.cube_value}"
        elif turn.kind == "take":
            text = " Takes"
        else:
            spacer = "\n      " if right else " " * 23
            text = f" Drops{spacer}{_wins(game.points)}"
        if rolled:
            out.append(text if right else f"{number_text}{text:<3}")
        elif right:
            out.append(text + "\n")
        else:
            out.append(f"{number_text}{text:<27} ")
        if turn.kind == "drop":
            out.append("\n" if right else "\n\n")
        elif play is not None and play.result.is_over:
            out.append((" " * 34 if right else "\n      ") + _wins(game.points) + "\n\n")
        index += 1
    text = "".join(out)
    return text if text.endswith("\n") else text + "\n"


def _resign_text(resigner: int, right: bool, rolled: bool, points: int) -> str:
    """The "Wins" line of a resignation, placed where GNU Backgammon places it, except where
    its own importer would not read it back (the other player resigns after a roll that was
    not played): there the line stands alone in the winner's column."""
    if resigner == 1:
        lead = "\n" if right or rolled else ""
        column = "      "
    elif right:
        lead, column = "", " " * 24 if rolled else " "
    else:
        lead, column = "\n" if rolled else "", " " * 34
    return f"{lead}{column}{_wins(points)}\n\n"


def export_mat(record: MatRecord) -> str:
    """The record as a ``.mat`` file, as GNU Backgammon 1.07 would export the same match.

    Raises ``RecordError`` for a record whose match cannot be replayed (see ``replay_mat``) or
    that the format cannot hold (a name with a colon, a header on two lines).
    """
    for name in record.players:
        _check_line("the player name", name, ":")
    parts = [f"{line}\n" for line in _header_lines(record)]
    parts.append(f" {record.length} point match\n\n")
    replayed = replay_record(record).games
    for number, (game, played) in enumerate(zip(record.games, replayed, strict=True), 1):
        parts.append(_game_lines(record, number, game, played.positions[0], played.plays))
    return "".join(parts)
