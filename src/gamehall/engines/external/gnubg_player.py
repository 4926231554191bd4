"""GNU Backgammon as a backgammon player, behind the engines' interface, through its
``external`` socket (``gnubg_process.py``) and FIBS board lines (``fibs_line.py``).

Each decision is one line: a play with the dice (gnubg answers it in the usual notation, read
by gamehall's rules and matched with one of the legal plays), a double before rolling
(``double`` or ``roll``), an answer to the opponent's double (``take``, ``drop``, ``beaver``).
A roll with one legal play is played without asking. gnubg does not resign through this
interface, and answers a resignation only by playing on, unless a backgammon (the most a game
can be worth) is offered. An answer that cannot be read or matched with a legal choice, a crash
or a late answer is an ``EngineFault`` and gnubg's process is killed (the next decision starts
another).
"""

from collections.abc import Callable
from typing import TypeVar

from gamehall.engines.base import (
    AnswerDouble,
    AnswerResignation,
    Choice,
    ChoosePlay,
    ChooseResignation,
    Decision,
    EngineFault,
    OfferDouble,
)
from gamehall.engines.external.fibs_line import fibs_line
from gamehall.engines.external.gnubg_process import GnubgProcess
from gamehall.engines.external.player import ExternalPlayer
from gamehall.engines.external.spec import ExternalSpec
from gamehall.engines.external.supervisor import Supervisor
from gamehall.errors import GameError
from gamehall.tables.position import Play, TablesPosition

CUBE_ANSWERS = ("take", "drop", "beaver")
R = TypeVar("R")


class GnubgPlayer(ExternalPlayer):
    """GNU Backgammon playing International backgammon."""

    def __init__(self, spec: ExternalSpec, seed: int | None = None) -> None:
        super().__init__(spec, seed)
        self.supervisor: Supervisor[GnubgProcess] = Supervisor(self._start)

    def _start(self) -> GnubgProcess:
        spec = self.spec
        return GnubgProcess(spec.command, spec.memory, spec.start_seconds, spec.setup)

    def _ask(self, line: str, read: Callable[[str], R]) -> R:
        """gnubg's answer to ``line``, read by ``read`` (whose failure kills gnubg too)."""
        return self.supervisor.ask(lambda gnubg: read(gnubg.ask(line, self.spec.move_limit)))

    def _decide(self, decision: Decision) -> Choice:
        if isinstance(decision, ChoosePlay):
            if len(decision.plays) == 1:
                return decision.plays[0]
            line = fibs_line(decision.position, decision.context, decision.dice)
            return self._ask(line, lambda answer: _legal_play(answer, decision))
        if isinstance(decision, OfferDouble):
            line = fibs_line(decision.position, decision.context)
            return self._ask(line, lambda answer: _one_of(answer, ("double", "roll"))) == "double"
        if isinstance(decision, AnswerDouble):
            line = fibs_line(decision.position, decision.context, doubled=True, roller="opponent")
            answer = self._ask(line, lambda answer: _one_of(answer, CUBE_ANSWERS))
            return "take" if answer == "beaver" and not decision.context.beavers else answer
        if isinstance(decision, ChooseResignation):
            return None
        if isinstance(decision, AnswerResignation):
            return decision.value == 3
        raise self._refuse(decision)

    def close(self) -> None:
        """Stop gnubg; a later decision starts it again."""
        self.supervisor.close()


def _legal_play(answer: str, decision: ChoosePlay[TablesPosition]) -> Play[TablesPosition]:
    """The legal play of ``decision`` that gnubg's ``answer`` writes; else an
    ``EngineFault``."""
    try:
        found = decision.position.find_play(answer, decision.dice)
    except GameError as error:
        raise EngineFault(
            "engine-illegal", f"answered {answer!r}, not a legal play: {error}"
        ) from None
    for play in decision.plays:
        if play.result == found.result:
            return play
    raise EngineFault("engine-illegal", f"answered {answer!r}, not one of the legal plays")


def _one_of(answer: str, expected: tuple[str, ...]) -> str:
    """``answer`` if it is one of ``expected``; else an ``EngineFault``."""
    word = answer.strip().lower()
    if word not in expected:
        raise EngineFault("engine-illegal", f"answered {answer!r}, not {' or '.join(expected)}")
    return word
