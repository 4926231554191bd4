"""Opening rules of a renju or gomoku match in which one player may place stones of both colours
and the colours are decided by the players: Swap2, as the gomoku world championships play it,
and the RIF's Yamaguchi, Soosõrv-8 and Taraguchi-10 for renju.

Swap2 (as Gomocup and the gomoku federations publish it; see ``docs/renju.md``):

1. the tentative first player places three stones anywhere: Black, White, Black (moves 1-3);
2. the other player chooses: play White (and so place move 4), take Black (a swap: the first
   player, now White, places move 4), or place two more stones, White and Black (moves 4-5);
3. after those two stones, the first player chooses his colour; White places move 6.

Soosõrv-8 (certified by the RIF in 2011; the World Championship rule since 2017):

1. the tentative first player puts one of the 26 openings: moves 1-3 under the centre opening
   (h8, a point next to it, a point within f6-j10: every such position is one of the 26);
2. the other player may swap (``white``: stay White, ``black``: take Black);
3. White puts move 4 anywhere and declares how many fifth moves Black will offer, 1 to 8;
4. the other player (Black) may swap (``black``: stay Black, ``white``: take White);
5. Black offers that many fifth moves, no two of them equivalent by a symmetry of the position;
6. White chooses one of them, which becomes move 5, and plays move 6.

Taraguchi-10 (Taraguchi-N with N = 10, certified by the RIF):

1. move 1 on h8; the other player may swap; move 2 within the central 3x3 square; swap; move 3
   within 5x5; swap; move 4 within 7x7;
2. then the player with Black either (choice 1) stays Black or swaps, and Black puts move 5
   within the central 9x9 square, after which White may swap and plays move 6; or (choice 2)
   Black offers ten fifth moves anywhere, no two symmetrical, and White chooses one and plays
   move 6.

A swap is offered to the player whose colour is to move: he keeps his colour or takes the other.

Yamaguchi (the RIF's rule for the World Championships 2009-2015):

1. the tentative first player puts one of the 26 openings and declares how many fifth moves
   will be offered: 1 to 62 (the RIF's text sets no maximum; the offers must not be
   symmetrical, and 62 is the most that every position after move 4 can hold: see
   ``YAMAGUCHI_MOST_OFFERS``);
2. the other player may swap;
3. White puts move 4 anywhere;
4. Black offers the declared number of fifth moves, no two symmetrical;
5. White chooses one of them and plays move 6.

The board referees every stone as usual (it alternates colours by itself); this module says who
places the next stone and who decides what, and records the decisions: a swap is an event of
the match's log, as a die roll is, so that replays follow it.
"""

from dataclasses import dataclass, field, replace
from typing import Literal, TypeVar

from gamehall.errors import IllegalMoveError, RecordError
from gamehall.jsontext import JsonObject
from gamehall.play.snapshot import is_object
from gamehall.renju import Board
from gamehall.renju.points import chebyshev_from_center, read_point
from gamehall.renju.symmetry import equivalent

Step = Literal["place3", "choose", "place2", "choose-colour"]
STEPS: tuple[Step, ...] = ("place3", "choose", "place2", "choose-colour")
OPENING_RULES = ("swap2", "soosorv-8", "taraguchi-10", "yamaguchi")
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

    def to_act(self, black: int) -> int:
        """The player who places the next stone or makes the next choice (``black``: the player
        with Black now, which Swap2 does not need)."""
        return self.second if self.step in ("choose", "place2") else self.first

    def choices(self) -> tuple[str, ...]:
        """The choices open now (none while stones are being placed)."""
        return _CHOICES.get(self.step, ())

    def places(self) -> bool:
        """Is the next action of the opening a stone?"""
        return self.step in ("place3", "place2")

    def place(self, board: Board, point: str) -> "tuple[Swap2, bool]":
        """A stone of the opening: every Swap2 stone is played on the board."""
        return self, True

    def after_stone(self, stones: int) -> "Swap2":
        """The opening after the board's ``stones``-th move."""
        if self.step == "place3" and stones == 3:
            return replace(self, step="choose")
        if self.step == "place2" and stones == 5:
            return replace(self, step="choose-colour")
        return self

    def choose(self, player: int, black: int, choice: str) -> "tuple[Swap2 | None, int | None]":
        """Apply ``player``'s ``choice``: the opening after it (None once it is over), and the
        player who then has Black when the choice settles it. IllegalMoveError, saying what is
        allowed, for a choice out of turn or not open now."""
        allowed = self.choices()
        if not allowed:
            raise IllegalMoveError(
                "there is no choice to make now: the opening asks for a stone "
                f"(move {'1 to 3' if self.step == 'place3' else '4 or 5'})",
                reason="no-choice-stone",
                moves="1-3" if self.step == "place3" else "4-5",
            )
        if player != self.to_act(black):
            raise _not_yours()
        if choice not in allowed:
            words = "; ".join(f"{c!r} ({_CHOICE_WORDS[c]})" for c in allowed)
            raise IllegalMoveError(
                f"{choice!r} is not a choice now: choose {words}",
                reason="not-a-choice",
                choice=repr(choice),
                choices=", ".join(repr(c) for c in allowed),
            )
        if choice == "place2":
            return replace(self, step="place2"), None
        return None, player if choice == "black" else 1 - player

    def to_dict(self) -> JsonObject:
        return {"rule": "swap2", "first": self.first, "step": self.step}

    @classmethod
    def from_dict(cls, data: object) -> "Swap2":
        """The opening of ``to_dict``; RecordError for anything else."""
        read = _read(data, STEPS)
        if read is None or not is_object(data) or data.get("rule") != "swap2":
            raise RecordError(f"a swap2 opening is {{rule, first, step}}, not {data!r}")
        return cls(*read)


