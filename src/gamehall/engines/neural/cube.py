"""Cube decisions from the network's cubeless probabilities: Janowski's cubeful equities for
money and match play, and the cube hint (``cube_hint``).

For the side on roll with winning chance ``p`` and the position's gammon shares, each cube
state has a cubeful value ``(1 - x) * dead + x * live`` (Janowski 1993): ``dead`` weighs the
outcomes at the cube's value by ``p``, ``live`` is the fully live cube's piecewise linear value
(``live.LiveCube``), whose take and cash points come from the variant's next cube value (so
Georgian's 2 -> 3 risks less than a doubling) and, in a match, from the match equity table
(``met``). ``x`` is the cube life (``cube_life``): 0.68 with contact, 0.6 to 0.7 in a race by
its length, 0.6 in a bear-off, the settings GNU Backgammon documents.

The three values of a cube decision, all from the doubler's side and in units of the cube now
(in a match: also as match winning chances, the equities normalised as gnubg does, 1 for
winning a single game at the cube now, -1 for losing it):

- **no double**: the cube as it is;
- **double, take**: the opponent owns the next value;
- **double, pass**: the doubler wins the cube now (+1).

The doubler doubles when ``min(take, pass)`` beats no double, or equals it with a pass (a
certain win is doubled out, not played to the end); the receiver takes when the take costs him
no more than passing, and beavers (money play, when allowed) when, having taken, he is the
favourite. A double that the opponent must pass but that loses to playing on (gammons) is
*too good*.
"""

from dataclasses import dataclass, replace
from typing import Literal

import numpy as np
import numpy.typing as npt

from gamehall.engines.base import CubeOwner, MatchContext
from gamehall.engines.neural.bearoff import is_bearoff
from gamehall.engines.neural.board import Boards, pip_counts
from gamehall.engines.neural.games.backgammon import is_race
from gamehall.engines.neural.live import LiveCube, Outcomes
from gamehall.engines.neural.met import match_equity_table
from gamehall.engines.neural.search import Searcher
from gamehall.errors import GameError

CUBE_LIFE = 0.68
"""Janowski's cube efficiency ``x`` in contact positions (GNU Backgammon's documented setting;
2/3 is the value of the literature's worked examples)."""
RACE_LIFE = (0.55, 0.00125, 0.6, 0.7)
"""In a race the cube is less alive the shorter the race: ``x = 0.55 + 0.00125 * pips`` of the
side on roll, kept between 0.6 and 0.7 (GNU Backgammon's documented race setting)."""
BEAROFF_LIFE = 0.6
"""A pure bear-off (every checker home)."""
TIE = 1e-9
"""Equities closer than this are equal."""


def before_roll(
    searcher: Searcher, board: Boards, plies: int, reply_width: int = 3
) -> npt.NDArray[np.float64]:
    """The cubeless probabilities of the side on roll in ``board`` before his roll: at 0-ply
    the network's; at 1 or 2 plies (gnubg's counting) the average over his 21 rolls of his best
    play's, searched as ``search`` does (``reply_width`` replies kept at 2-ply)."""
    if plies == 0:
        return np.asarray(searcher.evaluator.probabilities(board[None])[0], np.float64)
    if plies not in (1, 2):
        raise GameError(f"cube decisions look 0, 1 or 2 plies ahead, not {plies!r}")
    played = searcher.deeper(board, plies, reply_width)  # as the side that just played sees it
    return np.array([1.0 - played[0], played[3], played[4], played[1], played[2]])


def cube_life(board: Boards) -> float:
    """The cube efficiency ``x`` of a position (the side on roll first): contact, race or
    bear-off."""
    boards = board[None]
    if bool(is_bearoff(boards)[0]):
        return BEAROFF_LIFE
    if bool(is_race(boards)[0]):
        base, per_pip, least, most = RACE_LIFE
        return min(max(base + per_pip * int(pip_counts(boards)[0, 0]), least), most)
    return CUBE_LIFE


