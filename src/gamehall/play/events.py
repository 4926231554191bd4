"""The record of a match: every accepted action and what followed from it, with the time.

An event is what a player did (``kind`` and the ``data`` of the action) or what followed by the
rules (``derived``: a roll made for a player who had no choice, a game's end); ``outcome`` holds
what chance and the rules decided (dice, the play made, the score). Replaying the actions of a
log in order, at their times, rebuilds the match exactly, clocks included.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gamehall.errors import RecordError


@dataclass(frozen=True)
class Event:
    """One entry of a match's log."""

    seq: int
    kind: str
    player: int | None
    time: float
    data: dict[str, Any] = field(default_factory=dict)
    """The action's arguments, as the player gave them (what a replay passes again)."""
    outcome: dict[str, Any] = field(default_factory=dict)
    """What followed: dice rolled, the play made, the game's result."""
    derived: bool = False
    """Made by the rules, not asked for by a player: a replay checks it, never applies it."""
    clocks: dict[str, Any] | None = None
    """Both clocks after the event (``ClockSnapshot.to_dict()``), when the match has a clock."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict that ``from_dict`` reads back."""
        out: dict[str, Any] = {"seq": self.seq, "kind": self.kind, "player": self.player}
        out["time"] = self.time
        if self.data:
            out["data"] = self.data
        if self.outcome:
            out["outcome"] = self.outcome
        if self.derived:
            out["derived"] = True
        if self.clocks is not None:
            out["clocks"] = self.clocks
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Event":
        """An event from ``to_dict``'s form."""
        try:
            player = data["player"]
            if player is not None and player not in (0, 1):
                raise RecordError(f"event {data.get('seq')}: player must be 0, 1 or null")
            return cls(
                seq=int(data["seq"]),
                kind=str(data["kind"]),
                player=player,
                time=float(data["time"]),
                data=dict(data.get("data", {})),
                outcome=dict(data.get("outcome", {})),
                derived=bool(data.get("derived", False)),
                clocks=dict(data["clocks"]) if data.get("clocks") is not None else None,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"an event of the log cannot be read: {exc}") from None
