"""Reading the text of a ``.mat`` file: its headers, match length, games and written actions.

This module reads the layout only: which line holds which game, each player's column and the
words of each action ("52: 13/11 13/8", "Doubles => 2", "Takes", "Wins 2 points"). What the
actions mean in the game (a play's legality, a forced play written empty, whether a "Wins" line
is a resignation) is decided by replaying them (``mat_import``).

It reads GNU Backgammon's files, both layouts of a resignation, and the usual variants of other
programs (Jellyfish, XG): no trailing spaces, a "Wins" line of its own, "and the match", a byte
order mark, CRLF line ends, ``#`` comment lines.
"""

import re
from dataclasses import dataclass
from typing import Literal

from gamehall.errors import RecordError
from gamehall.play.records.mat_record import VariantName

EntryKind = Literal["roll", "double", "beaver", "take", "drop", "wins"]

_MATCH_LINE = re.compile(r"^\s*(\d+)\s+[Pp]oints?\s+[Mm]atch\b.*$")
HEADER = re.compile(r'^\[\s*([^"\[\]]+?)\s+"(.*)"\s*\]$')
"""A header's comment text: ``[Key "value"]``."""
_GAME_LINE = re.compile(r"^\s*Game\s+(\d+)\s*$")
_SCORE_LINE = re.compile(r"^\s*([^:]+?)\s*:\s*(\d+)\s+([^:]+?)\s*:\s*(\d+)\s*$")
_NUMBERED = re.compile(r"^\s*(\d+)\)(.*)$")
_DICE = re.compile(r"^([1-6])([1-6]):(.*)$")
_CUBE = re.compile(r"^(doubles?|beavers?)(?:\s*=>\s*(\d+))?$", re.IGNORECASE)
_WINS = re.compile(r"^wins?\s+(\d+)\s+points?(?:\s+and\s+the\s+match)?$", re.IGNORECASE)
_KEYWORDS = ("double", "beaver", "take", "drop", "win")
_RIGHT_GAP = 10
"""An entry this many spaces or more after ``N)`` is in the right column."""
_RIGHT_WINS = 20
"""A "Wins" entry starting at this column or later is in the right column."""

_VARIANT_NAMES: dict[str, VariantName] = {
    "international": "international",
    "backgammon": "international",
    "georgian": "georgian",
    "long nardy": "nardy",
    "nardy": "nardy",
}


@dataclass(frozen=True)
class Entry:
    """One action as written: its line, its column (0 left, 1 right) and what it says.

    ``roll``: ``dice`` and ``moves`` as written (``""`` for none). ``double``/``beaver``:
    ``cube``, the value written after ``=>`` if any. ``wins``: ``points``.
    """

    line: int
    column: int
    kind: EntryKind
    dice: tuple[int, int] | None = None
    moves: str = ""
    cube: int | None = None
    points: int = 0


@dataclass(frozen=True)
class WrittenGame:
    """One game as written: its ``Game N`` line, its score line, the score and the actions."""

    line: int
    score_line: int
    score: tuple[int, int]
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class WrittenMatch:
    """A ``.mat`` file as written."""

    length: int
    players: tuple[str, str]
    variant: VariantName
    header: dict[str, str]
    games: tuple[WrittenGame, ...]


def _texts(line_no: int, line: str) -> list[tuple[int, str]]:
    """The actions of one line of a game, each with its column."""
    numbered = _NUMBERED.match(line)
    base = numbered.start(2) if numbered else 0
    rest = numbered.group(2) if numbered else line
    starts: list[tuple[int, list[str]]] = []
    for token in re.finditer(r"\S+", rest):
        word = token.group()
        begins = _DICE.match(word) or word.lower().startswith(_KEYWORDS)
        if begins:
            starts.append((token.start(), [word]))
        elif starts:
            starts[-1][1].append(word)
        else:
            raise RecordError(
                f"line {line_no}: cannot read {word!r}: expected a roll ('52: 13/8 13/11'), "
                "'Doubles => 2', 'Takes', 'Drops' or 'Wins 1 point'"
            )
    texts: list[tuple[int, str]] = []
    for position, (offset, words) in enumerate(starts):
        text = " ".join(words)
        if _WINS.match(text):
            column = int(base + offset >= _RIGHT_WINS)
        elif position == 0:
            column = int(numbered is not None and offset >= _RIGHT_GAP)
        else:
            column = 1
        if texts and column <= texts[-1][0] and not _WINS.match(text):
            raise RecordError(f"line {line_no}: more than one action in one column")
        texts.append((column, text))
    return texts


