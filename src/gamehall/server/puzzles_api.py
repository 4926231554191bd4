"""``/api/puzzles``: the next puzzle for me (near my puzzle rating, of a game and a theme if
asked), a puzzle by id, each game's daily puzzle, the board of a tables play being made, an
answer judged, and my puzzle rating and history.

Anyone may solve: a signed-in person's first attempt at a puzzle is rated (his puzzle rating and
the puzzle's, by Glicko-2) and stored before the verdict that shows its change is sent; a
guest's and a visitor's attempts, and anyone's later ones, are judged but not rated. A renju
answer is judged by the threat search on the hints' thread (never on the event loop); the line
a page sends back is checked to be the solver's right moves and the judge's own replies.
"""

from datetime import UTC, datetime
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Annotated

from fastapi import APIRouter, Depends, Query, Request

from gamehall.play.views import legal_of, tables_state
from gamehall.puzzles.renju_judge import RenjuVerdict, judge_move, new_judge, puzzle_board
from gamehall.puzzles.tables_board import puzzle_match
from gamehall.puzzles.tables_judge import TablesVerdict, cube_choices, judge_cube, judge_play
from gamehall.puzzles.values import Puzzle, PuzzleError
from gamehall.server.auth import MaybeSession, Session, acting_session, from_our_pages
from gamehall.server.hint_desk import HintBusyError
from gamehall.server.puzzle_schemas import (
    AnswerRequest,
    AttemptView,
    BoardRequest,
    GameName,
    MyPuzzlesView,
    PuzzleView,
    RatingChange,
    RenjuPosition,
    TablesPosition,
    VerdictView,
)
from gamehall.server.refusals import Refusal
from gamehall.server.services import Hall, Services
from gamehall.store.puzzles import StoredPuzzle

if TYPE_CHECKING:
    from gamehall.engines.renju_search.answers import ThreatJudge

router = APIRouter(prefix="/api/puzzles")
SECONDS = 30.0
"""The longest a renju answer may be judged."""
VISITOR = -1
"""The hints' thread's key of the solvers who are not signed in (one answer at a time)."""
PLAYERS = ("You", "Puzzle")


@router.get("/next")
async def next_puzzle(
    hall: Hall,
    session: MaybeSession,
    game: GameName | None = None,
    theme: Annotated[str | None, Query(max_length=40)] = None,
    skip: Annotated[list[int] | None, Query(max_length=50)] = None,
) -> PuzzleView:
    """The puzzle nearest my puzzle rating that I have not tried (nor skipped), of ``game``
    and ``theme`` if given; 404 when none is left."""
    user = None if session is None or session.user.guest else session.user.id
    rating = 1500.0
    if user is not None:
        rating = (await hall.workers.store(hall.store.puzzles.rating, user)).rating.rating
    found = await hall.workers.store(
        hall.store.puzzles.next_for, user, rating, game, theme, skip or []
    )
    if found is None:
        raise Refusal(404, "no-puzzle")
    return await hall.workers.replay(_view, found)


@router.get("/daily/{game}")
async def daily_puzzle(game: GameName, hall: Hall) -> PuzzleView:
    """The game's puzzle of the day (the same for everyone until midnight UTC)."""
    today = datetime.fromtimestamp(hall.clock(), UTC).date()
    found = await hall.workers.store(hall.store.puzzles.daily, game, today)
    if found is None:
        raise Refusal(404, "no-puzzle")
    return await hall.workers.replay(_view, found)


@router.get("/mine")
async def my_puzzles(session: Session, hall: Hall) -> MyPuzzlesView:
    """My puzzle rating and my rated attempts, the latest first."""
    mine = await hall.workers.store(hall.store.puzzles.rating, session.user.id)
    history = await hall.workers.store(hall.store.puzzles.history, session.user.id)
    return MyPuzzlesView(
        rating=round(mine.rating.rating),
        deviation=round(mine.rating.deviation),
        attempts=mine.attempts,
        history=[
            AttemptView(
                puzzle_id=a.puzzle_id,
                solved=a.solved,
                rating_before=round(a.rating_before),
                rating_after=round(a.rating_after),
                at=a.at.isoformat(),
            )
            for a in history
        ],
    )


@router.get("/{puzzle_id}")
async def puzzle(puzzle_id: int, hall: Hall) -> PuzzleView:
    """The puzzle ``puzzle_id``."""
    return await hall.workers.replay(_view, await _stored(hall, puzzle_id))


@router.post("/{puzzle_id}/board", dependencies=[Depends(from_our_pages)])
async def tables_board(puzzle_id: int, body: BoardRequest, hall: Hall) -> TablesPosition:
    """A tables puzzle's board with the single moves of the play made so far (the rules'
    refusal of one in its words, 400)."""
    found = await _stored(hall, puzzle_id)
    if found.puzzle.task != "play":
        raise PuzzleError("this puzzle asks for a cube action, not a play")
    return await hall.workers.replay(_tables_position, found.puzzle, body.moves)


