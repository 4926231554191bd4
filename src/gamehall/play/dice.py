"""Dice: secure by default, provably fair on request, scripted for tests and replays.

Every source has ``roll(n_dice=2) -> tuple[int, ...]`` (faces 1 to 6):

* :class:`SecureDice` draws from the operating system's secure generator (:mod:`secrets`).
* :class:`FairDice` lets players check the dice after the game. Before it, the server publishes
  the SHA-256 of a secret seed (:attr:`FairDice.commitment`); players may add seeds of their own;
  each roll is HMAC-SHA256 of the seeds and a counter, and each die is read from the digest by
  rejection sampling, so that every face has probability exactly 1/6. After the game the server
  reveals its seed and :func:`verify_record` recomputes every roll of the :class:`DiceRecord`.
  The procedure, byte by byte, is in ``docs/fair-dice.md``.
* :class:`ScriptedDice` plays back given rolls.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from gamehall.errors import GameError, RecordError
from gamehall.jsontext import JsonObject
from gamehall.play.snapshot import is_array, is_object

FORMAT_VERSION = 1
"""The version of the :class:`DiceRecord` dict and of the HMAC message layout."""

DOMAIN = b"gamehall-dice-v1"
"""The bytes every HMAC message starts with, so that no other use of a seed gives the same."""

ACCEPT_BELOW = 252
"""Digest bytes below this (42 times 6) make a die; the others are skipped."""


class DiceError(GameError):
    """The dice cannot do what was asked (a seed too late, a roll after the seed was revealed)."""


class ScriptExhaustedError(DiceError):
    """A scripted source was asked for more rolls than it was given."""


class DiceSource(Protocol):
    """Anything that rolls dice."""

    def roll(self, n_dice: int = 2) -> tuple[int, ...]:
        """``n_dice`` faces from 1 to 6."""
        ...


def _check_count(n_dice: int) -> None:
    if n_dice < 1:
        raise DiceError(f"cannot roll {n_dice} dice: roll one die or more")


def _seed_bytes(seed: bytes | str) -> bytes:
    return seed.encode() if isinstance(seed, str) else bytes(seed)


def _count(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


def _show(dice: Sequence[int]) -> str:
    return "-".join(map(str, dice))


class SecureDice:
    """Dice from the operating system's secure random generator."""

    def roll(self, n_dice: int = 2) -> tuple[int, ...]:
        """``n_dice`` independent faces, each 1 to 6 with probability 1/6."""
        _check_count(n_dice)
        return tuple(secrets.randbelow(6) + 1 for _ in range(n_dice))


class ScriptedDice:
    """Dice that give the rolls they were given, in order: for tests and for replaying records."""

    def __init__(self, rolls: Iterable[Sequence[int]]) -> None:
        """``rolls`` such as ``[(3, 1), (6, 6), (4,)]``."""
        self._rolls = [tuple(roll) for roll in rolls]
        for roll in self._rolls:
            if not roll or any(type(face) is not int or not 1 <= face <= 6 for face in roll):
                raise DiceError(f"{roll} is not a roll: dice show 1 to 6")
        self._next = 0

    @property
    def remaining(self) -> int:
        """How many scripted rolls are left."""
        return len(self._rolls) - self._next

    def roll(self, n_dice: int = 2) -> tuple[int, ...]:
        """The next scripted roll, which must have ``n_dice`` dice."""
        _check_count(n_dice)
        if not self.remaining:
            raise ScriptExhaustedError(f"all {len(self._rolls)} scripted rolls have been used")
        roll = self._rolls[self._next]
        if len(roll) != n_dice:
            raise DiceError(
                f"the next scripted roll is {_show(roll)} ({_count(len(roll))}), "
                f"but a roll of {_count(n_dice)} was asked for"
            )
        self._next += 1
        return roll


