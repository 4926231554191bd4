"""The shapes of the puzzles API: a puzzle as the page shows it (its board drawn by the game
page's own boards: renju's stones, a tables match's state and legal moves), an answer, its
verdict with the rating change, and a solver's puzzle rating and history."""

from typing import Literal

from pydantic import BaseModel, Field

from gamehall.play.views import Legal, TablesState
from gamehall.server.schemas import Answer

GameName = Literal["renju", "backgammon", "georgian", "nardy"]


class RenjuPosition(BaseModel):
    """A renju board: its stones by point, the moves that placed them (the last marked), the
    colour to move and the points forbidden to Black now."""

    stones: dict[str, Literal["black", "white"]]
    moves: list[str]
    turn: str
    forbidden: dict[str, str]


class TablesPosition(BaseModel):
    """A tables board as the game page draws it: the match's state with the solver (seat 0)
    on roll, and the single moves he may make now (none once the dice are played)."""

    state: TablesState
    legal: Legal | None


class PuzzleView(Answer):
    """A puzzle to solve: ``task`` what to find (renju's ``win``, the tables games' ``play``
    or ``cube``), ``mover`` the side to move (renju's colour; in the tables games the solver is
    always seat 0), the choices of a cube puzzle, its rating and how it has fared; ``renju`` or
    ``tables`` its board."""

    id: int
    game: GameName
    task: Literal["win", "play", "cube"]
    mover: str
    themes: list[str]
    rating: int
    attempts: int
    solved: int
    dice: list[int] | None
    cube: int
    choices: list[str]
    source: str | None
    move: int
    renju: RenjuPosition | None = None
    tables: TablesPosition | None = None


class BoardRequest(BaseModel):
    """The single moves of a tables play made so far (``[point, die]`` each)."""

    moves: list[tuple[int, int]] = Field(max_length=8)


class AnswerRequest(BaseModel):
    """An answer: a renju ``move`` after the ``line`` played so far (the solver's moves and the
    replies, alternating), a tables play as its single ``moves``, or a ``cube`` action."""

    line: list[str] = Field(default_factory=list, max_length=225)
    move: str | None = None
    moves: list[tuple[int, int]] | None = Field(default=None, max_length=8)
    cube: str | None = None


class RatingChange(BaseModel):
    """The solver's puzzle rating before and after a rated attempt."""

    before: int
    after: int


class VerdictView(Answer):
    """The verdict: ``correct``; ``solved`` once the puzzle is done right; ``over`` once it is
    done (solved or failed: then ``solution`` shows the answer); renju's ``reply`` (the
    defender's answer to a right move, or the defence that refutes a wrong one) and the board
    after it; the ``rating`` change when the attempt was rated, and whether it was."""

    correct: bool
    solved: bool
    over: bool
    answer: str
    reply: str | None
    solution: list[str]
    renju: RenjuPosition | None
    rated: bool
    rating: RatingChange | None


class AttemptView(BaseModel):
    """One rated attempt of the solver's."""

    puzzle_id: int
    solved: bool
    rating_before: int
    rating_after: int
    at: str


class MyPuzzlesView(Answer):
    """The solver's puzzle rating, its deviation, his rated attempts and the latest of them."""

    rating: int
    deviation: int
    attempts: int
    history: list[AttemptView]
