"""The one generator of legal plays for every tables game.

A play is a sequence of single steps, one die each. The search walks every sequence (make and
unmake on two small lists, with a memo so that orders reaching the same board are walked once),
records each position a sequence can stop in (keyed by its board's code, ``board_code``), and
keeps the plays whose score is the best: the most dice used, then the larger die (the dice's
pips), then, where the rule set asks, the most dice at full value or the most pips moved. That
one ordering is the whole of "use as many dice as possible, else the larger" for backgammon and
nardy alike.
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import NamedTuple

from gamehall.errors import IllegalMoveError
from gamehall.tables.moves import BAR, OFF, Move, point_name, where
from gamehall.tables.rules import TablesRules

Score = tuple[int, int, int, int]
"""(dice used, their pips, dice used at full value, pips moved)."""
Rank = tuple[int, ...]
"""The part of a score that decides between plays (see ``_rank``)."""


Step = tuple[int, int, int, bool]
"""A single move as the search keeps it: (src, dst, die, hit)."""

Board = tuple[tuple[int, ...], tuple[int, ...]]
"""Both sides' checkers as the search keeps them: the mover's, and the opponent's in the
mover's numbering."""

Found = tuple[Score, tuple[Step, ...]]
"""A position's best score and the steps that reached it with that score."""

PLACES = 26
"""A side's places: off, points 1-24, the bar."""


def board_code(me: Sequence[int], op: Sequence[int]) -> int:
    """Both sides' checkers as one exact number, a byte a place (a place holds at most 15):
    the search's key for a board, changed by a single addition when a checker moves."""
    return int.from_bytes(bytes(me) + bytes(op), "little")


def board_of(code: int) -> Board:
    """The board ``board_code`` made ``code`` of."""
    places = code.to_bytes(2 * PLACES, "little")
    return tuple(places[:PLACES]), tuple(places[PLACES:])


_MOVED = tuple(
    tuple((1 << 8 * dst) - (1 << 8 * src) for dst in range(PLACES)) for src in range(PLACES)
)
"""What moving one of the mover's checkers from ``src`` to ``dst`` adds to a board's code."""
_HIT = tuple((1 << 8 * (PLACES + BAR)) - (1 << 8 * (PLACES + dst)) for dst in range(PLACES))
"""What hitting the opposing blot on ``dst`` (onto the bar) adds to a board's code."""
_DOWN = tuple(range(24, 0, -1))
"""The points from the highest down: the order the search tries sources in."""


class Outcome(NamedTuple):
    """A position a sequence of steps ends in (its board's code, ``board_code``), the steps
    that led there and their score. A named tuple, whose board is read from its code when
    asked: a roll makes one per play, most never looked at."""

    code: int
    path: tuple[Step, ...]
    score: Score

    @property
    def mover(self) -> tuple[int, ...]:
        """The mover's checkers."""
        return board_of(self.code)[0]

    @property
    def opponent(self) -> tuple[int, ...]:
        """The opponent's checkers, in the mover's numbering."""
        return board_of(self.code)[1]

    @property
    def steps(self) -> tuple[Move, ...]:
        """The single moves of the play, in order."""
        return tuple(Move(*step) for step in self.path)


NO_CHECKER, MUST_ENTER, HIT_AND_RUN, HEAD_USED = -1, -2, -3, -4
NOT_ALL_HOME, HIGHER_CHECKER, TAKEN, BLOCKED, SIX_BLOCK = -5, -6, -7, -8, -9
"""Why a single step is refused: the negative codes of ``TurnState.target``."""

_PLAIN_REFUSALS = {
    MUST_ENTER: ("a checker on the bar must enter first", "must-enter"),
    HEAD_USED: ("no more checkers may leave the head this turn (the head rule)", "head-rule"),
    NOT_ALL_HOME: (
        "cannot bear off yet: all your checkers must be in your home board",
        "not-all-home",
    ),
}
"""The refusals that name nothing of the move: code -> (message, reason)."""


