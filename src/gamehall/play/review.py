"""A finished match step by step, for a front end's Review: the match's log played again with
the state the front end draws taken after each action (a roll, a checker moved, a turn
confirmed, a double, a stone, a resignation...), so that the board and the dice can be shown
as they were without working out any rule on the other side."""

from collections.abc import Mapping
from typing import TypedDict

from gamehall.errors import RecordError
from gamehall.play.match import Match
from gamehall.play.registry import match_class
from gamehall.play.settings import MatchSettings
from gamehall.play.snapshot import is_object
from gamehall.play.views import State, state_of


class Frame(TypedDict):
    """The last event of a step (its number in the log, its kind, who acted and what he sent)
    and ``state_of(match)`` after it."""

    seq: int
    kind: str
    player: int | None
    data: dict[str, object]
    state: State


def _frame(match: Match) -> Frame:
    last = match.events[-1]
    # the action behind the derived events it made
    acted = next((e for e in reversed(match.events) if not e.derived), last)
    return {
        "seq": last.seq,
        "kind": acted.kind,
        "player": acted.player,
        "data": dict(acted.data),
        "state": state_of(match),
    }


def review_frames(record: Mapping[str, object]) -> list[Frame]:
    """The steps of the match ``record`` (``Match.to_dict()``), the start first; the last
    shows the match as it ended. ``RecordError`` for a log that does not replay."""
    settings = record.get("settings")
    if not is_object(settings):
        raise RecordError("a match record needs its settings")
    frames: list[Frame] = []

    def watch(played: Match) -> None:
        if played.started:  # what comes before the start (seeds, takebacks allowed) is no step
            frames.append(_frame(played))

    match = match_class(MatchSettings.from_dict(settings).game).from_dict(record, watch=watch)
    if frames and frames[-1]["seq"] != len(match.events) - 1:
        frames.append(_frame(match))
    return frames
