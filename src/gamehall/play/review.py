"""A finished match step by step, for a front end's Review: the match's log played again with
the state the front end draws taken after each action (a roll, a checker moved, a turn
confirmed, a double, a stone, a resignation...), so that the board and the dice can be shown
as they were without working out any rule on the other side."""

from collections.abc import Mapping
from typing import Any

from gamehall.play.match import Match
from gamehall.play.registry import match_class
from gamehall.play.settings import MatchSettings
from gamehall.play.views import state_of

Frame = dict[str, Any]
"""``{"seq", "kind", "player", "data", "state"}``: the last event of a step (its number in the
log, its kind, who acted and what he sent) and ``state_of(Match)`` after it."""


def _recording(base: type[Match]) -> type[Match]:
    class Recording(base):  # type: ignore[valid-type,misc]
        """The match class, taking the state after every action of the replay."""

        def _set_up(self) -> None:
            super()._set_up()
            self.frames: list[Frame] = []

        def _after_action(self, first: int) -> None:
            super()._after_action(first)
            if len(self.events) > first:
                self.frames.append(self._frame())

        def _frame(self) -> Frame:
            last = self.events[-1]
            acted = next(
                (e for e in reversed(self.events) if not e.derived), last
            )  # the action behind the derived events it made
            return {
                "seq": last.seq,
                "kind": acted.kind,
                "player": acted.player,
                "data": dict(acted.data),
                "state": state_of(self),
            }

    return Recording


def review_frames(record: Mapping[str, Any]) -> list[Frame]:
    """The steps of the match ``record`` (``Match.to_dict()``), the start first; the last
    shows the match as it ended. ``RecordError`` for a log that does not replay."""
    settings = MatchSettings.from_dict(record["settings"])
    cls = _recording(match_class(settings.game))
    match = cls.from_dict(record)
    frames: list[Frame] = match.frames  # type: ignore[attr-defined]
    if frames and frames[-1]["seq"] != len(match.events) - 1:
        frames.append(match._frame())  # type: ignore[attr-defined]
    return frames
