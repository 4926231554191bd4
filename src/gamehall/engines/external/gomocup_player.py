"""A Gomocup brain (any ``pbrain-*`` command) as a renju player, behind the engines' interface.

The brain is started on the first decision (``START 15``, the ``INFO`` of its limits and the
rule, as gamehall's Gomocup manager does) and kept for the following ones: a position that
follows the last one told by one stone of the opponent's is sent as ``TURN``; any other (a new
game, an opening rule's moves) as ``RESTART`` and the whole position. gamehall's board stays
the referee: an answer off the board, on an occupied point, refused by the rules or by the
opening rule, a crash, or an answer later than the time a move plus 10 % is an ``EngineFault``,
and the brain's process is killed (the next decision starts another).
"""

from gamehall.engines.base import AnswerDraw, Choice, ChooseMove, Decision
from gamehall.engines.external.player import ExternalPlayer
from gamehall.engines.external.spec import ExternalSpec
from gamehall.engines.external.supervisor import Supervisor
from gamehall.engines.gomocup import xy_of_point
from gamehall.engines.gomocup.manager import (
    BrainFault,
    BrainProcess,
    MatchSettings,
    Referee,
    play_answer,
    tell_position,
)
from gamehall.renju.board import Board
from gamehall.renju.points import read_point


class GomocupPlayer(ExternalPlayer):
    """An external Gomocup brain playing renju."""

    def __init__(self, spec: ExternalSpec, seed: int | None = None) -> None:
        super().__init__(spec, seed)
        self.rule = "renju"
        self.told: tuple[str, ...] | None = None
        """The moves the running brain knows (its own answer last); None: a fresh brain."""
        self.supervisor: Supervisor[BrainProcess] = Supervisor(self._start)

    def _start(self) -> BrainProcess:
        spec = self.spec
        settings = MatchSettings(
            first=spec.command,
            second=spec.command,
            games=1,
            rule=self.rule,
            timeout_turn=round(spec.move_seconds * 1000),
            max_memory=spec.memory,
        )
        brain = BrainProcess(spec.command, spec.memory)
        try:
            Referee(settings).start(brain, "A", spec.start_seconds)
        except BrainFault:
            brain.kill()
            raise
        self.told = None
        return brain

    def _decide(self, decision: Decision) -> Choice:
        if isinstance(decision, AnswerDraw):
            return False  # the protocol has no draw offers: play on
        if not isinstance(decision, ChooseMove):
            raise self._refuse(decision)
        if decision.board.rule != self.rule:
            self.close()
            self.rule = decision.board.rule
        try:
            return self.supervisor.ask(lambda brain: self._move(brain, decision))
        except BrainFault:
            self.told = None
            raise

    def _move(self, brain: BrainProcess, decision: ChooseMove) -> str:
        board = decision.board
        moves = tuple(board.moves)
        if self.told is not None and moves[:-1] == self.told and len(moves) == len(self.told) + 1:
            brain.send(f"TURN {xy_of_point(read_point(moves[-1]))}")
        else:
            if self.told is not None:
                self._restart(brain)
            tell_position(board, brain)
        ms = round(self.spec.move_seconds * 1000)
        answer = brain.read(self.spec.move_limit, f"limit {ms} ms a move")
        after: Board = board.copy()
        point = play_answer(after, answer)
        if decision.allowed is not None and point not in decision.allowed:
            raise BrainFault(
                "engine-illegal", f"answered {point}, which the opening rule does not accept now"
            )
        self.told = (*moves, point)
        return point

    def _restart(self, brain: BrainProcess) -> None:
        """An empty board for the next position."""
        brain.send("RESTART")
        answer = brain.read(self.spec.start_seconds)
        if answer.upper() != "OK":
            raise BrainFault("engine-illegal", f"answered RESTART with {answer!r}, not OK")
        self.told = None

    def close(self) -> None:
        """Let the brain go (``END``); a later decision starts it again."""
        self.supervisor.close()
        self.told = None
