"""GNU Backgammon's Position ID: a backgammon position in 14 pasteable characters.

The board is gnubg's own representation (its ``TanBoard``), so that positions can be exchanged with
GNU Backgammon, XG and forums without any translation: a pair of 25 counts, ``(opponent, on_roll)``.
``board[0]`` is the player *not* on roll, ``board[1]`` the player on roll; in each, index 0..23 is
that player's own point 1..24 and index 24 his bar. The player on roll's point ``i`` (0-based) is
his opponent's point ``23 - i``.

The key is a bit string: for the player not on roll first, then for the player on roll, each of
his 25 places gives one 1 per checker followed by a 0. It is packed least significant bit first
into 10 bytes, and the ID is the standard base64 encoding of those bytes without its padding.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from operator import mul

from gamehall.errors import InvalidPositionError, RecordError

TanBoard = tuple[tuple[int, ...], tuple[int, ...]]
"""``(opponent, on_roll)``: 25 checker counts each, points 1..24 of that player, then his bar."""

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_ID_LENGTH = 14
_KEY_BYTES = 10
_KEY_BITS = 8 * _KEY_BYTES
_PLACES = 25
_CHECKERS = 15
_SIDE_NAMES = ("the player not on roll", "the player on roll")
_RUNS = tuple("1" * count + "0" for count in range(_CHECKERS + 1))
"""A place's bits, lowest first: a 1 for each checker, then a 0."""


def check_id_text(text: str, length: int, what: str) -> None:
    """Refuse, saying why, a text that cannot be a GNU Backgammon ID of ``length`` characters
    (``what``: "Position ID" or "Match ID")."""
    if len(text) != length:
        raise RecordError(
            f"{text!r} is not a {what}: a {what} has {length} characters, not {len(text)}"
        )
    for char in text:
        if char not in _ALPHABET:
            raise RecordError(
                f"{text!r} is not a {what}: {char!r} is not one of its characters "
                f"(A-Z, a-z, 0-9, + and /)"
            )


def _board_problem(board: TanBoard) -> str | None:
    """Say why no game can reach ``board`` (gnubg's CheckPosition), or None if one can."""
    opponent, on_roll = board
    for name, side in zip(_SIDE_NAMES, board, strict=True):
        if sum(side) > _CHECKERS:
            return f"{name} has {sum(side)} checkers, and a player has only {_CHECKERS}"
    if any(map(mul, on_roll[:24], opponent[23::-1])):  # a point held by both: say which
        i = next(i for i in range(24) if on_roll[i] and opponent[23 - i])
        return (
            f"both players have checkers on one point (point {i + 1} of the player on roll, "
            f"point {24 - i} of his opponent)"
        )
    home_boards_closed = all(opponent[i] >= 2 and on_roll[i] >= 2 for i in range(6))
    if home_boards_closed and opponent[24] and on_roll[24]:
        return "both players are on the bar against closed home boards, which no game can reach"
    return None


def encode_position_id(board: tuple[Sequence[int], Sequence[int]]) -> str:
    """Return the 14-character Position ID of ``board`` (``(opponent, on_roll)``, as gnubg's).

    Raises InvalidPositionError for a board that no game can reach, so that every ID made here
    is one that GNU Backgammon, and ``decode_position_id``, will read back.
    """
    if len(board) != 2:
        raise InvalidPositionError(
            f"a board has two sides (the player not on roll, then the player on roll), "
            f"not {len(board)}"
        )
    sides = (tuple(board[0]), tuple(board[1]))
    for name, side in zip(_SIDE_NAMES, sides, strict=True):
        if len(side) != _PLACES:
            raise InvalidPositionError(
                f"{name} has {len(side)} places; a side has 25 (points 1 to 24, then the bar)"
            )
        if min(side) < 0:
            raise InvalidPositionError(f"{name} has a negative number of checkers on a point")
    problem = _board_problem(sides)
    if problem is not None:
        raise InvalidPositionError(f"impossible position: {problem}")
    # Each place's count as that many 1 bits then a 0, from the lowest bit up.
    key = int("".join([_RUNS[count] for side in sides for count in side])[::-1], 2)
    return base64.b64encode(key.to_bytes(_KEY_BYTES, "little")).decode("ascii")[:_ID_LENGTH]


def decode_position_id(pid: str) -> TanBoard:
    """Return the board ``(opponent, on_roll)`` that the Position ID ``pid`` stands for.

    Raises RecordError, saying what is wrong, for a text that is not the ID of a reachable
    position. Unlike GNU Backgammon, which ignores them, the unused bits at the end must be
    zero: every accepted ID is then the one ``encode_position_id`` gives for its board.
    """
    check_id_text(pid, _ID_LENGTH, "Position ID")
    stray = f"{pid!r} is not a Position ID: it has stray data after the last checker"
    if _ALPHABET.index(pid[-1]) & 0xF:
        raise RecordError(stray)
    key = base64.b64decode(pid + "==", validate=True)
    bits = format(int.from_bytes(key, "little"), f"0{_KEY_BITS}b")[::-1]
    runs = bits.split("0")
    counts = [len(run) for run in runs[: 2 * _PLACES]]
    counts += [0] * (2 * _PLACES - len(counts))
    board = (tuple(counts[:_PLACES]), tuple(counts[_PLACES:]))
    problem = _board_problem(board)
    if problem is not None:
        raise RecordError(f"{pid!r} is not the ID of a possible position: {problem}")
    if "1" in "".join(runs[2 * _PLACES :]):
        raise RecordError(stray)
    return board
