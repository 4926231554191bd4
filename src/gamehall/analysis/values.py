"""The analysis of a tables match as values: each decision judged, each player's figures, and the
thresholds that sort errors into bands.

Units follow GNU Backgammon: a loss or a luck is in **EMG** (equity normalised to the cube in
play, so that an error at a cube of 4 weighs what it would at 1; in a match, the match winning
chances converted to equity at the score), and in match play also in **MWC**. Rates are in
**mEMG**: thousandths of EMG per decision (or per roll, for luck).
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, Self

from gamehall.errors import GameError
from gamehall.jsontext import JsonObject, JsonValue

DecisionKind = Literal[
    "checker", "no-double", "double", "take", "drop", "beaver", "resign", "accept"
]
DECISION_KINDS: tuple[DecisionKind, ...] = (
    "checker",
    "no-double",
    "double",
    "take",
    "drop",
    "beaver",
    "resign",
    "accept",
)
Band = Literal["doubtful", "error", "blunder"]
BANDS: tuple[Band, ...] = ("doubtful", "error", "blunder")


class AnalysisError(GameError):
    """A match that cannot be analysed (no decisions, an unknown game), or a stored analysis
    that cannot be read."""


@dataclass(frozen=True)
class Thresholds:
    """The least loss (EMG) of each band: by default 0.02 doubtful, 0.04 error, 0.08 blunder
    (the bands of the sites players know); ``gnubg()`` gives GNU Backgammon's own (0.04
    doubtful, 0.08 bad, 0.16 very bad)."""

    doubtful: float = 0.02
    error: float = 0.04
    blunder: float = 0.08

    def __post_init__(self) -> None:
        for name in ("doubtful", "error", "blunder"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
                raise AnalysisError(f"the {name} threshold is a positive number, not {value!r}")
        if not self.doubtful <= self.error <= self.blunder:
            raise AnalysisError("the thresholds grow: doubtful <= error <= blunder")

    @classmethod
    def gnubg(cls) -> Self:
        """GNU Backgammon's thresholds (doubtful, bad, very bad)."""
        return cls(0.04, 0.08, 0.16)

    def band(self, loss: float) -> Band | None:
        """The band of a loss (``None`` below the doubtful threshold)."""
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.error:
            return "error"
        if loss >= self.doubtful:
            return "doubtful"
        return None

    def to_dict(self) -> JsonObject:
        return {"doubtful": self.doubtful, "error": self.error, "blunder": self.blunder}

    @classmethod
    def from_dict(cls, data: JsonValue) -> Self:
        obj = _object(data, "thresholds")
        return cls(_float(obj, "doubtful"), _float(obj, "error"), _float(obj, "blunder"))


@dataclass(frozen=True)
class Choice:
    """One of the choices a decision had: the play (or cube action) and its equity (EMG, the
    decider's)."""

    move: str
    equity: float

    def to_dict(self) -> JsonObject:
        return {"move": self.move, "equity": self.equity}

    @classmethod
    def from_dict(cls, data: JsonValue) -> Self:
        obj = _object(data, "choice")
        return cls(_str(obj, "move"), _float(obj, "equity"))


@dataclass(frozen=True)
class Decision:
    """One decision of one player, judged.

    ``move`` is the line of the match record (as a ``.mat`` file numbers them) within ``game``;
    ``played`` and ``best`` are plays in standard notation, cube actions, or a resignation's
    choices (``play-on``, ``resign-gammon``...; ``accept``, ``reject``); ``loss`` (EMG, 0 when
    the best was played) and in match play ``loss_mwc``; ``equity_before`` and
    ``equity_after`` are the decider's equity (EMG) with the best choice and with the one made;
    ``luck`` (EMG) is the roll's, for checker decisions; ``forced`` checker plays (one legal
    play) are listed but not judged; ``choices`` are the best few and the one made;
    ``mwc_after`` is the decider's match winning chance after a play (match play).
    """

    game: int
    move: int
    player: int
    kind: DecisionKind
    played: str
    best: str
    loss: float
    equity_before: float
    equity_after: float
    band: Band | None = None
    loss_mwc: float | None = None
    luck: float | None = None
    dice: tuple[int, int] | None = None
    forced: bool = False
    choices: tuple[Choice, ...] = ()
    mwc_after: float | None = None

    def to_dict(self) -> JsonObject:
        return {
            "game": self.game,
            "move": self.move,
            "player": self.player,
            "kind": self.kind,
            "played": self.played,
            "best": self.best,
            "loss": self.loss,
            "loss_mwc": self.loss_mwc,
            "band": self.band,
            "luck": self.luck,
            "equity_before": self.equity_before,
            "equity_after": self.equity_after,
            "dice": None if self.dice is None else list(self.dice),
            "forced": self.forced,
            "choices": [choice.to_dict() for choice in self.choices],
            "mwc_after": self.mwc_after,
        }

    @classmethod
    def from_dict(cls, data: JsonValue) -> Self:
        obj = _object(data, "decision")
        kind = next((k for k in DECISION_KINDS if k == obj.get("kind")), None)
        if kind is None:
            raise AnalysisError(
                f"a decision is one of {', '.join(DECISION_KINDS)}, not {obj.get('kind')!r}"
            )
        band = next((b for b in BANDS if b == obj.get("band")), None)
        if band is None and obj.get("band") is not None:
            raise AnalysisError(f"a band is one of {', '.join(BANDS)}, not {obj.get('band')!r}")
        dice = obj.get("dice")
        choices = obj.get("choices", [])
        if not isinstance(choices, list):
            raise AnalysisError("a decision's choices are a list")
        return cls(
            game=_int(obj, "game"),
            move=_int(obj, "move"),
            player=_int(obj, "player"),
            kind=kind,
            played=_str(obj, "played"),
            best=_str(obj, "best"),
            loss=_float(obj, "loss"),
            equity_before=_float(obj, "equity_before"),
            equity_after=_float(obj, "equity_after"),
            band=band,
            loss_mwc=_optional_float(obj, "loss_mwc"),
            luck=_optional_float(obj, "luck"),
            dice=None if dice is None else _dice(dice),
            forced=_bool(obj, "forced"),
            choices=tuple(Choice.from_dict(choice) for choice in choices),
            mwc_after=_optional_float(obj, "mwc_after"),
        )


