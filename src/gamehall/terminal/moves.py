"""Reading what a player types as checker moves, whole plays or single steps.

``24/18 13/11`` is a whole play; ``13/7`` may be one too, or only the first part of a play that
is finished later (``8/5``). ``single_steps`` turns the text into the single checker moves it
stands for, each with its die, checked one after another on a copy of the turn being played,
so that the match is only asked for moves that are legal.
"""

from itertools import pairwise

from gamehall.errors import IllegalMoveError
from gamehall.play.tables_match import TablesMatch
from gamehall.tables.moves import OFF, Move, format_play, parse_play, point_name
from gamehall.tables.position import TablesPosition, Turn
from gamehall.words import words
from gamehall.words.languages import DEFAULT


def single_steps(match: TablesMatch, text: str, language: str = DEFAULT) -> list[tuple[int, int]]:
    """The (point, die) moves that ``text`` adds to the turn being played, in order.

    Raises ``IllegalMoveError`` saying which part of ``text`` cannot be played and why, in
    ``language``.
    """
    say = words(language).say
    if match.turn is None or match.position is None or match.dice is None:
        raise IllegalMoveError(say("terminal.error.no-turn"))
    trial = match.position.start_turn(match.dice)
    for move in match.turn.moves:
        trial.move(move.src, move.die)
    steps: list[tuple[int, int]] = []
    segments = parse_play(text)
    if not segments:
        raise IllegalMoveError(say("terminal.error.no-moves"))
    for segment in segments:
        points = [point for point, _ in segment]
        for start, end in pairwise(points):
            steps += _reach(trial, start, end, language)
    return steps


def _reach(
    trial: Turn[TablesPosition], start: int, end: int, language: str = DEFAULT
) -> list[tuple[int, int]]:
    """Move one checker from ``start`` to ``end`` on ``trial`` with the dice left and return
    the (point, die) moves: a single die if one does it (the smallest that bears off), else
    several. ``IllegalMoveError`` if no way is legal, or if the ways hit differently."""
    ways = _ways(trial, start, end)
    if not ways:
        raise IllegalMoveError(_why_not(trial, start, end, language))
    fewest = min(len(way) for way in ways)
    ways = [way for way in ways if len(way) == fewest]
    hits = {tuple(move.dst for move in way if move.hit) for way in ways}
    if len(hits) > 1:
        say = words(language).say
        shown = say("terminal.error.or").join(format_play(way) for way in ways)
        named = f"{point_name(start)}/{point_name(end)}"
        raise IllegalMoveError(say("terminal.error.which", move=named, ways=shown))
    for move in ways[0]:
        trial.move(move.src, move.die)
    return [(move.src, move.die) for move in ways[0]]


def _ways(trial: Turn[TablesPosition], start: int, end: int) -> list[list[Move]]:
    """Every sequence of legal single moves that takes a checker from ``start`` to ``end``,
    smallest dice first (``trial`` is left as it was)."""
    found: list[list[Move]] = []
    moves = sorted((m for m in trial.legal_moves() if m.src == start), key=lambda m: m.die)
    for move in moves:
        if move.dst == end:
            found.append([move])
        elif move.dst != OFF and move.dst > end:
            trial.move(move.src, move.die)
            found += [[move, *rest] for rest in _ways(trial, move.dst, end)]
            trial.undo()
    return found


def _why_not(trial: Turn[TablesPosition], start: int, end: int, language: str = DEFAULT) -> str:
    """Why no checker can go from ``start`` to ``end`` now, in the rules' words if one die
    would do it."""
    say = words(language).say
    move = f"{point_name(start)}/{point_name(end)}"
    left = trial.dice_left
    if not left:
        return say("terminal.error.dice-played", move=move)
    die = start - end
    if die in left:
        try:
            trial.move(start, die)
        except IllegalMoveError as error:
            return f"{move}: {words(language).refusal(error)}"
        trial.undo()
    shown = ", ".join(map(str, left))
    return say("terminal.error.dice-left", move=move, dice=shown)