class SeededDice:
    """Dice from ``random.Random(seed)``: the same seed gives the same rolls.

    For reproducible practice games and tests only: anyone who knows the seed knows every roll,
    so these dice are neither secure nor fair (a match between people uses the match's own
    secure or provably fair dice).
    """

    def __init__(self, seed: int | str) -> None:
        self._random = random.Random(seed)

    def roll(self, n_dice: int = 2) -> tuple[int, ...]:
        """``n_dice`` faces from 1 to 6."""
        if n_dice < 1:
            raise DiceError(f"cannot roll {n_dice} dice: roll one die or more")
        return tuple(self._random.randint(1, 6) for _ in range(n_dice))


def hmac_message(client_seeds: Sequence[bytes], counter: int, block: int) -> bytes:
    """The message that is signed for a roll's ``block``-th digest.

    ``DOMAIN``, then each client seed as its length (4 bytes, big-endian) and its bytes, then
    the roll's ``counter`` (8 bytes, big-endian), then ``block`` (4 bytes, big-endian).
    """
    seeds = b"".join(len(seed).to_bytes(4, "big") + seed for seed in client_seeds)
    return DOMAIN + seeds + counter.to_bytes(8, "big") + block.to_bytes(4, "big")


def die_face(byte: int) -> int | None:
    """The face a digest byte gives, or None if the byte is rejected (252 to 255).

    Each face comes from exactly 42 of the 252 accepted bytes, so each has probability 1/6.
    """
    return byte % 6 + 1 if byte < ACCEPT_BELOW else None


def derive_roll(
    server_seed: bytes, client_seeds: Sequence[bytes], counter: int, n_dice: int = 2
) -> tuple[int, ...]:
    """The roll number ``counter``: the first ``n_dice`` accepted bytes of its digests.

    The digests are HMAC-SHA256 with the server seed as key over :func:`hmac_message` for blocks
    0, 1, 2, ... (a further block is needed only when one digest has too few accepted bytes).
    """
    _check_count(n_dice)
    faces: list[int] = []
    block = 0
    while len(faces) < n_dice:
        message = hmac_message(client_seeds, counter, block)
        digest = hmac.new(server_seed, message, hashlib.sha256).digest()
        faces += [face for face in map(die_face, digest) if face is not None]
        block += 1
    return tuple(faces[:n_dice])


def commitment_of(server_seed: bytes) -> str:
    """The published commitment to a server seed: its SHA-256, in lowercase hex."""
    return hashlib.sha256(server_seed).hexdigest()


@dataclass(frozen=True)
class FairRoll:
    """One roll of a fair game: its counter and its dice."""

    counter: int
    dice: tuple[int, ...]


def _hex(value: object, what: str) -> bytes:
    if not isinstance(value, str):
        raise RecordError(f"{what} must be written in hex, not {value!r}")
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise RecordError(f"{what} is not hex: {value!r}") from None


def _roll_from_dict(data: object, index: int) -> FairRoll:
    where = f"roll {index} of the record"
    if not is_object(data):
        raise RecordError(f"{where} must be an object with 'counter' and 'dice'")
    counter, dice = data.get("counter"), data.get("dice")
    if type(counter) is not int or counter < 0:
        raise RecordError(f"{where} needs a counter that is a whole number, 0 or more")
    if is_array(dice):
        faces = [face for face in dice if type(face) is int and 1 <= face <= 6]
        if faces and len(faces) == len(dice):
            return FairRoll(counter, tuple(faces))
    raise RecordError(f"{where} needs its dice as a list of faces from 1 to 6")