@dataclass(frozen=True)
class PlayerFigures:
    """A player's figures over the decisions analysed, as GNU Backgammon's *show statistics*
    gives them.

    ``checker_decisions`` counts the unforced plays (more than one legal play);
    ``cube_decisions`` the close or actual cube decisions (a double, a take or a pass, and a
    no-double that was close: the best double within 0.16 of the best choice, or a missed
    double) and the resignations offered and accepted, which gnubg judges but leaves out of
    its figures. The error rates are ``1000 × error / decisions`` (mEMG), the overall one over both
    kinds (gnubg's *Error rate mEMG*, not normalised by the opponent's decisions); ``pr`` is
    ``500 × error / decisions`` (eXtreme Gammon's performance rating); ``luck_rate`` is mEMG a
    roll; ``luck_adjusted`` is the result minus the luck the player had over his opponent
    (EMG in money play, MWC in a match); ``rating`` is gnubg's word for the overall rate.
    """

    name: str
    rolls: int
    checker_decisions: int
    checker_error: float
    cube_decisions: int
    cube_error: float
    luck_total: float
    result: float
    errors: Mapping[Band, int] = field(default_factory=dict)
    luck_adjusted: float = 0.0

    @property
    def decisions(self) -> int:
        return self.checker_decisions + self.cube_decisions

    @property
    def error_total(self) -> float:
        return self.checker_error + self.cube_error

    @property
    def error_rate(self) -> float:
        return _rate(self.error_total, self.decisions)

    @property
    def checker_error_rate(self) -> float:
        return _rate(self.checker_error, self.checker_decisions)

    @property
    def cube_error_rate(self) -> float:
        return _rate(self.cube_error, self.cube_decisions)

    @property
    def pr(self) -> float:
        return self.error_rate / 2

    @property
    def luck_rate(self) -> float:
        return _rate(self.luck_total, self.rolls)

    @property
    def rating(self) -> str:
        return rating_word(self.error_rate)

    def to_dict(self) -> JsonObject:
        return {
            "name": self.name,
            "error_rate": round(self.error_rate, 2),
            "checker_error_rate": round(self.checker_error_rate, 2),
            "cube_error_rate": round(self.cube_error_rate, 2),
            "pr": round(self.pr, 2),
            "rating": self.rating,
            "luck_rate": round(self.luck_rate, 2),
            "luck_total": self.luck_total,
            "luck_adjusted": self.luck_adjusted,
            "result": self.result,
            "rolls": self.rolls,
            "checker_decisions": self.checker_decisions,
            "checker_error": self.checker_error,
            "cube_decisions": self.cube_decisions,
            "cube_error": self.cube_error,
            "errors": {band: self.errors.get(band, 0) for band in BANDS},
        }

    @classmethod
    def from_dict(cls, data: JsonValue) -> Self:
        obj = _object(data, "player")
        errors = _object(obj.get("errors", {}), "errors")
        counts: dict[Band, int] = {}
        for band in BANDS:
            counts[band] = _int(errors, band) if band in errors else 0
        return cls(
            name=_str(obj, "name"),
            rolls=_int(obj, "rolls"),
            checker_decisions=_int(obj, "checker_decisions"),
            checker_error=_float(obj, "checker_error"),
            cube_decisions=_int(obj, "cube_decisions"),
            cube_error=_float(obj, "cube_error"),
            luck_total=_float(obj, "luck_total"),
            result=_float(obj, "result"),
            errors=counts,
            luck_adjusted=_float(obj, "luck_adjusted"),
        )


