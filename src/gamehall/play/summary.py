"""One finished game of a match, as the match's score sheet and its snapshot keep it."""

from dataclasses import dataclass

from gamehall.jsontext import JsonObject
from gamehall.play.snapshot import Fields


@dataclass(frozen=True)
class GameSummary:
    """One finished game of a match: who won, how, and for how many points."""

    number: int
    winner: int | None
    points: float
    kind: str
    """How much it was won by: ``single``/``gammon``/``backgammon`` (oin/mars/cox), ``oin``/
    ``mars`` in nardy, ``win``/``draw`` in renju."""
    reason: str
    """Why it ended: ``bear-off``, ``drop``, ``resign``, ``time``, ``five``, ``double-three``..."""
    score: tuple[float, float]
    """The match score after it."""

    def to_dict(self) -> JsonObject:
        """A JSON-able dict that ``from_dict`` reads back."""
        return {
            "number": self.number,
            "winner": self.winner,
            "points": self.points,
            "kind": self.kind,
            "reason": self.reason,
            "score": list(self.score),
        }

    @classmethod
    def from_dict(cls, data: object) -> "GameSummary":
        """A summary from ``to_dict``'s form; ``RecordError`` for a wrong one."""
        fields = Fields(data, "a game of the snapshot")
        return cls(
            number=fields.integer("number", low=1),
            winner=fields.seat("winner"),
            points=fields.number("points"),
            kind=fields.text("kind") or "",
            reason=fields.text("reason") or "",
            score=fields.pair("score"),
        )
