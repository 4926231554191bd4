"""The renju analysis as one typed value: each move judged (``RenjuDecision``), each player's
figures (``RenjuPlayerSummary``) and the thresholds they were judged by (``RenjuJudging``),
with ``to_dict``/``from_dict`` so that it is computed once and stored with the match.

Win probabilities are the mover's, from 0 to 1. The search's score (pattern points, about 60
for a four; ``WIN`` less the plies for a proven win) becomes one by a logistic curve,
``1 / (1 + exp(-score / scale))`` with ``scale`` 1,000 points: a tempo in the opening (about
300 points) is worth about 0.07, a four-three's threat (2,000) puts the mover at 0.88, and a
proven win or loss is 1 or 0.
"""

import math
from dataclasses import dataclass
from typing import Literal, TypeVar

from gamehall.analysis.values import GraphPoint
from gamehall.engines.renju_search.scores import WIN
from gamehall.errors import GameError, RecordError
from gamehall.jsontext import JsonObject, JsonValue
from gamehall.play.snapshot import Fields

Band = Literal["blunder", "mistake", "inaccuracy"]
BANDS: tuple[Band, ...] = ("blunder", "mistake", "inaccuracy")
Kind = Literal["move", "pass", "choice", "offer"]
"""A stone, a pass, or an opening rule's step: a ``choice`` (a swap, the number of fifth moves
declared, Swap2's option) or an ``offer`` of a fifth move."""
Forced = Literal["opening", "only-move"]
"""Why a move is not judged: placed under an opening rule (its first stones, the fifth move
chosen among the offers), or the only move there was."""
LineKind = Literal["vcf", "vct"]
Colour = Literal["black", "white"]

PROVEN = WIN - 1000
"""Scores beyond this (either sign) are proven wins or losses, not pattern points."""


@dataclass(frozen=True)
class RenjuJudging:
    """How moves are judged: a move whose loss of win probability against the engine's choice
    reaches ``mistake`` is a mistake, else reaching ``inaccuracy`` an inaccuracy (lichess's
    bands, without its third: a renju blunder is a forced win lost, not a size of loss);
    ``scale`` the logistic curve's scale in pattern points."""

    inaccuracy: float = 0.10
    mistake: float = 0.20
    scale: float = 1000.0

    def __post_init__(self) -> None:
        if not 0 < self.inaccuracy <= self.mistake <= 1:
            raise GameError(
                "the thresholds need 0 < inaccuracy <= mistake <= 1, "
                f"not {self.inaccuracy} and {self.mistake}"
            )
        if not (math.isfinite(self.scale) and self.scale > 0):
            raise GameError(f"the logistic scale is a number above 0, not {self.scale}")

    def win_probability(self, score: int) -> float:
        """The side to move's chance to win from the search's ``score`` for it."""
        if score >= PROVEN:
            return 1.0
        if score <= -PROVEN:
            return 0.0
        return 1.0 / (1.0 + math.exp(-score / self.scale))

    def band(self, loss: float, *, blunder: bool) -> Band | None:
        """The band of a judged move that lost ``loss`` (``blunder``: a forced win lost or one
        allowed)."""
        if blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return None

    def to_dict(self) -> JsonObject:
        """The thresholds as plain values."""
        return {"inaccuracy": self.inaccuracy, "mistake": self.mistake, "scale": self.scale}

    @classmethod
    def from_dict(cls, data: JsonValue) -> "RenjuJudging":
        """Thresholds from :meth:`to_dict`'s values."""
        fields = Fields(data, "a renju analysis's judging")
        return cls(
            float(fields.number("inaccuracy")),
            float(fields.number("mistake")),
            float(fields.number("scale")),
        )


def move_accuracy(loss: float) -> float:
    """A move's accuracy in per cent from the win probability it lost (lichess's curve:
    ``103.1668 * exp(-4.354 * loss) - 3.1669``, held within 0..100)."""
    return min(100.0, max(0.0, 103.1668 * math.exp(-4.354 * loss) - 3.1669))