@dataclass(frozen=True)
class GraphPoint:
    """One point of the match's graph: after a play (``game``, ``move``, by ``player``), the
    first player's equity (money play, EMG) or match winning chance (match play)."""

    game: int
    move: int
    player: int
    value: float

    def to_dict(self) -> JsonObject:
        return {"game": self.game, "move": self.move, "player": self.player, "value": self.value}


RATINGS: tuple[tuple[float, str], ...] = (
    (2.0, "Supernatural"),
    (5.0, "World class"),
    (8.0, "Expert"),
    (12.0, "Advanced"),
    (18.0, "Intermediate"),
    (26.0, "Casual player"),
    (35.0, "Beginner"),
)
"""GNU Backgammon's rating words: the first whose bound (mEMG a decision) the rate is under;
"Awful!" above them all."""


def rating_word(rate: float) -> str:
    """GNU Backgammon's word for an error rate in mEMG a decision."""
    return next((word for bound, word in RATINGS if rate < bound), "Awful!")


@dataclass(frozen=True)
class TablesAnalysis:
    """A backgammon, Georgian or nardy match analysed: its players' figures (in the record's
    order: the left column of a ``.mat`` first) and every decision, in the order played.
    ``match_play`` says whether the figures in MWC exist; ``plies`` how deep the plays were
    searched (the cube decisions and the luck as gnubg does them at the same depth and at
    0-ply)."""

    game: str
    plies: int
    match_play: bool
    players: tuple[PlayerFigures, PlayerFigures]
    decisions: tuple[Decision, ...]
    thresholds: Thresholds = Thresholds()

    def graph(self) -> tuple[GraphPoint, ...]:
        """The first player's equity, or his match winning chance, after each play: the line
        a review draws over the whole match."""
        points = []
        for d in self.decisions:
            if d.kind != "checker":
                continue
            if self.match_play and d.mwc_after is not None:
                value = d.mwc_after if d.player == 0 else 1.0 - d.mwc_after
            else:
                value = d.equity_after if d.player == 0 else -d.equity_after
            points.append(GraphPoint(d.game, d.move, d.player, round(value, 4)))
        return tuple(points)

    def to_dict(self) -> JsonObject:
        """The analysis as plain values (with its ``graph``, which ``from_dict`` derives
        again)."""
        return {
            "game": self.game,
            "plies": self.plies,
            "match_play": self.match_play,
            "thresholds": self.thresholds.to_dict(),
            "players": [player.to_dict() for player in self.players],
            "decisions": [decision.to_dict() for decision in self.decisions],
            "graph": [point.to_dict() for point in self.graph()],
        }

    @classmethod
    def from_dict(cls, data: JsonValue) -> Self:
        obj = _object(data, "analysis")
        players = obj.get("players")
        decisions = obj.get("decisions")
        if not isinstance(players, list) or len(players) != 2:
            raise AnalysisError("an analysis has two players")
        if not isinstance(decisions, list):
            raise AnalysisError("an analysis's decisions are a list")
        return cls(
            game=_str(obj, "game"),
            plies=_int(obj, "plies"),
            match_play=_bool(obj, "match_play"),
            players=(PlayerFigures.from_dict(players[0]), PlayerFigures.from_dict(players[1])),
            decisions=tuple(Decision.from_dict(decision) for decision in decisions),
            thresholds=Thresholds.from_dict(obj.get("thresholds")),
        )


def _rate(total: float, count: int) -> float:
    return 1000.0 * total / count if count else 0.0


def _object(data: JsonValue, what: str) -> dict[str, JsonValue]:
    if not isinstance(data, dict):
        raise AnalysisError(f"the {what} is an object, not {data!r}")
    return data


def _float(obj: Mapping[str, JsonValue], name: str) -> float:
    value = obj.get(name)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise AnalysisError(f"{name} is a number, not {value!r}")
    return float(value)


def _optional_float(obj: Mapping[str, JsonValue], name: str) -> float | None:
    return None if obj.get(name) is None else _float(obj, name)


def _int(obj: Mapping[str, JsonValue], name: str) -> int:
    value = obj.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise AnalysisError(f"{name} is a whole number, not {value!r}")
    return value


def _str(obj: Mapping[str, JsonValue], name: str) -> str:
    value = obj.get(name)
    if not isinstance(value, str):
        raise AnalysisError(f"{name} is a text, not {value!r}")
    return value


def _bool(obj: Mapping[str, JsonValue], name: str) -> bool:
    value = obj.get(name)
    if not isinstance(value, bool):
        raise AnalysisError(f"{name} is true or false, not {value!r}")
    return value


def _dice(value: JsonValue) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in value)
    ):
        raise AnalysisError(f"dice are two numbers from 1 to 6, not {value!r}")
    first, second = value
    assert isinstance(first, int) and isinstance(second, int)
    return (first, second)