def _entry(line_no: int, column: int, text: str, name: str) -> Entry:
    """The action ``text`` says."""
    wins = _WINS.match(text)
    if wins:
        return Entry(line_no, column, "wins", points=int(wins.group(1)))
    dice = _DICE.match(text)
    if dice:
        moves = dice.group(3).strip()
        if moves.lower() == "cannot move":
            moves = ""
        roll = (int(dice.group(1)), int(dice.group(2)))
        return Entry(line_no, column, "roll", dice=roll, moves=moves)
    cube = _CUBE.match(text)
    if cube:
        value = int(cube.group(2)) if cube.group(2) else None
        kind: EntryKind = "double" if cube.group(1).lower().startswith("double") else "beaver"
        return Entry(line_no, column, kind, cube=value)
    word = text.lower()
    if word in ("takes", "take"):
        return Entry(line_no, column, "take")
    if word in ("drops", "drop"):
        return Entry(line_no, column, "drop")
    raise RecordError(f"line {line_no} ({name}): cannot read {text!r}")


class _Reader:
    """Reads a ``.mat`` text line by line."""

    def __init__(self, text: str) -> None:
        self.lines = text.removeprefix("\ufeff").splitlines()
        self.at = 0
        self.header: dict[str, str] = {}
        self.comments: list[str] = []
        self.players: tuple[str, str] | None = None

    def next_line(self) -> tuple[int, str] | None:
        """The next line that is not blank, with its number (from 1)."""
        while self.at < len(self.lines):
            self.at += 1
            line = self.lines[self.at - 1]
            if line.strip():
                return self.at, line
        return None

    def read(self) -> WrittenMatch:
        length = self.read_header()
        variant = self.variant()
        if self.comments:
            self.header["Comment"] = "\n".join(self.comments)
        games: list[WrittenGame] = []
        pending = self.next_line()
        while pending is not None:
            line_no, line = pending
            if not _GAME_LINE.match(line):
                raise RecordError(f"line {line_no}: expected ' Game {len(games) + 1}'")
            game, pending = self.read_game(line_no)
            games.append(game)
        if self.players is None:
            raise RecordError("the file has no game: expected ' Game 1' after the match length")
        return WrittenMatch(length, self.players, variant, self.header, tuple(games))

    def read_header(self) -> int:
        while (found := self.next_line()) is not None:
            line_no, line = found
            stripped = line.strip()
            if stripped[0] in ";#":
                content = stripped[1:].strip()
                pair = HEADER.match(content)
                if pair:
                    self.header[pair.group(1)] = pair.group(2)
                elif content:
                    self.comments.append(content)
                continue
            match_line = _MATCH_LINE.match(line)
            if match_line:
                return int(match_line.group(1))
            raise RecordError(
                f"line {line_no}: expected a comment ('; [Site \"...\"]') or the match length "
                f"(' 7 point match'), not {stripped!r}"
            )
        raise RecordError("not a .mat file: no line gives the match length (' 7 point match')")

    def variant(self) -> VariantName:
        name = self.header.pop("Variant", None)
        variation = self.header.get("Variation")
        if variation is not None and variation.strip().lower() != "backgammon":
            raise RecordError(f"the variation {variation!r} is not one that gamehall plays")
        if name is None:
            return "international"
        try:
            return _VARIANT_NAMES[name.strip().lower()]
        except KeyError:
            raise RecordError(
                f'unknown variant "{name}": gamehall reads International, Georgian and '
                "Long Nardy records"
            ) from None

    def read_game(self, game_line: int) -> tuple[WrittenGame, tuple[int, str] | None]:
        """Read one game after its ``Game N`` line; the line after it, if any."""
        found = self.next_line()
        scores = _SCORE_LINE.match(found[1]) if found else None
        if found is None or scores is None:
            where = f"line {found[0]}" if found else "the end of the file"
            raise RecordError(
                f"{where}: expected the players and the score, like ' Alice : 0    Bob : 0'"
            )
        line_no = found[0]
        names = (scores.group(1), scores.group(3))
        if self.players is None:
            self.players = names
        elif names != self.players:
            raise RecordError(
                f"line {line_no}: the players {names[0]} and {names[1]} are not those of "
                f"game 1 ({self.players[0]} and {self.players[1]})"
            )
        entries: list[Entry] = []
        pending = self.next_line()
        while pending is not None and not _GAME_LINE.match(pending[1]):
            number = pending[0]
            entries += [_entry(number, col, text, names[col]) for col, text in _texts(*pending)]
            pending = self.next_line()
        score = (int(scores.group(2)), int(scores.group(4)))
        return WrittenGame(game_line, line_no, score, tuple(entries)), pending


def read_mat(text: str) -> WrittenMatch:
    """The layout of a ``.mat`` file; ``RecordError`` naming the line and what was expected
    there when the text is not one."""
    return _Reader(text).read()
