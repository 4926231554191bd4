"""Our engine as an external player inside GNU Backgammon: each board line gnubg sends
(``set player N external ADDRESS``) answered with the engine's decision.

gnubg asks its external player only when that player is to decide, so the line says who: the
side on roll for a play (dice in the line) or a double before rolling (no dice: ``double`` or
``roll``), the other side when the side on roll has just doubled (``take``, ``drop`` or
``beaver``). The match score, the cube and the Crawford game come from the line and reach the
engine as its ``MatchContext``, so that a level decides as it does in our own matches (its
match equity table at a match score). gnubg answers resignations for its external player
itself, and this player never offers one.
"""

from dataclasses import dataclass

from gamehall.engines.base import AnswerDouble, ChoosePlay, Engine, MatchContext, OfferDouble
from gamehall.engines.external.fibs_line import FibsBoard, read_fibs_line
from gamehall.errors import GameError


@dataclass(frozen=True)
class Answer:
    """What to send back for a line (``None``: nothing, the line asked for no answer), and
    whether the conversation is over (gnubg, or a person trying the server, said ``exit``)."""

    text: str | None
    done: bool = False


QUIT = ("exit", "quit")


class FibsAnswerer:
    """Answers board lines with ``engine``'s decisions (a backgammon engine at a level)."""

    def __init__(self, engine: Engine) -> None:
        if engine.game != "backgammon":
            raise GameError(f"GNU Backgammon plays backgammon: {engine.name} plays {engine.game}")
        self.engine = engine

    def answer(self, line: str) -> Answer:
        """The answer to one line; ``GameError`` for a line that is not a board or a word
        this player knows."""
        text = line.strip("\0 \t\r\n")
        if not text:
            return Answer(None)
        if text.lower() in QUIT:
            return Answer(None, done=True)
        return Answer(self.decide(read_fibs_line(text, writer="gnubg")))

    def decide(self, board: FibsBoard) -> str:
        """The engine's decision for ``board``, in the words gnubg reads: a play in the usual
        notation (empty when no checker can move), ``double``, ``roll``, ``take``, ``drop``
        or ``beaver``."""
        context = context_of(board, you=board.you_on_roll != board.doubled)
        position = board.position
        if board.doubled:
            return self.engine.decide(AnswerDouble(position, context))
        if board.dice is None:
            if not context.engine_may_double:
                return "roll"
            return "double" if self.engine.decide(OfferDouble(position, context)) else "roll"
        return self.engine.decide(ChoosePlay.roll(position, board.dice, context)).notation


def context_of(board: FibsBoard, *, you: bool) -> MatchContext:
    """The match context of ``board`` from the deciding side's view: You's when ``you``, else
    the opponent's."""
    money = not board.match_length
    return MatchContext(
        match_length=board.match_length,
        score=board.score if you else board.score[::-1],
        cube_value=board.cube_value,
        cube_owner=board.owner_seen_by(you),
        crawford=board.crawford(),
        beavers=board.beavers and money,
        jacoby=board.jacoby and money,
        crawford_rule=board.crawford_rule,
    )