class TurnState:
    """The board during a turn, from the mover's side, changed in place by ``apply``/``revert``.

    ``me[p]`` is the mover's checkers on his point ``p`` (``me[0]`` borne off, ``me[25]`` on
    the bar); ``op[p]`` the opponent's checkers on the same point, in the mover's numbering
    (``op[0]`` borne off, ``op[25]`` on the bar).
    """

    __slots__ = (
        "_block_step",
        "_frozen_rule",
        "_head_rule",
        "_hitting",
        "code",
        "frozen",
        "head_left",
        "me",
        "op",
        "rules",
    )

    def __init__(
        self,
        rules: TablesRules,
        me: list[int],
        op: list[int],
        head_left: int,
        frozen: list[int] | None = None,
    ) -> None:
        self.rules = rules
        self.me = me
        self.op = op
        self.head_left = head_left
        self.frozen = frozen if frozen is not None else [0] * 26
        self._hitting = rules.hitting
        self.code = board_code(me, op)
        """The board's code (``board_code``), kept by ``apply`` and ``revert``."""
        self._head_rule = rules.head_rule
        self._frozen_rule = rules.no_hit_and_run_home
        self._block_step = rules.block_check == "step"

    def copy(self) -> "TurnState":
        """An independent copy, for interfaces that step through a turn."""
        return TurnState(self.rules, self.me[:], self.op[:], self.head_left, self.frozen[:])

    def target(self, src: int, die: int) -> int:
        """Where a checker from ``src`` lands with ``die`` (0 is off), or a negative code
        saying why it cannot move (``why`` puts it in words)."""
        me = self.me
        if not 0 < src <= BAR or me[src] == 0:
            return NO_CHECKER
        if src != BAR and me[BAR]:
            return MUST_ENTER
        if self._frozen_rule and me[src] <= self.frozen[src]:
            return HIT_AND_RUN
        if src == 24 and self._head_rule and self.head_left == 0:
            return HEAD_USED
        dst = src - die
        if dst <= 0:
            if any(me[7:]):
                return NOT_ALL_HOME
            if dst < 0 and any(me[src + 1 : 7]):
                return HIGHER_CHECKER
            return OFF
        opposing = self.op[dst]
        if opposing and (not self._hitting or opposing > 1):
            return TAKEN if not self._hitting else BLOCKED
        if self._block_step and me[dst] == 0 and self._builds_bad_block(src, dst):
            return SIX_BLOCK
        return dst

    def refusal(self, src: int, die: int) -> IllegalMoveError | None:
        """Why a checker from ``src`` cannot move with ``die``, in a player's words, with its
        reason and values; ``None`` when it can."""
        code = self.target(src, die)
        if code >= 0:
            return None
        dst = src - die
        if code == NO_CHECKER and src == BAR:
            return IllegalMoveError(
                "there is no checker of yours on the bar", reason="no-checker-bar"
            )
        if code == NO_CHECKER:
            return IllegalMoveError(
                f"there is no checker of yours {where(src)}", reason="no-checker", point=src
            )
        if code == HIT_AND_RUN:
            return IllegalMoveError(
                f"the checker that hit on {src} may not move again this turn "
                "(no hit-and-run in the home board)",
                reason="hit-and-run",
                point=src,
            )
        if code == HIGHER_CHECKER:
            return IllegalMoveError(
                f"cannot bear off from {src} with a {die}: "
                "a checker on a higher point must be moved first",
                reason="higher-checker",
                point=src,
                die=die,
            )
        if code == TAKEN:
            return IllegalMoveError(
                f"{dst} is taken: an opposing checker stands there", reason="taken", point=dst
            )
        if code == BLOCKED:
            count = self.op[max(dst, 0)]
            return IllegalMoveError(
                f"{dst} is blocked: {count} opposing checkers stand there",
                reason="blocked",
                point=dst,
                count=count,
            )
        if code == SIX_BLOCK:
            move = f"{point_name(src)}/{dst}"
            return IllegalMoveError(
                f"{move} would build a block of six points with no opposing checker ahead of it",
                reason="six-block",
                move=move,
            )
        message, reason = _PLAIN_REFUSALS[code]
        return IllegalMoveError(message, reason=reason)

    def _builds_bad_block(self, src: int, dst: int) -> bool:
        """Whether moving a checker from ``src`` to the empty point ``dst`` closes a run of six
        points (along the opponent's path) with no opposing checker ahead of it."""
        opposite = self.rules.opposite
        me = self.me
        left_at_src = me[src] - 1
        r0 = opposite[dst]
        low = r0
        while low > 1:
            p = opposite[low - 1]
            if not (left_at_src if p == src else me[p]):
                break
            low -= 1
        high = r0
        while high < 24 and high - low < 5:
            p = opposite[high + 1]
            if not (left_at_src if p == src else me[p]):
                break
            high += 1
        if high - low < 5:
            return False
        return not self._opponent_ahead(low)

    def _opponent_ahead(self, q: int) -> bool:
        """Whether an opposing checker stands on the opponent's point ``r < q``."""
        opposite = self.rules.opposite
        op = self.op
        return any(op[opposite[r]] for r in range(1, q))

    def has_bad_block(self) -> bool:
        """Whether the mover holds a block of six with no opposing checker ahead of it."""
        opposite = self.rules.opposite
        me = self.me
        run = 0
        for r in range(1, 25):
            if me[opposite[r]]:
                run += 1
                if run == 6:
                    return not self._opponent_ahead(r - 5)
            else:
                run = 0
        return False

    def apply(self, src: int, dst: int) -> bool:
        """Move one checker from ``src`` to ``dst`` (a legal target); returns whether it hit."""
        me = self.me
        op = self.op
        me[src] -= 1
        me[dst] += 1
        self.code += _MOVED[src][dst]
        if src == 24 and self._head_rule:
            self.head_left -= 1
        if dst and op[dst]:
            op[dst] = 0
            op[BAR] += 1
            self.code += _HIT[dst]
            if self._frozen_rule and dst <= 6:
                self.frozen[dst] += 1
            return True
        return False

    def revert(self, src: int, dst: int, hit: bool) -> None:
        """Undo ``apply(src, dst)`` that returned ``hit``."""
        me = self.me
        me[src] += 1
        me[dst] -= 1
        self.code -= _MOVED[src][dst]
        if src == 24 and self._head_rule:
            self.head_left += 1
        if hit:
            self.op[dst] = 1
            self.op[BAR] -= 1
            self.code -= _HIT[dst]
            if self._frozen_rule and dst <= 6:
                self.frozen[dst] -= 1

    def sources(self) -> Iterator[int]:
        """The points the mover could move a checker from (the bar alone while it is full)."""
        me = self.me
        if me[BAR]:
            yield BAR
            return
        for p in range(24, 0, -1):
            if me[p]:
                yield p


