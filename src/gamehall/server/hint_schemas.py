"""The answer of ``GET /api/matches/{id}/hint`` (``hints_api.py``), said in the reader's
language by ``hint_words.py``."""

from pydantic import BaseModel

from gamehall.server.schemas import Answer


class CandidateView(BaseModel):
    """One ranked choice (``engines.hints.Candidate``): the move, its figures in words, and for
    the tables games the equity, its difference to the best, the probabilities by name, the ply
    and the single moves ``[src, dst]`` in the asker's numbering; for renju the score."""

    move: str
    text: str
    equity: float | None
    difference: float | None
    probabilities: dict[str, float]
    ply: int | None
    steps: list[tuple[int, int]]
    score: int | None


class Stone(BaseModel):
    """A stone of the winning line as the board draws it, numbered from 1."""

    point: str
    colour: str
    number: int


class WinningView(BaseModel):
    """Renju's forced win of the side to move, played out (``engines.hints.WinningLine``)."""

    kind: str
    attacker: str
    moves: list[str]
    ending: str
    trap: str | None
    stones: list[Stone]


class HintAnswer(Answer):
    """The engine's advice for the asker, on move: the choices best first."""

    match_id: str
    seat: int
    game: str
    method: str
    candidates: list[CandidateView]
    winning: WinningView | None
    notes: list[str]
    cube: dict[str, object] | None = None
    """Backgammon's cube hint (before the roll, or on a double): the action, the answer, the
    cubeful equities (``engines.neural.cube.CubeHint``)."""
