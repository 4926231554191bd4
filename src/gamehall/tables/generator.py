"""The one generator of legal plays for every tables game.

A play is a sequence of single steps, one die each. The search walks every sequence (make and
unmake on two small lists, with a memo so that orders reaching the same board are walked once),
records each position a sequence can stop in, and keeps the plays whose score is the best: the
most dice used, then the larger die (the dice's pips), then, where the rule set asks, the most
dice at full value or the most pips moved. That one ordering is the whole of "use as many dice as
possible, else the larger" for backgammon and nardy alike.
"""

from collections.abc import Iterator
from dataclasses import dataclass

from gamehall.tables.moves import BAR, OFF, Move, point_name
from gamehall.tables.rules import TablesRules

Score = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """A position a sequence of steps ends in: the mover's and the opponent's checkers (both
    as seen by the mover), the steps that led there and their score."""

    mover: tuple[int, ...]
    opponent: tuple[int, ...]
    steps: tuple[Move, ...]
    score: Score


class TurnState:
    """The board during a turn, from the mover's side, changed in place by ``apply``/``revert``.

    ``me[p]`` is the mover's checkers on his point ``p`` (``me[0]`` borne off, ``me[25]`` on
    the bar); ``op[p]`` the opponent's checkers on the same point, in the mover's numbering
    (``op[0]`` borne off, ``op[25]`` on the bar).
    """

    __slots__ = ("frozen", "head_left", "me", "op", "rules")

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

    def copy(self) -> "TurnState":
        """An independent copy, for interfaces that step through a turn."""
        return TurnState(self.rules, self.me[:], self.op[:], self.head_left, self.frozen[:])

    def key(self) -> bytes:
        """The board as bytes: equal boards, equal keys."""
        return bytes(self.me) + bytes(self.op)

    def target(self, src: int, die: int) -> int | str:
        """Where a checker from ``src`` lands with ``die``, or why it cannot move."""
        me = self.me
        rules = self.rules
        if not 0 < src <= BAR or me[src] == 0:
            return f"there is no checker of yours on {point_name(src)}"
        if src != BAR and me[BAR]:
            return "a checker on the bar must enter first"
        if me[src] <= self.frozen[src]:
            return (
                f"the checker that hit on {src} may not move again this turn "
                "(no hit-and-run in the home board)"
            )
        if src == 24 and rules.head_rule and self.head_left == 0:
            return "no more checkers may leave the head this turn (the head rule)"
        dst = src - die
        if dst <= 0:
            if any(me[7:]):
                return "cannot bear off yet: all your checkers must be in your home board"
            if dst < 0 and any(me[src + 1 : 7]):
                return (
                    f"cannot bear off from {src} with a {die}: "
                    "a checker on a higher point must be moved first"
                )
            return OFF
        opposing = self.op[dst]
        if opposing:
            if not rules.hitting:
                return f"{dst} is taken: an opposing checker stands there"
            if opposing > 1:
                return f"{dst} is blocked: {opposing} opposing checkers stand there"
        if rules.block_check == "step" and me[dst] == 0 and self._builds_bad_block(src, dst):
            return (
                f"{src}/{dst} would build a block of six points with no opposing checker "
                "ahead of it"
            )
        return dst

    def _builds_bad_block(self, src: int, dst: int) -> bool:
        """Whether moving a checker from ``src`` to the empty point ``dst`` closes a run of six
        points (along the opponent's path) with no opposing checker ahead of it."""
        opposite = self.rules.opposite
        me = self.me

        def held(r: int) -> bool:
            p = opposite[r]
            return p == dst or (me[p] > (1 if p == src else 0))

        r0 = opposite[dst]
        low = r0
        while low > 1 and held(low - 1):
            low -= 1
        high = r0
        while high < 24 and held(high + 1):
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
        if src == 24 and self.rules.head_rule:
            self.head_left -= 1
        if dst and op[dst]:
            op[dst] = 0
            op[BAR] += 1
            if self.rules.no_hit_and_run_home and dst <= 6:
                self.frozen[dst] += 1
            return True
        return False

    def revert(self, src: int, dst: int, hit: bool) -> None:
        """Undo ``apply(src, dst)`` that returned ``hit``."""
        me = self.me
        me[src] += 1
        me[dst] -= 1
        if src == 24 and self.rules.head_rule:
            self.head_left += 1
        if hit:
            self.op[dst] = 1
            self.op[BAR] -= 1
            if self.rules.no_hit_and_run_home and dst <= 6:
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
        self.outcomes: dict[bytes, Outcome] = {}
        self._seen: set[tuple[object, ...]] = set()
        rules = state.rules
        self._final_block = rules.block_check == "final"
        self._pref = rules.bearoff_preference
        self._frozen = rules.no_hit_and_run_home

    def run(self, dice: tuple[int, ...], score: Score = (0, 0, 0, 0), path: tuple[Move, ...] = ()) -> None:
        """Walk every sequence of steps from the state with ``dice`` left to play.

        ``score`` is (dice used, their pips, dice at full value, pips moved) so far.
        """
        self._walk(tuple(sorted(dice, reverse=True)), score, list(path))

    def _record(self, score: Score, path: list[Move]) -> None:
        st = self.state
        if self._final_block and st.has_bad_block():
            return
        key = st.key()
        known = self.outcomes.get(key)
        if known is None or _rank(score, self._pref) > _rank(known.score, self._pref):
            self.outcomes[key] = Outcome(tuple(st.me), tuple(st.op), tuple(path), score)

    def _walk(self, dice: tuple[int, ...], score: Score, path: list[Move]) -> None:
        st = self.state
        memo: tuple[object, ...] = (st.key(), dice, st.head_left)
        if self._frozen:
            memo += (tuple(st.frozen),)
        if self._pref != "standard":
            memo += (score[2], score[3])
        if memo in self._seen:
            return
        self._seen.add(memo)
        if st.me[OFF] == 15:
            if dice and st.rules.finish_uses_all_dice:
                n = len(dice)
                score = (score[0] + n, score[1] + sum(dice), score[2] + n, score[3])
            self._record(score, path)
            return
        self._record(score, path)
        if not dice:
            return
        tried: set[int] = set()
        for i, die in enumerate(dice):
            if die in tried:
                continue
            tried.add(die)
            rest = dice[:i] + dice[i + 1 :]
            for src in list(st.sources()):
                dst = st.target(src, die)
                if isinstance(dst, str):
                    continue
                hit = st.apply(src, dst)
                full = 1 if src - die == dst else 0
                moved = src - dst
                path.append(Move(src, dst, die, hit))
                self._walk(
                    rest, (score[0] + 1, score[1] + die, score[2] + full, score[3] + moved), path
                )
                path.pop()
                st.revert(src, dst, hit)


def _rank(score: Score, pref: str) -> Score:
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
    pref = state.rules.bearoff_preference
    best = max(_rank(o.score, pref) for o in search.outcomes.values())
    return [o for o in search.outcomes.values() if _rank(o.score, pref) == best]


def best_rank(state: TurnState, dice: tuple[int, ...]) -> Score:
    """The best score rank any sequence from ``state`` reaches with ``dice``."""
    search = Search(state)
    search.run(dice)
    pref = state.rules.bearoff_preference
    return max(_rank(o.score, pref) for o in search.outcomes.values())


def can_reach(state: TurnState, dice: tuple[int, ...], score: Score, rank: Score) -> bool:
    """Whether some sequence from ``state`` (``score`` already earned) reaches ``rank``."""
    search = Search(state)
    search.run(dice, score)
    pref = state.rules.bearoff_preference
    return any(_rank(o.score, pref) == rank for o in search.outcomes.values())
