"""Game records in the formats other programs read: the Jellyfish ``.mat`` match file, and
the Piskvork ``.psq`` file of a renju game (``gamehall.play.records.renju``: ``renju_game``
and ``import_psq``, an opening rule's decisions kept in lines Piskvork does not read).

* ``import_match(text)``: a ``.mat`` file read and replayed into the ``TablesMatch`` it records
  (``ImportedMatch``: the match and the ``MatRecord`` as written); ``import_mat`` gives the
  record alone.
* ``mat_record(match)``: a match's games as a ``MatRecord``; ``export_mat(record)`` writes it as
  GNU Backgammon does.
* ``replay_mat(record)``: a record played into a ``TablesMatch``; ``validate(record)`` replays
  it and gives each game's positions.

The rules of match play are ``TablesMatch``'s alone: a record is legal when the match accepts
every action in it.
"""

from gamehall.play.records.from_match import mat_record
from gamehall.play.records.mat_import import ImportedMatch, import_mat, import_match
from gamehall.play.records.mat_record import (
    GamePlay,
    GamePosition,
    MatGame,
    MatRecord,
    MatTurn,
    TurnKind,
    VariantName,
)
from gamehall.play.records.mat_replay import replay_mat, validate
from gamehall.play.records.mat_writer import export_mat

__all__ = [
    "GamePlay",
    "GamePosition",
    "ImportedMatch",
    "MatGame",
    "MatRecord",
    "MatTurn",
    "TurnKind",
    "VariantName",
    "export_mat",
    "import_mat",
    "import_match",
    "mat_record",
    "replay_mat",
    "validate",
]