@dataclass(frozen=True)
class DiceRecord:
    """What a fair game publishes about its dice; the input of :func:`verify_record`.

    ``server_seed`` is None until it is revealed after the game.
    """

    server_seed_hash: str
    client_seeds: tuple[bytes, ...] = ()
    rolls: tuple[FairRoll, ...] = ()
    server_seed: bytes | None = None

    def to_dict(self) -> JsonObject:
        """The JSON-able form described in ``docs/fair-dice.md`` (seeds in hex)."""
        return {
            "version": FORMAT_VERSION,
            "server_seed_hash": self.server_seed_hash,
            "server_seed": None if self.server_seed is None else self.server_seed.hex(),
            "client_seeds": [seed.hex() for seed in self.client_seeds],
            "rolls": [{"counter": roll.counter, "dice": list(roll.dice)} for roll in self.rolls],
        }

    @classmethod
    def from_dict(cls, data: object) -> DiceRecord:
        """Read :meth:`to_dict`'s form back; RecordError saying what is wrong if it is not one."""
        if not is_object(data):
            raise RecordError("a dice record must be a JSON object")
        if data.get("version") != FORMAT_VERSION:
            raise RecordError(
                f"this is not a version {FORMAT_VERSION} dice record "
                f"(its version is {data.get('version')!r})"
            )
        commitment = data.get("server_seed_hash")
        if not isinstance(commitment, str) or not re.fullmatch("[0-9a-fA-F]{64}", commitment):
            raise RecordError("the server seed hash must be 64 hex digits (a SHA-256)")
        seed = data.get("server_seed")
        server_seed = None if seed is None else _hex(seed, "the server seed")
        seeds, rolls = data.get("client_seeds"), data.get("rolls")
        if not is_array(seeds) or not is_array(rolls):
            raise RecordError("a dice record needs lists of 'client_seeds' and 'rolls'")
        return cls(
            server_seed_hash=commitment.lower(),
            client_seeds=tuple(_hex(s, f"client seed {i}") for i, s in enumerate(seeds)),
            rolls=tuple(_roll_from_dict(roll, i) for i, roll in enumerate(rolls)),
            server_seed=server_seed,
        )


class FairDice:
    """Provably fair dice for one game.

    Publish :attr:`commitment` before the game, take the players' seeds with
    :meth:`add_client_seed` before the first roll, :meth:`reveal` the server seed after the game
    and publish :meth:`record`.
    """

    def __init__(
        self, server_seed: bytes | None = None, client_seeds: Iterable[bytes | str] = ()
    ) -> None:
        """Dice from ``server_seed`` (32 secure random bytes if None) and the clients' seeds.

        A client seed given as text counts as its UTF-8 bytes.
        """
        if server_seed is None:
            server_seed = secrets.token_bytes(32)
        if len(server_seed) < 16:
            raise DiceError("a server seed needs at least 16 bytes to keep the dice unpredictable")
        self._server_seed = bytes(server_seed)
        self._client_seeds = [_seed_bytes(seed) for seed in client_seeds]
        self._rolls: list[FairRoll] = []
        self._revealed = False

    @property
    def commitment(self) -> str:
        """SHA-256 of the server seed in hex: published before the game, checked after it."""
        return commitment_of(self._server_seed)

    @property
    def client_seeds(self) -> tuple[bytes, ...]:
        """The players' seeds, in the order they were added."""
        return tuple(self._client_seeds)

    @property
    def rolls(self) -> tuple[FairRoll, ...]:
        """Every roll so far, with its counter."""
        return tuple(self._rolls)

    def add_client_seed(self, seed: bytes | str) -> None:
        """Add a player's seed (text counts as its UTF-8 bytes); only before the first roll."""
        if self._rolls:
            raise DiceError(
                "seeds must be added before the first roll: this game's dice are already fixed"
            )
        self._client_seeds.append(_seed_bytes(seed))

    def roll(self, n_dice: int = 2) -> tuple[int, ...]:
        """The next roll, recorded with its counter (0 for the first roll, then 1, 2, ...)."""
        if self._revealed:
            raise DiceError("the server seed has been revealed: these dice can roll no more")
        dice = derive_roll(self._server_seed, self._client_seeds, len(self._rolls), n_dice)
        self._rolls.append(FairRoll(len(self._rolls), dice))
        return dice

    def reveal(self) -> bytes:
        """The server seed, made public after the game; no roll is possible afterwards."""
        self._revealed = True
        return self._server_seed

    def record(self) -> DiceRecord:
        """The public record: the server seed is in it only once revealed."""
        return DiceRecord(
            server_seed_hash=self.commitment,
            client_seeds=self.client_seeds,
            rolls=self.rolls,
            server_seed=self._server_seed if self._revealed else None,
        )

    @classmethod
    def resume(cls, record: DiceRecord, server_seed: bytes) -> FairDice:
        """Dice that go on from ``record`` (e.g. after a restart), given the secret seed."""
        if commitment_of(server_seed) != record.server_seed_hash.lower():
            raise DiceError("this server seed does not match the record's commitment")
        report = verify_record(replace(record, server_seed=server_seed))
        if not report.ok:
            raise DiceError(f"the record does not follow from this seed: {report.summary()}")
        dice = cls(server_seed, record.client_seeds)
        dice._rolls = list(record.rolls)
        dice._revealed = record.server_seed is not None
        return dice