Action = Literal["no-double", "double-take", "double-pass", "too-good"]
Response = Literal["take", "pass", "beaver"]
ACTIONS: tuple[Action, ...] = ("no-double", "double-take", "double-pass", "too-good")
RESPONSES: tuple[Response, ...] = ("take", "pass", "beaver")
_TEXT: dict[Action, str] = {
    "no-double": "No double",
    "double-take": "Double, take",
    "double-pass": "Double, pass",
    "too-good": "Too good to double, pass",
}


def flip(context: MatchContext) -> MatchContext:
    """The same match from the other side (score swapped, the cube's owner too)."""
    owners: dict[CubeOwner | None, CubeOwner | None] = {
        "engine": "opponent",
        "opponent": "engine",
        None: None,
    }
    score = (context.score[1], context.score[0])
    return replace(context, score=score, cube_owner=owners[context.cube_owner])


def crawford_played(context: MatchContext) -> bool:
    """Whether a later game at a 1-away score is post-Crawford: this is the Crawford game, or
    a side was already 1-away when it began."""
    away = context.away
    return context.crawford or (away is not None and min(away) == 1)


def live_cube(probs: npt.ArrayLike, context: MatchContext) -> LiveCube:
    """The live-cube model of a position (the side on roll is the context's engine)."""
    outcomes = Outcomes.from_probabilities(np.asarray(probs, np.float64))
    away = context.away
    if away is None:
        return LiveCube.for_money(
            outcomes, context.variant, context.jacoby, context.cube_cap, context.cube_value
        )
    table = match_equity_table(context.variant, context.crawford_rule)
    done = crawford_played(context)

    def score(x: int, y: int) -> float:
        return table.mwc(x, y, done)

    return LiveCube.for_match(
        outcomes, away[0], away[1], score, context.variant, cube_alive=not context.crawford
    )


