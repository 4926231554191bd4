"""A match's dice: where each roll comes from (a replay's log, an injected source, the game's
provably fair dice or the operating system's generator), the fair dice's commitment at a
game's start and their seed revealed at its end, and the record players verify afterwards."""

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from gamehall.errors import GameError, RecordError
from gamehall.jsontext import JsonObject
from gamehall.play.dice import DiceRecord, DiceSource, FairDice, FairRoll, SecureDice
from gamehall.play.event_keys import DiceOutcome
from gamehall.play.events import Event, GameEnded, GameStarted, MatchEnded, OpeningRolled, Rolled
from gamehall.play.replay_script import ReplayScript
from gamehall.play.snapshot import Fields


@dataclass(frozen=True)
class Revealed:
    """A fair-dice seed a game's end (or the match's, cutting it short) reveals: hex, or None
    when the server no longer had it."""

    seed: str | None


@dataclass(frozen=True)
class SavedDice:
    """The dice as a snapshot keeps them: the players' seeds, the current game's commitment and
    how many rolls it has made (the server's seed is a secret, kept apart)."""

    client_seeds: tuple[bytes, ...]
    commitment: str | None
    rolls: int

    def to_dict(self) -> JsonObject:
        """A JSON-able dict that ``from_fields`` reads back (the seeds in hex)."""
        return {
            "client_seeds": [seed.hex() for seed in self.client_seeds],
            "commitment": self.commitment,
            "rolls": self.rolls,
        }

    @classmethod
    def from_fields(cls, dice: Fields) -> "SavedDice":
        """The dice of a snapshot; ``RecordError`` for a wrong form."""
        seeds = dice.items("client_seeds")
        texts = [seed for seed in seeds if isinstance(seed, str)]
        if len(texts) != len(seeds):
            raise RecordError("the snapshot's client seeds are a list of hex texts")
        try:
            client_seeds = tuple(bytes.fromhex(seed) for seed in texts)
        except ValueError:
            raise RecordError("the snapshot's client seeds are written in hex") from None
        return cls(client_seeds, dice.text("commitment", optional=True), dice.integer("rolls"))


class MatchDice:
    """The dice of one match. ``fair``: the settings ask for provably fair dice and no source
    is injected (an injected source, as tests give, replaces them)."""

    def __init__(self, *, fair: bool, source: DiceSource | None) -> None:
        self.fair = fair and source is None
        self.source = source
        self.client_seeds: list[bytes] = []
        self.replay: ReplayScript | None = None
        """The log being replayed, whose dice, commitments and seeds are taken in order."""
        self._fair: FairDice | None = None
        self._server_seed: bytes | None = None
        self._rolls = 0
        self._commitment: str | None = None
        """The fair dice's commitment of the current (or last) game."""

    def new_game(self) -> str | None:
        """Prepare the dice of a new game; returns what the game's start publishes: the fair
        dice's commitment (None without fair dice)."""
        self._rolls = 0
        if not self.fair:
            return None
        if self.replay is not None:
            if not self.replay.commitments:
                raise RecordError("the log has fewer fair-dice commitments than its games")
            self._commitment = self.replay.commitments.pop(0)
        else:
            self._server_seed = secrets.token_bytes(32)
            self._fair = FairDice(server_seed=self._server_seed, client_seeds=self.client_seeds)
            self._commitment = self._fair.commitment
        return self._commitment

    def roll(self, n_dice: int = 2) -> DiceOutcome:
        """Roll for the game; returns the outcome to log: the dice and, with fair dice, the
        roll's counter in the game. The dice come from the replay's script, the injected
        source, this game's fair dice or the operating system's generator."""
        if self.replay is not None:
            dice = self.replay.dice.pop(0) if self.replay.dice else None
            if dice is None:
                raise RecordError("the log has fewer dice than its plays need")
        elif self.source is not None:
            dice = tuple(self.source.roll(n_dice))
        elif self._fair is not None:
            dice = self._fair.roll(n_dice)
        elif self.fair:
            raise GameError("this game's fair dice cannot go on without the server's secret seed")
        else:
            dice = SecureDice().roll(n_dice)
        out: DiceOutcome = {"dice": list(dice)}
        if self.fair:
            out["counter"] = self._rolls
        self._rolls += 1
        return out

    def reveal(self) -> Revealed | None:
        """What a game's end reveals: the fair dice's server seed (None without fair dice)."""
        if not self.fair:
            return None
        if self.replay is not None:
            if not self.replay.seeds:
                raise RecordError("the log has fewer revealed seeds than its games")
            return Revealed(self.replay.seeds.pop(0))
        seed = self._fair.reveal().hex() if self._fair is not None else None
        self._fair = None
        self._server_seed = None
        return Revealed(seed)

    def reveal_cut_short(self) -> Revealed | None:
        """What the end of a match in the middle of a game (on time, by forfeit) reveals:
        that game's fair-dice seed, which its own end would have revealed. Nothing when the
        last game ended first (its end revealed it)."""
        if not self.fair:
            return None
        if self.replay is not None:
            return Revealed(self.replay.seeds.pop(0)) if self.replay.seeds else None
        return self.reveal() if self._fair is not None else None

    def record_of(self, events: Sequence[Event], what: str) -> DiceRecord:
        """The fair-dice record of one game from its ``events``, its ``game_start`` first (and
        maybe the match's end after its own)."""
        start = events[0] if events else None
        if not isinstance(start, GameStarted):
            raise RecordError(f"{what} has no fair dice")
        commitment = start.outcome.get("commitment")
        seed = None
        rolls: list[FairRoll] = []
        for event in events[1:]:
            if isinstance(event, OpeningRolled | Rolled):
                if "counter" in event.outcome:
                    rolls.append(FairRoll(event.outcome["counter"], tuple(event.outcome["dice"])))
            elif isinstance(event, GameEnded):
                seed = event.outcome.get("server_seed")
            elif isinstance(event, MatchEnded) and "server_seed" in event.outcome:
                seed = event.outcome["server_seed"]  # the game was cut short
        if commitment is None:
            raise RecordError(f"{what} has no fair dice")
        return DiceRecord(
            server_seed_hash=commitment,
            client_seeds=tuple(self.client_seeds),
            rolls=tuple(rolls),
            server_seed=bytes.fromhex(seed) if seed else None,
        )

    def secrets(self) -> JsonObject:
        """The server's secrets of the game in progress, for its own storage only (never for
        players): ``{"server_seed": hex}`` while a fair-dice game's seed is still secret,
        else nothing."""
        return {} if self._server_seed is None else {"server_seed": self._server_seed.hex()}

    def resume(self, secret: object, game: Sequence[Event]) -> None:
        """Go on with the fair dice of the game in progress, whose events are ``game``, given
        the server's seed ``secret`` (hex)."""
        if not isinstance(secret, str):
            raise RecordError("the server seed is written in hex")
        try:
            self._server_seed = bytes.fromhex(secret)
            record = self.record_of(game, "the game in progress")
            self._fair = FairDice.resume(record, self._server_seed)
        except ValueError as exc:
            raise RecordError(f"the fair dice cannot go on: {exc}") from None

    def saved(self) -> SavedDice:
        """The dice as a snapshot keeps them."""
        return SavedDice(tuple(self.client_seeds), self._commitment, self._rolls)

    def restore(self, saved: SavedDice) -> None:
        """Take the dice a snapshot kept."""
        self.client_seeds = list(saved.client_seeds)
        self._commitment = saved.commitment
        self._rolls = saved.rolls