SoosorvStep = Literal["place3", "swap1", "place4", "declare", "swap2", "offers", "select"]
SOOSORV_STEPS: tuple[SoosorvStep, ...] = (
    "place3",
    "swap1",
    "place4",
    "declare",
    "swap2",
    "offers",
    "select",
)
MOST_OFFERS = 8


def _declared_dict(
    rule: str, first: int, step: str, count: int, offers: tuple[str, ...]
) -> JsonObject:
    """The stored form of an opening whose first player declares the number of fifth moves."""
    return {"rule": rule, "first": first, "step": step, "count": count, "offers": list(offers)}


S = TypeVar("S", bound=str)


def _read_declared(
    data: object, rule: str, steps: tuple[S, ...], most: int
) -> tuple[int, S, int, tuple[str, ...]]:
    """``(first, step, count, offers)`` of ``_declared_dict``'s form; ``RecordError`` if any is
    missing or of the wrong type (a bool is not a player or a count)."""
    read = _read(data, steps)
    count = data.get("count") if is_object(data) else None
    offers = _offers(data)
    if read is None or type(count) is not int or not 0 <= count <= most or offers is None:
        raise RecordError(f"a {rule} opening is {{rule, first, step, count, offers}}, not {data!r}")
    return read[0], read[1], count, offers


def _read(data: object, steps: tuple[S, ...]) -> tuple[int, S] | None:
    """``(first, step)`` of an opening's stored form, or None when either is wrong (a bool is
    not a player)."""
    if not is_object(data):
        return None
    first, step = data.get("first"), data.get("step")
    if type(first) is not int or first not in (0, 1):
        return None
    known = next((s for s in steps if s == step), None)
    return None if known is None else (first, known)


def _offers(data: object) -> tuple[str, ...] | None:
    """The fifth-move offers of an opening's stored form, or None unless a list of texts."""
    offers = data.get("offers") if is_object(data) else None
    if not isinstance(offers, list):
        return None
    texts = tuple(p for p in offers if isinstance(p, str))
    return texts if len(texts) == len(offers) else None


def _not_yours() -> IllegalMoveError:
    return IllegalMoveError("it is your opponent's choice, not yours", reason="opponents-choice")


def _not_a_colour(choice: str) -> IllegalMoveError:
    return IllegalMoveError(
        f"{choice!r} is not a choice now: choose white or black",
        reason="not-a-colour",
        choice=repr(choice),
    )


def _stone_first() -> IllegalMoveError:
    return IllegalMoveError(
        "there is no choice to make now: the opening asks for a stone", reason="no-choice-now"
    )


def _not_offered(name: str, offers: tuple[str, ...]) -> IllegalMoveError:
    offered = ", ".join(offers)
    return IllegalMoveError(
        f"{name} was not offered: choose one of {offered} as move 5",
        reason="not-offered",
        point=name,
        offers=offered,
    )