class Search:
    """Every position a turn can stop in, from a state and the dice left, with the best score
    reaching each."""

    def __init__(self, state: TurnState) -> None:
        self.state = state
        self.outcomes: dict[int, Found] = {}
        """Each position reached (its board's code): its best score and the steps that reached
        it."""
        self._seen: dict[tuple[object, ...], Rank | None] = {}
        """The states walked with dice left (doubles only), and the best rank recorded from
        each: a state reached again in another order is not walked again."""
        rules = state.rules
        self._final_block = rules.block_check == "final"
        self._pref = rules.bearoff_preference
        self._frozen = rules.no_hit_and_run_home
        self._plain = self._pref == "standard" and not self._final_block
        """Whether a play's rank is its dice and their pips alone, wherever it stops: then the
        last die's plays from one state all share a rank (``_leaves``)."""
        self._memo = False
        self._best: Rank | None = None
        """The best rank recorded in the subtree being walked: what the memo keeps for a state,
        and ``run_by_first_step`` for a first step."""

    def run(self, dice: tuple[int, ...], score: Score = (0, 0, 0, 0)) -> None:
        """Walk every sequence of steps from the state with ``dice`` left to play.

        ``score`` is (dice used, their pips, dice at full value, pips moved) so far.
        """
        # Only a double's moves can reach one board in two orders with dice still to play.
        self._memo = len(dice) > 2
        self._walk(tuple(sorted(dice, reverse=True)), score, ())

    def run_by_first_step(self, dice: tuple[int, ...]) -> list[tuple[Step, Rank]]:
        """``run(dice)``, one first step at a time; returns each first step that leads to a
        play, with the best rank reached after it (the memo keeps each state's best, so a state
        reached again after another first step counts for this one too)."""
        st = self.state
        ordered = tuple(sorted(dice, reverse=True))
        self._memo = len(ordered) > 2
        reached: list[tuple[Step, Rank]] = []
        moved = False
        for die, rest, src, dst in self._steps(ordered, list(st.sources())):
            moved = True
            hit = st.apply(src, dst)
            step = (src, dst, die, hit)
            self._best = None
            self._walk(rest, advance((0, 0, 0, 0), src, dst, die), (step,))
            if self._best is not None:
                reached.append((step, self._best))
            st.revert(src, dst, hit)
        if not moved or self._final_block:
            self._record(st.code, (0, 0, 0, 0), ())
        return reached

    def top_rank(self) -> Rank:
        """The best rank among the positions recorded."""
        return max(_rank(score, self._pref) for score, _ in self.outcomes.values())

    def outcomes_of_rank(self, rank: Rank) -> list[Outcome]:
        """The positions recorded with ``rank``, in the order they were first reached."""
        pref = self._pref
        return [
            Outcome(code, path, score)
            for code, (score, path) in self.outcomes.items()
            if _rank(score, pref) == rank
        ]

    def _record(self, code: int, score: Score, path: tuple[Step, ...]) -> None:
        st = self.state
        if self._final_block and st.has_bad_block():
            return
        rank = _rank(score, self._pref)
        if self._best is None or rank > self._best:
            self._best = rank
        known = self.outcomes.get(code)
        if known is None or (known[0] != score and rank > _rank(known[0], self._pref)):
            self.outcomes[code] = (score, path)

    def _walk(self, dice: tuple[int, ...], score: Score, path: tuple[Step, ...]) -> None:
        st = self.state
        if not (self._memo and dice):
            self._walk_on(dice, score, path)
            return
        memo: tuple[object, ...] = (st.code, dice, st.head_left)
        if self._frozen:
            memo += (tuple(st.frozen),)
        if self._pref != "standard":
            memo += (score[2], score[3])
        # The dice left (and the scores' other parts, where they count) fix the score so far,
        # so the best rank from a state is the same however it was reached.
        outer = self._best
        if memo in self._seen:
            here = self._seen[memo]
        else:
            self._best = None
            self._walk_on(dice, score, path)
            here = self._seen[memo] = self._best
        if outer is not None and (here is None or outer > here):
            here = outer
        self._best = here

    def _walk_on(self, dice: tuple[int, ...], score: Score, path: tuple[Step, ...]) -> None:
        """``_walk`` from a state not walked before."""
        st = self.state
        if st.me[OFF] == 15:
            self._record(st.code, finished(st.rules, dice, score), path)
            return
        if not dice:
            self._record(st.code, score, path)
            return
        moved = False
        me = st.me
        sources = (BAR,) if me[BAR] else list(compress(_DOWN, me[24:0:-1]))
        if len(dice) == 1:
            moved = self._leaves(dice[0], sources, score, path)
        else:
            apply, revert = st.apply, st.revert
            for die, rest, src, dst in self._steps(dice, sources):
                moved = True
                hit = apply(src, dst)
                self._walk(rest, advance(score, src, dst, die), (*path, (src, dst, die, hit)))
                revert(src, dst, hit)
        # A position that can go on is a play only if every way on ends in a forbidden block
        # (checked at the end of the play); otherwise its continuations use more dice.
        if not moved or self._final_block:
            self._record(st.code, score, path)

    def _steps(
        self, dice: tuple[int, ...], sources: Sequence[int]
    ) -> Iterator[tuple[int, tuple[int, ...], int, int]]:
        """Each single step with one of ``dice`` (highest first, each value once): the die,
        the dice left, the source and the target."""
        target = self.state.target
        tried = 0
        for i, die in enumerate(dice):
            if die == tried:
                continue
            tried = die
            rest = dice[:i] + dice[i + 1 :]
            for src in sources:
                dst = target(src, die)
                if dst >= 0:
                    yield die, rest, src, dst

    def _leaves(
        self, die: int, sources: Sequence[int], score: Score, path: tuple[Step, ...]
    ) -> bool:
        """Play the last die from every source and record where each ends (the search's
        innermost loop, kept flat); returns whether any checker could move.

        Where the search is ``_plain`` every play recorded here has the same rank (one more
        die, its pips) and only its board counts, so ``_record``'s work is done once for them
        all and each board's code is reckoned without making the move; a play that bears off
        the last checker goes through ``_walk`` (the dice left may count)."""
        st = self.state
        me, op = st.me, st.op
        target, apply, revert, record = st.target, st.apply, st.revert, self._record
        plain, outcomes, code = self._plain, self.outcomes, st.code
        more_left = me[OFF] < 14  # a checker borne off here is not the last
        used, pips, full, moved_pips = score[0] + 1, score[1] + die, score[2], score[3]
        rank = (used, pips)
        recorded = moved = False
        for src in sources:
            dst = target(src, die)
            if dst < 0:
                continue
            moved = True
            step_score = (used, pips, full + (src - die == dst), moved_pips + src - dst)
            if plain and (dst or more_left):
                hit = bool(dst) and op[dst] > 0
                board = code + _MOVED[src][dst] + (_HIT[dst] if hit else 0)
                known = outcomes.get(board)
                if known is None or (known[0] != step_score and rank > known[0][:2]):
                    outcomes[board] = (step_score, (*path, (src, dst, die, hit)))
                recorded = True
                continue
            hit = apply(src, dst)
            step_path = (*path, (src, dst, die, hit))
            if me[OFF] == 15:
                self._walk((), step_score, step_path)
            else:
                record(st.code, step_score, step_path)
            revert(src, dst, hit)
        if recorded and (self._best is None or rank > self._best):
            self._best = rank
        return moved


