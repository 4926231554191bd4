"""A match saved as it stands (``Match.snapshot``), as a typed value: what every match keeps
(settings, players, score, games, the clock, the dice) and the game's own state, left as JSON
for the game's match class to read. ``to_dict`` writes the stored form, ``from_dict`` reads it
back with every field's type checked (``RecordError`` otherwise: the caller replays the log)."""

from collections.abc import Mapping
from dataclasses import dataclass

from gamehall.errors import RecordError
from gamehall.jsontext import JsonObject
from gamehall.play.match_dice import SavedDice
from gamehall.play.settings import MatchSettings
from gamehall.play.snapshot import SNAPSHOT_VERSION, Fields, check_version, is_object
from gamehall.play.summary import GameSummary


@dataclass(frozen=True)
class MatchSnapshot:
    """Everything a match needs to go on without replaying its log."""

    settings: MatchSettings
    players: tuple[str, str]
    events: int
    """How many events of the log the snapshot stands after."""
    last_event: Mapping[str, object] | None
    """The last of them, to recognise the log."""
    score: tuple[float, float]
    games: tuple[GameSummary, ...]
    winner: int | None
    end_reason: str | None
    started: bool
    clock: JsonObject | None
    """``Clock.saved()``, or None without a clock."""
    dice: SavedDice
    state: JsonObject
    """The game's own state, written and read by its match class."""
    secrets: JsonObject | None = None
    """The server's secrets, only in a snapshot for the server's own storage."""
    takebacks: tuple[bool, int | None] = (False, None)
    """Whether takebacks are allowed, and the player whose takeback waits for an answer."""
    movers: tuple[int, ...] = (0, 1)
    """The players who have moved (a snapshot written before they were kept is refused, and
    the log replayed)."""

    def to_dict(self) -> dict[str, object]:
        """The stored form, which ``from_dict`` reads back."""
        out: dict[str, object] = {
            "version": SNAPSHOT_VERSION,
            "game": self.settings.game,
            "settings": self.settings.to_dict(),
            "players": list(self.players),
            "events": self.events,
            "last_event": self.last_event,
            "score": list(self.score),
            "games": [summary.to_dict() for summary in self.games],
            "winner": self.winner,
            "end_reason": self.end_reason,
            "started": self.started,
            "clock": self.clock,
            "dice": self.dice.to_dict(),
            "state": self.state,
            "movers": list(self.movers),
            "takebacks": {"allowed": self.takebacks[0], "asked": self.takebacks[1]},
        }
        if self.secrets is not None:
            out["secrets"] = self.secrets
        return out

    @classmethod
    def from_dict(cls, snapshot: object) -> "MatchSnapshot":
        """The snapshot of ``to_dict``'s form; ``RecordError`` for another version or a wrong
        shape, ``GameError`` for settings that are not valid."""
        fields = check_version(snapshot)
        settings = MatchSettings.from_dict(fields.fields("settings").data)
        players = fields.items("players")
        first, second = players if len(players) == 2 else (None, None)
        if not (isinstance(first, str) and isinstance(second, str)):
            raise RecordError("the snapshot needs the two players' names")
        if fields.text("game") != settings.game:
            raise RecordError("the snapshot's game is not its settings' game")
        count = fields.integer("events")
        state = fields.object("state")
        if state is None:
            raise RecordError("the snapshot's state must be a mapping, not None")
        return cls(
            settings=settings,
            players=(first, second),
            events=count,
            last_event=fields.object("last_event"),
            score=fields.pair("score"),
            games=tuple(GameSummary.from_dict(g) for g in fields.items("games")),
            winner=fields.seat("winner"),
            end_reason=fields.text("end_reason", optional=True),
            started=fields.flag("started"),
            clock=fields.object("clock"),
            dice=SavedDice.from_fields(fields.fields("dice")),
            state=state,
            secrets=_secrets(fields.data.get("secrets")),
            movers=_movers(fields.items("movers")),
            takebacks=_takebacks(fields.fields("takebacks")),
        )


def _movers(value: object) -> tuple[int, ...]:
    """The seats of a snapshot's ``movers``; ``RecordError`` for anything else."""
    if not isinstance(value, list) or not all(
        type(seat) is int and seat in (0, 1) for seat in value
    ):
        raise RecordError("the snapshot's movers must be a list of seats")
    return tuple(sorted({int(seat) for seat in value}))


def _takebacks(fields: Fields) -> tuple[bool, int | None]:
    """A snapshot's ``takebacks``: whether they are allowed, and who asked for one."""
    return fields.flag("allowed"), fields.seat("asked")


def _secrets(value: object) -> JsonObject | None:
    """A snapshot's secrets when they are a mapping (anything else: none kept)."""
    return dict(value) if is_object(value) else None