def _check_offer(board: Board, offers: tuple[str, ...], name: str) -> None:
    """Refuse a fifth-move offer that is taken, repeated or symmetrical to an earlier one (by
    any symmetry of the position, about any centre or axis: ``renju.symmetry``)."""
    if board.stone_at(name) is not None:
        raise IllegalMoveError(
            f"{name} is occupied: offer an empty point", reason="offer-occupied", point=name
        )
    if name in offers:
        raise IllegalMoveError(f"{name} is already offered", reason="offer-repeated", point=name)
    image = equivalent(name, offers, board.stones())
    if image is not None:
        raise IllegalMoveError(
            f"{name} is symmetrical to the offer {image} in this position: "
            "the fifth moves offered must all be different",
            reason="offer-symmetrical",
            point=name,
            offer=image,
        )


@dataclass(frozen=True)
class Soosorv8:
    """Where a game's Soosõrv-8 opening stands: ``first`` is the tentative first player,
    ``count`` the declared number of fifth moves, ``offers`` Black's offers so far."""

    first: int
    step: SoosorvStep = "place3"
    count: int = 0
    offers: tuple[str, ...] = field(default=())

    def to_act(self, black: int) -> int:
        if self.step == "place3":
            return self.first
        if self.step == "swap1":
            return 1 - self.first
        return black if self.step in ("swap2", "offers") else 1 - black

    def choices(self) -> tuple[str, ...]:
        if self.step == "swap1":
            return ("white", "black")
        if self.step == "swap2":
            return ("black", "white")
        if self.step == "declare":
            return tuple(str(n) for n in range(1, MOST_OFFERS + 1))
        return ()

    def places(self) -> bool:
        return self.step in ("place3", "place4", "offers", "select")

    def place(self, board: Board, point: str) -> "tuple[Soosorv8, bool]":
        """A stone of the opening: moves 1-4 are played; a fifth-move offer is recorded (and
        refused, saying why, when it is taken, repeated or symmetrical to an earlier one);
        White's choice among the offers is played."""
        name = point.strip().lower()
        if self.step == "offers":
            _check_offer(board, self.offers, name)
            offers = (*self.offers, name)
            step: SoosorvStep = "select" if len(offers) == self.count else "offers"
            return replace(self, offers=offers, step=step), False
        if self.step == "select" and name not in self.offers:
            raise _not_offered(name, self.offers)
        return self, True

    def after_stone(self, stones: int) -> "Soosorv8 | None":
        if self.step == "place3" and stones == 3:
            return replace(self, step="swap1")
        if self.step == "place4" and stones == 4:
            return replace(self, step="declare")
        if self.step == "select":
            return None
        return self

    def choose(self, player: int, black: int, choice: str) -> "tuple[Soosorv8 | None, int | None]":
        allowed = self.choices()
        if not allowed:
            raise _stone_first()
        if player != self.to_act(black):
            raise _not_yours()
        if choice not in allowed:
            if self.step == "declare":
                raise IllegalMoveError(
                    f"{choice!r} is not a number of fifth moves: declare 1 to {MOST_OFFERS}",
                    reason="not-a-count",
                    choice=repr(choice),
                    most=MOST_OFFERS,
                )
            raise _not_a_colour(choice)
        if self.step == "declare":
            return replace(self, step="swap2", count=int(choice)), None
        settled = player if choice == "black" else 1 - player
        return replace(self, step="place4" if self.step == "swap1" else "offers"), settled

    def to_dict(self) -> JsonObject:
        return _declared_dict("soosorv-8", self.first, self.step, self.count, self.offers)

    @classmethod
    def from_dict(cls, data: object) -> "Soosorv8":
        first, step, count, offers = _read_declared(data, "soosorv-8", SOOSORV_STEPS, MOST_OFFERS)
        return cls(first, step, count, offers)