def finished(rules: TablesRules, dice: tuple[int, ...], score: Score) -> Score:
    """The score of a play that bore off the last checker with ``dice`` left over: the game
    ends at once, and where the rules say so the dice left count as used at full value."""
    if not dice or not rules.finish_uses_all_dice:
        return score
    n = len(dice)
    return (score[0] + n, score[1] + sum(dice), score[2] + n, score[3])


def advance(score: Score, src: int, dst: int, die: int) -> Score:
    """The score after one more step: a die used, its pips, whether it moved the checker its
    full value (an exact bear-off counts), the pips moved."""
    return (score[0] + 1, score[1] + die, score[2] + (src - die == dst), score[3] + src - dst)


def _rank(score: Score, pref: str) -> Rank:
    """The part of a score that decides between plays under a bear-off preference."""
    if pref == "seed":
        return score[:3]
    if pref == "maxpips":
        return (score[0], score[1], score[3])
    return score[:2]


def best_outcomes(state: TurnState, dice: tuple[int, ...]) -> list[Outcome]:
    """The legal plays from ``state`` with ``dice``: one outcome per distinct position, those
    whose score is the best any sequence reaches."""
    search = Search(state)
    search.run(dice)
    return search.outcomes_of_rank(search.top_rank())


@dataclass(frozen=True, slots=True)
class Survey:
    """A turn seen whole from its start: its legal plays (as ``best_outcomes``), their rank,
    and the single steps a legal play can begin with, in the order ``Turn.legal_moves``
    lists them (dice from the highest, then sources from the bar down)."""

    outcomes: tuple[Outcome, ...]
    rank: Rank
    first_steps: tuple[Step, ...]


