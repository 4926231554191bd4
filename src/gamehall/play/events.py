"""The record of a match: every accepted action and what followed from it, with the time.

An event is what a player did (``kind`` and the ``data`` of the action) or what followed by the
rules (``derived``: a roll made for a player who had no choice, a game's end); ``outcome`` holds
what chance and the rules decided (dice, the play made, the score). Replaying the actions of a
log in order, at their times, rebuilds the match exactly, clocks included.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from gamehall.errors import GameError, RecordError
from gamehall.play.actions import Action, action_from_dict


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

    def action(self) -> Action:
        """The action a player took, as a typed value (what a replay applies again);
        ``RecordError`` for an event that is not one."""
        try:
            return action_from_dict({**self.data, "kind": self.kind})
        except GameError as exc:
            raise RecordError(f"event {self.seq} ({self.kind}) is not an action: {exc}") from None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Event":
        """An event from ``to_dict``'s form; ``RecordError`` for a missing or wrongly typed
        field (nothing is coerced: ``"3"`` is not a sequence number)."""
        if not isinstance(data, Mapping):
            raise RecordError("an event of the log is a mapping")
        where = _Where(data)
        keys = data.keys()
        if not keys >= _REQUIRED:
            missing = _REQUIRED - set(keys)
            raise RecordError(f"{where} has no {', '.join(sorted(missing))}")
        seq, kind, player, time = data["seq"], data["kind"], data["player"], data["time"]
        if not _is_int(seq) or seq < 0:
            raise RecordError(f"{where}: seq must be a whole number from 0")
        if not isinstance(kind, str) or not kind:
            raise RecordError(f"{where}: kind must be a text")
        if player is not None and (not _is_int(player) or player not in (0, 1)):
            raise RecordError(f"{where}: player must be 0, 1 or null")
        if isinstance(time, bool) or not isinstance(time, int | float):
            raise RecordError(f"{where}: time must be a number of seconds")
        derived = data.get("derived", False)
        if not isinstance(derived, bool):
            raise RecordError(f"{where}: derived must be true or false")
        clocks = data.get("clocks")
        if not keys <= _FIELDS:
            unknown = set(keys) - _FIELDS
            raise RecordError(f"{where} has unknown fields: {', '.join(map(str, unknown))}")
        return cls(
            seq=seq,
            kind=kind,
            player=player,
            time=float(time),
            data=_mapping(data.get("data", {}), where, "data"),
            outcome=_mapping(data.get("outcome", {}), where, "outcome"),
            derived=derived,
            clocks=None if clocks is None else _mapping(clocks, where, "clocks"),
        )


_REQUIRED = frozenset({"seq", "kind", "player", "time"})
_FIELDS = frozenset(f.name for f in fields(Event))


class _Where:
    """The event an error message names (made into text only for a message: reading the log
    is the hot path of loading a match)."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data

    def __str__(self) -> str:
        return f"event {self.data.get('seq')!r}"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _mapping(value: object, where: object, name: str) -> dict[str, Any]:
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise RecordError(f"{where}: {name} must be a mapping of names to values")
    return dict(value)