@dataclass(frozen=True)
class RenjuDecision:
    """One move judged: game ``game`` (from 1), move ``move`` of it (from 1), made by seat
    ``player`` with ``colour``; the point ``played`` and the engine's ``best``; the mover's win
    probability before (with the best move) and after the move played, and ``loss``, the
    difference when the engine chose another move (else 0). ``forced_win_missed``: the mover
    had a forced win and has none after it; ``allowed_forced_win``: the mover was not lost and
    the opponent now has a forced win; ``winning_line`` the forced win concerned (the mover's
    missed one, else the opponent's allowed one) when the threat search played it out. A
    ``forced`` move is listed, never judged: no band, no flags. An opening rule's step (``kind``
    ``choice`` or ``offer``) is listed too, as ``forced`` ``"opening"``: ``played`` is the
    choice or the point offered, ``move`` the number of stones on the board when it was made,
    ``colour`` the side to move's then, and its evaluations the position's."""

    game: int
    move: int
    player: int
    colour: Colour
    kind: Kind
    played: str
    best: str | None
    loss: float
    win_before: float
    win_after: float
    band: Band | None
    forced_win_missed: bool
    allowed_forced_win: bool
    winning_line: tuple[str, ...] | None
    winning_kind: LineKind | None
    forced: Forced | None

    @property
    def judged(self) -> bool:
        """Whether the move counts in its player's figures."""
        return self.forced is None

    def to_dict(self) -> JsonObject:
        """The decision as plain values (the issue's shape, with ``colour``, ``winning_kind``
        and ``forced`` beside it)."""
        return {
            "game": self.game,
            "move": self.move,
            "player": self.player,
            "colour": self.colour,
            "kind": self.kind,
            "played": self.played,
            "best": self.best,
            "loss": self.loss,
            "win_before": self.win_before,
            "win_after": self.win_after,
            "band": self.band,
            "forced_win_missed": self.forced_win_missed,
            "allowed_forced_win": self.allowed_forced_win,
            "winning_line": None if self.winning_line is None else list(self.winning_line),
            "winning_kind": self.winning_kind,
            "forced": self.forced,
        }

    @classmethod
    def from_dict(cls, data: JsonValue) -> "RenjuDecision":
        """A decision from :meth:`to_dict`'s values; ``RecordError`` for anything else."""
        fields = Fields(data, "a renju analysis's decision")
        line = fields.data.get("winning_line")
        return cls(
            game=fields.integer("game"),
            move=fields.integer("move"),
            player=_seat(fields, "player"),
            colour=fields.choice("colour", ("black", "white")),
            kind=fields.choice("kind", ("move", "pass", "choice", "offer")),
            played=_text(fields, "played"),
            best=fields.text("best", optional=True) if "best" in fields.data else None,
            loss=float(fields.number("loss")),
            win_before=float(fields.number("win_before")),
            win_after=float(fields.number("win_after")),
            band=_optional_choice(fields, "band", BANDS),
            forced_win_missed=fields.flag("forced_win_missed"),
            allowed_forced_win=fields.flag("allowed_forced_win"),
            winning_line=None if line is None else tuple(fields.texts("winning_line")),
            winning_kind=_optional_choice(fields, "winning_kind", ("vcf", "vct")),
            forced=_optional_choice(fields, "forced", ("opening", "only-move")),
        )


@dataclass(frozen=True)
class RenjuPlayerSummary:
    """A player's figures over his judged moves: ``moves`` judged, the counts per band, the
    forced wins he missed and allowed (both blunders), ``average_loss`` of win probability a
    move, and ``accuracy``: the mean of :func:`move_accuracy` over his moves, in per cent
    (lichess's per-move curve, averaged plainly). Both are None without a judged move."""

    name: str
    moves: int
    blunders: int
    mistakes: int
    inaccuracies: int
    forced_wins_missed: int
    forced_wins_allowed: int
    average_loss: float | None
    accuracy: float | None

    @classmethod
    def of(cls, name: str, seat: int, decisions: tuple[RenjuDecision, ...]) -> "RenjuPlayerSummary":
        """The figures of seat ``seat`` (called ``name``) from the ``decisions``."""
        mine = [d for d in decisions if d.player == seat and d.judged]
        bands = [d.band for d in mine]
        losses = [d.loss for d in mine]
        return cls(
            name=name,
            moves=len(mine),
            blunders=bands.count("blunder"),
            mistakes=bands.count("mistake"),
            inaccuracies=bands.count("inaccuracy"),
            forced_wins_missed=sum(d.forced_win_missed for d in mine),
            forced_wins_allowed=sum(d.allowed_forced_win for d in mine),
            average_loss=round(sum(losses) / len(losses), 4) if losses else None,
            accuracy=(
                round(sum(move_accuracy(x) for x in losses) / len(losses), 1) if losses else None
            ),
        )

    def to_dict(self) -> JsonObject:
        """The figures as plain values."""
        return {
            "name": self.name,
            "accuracy": self.accuracy,
            "blunders": self.blunders,
            "mistakes": self.mistakes,
            "inaccuracies": self.inaccuracies,
            "moves": self.moves,
            "forced_wins_missed": self.forced_wins_missed,
            "forced_wins_allowed": self.forced_wins_allowed,
            "average_loss": self.average_loss,
        }

    @classmethod
    def from_dict(cls, data: JsonValue) -> "RenjuPlayerSummary":
        """Figures from :meth:`to_dict`'s values; ``RecordError`` for anything else."""
        fields = Fields(data, "a renju analysis's player")
        return cls(
            name=_text(fields, "name"),
            moves=fields.integer("moves"),
            blunders=fields.integer("blunders"),
            mistakes=fields.integer("mistakes"),
            inaccuracies=fields.integer("inaccuracies"),
            forced_wins_missed=fields.integer("forced_wins_missed"),
            forced_wins_allowed=fields.integer("forced_wins_allowed"),
            average_loss=_optional_number(fields, "average_loss"),
            accuracy=_optional_number(fields, "accuracy"),
        )