def survey(state: TurnState, dice: tuple[int, ...]) -> Survey:
    """Everything a turn's start needs, in one walk: the walk of ``best_outcomes``, taken one
    first step at a time so that each first step's best rank is known (the one ``can_reach``
    from after it would find; the memo keeps each state's best rank, so a state reached after
    several first steps is still walked once)."""
    search = Search(state)
    reached = search.run_by_first_step(dice)
    best = search.top_rank()
    return Survey(
        tuple(search.outcomes_of_rank(best)),
        best,
        tuple(step for step, rank in reached if rank == best),
    )


def best_rank(state: TurnState, dice: tuple[int, ...]) -> Rank:
    """The best score rank any sequence from ``state`` reaches with ``dice``."""
    search = Search(state)
    search.run(dice)
    return search.top_rank()


def stops_at(state: TurnState, dice: tuple[int, ...], score: Score, rank: Rank) -> bool:
    """Whether a play may stop where ``state`` stands, ``dice`` unplayed, ``score`` earned:
    a play of the best ``rank`` that ends in an allowed position."""
    if state.rules.block_check == "final" and state.has_bad_block():
        return False
    if state.me[OFF] == 15:
        score = finished(state.rules, dice, score)
    return _rank(score, state.rules.bearoff_preference) == rank


def can_reach(state: TurnState, dice: tuple[int, ...], score: Score, rank: Rank) -> bool:
    """Whether some sequence from ``state`` (``score`` already earned) reaches ``rank``."""
    search = Search(state)
    search.run(dice, score)
    pref = state.rules.bearoff_preference
    return any(_rank(found[0], pref) == rank for found in search.outcomes.values())