@router.post("/{puzzle_id}/answer", dependencies=[Depends(from_our_pages)])
async def answer(
    puzzle_id: int, body: AnswerRequest, request: Request, hall: Hall, session: MaybeSession
) -> VerdictView:
    """Judge my answer; when it ends the puzzle (solved or failed) and it is my first try
    signed in, it is rated and stored before this answer is sent (signed in, the request
    carries the session's CSRF token: 403 without it)."""
    if session is not None:
        await acting_session(request, session)
    found = await _stored(hall, puzzle_id)
    puzzle = found.puzzle
    if puzzle.game == "renju":
        if body.move is None:
            raise PuzzleError("a renju puzzle is answered with a move")
        key = VISITOR if session is None else session.user.id
        line, move = tuple(body.line), body.move
        try:
            verdict = await hall.hints.work_out(
                key, lambda: _renju_verdict(puzzle, line, move), SECONDS
            )
        except HintBusyError:
            raise Refusal(429, "puzzle-pending") from None
        except TimeoutError:
            raise Refusal(503, "engine-busy") from None
        correct, solved, said, reply = verdict.correct, verdict.solved, move, verdict.reply
        after = [*line, move] + ([reply] if reply is not None and correct else [])
        renju = await hall.workers.replay(_renju_position, puzzle, after)
    else:
        judged = await hall.workers.replay(_tables_verdict, puzzle, body)
        correct, solved, said, reply, renju = (
            judged.correct,
            judged.correct,
            judged.answer,
            None,
            None,
        )
    over = solved or not correct
    change = None
    if over and session is not None and not session.user.guest:
        attempt = await hall.workers.store(
            hall.store.puzzles.attempt, session.user.id, puzzle_id, solved
        )
        if attempt is not None:
            change = RatingChange(
                before=round(attempt.rating_before), after=round(attempt.rating_after)
            )
    return VerdictView(
        correct=correct,
        solved=solved,
        over=over,
        answer=said,
        reply=reply,
        solution=list(puzzle.solution) if over else [],
        renju=renju,
        rated=change is not None,
        rating=change,
    )


async def _stored(hall: Services, puzzle_id: int) -> StoredPuzzle:
    found = await hall.workers.store(hall.store.puzzles.get, puzzle_id)
    if found is None:
        raise Refusal(404, "no-puzzle")
    return found


def _view(stored: StoredPuzzle) -> PuzzleView:
    """The puzzle as the page shows it, its board made (on a replay thread)."""
    puzzle = stored.puzzle
    return PuzzleView(
        id=stored.id,
        game=puzzle.game,
        task=puzzle.task,
        mover=puzzle.mover,
        themes=list(puzzle.themes),
        rating=round(stored.rating.rating),
        attempts=stored.attempts,
        solved=stored.solved,
        dice=None if puzzle.dice is None else list(puzzle.dice),
        cube=puzzle.cube,
        choices=list(cube_choices(puzzle)) if puzzle.task == "cube" else [],
        source=puzzle.source,
        move=puzzle.move,
        renju=_renju_position(puzzle, []) if puzzle.game == "renju" else None,
        tables=None if puzzle.game == "renju" else _tables_position(puzzle, []),
    )


def _renju_position(puzzle: Puzzle, line: list[str]) -> RenjuPosition:
    board = puzzle_board(puzzle, line)
    return RenjuPosition(
        stones=board.stones(),
        moves=board.moves,
        turn=board.turn,
        forbidden=board.forbidden_points() if board.result is None else {},
    )


def _tables_position(puzzle: Puzzle, moves: list[tuple[int, int]]) -> TablesPosition:
    match = puzzle_match(puzzle, moves, PLAYERS)
    return TablesPosition(state=tables_state(match), legal=legal_of(match, 0))


def _tables_verdict(puzzle: Puzzle, body: AnswerRequest) -> TablesVerdict:
    if puzzle.task == "cube":
        if body.cube is None:
            raise PuzzleError("a cube puzzle is answered with a cube action")
        return judge_cube(puzzle, body.cube)
    if body.moves is None:
        raise PuzzleError("a play is answered with its moves")
    return judge_play(puzzle, body.moves)


def _renju_verdict(puzzle: Puzzle, line: tuple[str, ...], move: str) -> RenjuVerdict:
    """The verdict on ``move`` after ``line``, once the line is checked: each of the solver's
    moves in it right and each reply the judge's own."""
    for index in range(0, len(line), 2):
        step = _judged(puzzle, line[:index], line[index])
        follows = index + 1 < len(line) and step.reply == line[index + 1]
        if not step.correct or step.solved or not follows:
            raise PuzzleError("the line so far is not this puzzle's: start it again")
    return _judged(puzzle, line, move)


@lru_cache(maxsize=4096)
def _judged(puzzle: Puzzle, line: tuple[str, ...], move: str) -> RenjuVerdict:
    """A verdict, kept: the line of a puzzle being solved is judged again at each move."""
    return judge_move(puzzle, line, move, _threat_judge())


@cache
def _threat_judge() -> "ThreatJudge":
    """The judge of the hints' thread (its search tables reused from answer to answer)."""
    return new_judge()
