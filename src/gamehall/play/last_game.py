"""The game a match finished last, as it ended: kept by the match for a front end to show
before the next game (which starts at once), and in the match's snapshot. One frozen type per
family of games; ``to_dict`` writes the form the views send and the snapshot stores, and
``from_dict`` reads it back with its types checked (``RecordError`` otherwise)."""

from dataclasses import dataclass
from typing import Literal

from gamehall.errors import RecordError
from gamehall.jsontext import JsonObject, JsonValue
from gamehall.play.board_view import PositionView, position_json, position_view_from
from gamehall.play.snapshot import Fields, is_object

Colour = Literal["black", "white"]
COLOURS: dict[str, Colour] = {"black": "black", "white": "white"}


@dataclass(frozen=True)
class TablesLastGame:
    """A finished tables game: its number, result, cube, the score after it and its board."""

    number: int
    winner: int | None
    points: int
    kind: str
    reason: str
    cube: int
    cube_owner: int | None
    score: tuple[float, float]
    position: PositionView | None

    def to_dict(self) -> JsonObject:
        """The form a front end reads, which ``from_dict`` reads back."""
        position = self.position
        return {
            "number": self.number,
            "winner": self.winner,
            "points": self.points,
            "kind": self.kind,
            "reason": self.reason,
            "cube": self.cube,
            "cube_owner": self.cube_owner,
            "score": list(self.score),
            "position": None if position is None else position_json(position),
        }

    @classmethod
    def from_dict(cls, data: JsonValue) -> "TablesLastGame":
        """The last game of ``to_dict``'s form; ``RecordError`` for a wrong one."""
        fields = Fields(data, "the snapshot's last game")
        position = fields.value("position")
        return cls(
            number=fields.integer("number", low=1),
            winner=fields.seat("winner"),
            points=fields.integer("points"),
            kind=fields.text("kind") or "",
            reason=fields.text("reason") or "",
            cube=fields.integer("cube", low=1),
            cube_owner=fields.seat("cube_owner"),
            score=fields.pair("score"),
            position=None if position is None else position_view_from(position),
        )


@dataclass(frozen=True)
class RenjuLastGame:
    """A finished renju game: its number, result, who had Black, the score after it, and its
    moves, stones and winning five."""

    number: int
    winner: int | None
    reason: str
    black: int
    score: tuple[float, float]
    moves: tuple[str, ...]
    stones: dict[str, Colour]
    five: tuple[str, ...]

    def to_dict(self) -> JsonObject:
        """The form a front end reads, which ``from_dict`` reads back."""
        return {
            "number": self.number,
            "winner": self.winner,
            "reason": self.reason,
            "black": self.black,
            "score": list(self.score),
            "moves": list(self.moves),
            "stones": {point: colour for point, colour in self.stones.items()},
            "five": list(self.five),
        }

    @classmethod
    def from_dict(cls, data: JsonValue) -> "RenjuLastGame":
        """The last game of ``to_dict``'s form; ``RecordError`` for a wrong one."""
        fields = Fields(data, "the snapshot's last game")
        stones = fields.value("stones")
        if not is_object(stones):
            raise RecordError(f"the snapshot's last stones are a mapping, not {stones!r}")
        colours: dict[str, Colour] = {}
        for point, colour in stones.items():
            known = COLOURS.get(colour) if isinstance(colour, str) else None
            if known is None:
                raise RecordError(f"a stone is black or white, not {colour!r}")
            colours[point] = known
        return cls(
            number=fields.integer("number", low=1),
            winner=fields.seat("winner"),
            reason=fields.text("reason") or "",
            black=fields.seat("black") or 0,
            score=fields.pair("score"),
            moves=tuple(fields.texts("moves")),
            stones=colours,
            five=tuple(fields.texts("five")),
        )