@dataclass(frozen=True)
class RenjuAnalysis:
    """A renju match judged move by move: the two players' figures in seat order, every move
    of every game in order, the thresholds used and the engine's time a position."""

    players: tuple[RenjuPlayerSummary, RenjuPlayerSummary]
    decisions: tuple[RenjuDecision, ...]
    judging: RenjuJudging
    seconds_per_move: float

    def errors(self) -> tuple[RenjuDecision, ...]:
        """The moves with a band, in order."""
        return tuple(d for d in self.decisions if d.band is not None)

    def graph(self) -> tuple[GraphPoint, ...]:
        """The first player's chance to win after each stone: the line a review draws over
        the whole match (the opening rule's steps and the passes left out)."""
        return tuple(
            GraphPoint(
                d.game,
                d.move,
                d.player,
                round(d.win_after if d.player == 0 else 1 - d.win_after, 4),
            )
            for d in self.decisions
            if d.kind == "move"
        )

    def to_dict(self) -> JsonObject:
        """The analysis as plain values: ``{"game": "renju", "players": [...], "decisions":
        [...], "judging": {...}, "seconds_per_move": s}``."""
        return {
            "game": "renju",
            "players": [p.to_dict() for p in self.players],
            "decisions": [d.to_dict() for d in self.decisions],
            "judging": self.judging.to_dict(),
            "seconds_per_move": self.seconds_per_move,
        }

    @classmethod
    def from_dict(cls, data: JsonValue) -> "RenjuAnalysis":
        """An analysis from :meth:`to_dict`'s values; ``RecordError`` for anything else."""
        fields = Fields(data, "a renju analysis")
        if fields.data.get("game") != "renju":
            game = fields.data.get("game")
            raise RecordError(f"this is not a renju analysis: its game is {game!r}")
        players = fields.items("players")
        if len(players) != 2:
            raise RecordError(f"a renju analysis has two players, not {len(players)}")
        return cls(
            players=(
                RenjuPlayerSummary.from_dict(players[0]),
                RenjuPlayerSummary.from_dict(players[1]),
            ),
            decisions=tuple(RenjuDecision.from_dict(d) for d in fields.items("decisions")),
            judging=RenjuJudging.from_dict(fields.data.get("judging")),
            seconds_per_move=float(fields.number("seconds_per_move")),
        )


# -- reading plain values (``Fields`` reads the rest) ------------------------------------------

T = TypeVar("T", bound=str)


def _seat(fields: Fields, key: str) -> int:
    seat = fields.seat(key)
    if seat is None:
        raise RecordError(f"{fields.where}: {key!r} must be 0 or 1, not null")
    return seat


def _text(fields: Fields, key: str) -> str:
    text = fields.text(key)
    assert text is not None  # not optional: None is refused
    return text


def _optional_number(fields: Fields, key: str) -> float | None:
    return None if fields.value(key) is None else float(fields.number(key))


def _optional_choice(fields: Fields, key: str, choices: tuple[T, ...]) -> T | None:
    return None if fields.value(key) is None else fields.choice(key, choices)
