"""Opening rules of a renju or gomoku match in which one player may place stones of both colours
and the colours are decided by the players: Swap2, as the gomoku world championships play it.

Swap2 (as Gomocup and the gomoku federations publish it; see ``docs/renju.md``):

1. the tentative first player places three stones anywhere: Black, White, Black (moves 1-3);
2. the other player chooses: play White (and so place move 4), take Black (a swap: the first
   player, now White, places move 4), or place two more stones, White and Black (moves 4-5);
3. after those two stones, the first player chooses his colour; White places move 6.

The board referees every stone as usual (it alternates colours by itself); this module says who
places the next stone and who decides what, and records the decisions: a swap is an event of
the match's log, as a die roll is, so that replays follow it.
"""

from dataclasses import dataclass, replace
from typing import Any, Literal

from gamehall.errors import IllegalMoveError, RecordError

Step = Literal["place3", "choose", "place2", "choose-colour"]
STEPS: tuple[Step, ...] = ("place3", "choose", "place2", "choose-colour")
OPENING_RULES = ("swap2",)
"""The opening rules with decisions (values of the match option ``opening``)."""

_CHOICES: dict[Step, tuple[str, ...]] = {
    "choose": ("white", "black", "place2"),
    "choose-colour": ("black", "white"),
}
_CHOICE_WORDS = {
    "white": "play White",
    "black": "take Black",
    "place2": "place two more stones (White, then Black) and let the opponent choose",
}


@dataclass(frozen=True)
class Swap2:
    """Where a game's Swap2 opening stands: ``first`` is the tentative first player (who places
    the first three stones), ``step`` what happens next."""

    first: int
    step: Step = "place3"

    @property
    def second(self) -> int:
        return 1 - self.first

    def to_act(self) -> int:
        """The player who places the next stone or makes the next choice."""
        return self.second if self.step in ("choose", "place2") else self.first

    def choices(self) -> tuple[str, ...]:
        """The choices open now (none while stones are being placed)."""
        return _CHOICES.get(self.step, ())

    def places(self) -> bool:
        """Is the next action of the opening a stone?"""
        return self.step in ("place3", "place2")

    def after_stone(self, stones: int) -> "Swap2":
        """The opening after the board's ``stones``-th move."""
        if self.step == "place3" and stones == 3:
            return replace(self, step="choose")
        if self.step == "place2" and stones == 5:
            return replace(self, step="choose-colour")
        return self

    def choose(self, player: int, choice: str) -> "tuple[Swap2, int | None]":
        """Apply ``player``'s ``choice``: the opening after it, and the player who then has
        Black when the colours are settled (None while the opening goes on). IllegalMoveError,
        saying what is allowed, for a choice out of turn or not open now."""
        allowed = self.choices()
        if not allowed:
            raise IllegalMoveError(
                "there is no choice to make now: the opening asks for a stone "
                f"(move {'1 to 3' if self.step == 'place3' else '4 or 5'})"
            )
        if player != self.to_act():
            raise IllegalMoveError("it is your opponent's choice, not yours")
        if choice not in allowed:
            words = "; ".join(f"{c!r} ({_CHOICE_WORDS[c]})" for c in allowed)
            raise IllegalMoveError(f"{choice!r} is not a choice now: choose {words}")
        if choice == "place2":
            return replace(self, step="place2"), None
        return self, player if choice == "black" else 1 - player

    def to_dict(self) -> dict[str, Any]:
        return {"rule": "swap2", "first": self.first, "step": self.step}

    @classmethod
    def from_dict(cls, data: object) -> "Swap2":
        """The opening of ``to_dict``; RecordError for anything else."""
        if (
            not isinstance(data, dict)
            or data.get("rule") != "swap2"
            or data.get("first") not in (0, 1)
            or isinstance(data.get("first"), bool)
            or data.get("step") not in STEPS
        ):
            raise RecordError(f"a swap2 opening is {{rule, first, step}}, not {data!r}")
        return cls(data["first"], data["step"])
