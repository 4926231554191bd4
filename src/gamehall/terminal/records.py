"""Saving a played match to a file, in the format its name's extension asks for.

* ``.json``, any game: the match's own record (``match.to_dict()``), which ``from_dict`` replays.
* ``.mat``, backgammon, Georgian and nardy: the Jellyfish match file that GNU Backgammon reads.
* ``.psq``, renju: the Piskvork record of the last game played, with its opening rule's
  decisions (``gamehall.play.records.renju``).
"""

import json
from pathlib import Path

from gamehall.errors import GameError
from gamehall.play.match import Match
from gamehall.play.records import export_mat
from gamehall.play.records.from_match import mat_record
from gamehall.play.records.renju import renju_game
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.tables_match import TablesMatch

FORMATS: dict[str, tuple[str, ...]] = {
    ".json": ("backgammon", "georgian", "nardy", "renju"),
    ".mat": ("backgammon", "georgian", "nardy"),
    ".psq": ("renju",),
}
"""Each record format by extension, with the games it can hold."""


def check_save_path(path: str, game: str) -> None:
    """Raise ``GameError`` unless a ``game`` match can be saved to ``path`` (by its extension)."""
    suffix = Path(path).suffix.lower()
    games = FORMATS.get(suffix)
    if games is None:
        known = ", ".join(FORMATS)
        raise GameError(f"cannot save to {path!r}: give a file name ending in {known}")
    if game not in games:
        fits = ", ".join(s for s, g in FORMATS.items() if game in g)
        raise GameError(f"a {suffix} file cannot hold {game}: use {fits}")


def record_text(match: Match, suffix: str) -> str:
    """The match written in the format of ``suffix`` (``.json``, ``.mat`` or ``.psq``)."""
    if suffix == ".json":
        return json.dumps(match.to_dict(), indent=1) + "\n"
    if suffix == ".mat" and isinstance(match, TablesMatch):
        return export_mat(mat_record(match))
    if suffix == ".psq" and isinstance(match, RenjuMatch) and match.board is not None:
        return renju_game(match.settings, match.events).to_psq(match.players)
    raise GameError(f"a {match.game} match cannot be written as {suffix}")


def save_record(match: Match, path: str) -> None:
    """Write the match to ``path`` in the format of its extension; ``GameError`` if the format
    cannot hold it, ``OSError`` if the file cannot be written."""
    check_save_path(path, match.game)
    text = record_text(match, Path(path).suffix.lower())
    Path(path).write_text(text, encoding="utf-8")