TaraguchiStep = Literal[
    "place1",
    "swap1",
    "place2",
    "swap2",
    "place3",
    "swap3",
    "place4",
    "choose5",
    "place5",
    "swap5",
    "offers",
    "select",
]
TARAGUCHI_STEPS: tuple[TaraguchiStep, ...] = (
    "place1",
    "swap1",
    "place2",
    "swap2",
    "place3",
    "swap3",
    "place4",
    "choose5",
    "place5",
    "swap5",
    "offers",
    "select",
)
TARAGUCHI_OFFERS = 10
_ZONES = {
    "place1": (0, "move 1 must be h8"),
    "place2": (1, "move 2 must be within the central 3x3 square (g7 to i9)"),
    "place3": (2, "move 3 must be within the central 5x5 square (f6 to j10)"),
    "place4": (3, "move 4 must be within the central 7x7 square (e5 to k11)"),
    "place5": (4, "move 5 must be within the central 9x9 square (d4 to l12)"),
}
_WHITE_STEPS = ("swap1", "place2", "swap3", "place4", "swap5", "select")
"""The steps where the player with White acts (the colour to move is White)."""
_AFTER_STONE: dict[str, "TaraguchiStep"] = {
    "place1": "swap1",
    "place2": "swap2",
    "place3": "swap3",
    "place4": "choose5",
    "place5": "swap5",
}
_AFTER_CHOICE: dict[str, "TaraguchiStep | None"] = {
    "swap1": "place2",
    "swap2": "place3",
    "swap3": "place4",
    "choose5": "place5",
    "swap5": None,
}


@dataclass(frozen=True)
class Taraguchi10:
    """Where a game's Taraguchi-10 opening stands (``first``: the tentative first player)."""

    first: int
    step: TaraguchiStep = "place1"
    offers: tuple[str, ...] = field(default=())

    @property
    def count(self) -> int:
        return TARAGUCHI_OFFERS

    def to_act(self, black: int) -> int:
        return 1 - black if self.step in _WHITE_STEPS else black

    def choices(self) -> tuple[str, ...]:
        if self.step == "choose5":
            return ("black", "white", "offers")
        if self.step.startswith("swap"):
            return ("black", "white")
        return ()

    def places(self) -> bool:
        return not self.choices()

    def place(self, board: Board, point: str) -> "tuple[Taraguchi10, bool]":
        """A stone of the opening (refused outside its central square), an offer (refused
        when taken, repeated or symmetrical), or White's choice among the offers."""
        name = point.strip().lower()
        if self.step == "offers":
            _check_offer(board, self.offers, name)
            offers = (*self.offers, name)
            step: TaraguchiStep = "select" if len(offers) == TARAGUCHI_OFFERS else "offers"
            return replace(self, offers=offers, step=step), False
        if self.step == "select" and name not in self.offers:
            raise _not_offered(name, self.offers)
        zone = _ZONES.get(self.step)
        if zone is not None and chebyshev_from_center(read_point(name)) > zone[0]:
            raise IllegalMoveError(
                f"{name} breaks the Taraguchi-10 opening: {zone[1]}",
                reason=f"taraguchi-{self.step}",
                point=name,
            )
        return self, True

    def after_stone(self, stones: int) -> "Taraguchi10 | None":
        if self.step == "select":
            return None
        step = _AFTER_STONE.get(self.step)
        return self if step is None else replace(self, step=step)

    def choose(
        self, player: int, black: int, choice: str
    ) -> "tuple[Taraguchi10 | None, int | None]":
        allowed = self.choices()
        if not allowed:
            raise _stone_first()
        if player != self.to_act(black):
            raise _not_yours()
        if choice not in allowed:
            more = ", or offers (ten fifth moves)" if len(allowed) > 2 else ""
            raise IllegalMoveError(
                f"{choice!r} is not a choice now: choose black or white{more}",
                reason="not-a-choice",
                choice=repr(choice),
                choices=", ".join(repr(c) for c in allowed),
            )
        if choice == "offers":
            return replace(self, step="offers"), None
        settled = player if choice == "black" else 1 - player
        step = _AFTER_CHOICE[self.step]
        return (None if step is None else replace(self, step=step)), settled

    def to_dict(self) -> JsonObject:
        return {
            "rule": "taraguchi-10",
            "first": self.first,
            "step": self.step,
            "count": TARAGUCHI_OFFERS,
            "offers": list(self.offers),
        }

    @classmethod
    def from_dict(cls, data: object) -> "Taraguchi10":
        read = _read(data, TARAGUCHI_STEPS)
        offers = _offers(data)
        if read is None or offers is None:
            raise RecordError(
                f"a taraguchi-10 opening is {{rule, first, step, offers}}, not {data!r}"
            )
        return cls(read[0], read[1], offers)


