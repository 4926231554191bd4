"""The dice of a ``.mat`` replay: the record's rolls, handed to the match when it rolls.

A ``TablesMatch`` rolls by itself: the opening roll when a game starts, and the roll of a player
who has nothing to decide before rolling (he may not double) as soon as his turn comes. So the
replay cannot hand over a fixed list of rolls: which roll the match asks for depends on where
the game stands. ``RecordDice`` answers each request from the record: the next turn of the
game, when it is a roll of the player on roll, gives its dice; the opening roll is made from
the game's first roll (the player who moves first gets the higher die). A roll within the
record that it does not write (the roll the match made for a player who then resigned, the
opening roll of long nardy, which only decides who moves first) is made up: the first roll with
a legal move, so that the match never passes a turn the record does not show. Once the record
has no turn left, the dice are the operating system's secure dice, as in any match: an imported
match that goes on is played with dice nobody knows in advance.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from gamehall.errors import RecordError
from gamehall.play.dice import DiceError, SecureDice
from gamehall.play.tables_match import TablesMatch

ROLLS = tuple((high, low) for high in range(1, 7) for low in range(1, high + 1))
"""Every roll, in the order a made-up roll is looked for."""


@dataclass(frozen=True)
class Slot:
    """One turn of a game as the dice need it: who acts (the resigner, for a resignation), the
    dice of a roll, and where the turn is written (for error messages)."""

    player: int
    dice: tuple[int, int] | None
    where: str


class RecordDice:
    """The dice source of a replayed match (see the module).

    ``pointer`` is the index of the first turn of the current game whose dice have not been
    rolled; the replay moves it on past each turn it applies. ``invented`` says whether the
    last roll was made up.
    """

    def __init__(self, games: Sequence[Sequence[Slot]]) -> None:
        self.games = games
        self.match: TablesMatch | None = None
        self.game = 0
        self.pointer = 0
        self.invented = False
        self.secure = SecureDice()
        self.rolled_at: dict[int, int] = {}
        """For each turn of the current game whose dice were rolled, the sequence number of
        the match event that logged the roll."""

    def passed(self, index: int) -> bool:
        """Whether the roll of turn ``index`` had no legal move (the match passed at once)."""
        assert self.match is not None
        events = self.match.events
        at = self.rolled_at[index] + 1
        return at < len(events) and events[at].kind == "no_move"

    def roll(self, n_dice: int = 2) -> tuple[int, ...]:
        """The dice the match asks for now."""
        match = self.match
        assert match is not None
        if n_dice != 2:
            raise DiceError(f"a .mat record rolls two dice, not {n_dice}")
        number = len(match.games) + 1
        slots = self.games[number - 1] if number <= len(self.games) else ()
        opening = False
        if number != self.game:
            self.game, self.pointer, self.rolled_at = number, 0, {}
            opening = not match.is_nardy or number == 1
        if number >= len(self.games) and self.pointer >= len(slots):
            self.invented = True
            return self.secure.roll(2)
        if opening:
            return self._opening(match, slots)
        if self.pointer < len(slots):
            slot = slots[self.pointer]
            if slot.dice is not None and slot.player == match.on_roll:
                self.rolled_at[self.pointer] = len(match.events)
                self.pointer += 1
                self.invented = False
                return slot.dice
        self.invented = True
        return _any_roll(match)

    def _opening(self, match: TablesMatch, slots: Sequence[Slot]) -> tuple[int, int]:
        """Each player's die, player 0's first: from the game's first roll (backgammon), or
        made up to give the first move to the player the record starts with (the other player,
        when the game starts with a resignation)."""
        first = slots[0]
        self.invented = True
        if first.dice is None:
            return (2, 1) if first.player == 1 else (1, 2)
        if match.is_nardy:
            return (2, 1) if first.player == 0 else (1, 2)
        high, low = max(first.dice), min(first.dice)
        if high == low:
            raise RecordError(
                f"{first.where}: the opening roll {high}-{low} cannot be a double "
                "(equal dice are rolled again)"
            )
        self.rolled_at[0] = len(match.events)
        self.pointer = 1
        self.invented = False
        return (high, low) if first.player == 0 else (low, high)


def _any_roll(match: TablesMatch) -> tuple[int, int]:
    """A roll the record does not write: the first with a legal move, if any."""
    position = match.position
    assert position is not None
    for roll in ROLLS:
        if any(play.moves for play in position.legal_plays(roll)):
            return roll
    return ROLLS[0]
