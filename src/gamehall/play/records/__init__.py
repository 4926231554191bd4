"""Game records in the formats other programs read: the Jellyfish ``.mat`` match file."""

from gamehall.play.records.mat import (
    GamePosition,
    MatGame,
    MatRecord,
    MatTurn,
    TurnKind,
    VariantName,
    export_mat,
    import_mat,
    validate,
)

__all__ = [
    "GamePosition",
    "MatGame",
    "MatRecord",
    "MatTurn",
    "TurnKind",
    "VariantName",
    "export_mat",
    "import_mat",
    "validate",
]