@dataclass(frozen=True)
class RollMismatch:
    """A recorded roll that the seeds do not give."""

    index: int
    counter: int
    recorded: tuple[int, ...]
    expected: tuple[int, ...]


@dataclass(frozen=True)
class DiceReport:
    """What :func:`verify_record` found.

    ``commitment_ok``: the revealed seed hashes to the published commitment. ``mismatches``: the
    rolls whose dice differ from those the seeds give. ``out_of_sequence``: the positions of rolls
    whose counter is not their position (0, 1, 2, ...), as (position, counter) pairs: a skipped
    counter would let a server leave out rolls it did not like.
    """

    rolls_checked: int
    commitment_ok: bool
    mismatches: tuple[RollMismatch, ...] = ()
    out_of_sequence: tuple[tuple[int, int], ...] = ()

    @property
    def ok(self) -> bool:
        """Everything checks out."""
        return self.commitment_ok and not self.mismatches and not self.out_of_sequence

    def summary(self) -> str:
        """The findings in a few lines for a person, as ``gamehall verify-dice`` prints them."""
        if self.ok:
            return f"all {self.rolls_checked} rolls check out"
        lines = []
        if not self.commitment_ok:
            lines.append("the revealed server seed does not match the published hash")
        lines += [
            f"roll {m.index} (counter {m.counter}) was {_show(m.recorded)}, "
            f"the seeds give {_show(m.expected)}"
            for m in self.mismatches
        ]
        lines += [
            f"roll {i} has counter {c}, not {i}: rolls may have been left out"
            for i, c in self.out_of_sequence
        ]
        return "\n".join(lines)


def verify_record(record: DiceRecord | Mapping[str, object]) -> DiceReport:
    """Recompute every roll of a revealed record and report any that differ.

    ``record`` is a :class:`DiceRecord` or its dict form (e.g. read from a JSON file); a record
    that cannot be read, or whose server seed has not been revealed, raises RecordError.
    """
    if not isinstance(record, DiceRecord):
        record = DiceRecord.from_dict(record)
    if record.server_seed is None:
        raise RecordError("the server seed has not been revealed: check the dice after the game")
    seed = record.server_seed
    mismatches = []
    for index, roll in enumerate(record.rolls):
        expected = derive_roll(seed, record.client_seeds, roll.counter, len(roll.dice))
        if expected != roll.dice:
            mismatches.append(RollMismatch(index, roll.counter, roll.dice, expected))
    return DiceReport(
        rolls_checked=len(record.rolls),
        commitment_ok=commitment_of(seed) == record.server_seed_hash.lower(),
        mismatches=tuple(mismatches),
        out_of_sequence=tuple(
            (i, roll.counter) for i, roll in enumerate(record.rolls) if roll.counter != i
        ),
    )
