"""A finished match step by step, for a front end's Review: the match's log played again with
the state the front end draws taken after each action (a roll, a checker moved, a turn
confirmed, a double, a stone, a resignation...), so that the board and the dice can be shown
as they were without working out any rule on the other side; the steps grouped into turns and
games (``review_steps``), so that a front end steps a whole play at once or jumps to a game; and
the match as it stood at any step (``at_step``), for an analysis of that position."""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import NoReturn, TypedDict, TypeVar

from gamehall.errors import GameError, RecordError
from gamehall.play.match import Match
from gamehall.play.registry import match_class
from gamehall.play.review_ends import ended_state
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


GAME_START = "game_start"
"""The kind of the frame that shows a new game begun by the action that ended the last."""


def _frame(match: Match) -> Frame:
    return _frames(match)[-1]


def _frames(match: Match) -> list[Frame]:
    """The frames of the action just played: the state after it; or, when it ended a game and
    the next began with it, the finished game as it ended, then the new game."""
    last = match.events[-1]
    at = next((i for i in range(len(match.events) - 1, -1, -1) if not match.events[i].derived), -1)
    acted = match.events[at]  # the action behind the derived events it made
    frame: Frame = {
        "seq": last.seq,
        "kind": acted.kind,
        "player": acted.player,
        "data": dict(acted.data),
        "state": state_of(match),
    }
    end = next((e for e in match.events[at + 1 :] if e.kind == "game_end"), None)
    ended = None if end is None else ended_state(match)
    if end is None or ended is None:
        return [frame]
    begun: Frame = {
        "seq": last.seq,
        "kind": GAME_START,
        "player": None,
        "data": {},
        "state": frame["state"],
    }
    return [{**frame, "seq": end.seq, "state": ended}, begun]


class EndedGameError(GameError):
    """A step shows a game as it ended, which the match has left already: nobody is to move."""


@dataclass(frozen=True)
class ReviewGame:
    """A game among the steps: its number and the indices of its first and last frames."""

    number: int
    first: int
    last: int


@dataclass(frozen=True)
class ReviewSteps:
    """The frames grouped for stepping: ``turns`` are the frames a step by turn stops at (the
    start, the end of every tables turn, a roll, its checkers and its confirmation as one; every
    renju action; each game's first frame; the last frame), ascending; ``games`` the games in
    order."""

    turns: tuple[int, ...]
    games: tuple[ReviewGame, ...]


def _game_number(frame: Frame) -> int:
    number = frame["state"].get("game_number")
    return number if isinstance(number, int) else 1


WITHIN_TURN = frozenset({"roll", "move", "play", "undo"})
"""The tables actions after which their player may go on with the same turn."""
GOES_ON = frozenset({"move", "play", "undo", "confirm"})
"""The tables actions that go on with their player's turn begun."""


def review_steps(frames: Sequence[Frame]) -> ReviewSteps:
    """The turns and games of ``frames`` (``review_frames``). A tables frame is in the middle
    of a turn when its action began or went on with a turn and the next frame's goes on with it
    (the same player moving or confirming); a renju frame never is."""
    last = len(frames) - 1
    turns: list[int] = []
    games: list[ReviewGame] = []
    for index, frame in enumerate(frames):
        number = _game_number(frame)
        begins = not games or games[-1].number != number
        if begins:
            games.append(ReviewGame(number, index, index))
        else:
            games[-1] = ReviewGame(number, games[-1].first, index)
        if begins or index == last or not _mid_turn(frame, frames[index + 1]):
            turns.append(index)
    return ReviewSteps(tuple(turns), tuple(games))


def _mid_turn(frame: Frame, after: Frame) -> bool:
    return (
        frame["state"]["game"] != "renju"
        and frame["kind"] in WITHIN_TURN
        and after["kind"] in GOES_ON
        and after["player"] == frame["player"]
        and _game_number(after) == _game_number(frame)
    )


def _replay(record: Mapping[str, object], watch: Callable[[Match], None]) -> Match:
    settings = record.get("settings")
    if not is_object(settings):
        raise RecordError("a match record needs its settings")
    return match_class(MatchSettings.from_dict(settings).game).from_dict(record, watch=watch)


def review_frames(record: Mapping[str, object]) -> list[Frame]:
    """The steps of the match ``record`` (``Match.to_dict()``), the start first; the last
    shows the match as it ended. ``RecordError`` for a log that does not replay."""
    frames: list[Frame] = []

    def watch(played: Match) -> None:
        if played.started:  # what comes before the start (seeds, takebacks allowed) is no step
            frames.extend(_frames(played))

    match = _replay(record, watch)
    if frames and frames[-1]["seq"] != len(match.events) - 1:
        frames.append(_frame(match))
    return frames


T = TypeVar("T")


NOBODY = "step {step} shows a game as it ended: nobody is to move there"


class _Reached(Exception):
    """Stops a replay at the step asked for."""


def _raise(exc: Exception) -> NoReturn:
    raise exc


def at_step(record: Mapping[str, object], index: int, look: Callable[[Match], T]) -> T:
    """``look`` at the match of ``record`` as it stood at frame ``index`` of
    ``review_frames(record)`` (the match as it is then, before the replay goes on: ``look``
    copies what it needs). ``RecordError`` for a log that does not replay or a step it does
    not have."""
    seen: list[Callable[[], T]] = []
    made: list[Frame] = []

    def watch(played: Match) -> None:
        if not played.started:  # as in review_frames: what comes before the start is no step
            return
        frames = _frames(played)
        if len(made) <= index < len(made) + len(frames):
            if index == len(made) and len(frames) > 1:
                seen.append(partial(_raise, EndedGameError(NOBODY.format(step=index + 1))))
            else:
                try:
                    value = look(played)
                except Exception as exc:  # raised below, not as a log that does not replay
                    seen.append(partial(_raise, exc))
                else:
                    seen.append(lambda: value)
            raise _Reached
        made.extend(frames)

    try:
        match = _replay(record, watch)
    except _Reached:
        return seen[0]()
    if index >= 0 and len(made) == index and made and made[-1]["seq"] != len(match.events) - 1:
        return look(match)  # the last frame: what the last action's end brought
    raise RecordError(f"there is no step {index + 1} in this match")
