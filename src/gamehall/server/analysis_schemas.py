"""The shapes of the analysis API's answers: a match's analysis being made or made, with the
whole result typed field by field (the analysis layer's ``to_dict()`` forms, read strictly),
each decision with the review frame that shows its position (stored with it), and the graph's
points with the decision each stands for."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

from gamehall.analysis.renju_record import RenjuAnalysis, RenjuDecision
from gamehall.analysis.values import Decision, DecisionKind
from gamehall.jsontext import JsonValue
from gamehall.server.schemas import Answer, iso
from gamehall.store.analyses import StoredAnalysis


class Part(BaseModel):
    """A part of a result, read from the analysis's own plain form: no field more or less."""

    model_config = ConfigDict(extra="forbid", strict=True)


class ChoiceView(Part):
    """One of a tables decision's choices: the play or cube action and its equity (EMG)."""

    move: str
    equity: float


class TablesDecisionView(Part):
    """A tables decision judged (``analysis.values.Decision``), and ``frame``: the index of
    the review frame (``GET /review``) showing its position, or null."""

    game: int
    move: int
    player: int
    kind: DecisionKind
    played: str
    best: str
    loss: float
    loss_mwc: float | None
    band: Literal["doubtful", "error", "blunder"] | None
    luck: float | None
    equity_before: float
    equity_after: float
    dice: list[int] | None
    forced: bool
    choices: list[ChoiceView]
    mwc_after: float | None
    frame: int | None


class BandCounts(Part):
    """A tables player's errors by band."""

    doubtful: int
    error: int
    blunder: int


class TablesPlayerView(Part):
    """A tables player's figures (``analysis.values.PlayerFigures``): rates in mEMG a
    decision, PR, luck, the result and gnubg's rating word."""

    name: str
    error_rate: float
    checker_error_rate: float
    cube_error_rate: float
    pr: float
    rating: str
    luck_rate: float
    luck_total: float
    luck_adjusted: float
    result: float
    rolls: int
    checker_decisions: int
    checker_error: float
    cube_decisions: int
    cube_error: float
    errors: BandCounts


class ThresholdsView(Part):
    """The least loss (EMG) of each band."""

    doubtful: float
    error: float
    blunder: float


class GraphPointView(Part):
    """A point of the match's graph: after decision ``decision`` (an index of the decisions),
    the first player's equity (money play), match winning chance (a match) or, in renju,
    chance to win."""

    game: int
    move: int
    player: int
    value: float
    decision: int


class TablesResult(Part):
    """A backgammon, Georgian or nardy match analysed (``TablesAnalysis``)."""

    game: str
    plies: int
    match_play: bool
    thresholds: ThresholdsView
    players: list[TablesPlayerView]
    decisions: list[TablesDecisionView]
    graph: list[GraphPointView]


class RenjuDecisionView(Part):
    """A renju move or opening step judged (``analysis.renju_record.RenjuDecision``), and
    ``frame``: the review frame showing its position, or null."""

    game: int
    move: int
    player: int
    colour: Literal["black", "white"]
    kind: Literal["move", "pass", "choice", "offer"]
    played: str
    best: str | None
    loss: float
    win_before: float
    win_after: float
    band: Literal["blunder", "mistake", "inaccuracy"] | None
    forced_win_missed: bool
    allowed_forced_win: bool
    winning_line: list[str] | None
    winning_kind: Literal["vcf", "vct"] | None
    forced: Literal["opening", "only-move"] | None
    frame: int | None


class RenjuPlayerView(Part):
    """A renju player's figures: moves judged, blunders, mistakes, inaccuracies, the forced
    wins he missed and allowed, the win probability lost a move and the accuracy (%)."""

    name: str
    accuracy: float | None
    blunders: int
    mistakes: int
    inaccuracies: int
    moves: int
    forced_wins_missed: int
    forced_wins_allowed: int
    average_loss: float | None


class JudgingView(Part):
    """Renju's bands (win probability lost) and the logistic curve's scale."""

    inaccuracy: float
    mistake: float
    scale: float


class RenjuResult(Part):
    """A renju match analysed (``RenjuAnalysis``), with its graph."""

    game: Literal["renju"]
    players: list[RenjuPlayerView]
    decisions: list[RenjuDecisionView]
    judging: JudgingView
    seconds_per_move: float
    graph: list[GraphPointView]


class AnalysisAnswer(Answer):
    """A match's analysis: ``none`` asked for yet, ``running`` (``done`` of ``total``
    decisions judged; 0 of 0 while it waits its turn), ``done`` (``tables`` or ``renju`` holds
    it, made at ``made_at`` looking ``depth`` deep: plies, or seconds a move in renju) or
    ``failed`` (``reason`` says why; asking again begins it again)."""

    match_id: str
    status: Literal["none", "running", "done", "failed"]
    done: int = 0
    total: int = 0
    reason: str | None = None
    depth: float | None = None
    made_at: str | None = None
    tables: TablesResult | None = None
    renju: RenjuResult | None = None


def done_answer(stored: StoredAnalysis) -> AnalysisAnswer:
    """The answer for a stored analysis, each decision with its review frame."""
    result = stored.result
    plain = result.to_dict()
    placed = stored.frames
    judged: tuple[Decision | RenjuDecision, ...] = result.decisions
    decisions: list[JsonValue] = [
        {**decision.to_dict(), "frame": frame}
        for decision, frame in zip(judged, placed, strict=True)
    ]
    index = {
        (d.game, d.move, d.player): i for i, d in enumerate(judged) if d.kind in ("checker", "move")
    }
    graph: list[JsonValue] = [
        {**point.to_dict(), "decision": index[point.game, point.move, point.player]}
        for point in result.graph()
    ]
    plain.update(decisions=decisions, graph=graph)
    tables = renju = None
    if isinstance(result, RenjuAnalysis):
        renju = RenjuResult.model_validate(plain)
    else:
        tables = TablesResult.model_validate(plain)
    return AnalysisAnswer(
        match_id=stored.match_id,
        status="done",
        depth=stored.depth,
        made_at=iso(stored.made_at),
        tables=tables,
        renju=renju,
    )
