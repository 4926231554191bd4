"""What a replay of a match's log takes from the log instead of chance and the clock: the
dice rolled, the fair dice's commitments and revealed seeds, and the time of each action."""

from collections.abc import Sequence

from gamehall.play.events import Event, GameEnded, GameStarted, MatchEnded, OpeningRolled, Rolled


class ReplayScript:
    """The dice, commitments, seeds and current time of a log being replayed, taken in order."""

    def __init__(self, events: Sequence[Event]) -> None:
        self.now = 0.0
        self.dice: list[tuple[int, ...]] = [
            tuple(e.outcome["dice"]) for e in events if isinstance(e, OpeningRolled | Rolled)
        ]
        self.commitments: list[str] = [
            e.outcome["commitment"]
            for e in events
            if isinstance(e, GameStarted) and "commitment" in e.outcome
        ]
        self.seeds: list[str | None] = [
            e.outcome.get("server_seed")
            for e in events
            if isinstance(e, GameEnded | MatchEnded) and "server_seed" in e.outcome
        ]