YamaguchiStep = Literal["place3", "declare", "swap1", "place4", "offers", "select"]
YAMAGUCHI_STEPS: tuple[YamaguchiStep, ...] = (
    "place3",
    "declare",
    "swap1",
    "place4",
    "offers",
    "select",
)
YAMAGUCHI_MOST_OFFERS = 62
"""The most fifth moves the first player may declare under Yamaguchi. The RIF's text of the rule
says only "declares how many 5th moves will be offered" and "symmetrical moves not allowed", so
the one limit is the rule's own: Black must be able to offer that many points, no two of them
symmetrical, whatever White's move 4. The position after move 4 with the fewest such points
(h8 g8 i8 j8: symmetrical about row 8 and about the line between columns h and i) has 62, and
none has fewer (``tests/play/test_renju_yamaguchi_limit.py`` goes through them all)."""


@dataclass(frozen=True)
class Yamaguchi:
    """Where a game's Yamaguchi opening stands (``first``: the tentative first player, who
    declares ``count`` fifth moves)."""

    first: int
    step: YamaguchiStep = "place3"
    count: int = 0
    offers: tuple[str, ...] = field(default=())

    def to_act(self, black: int) -> int:
        if self.step in ("place3", "declare"):
            return self.first
        if self.step == "swap1":
            return 1 - self.first
        return black if self.step == "offers" else 1 - black

    def choices(self) -> tuple[str, ...]:
        if self.step == "declare":
            return tuple(str(n) for n in range(1, YAMAGUCHI_MOST_OFFERS + 1))
        return ("white", "black") if self.step == "swap1" else ()

    def places(self) -> bool:
        return not self.choices()

    def place(self, board: Board, point: str) -> "tuple[Yamaguchi, bool]":
        """Moves 1-4 are played; an offer is recorded (refused when taken, repeated or
        symmetrical); White's choice among the offers is played."""
        name = point.strip().lower()
        if self.step == "offers":
            _check_offer(board, self.offers, name)
            offers = (*self.offers, name)
            step: YamaguchiStep = "select" if len(offers) == self.count else "offers"
            return replace(self, offers=offers, step=step), False
        if self.step == "select" and name not in self.offers:
            raise _not_offered(name, self.offers)
        return self, True

    def after_stone(self, stones: int) -> "Yamaguchi | None":
        if self.step == "select":
            return None
        if self.step == "place3" and stones == 3:
            return replace(self, step="declare")
        if self.step == "place4" and stones == 4:
            return replace(self, step="offers")
        return self

    def choose(self, player: int, black: int, choice: str) -> "tuple[Yamaguchi | None, int | None]":
        allowed = self.choices()
        if not allowed:
            raise _stone_first()
        if player != self.to_act(black):
            raise _not_yours()
        if choice not in allowed:
            if self.step == "declare":
                raise IllegalMoveError(
                    f"{choice!r} is not a number of fifth moves: declare 1 to "
                    f"{YAMAGUCHI_MOST_OFFERS}",
                    reason="not-a-count",
                    choice=repr(choice),
                    most=YAMAGUCHI_MOST_OFFERS,
                )
            raise _not_a_colour(choice)
        if self.step == "declare":
            return replace(self, step="swap1", count=int(choice)), None
        return replace(self, step="place4"), player if choice == "black" else 1 - player

    def to_dict(self) -> JsonObject:
        return _declared_dict("yamaguchi", self.first, self.step, self.count, self.offers)

    @classmethod
    def from_dict(cls, data: object) -> "Yamaguchi":
        first, step, count, offers = _read_declared(
            data, "yamaguchi", YAMAGUCHI_STEPS, YAMAGUCHI_MOST_OFFERS
        )
        return cls(first, step, count, offers)


Opening = Swap2 | Soosorv8 | Taraguchi10 | Yamaguchi
WITH_OFFERS = (Soosorv8, Taraguchi10, Yamaguchi)
"""The opening rules with fifth-move offers."""


def new_opening(rule: str, first: int) -> Opening | None:
    """The opening of a game under the match option ``opening`` (None without decisions)."""
    if rule == "swap2":
        return Swap2(first)
    if rule == "soosorv-8":
        return Soosorv8(first)
    if rule == "taraguchi-10":
        return Taraguchi10(first)
    if rule == "yamaguchi":
        return Yamaguchi(first)
    return None


def opening_from_dict(data: object) -> Opening:
    """An opening's state from its ``to_dict``; RecordError for anything else."""
    rule = data.get("rule") if is_object(data) else None
    if rule == "soosorv-8":
        return Soosorv8.from_dict(data)
    if rule == "taraguchi-10":
        return Taraguchi10.from_dict(data)
    if rule == "yamaguchi":
        return Yamaguchi.from_dict(data)
    return Swap2.from_dict(data)