@dataclass(frozen=True)
class CubeHint:
    """The cube action for the side on roll, with the equities of each choice.

    ``no_double``, ``double_take`` and ``double_pass`` are cubeful equities from the doubler's
    side in units of the cube now (``double_take`` and ``double_pass`` are ``None`` when he
    may not double); in a match ``mwc`` holds the same three as match winning chances.
    ``response`` is the receiver's answer to a double (``take``, ``pass`` or ``beaver``), also
    given when the doubler should not double (and ``take`` when he may not).
    """

    action: Action
    response: Response
    no_double: float
    double_take: float | None
    double_pass: float | None
    probabilities: tuple[float, float, float, float, float]
    cube_life: float
    mwc: tuple[float, float | None, float | None] | None = None

    def __post_init__(self) -> None:
        if self.action not in ACTIONS:
            raise GameError(f"a cube action is one of {', '.join(ACTIONS)}, not {self.action!r}")
        if self.response not in RESPONSES:
            raise GameError(
                f"an answer to a double is {', '.join(RESPONSES)}, not {self.response!r}"
            )

    @property
    def may_double(self) -> bool:
        return self.double_take is not None

    @property
    def best(self) -> float:
        """The doubler's equity with the right cube action (in units of the cube now)."""
        if self.double_take is None or self.double_pass is None:
            return self.no_double
        return max(self.no_double, min(self.double_take, self.double_pass))

    @property
    def best_mwc(self) -> float | None:
        """The same as a match winning chance (``None`` in money play)."""
        if self.mwc is None:
            return None
        nd, dt, dp = self.mwc
        if dt is None or dp is None:
            return nd
        return max(nd, min(dt, dp))

    @property
    def doubles(self) -> bool:
        """Whether the side on roll should double."""
        return self.action in ("double-take", "double-pass")

    @property
    def text(self) -> str:
        """The action in words, e.g. ``"Double, take"``."""
        if not self.may_double:
            return "No double (the cube is not available)"
        if self.action == "no-double" and self.response == "beaver":
            return "No double, beaver"
        return _TEXT[self.action]

    def to_dict(self) -> dict[str, object]:
        return {
            "action": self.action,
            "response": self.response,
            "text": self.text,
            "no_double": self.no_double,
            "double_take": self.double_take,
            "double_pass": self.double_pass,
            "probabilities": list(self.probabilities),
            "cube_life": self.cube_life,
            "mwc": None if self.mwc is None else list(self.mwc),
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> "CubeHint":
        probs = data.get("probabilities")
        if not isinstance(probs, list) or len(probs) != 5:
            raise GameError("probabilities must be a list of five numbers")
        p = [_number("probabilities", x) for x in probs]
        mwc = data.get("mwc")
        if mwc is not None and (not isinstance(mwc, list) or len(mwc) != 3):
            raise GameError("mwc must be null or a list of three match winning chances")
        action, response = data.get("action"), data.get("response")
        if action not in ACTIONS:
            raise GameError(f"a cube action is one of {', '.join(ACTIONS)}, not {action!r}")
        if response not in RESPONSES:
            raise GameError(f"an answer to a double is {', '.join(RESPONSES)}, not {response!r}")
        return cls(
            action=action,
            response=response,
            no_double=_number("no_double", data.get("no_double")),
            double_take=_optional("double_take", data.get("double_take")),
            double_pass=_optional("double_pass", data.get("double_pass")),
            probabilities=(p[0], p[1], p[2], p[3], p[4]),
            cube_life=_number("cube_life", data.get("cube_life")),
            mwc=None
            if mwc is None
            else (
                _number("mwc", mwc[0]),
                _optional("mwc", mwc[1]),
                _optional("mwc", mwc[2]),
            ),
        )


def _number(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise GameError(f"{name} must be a number, not {value!r}")
    return float(value)


def _optional(name: str, value: object) -> float | None:
    return None if value is None else _number(name, value)


def _normalise(value: float, live: LiveCube, cube: int, match: bool) -> float:
    """A value (money points, or MWC) as an equity in units of the cube now."""
    if not match:
        return value / cube
    win, lose = live.cash(cube), live.drop(cube)
    if win - lose <= 1e-12:
        return 0.0
    return 2.0 * (value - lose) / (win - lose) - 1.0


def cube_hint(
    probs: npt.ArrayLike, context: MatchContext, cube_life: float = CUBE_LIFE
) -> CubeHint:
    """The cube action for the side on roll (the context's engine) whose cubeless probabilities
    before his roll are ``probs`` (win, win gammon, win backgammon, lose gammon, lose
    backgammon)."""
    p5 = np.asarray(probs, np.float64)
    if p5.shape != (5,):
        raise GameError("a cube hint needs the five probabilities of one position")
    live = live_cube(p5, context)
    p, v, match = float(p5[0]), context.cube_value, context.away is not None
    owner = {"engine": "me", "opponent": "opp", None: None}[context.cube_owner]
    nd = live.cubeful(p, v, owner, cube_life)
    probabilities = (float(p5[0]), float(p5[1]), float(p5[2]), float(p5[3]), float(p5[4]))
    if not context.engine_may_double:
        return CubeHint(
            action="no-double",
            response="take",
            no_double=_normalise(nd, live, v, match),
            double_take=None,
            double_pass=None,
            probabilities=probabilities,
            cube_life=cube_life,
            mwc=(nd, None, None) if match else None,
        )
    n = context.cube_after_double()
    dt = live.cubeful(p, n, "opp", cube_life)
    dp = live.cash(v)
    take = dt <= dp
    best = min(dt, dp)
    tie = abs(best - nd) <= TIE
    if best < nd or (tie and take):  # a tie doubles only a certain win out (a pass)
        action: Action = "too-good" if nd > dp and not take else "no-double"
    else:
        action = "double-take" if take else "double-pass"
    response: Response = "take" if take else "pass"
    if take and context.beavers and not match and dt < 0.0:
        response = "beaver"
    return CubeHint(
        action=action,
        response=response,
        no_double=_normalise(nd, live, v, match),
        double_take=_normalise(dt, live, v, match),
        double_pass=_normalise(dp, live, v, match),
        probabilities=probabilities,
        cube_life=cube_life,
        mwc=(nd, dt, dp) if match else None,
    )


def resignation_mwc(context: MatchContext, value: int) -> float:
    """The MWC of the context's engine when the opponent's resignation of ``value`` (1, 2, 3
    times the cube) is accepted."""
    away = context.away
    if away is None:
        raise GameError("match winning chances are for match play (a match length of 1 or more)")
    table = match_equity_table(context.variant, context.crawford_rule)
    return table.mwc(away[0] - value * context.cube_value, away[1], crawford_played(context))
