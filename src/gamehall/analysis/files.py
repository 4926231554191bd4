"""Reading what is to be analysed from a file: a ``.mat`` match (backgammon, Georgian or nardy),
one of our ``.json`` match records (any game), or a ``.psq`` renju game. Whatever cannot be
read is a ``RecordError`` that names the file (and, for a ``.mat``, the line)."""

import json
from pathlib import Path

from gamehall.errors import GameError, RecordError
from gamehall.play.records import MatRecord, import_mat, mat_record
from gamehall.play.records.renju import import_psq
from gamehall.play.registry import load_match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.tables_match import TablesMatch

SUFFIXES = (".mat", ".json", ".psq")

Source = MatRecord | RenjuMatch
"""What an analysis reads: a tables match as its record, or a renju match."""


def source_of(match: TablesMatch | RenjuMatch) -> Source:
    """A match played here, as the analysis reads it."""
    return match if isinstance(match, RenjuMatch) else mat_record(match)


def read_source(path: Path) -> Source:
    """The match in the file at ``path`` (see the module)."""
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise RecordError(f"{path}: an analysis reads {', '.join(SUFFIXES)} files, not {suffix!r}")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{path}: cannot be read ({error})") from None
    if not text.strip():
        raise RecordError(f"{path}: the file is empty")
    try:
        if suffix == ".mat":
            return import_mat(text)
        if suffix == ".psq":
            return import_psq(text)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"line {error.lineno}: not JSON ({error.msg})") from None
        if not isinstance(data, dict):
            raise RecordError("a match record is a JSON object")
        match = load_match(data)
        if not isinstance(match, TablesMatch | RenjuMatch):
            raise RecordError(f"a {match.game} match cannot be analysed")
        return source_of(match)
    except GameError as error:
        raise RecordError(f"{path}: {error}") from None
