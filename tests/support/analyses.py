"""Small analyses made by hand (no engine), and matches to hang them on, for the tests of what
stores and shows them."""

from gamehall.analysis.renju_record import (
    RenjuAnalysis,
    RenjuDecision,
    RenjuJudging,
    RenjuPlayerSummary,
)
from gamehall.analysis.values import Band, Choice, Decision, PlayerFigures, TablesAnalysis
from gamehall.play.registry import new_match
from gamehall.play.settings import MatchSettings
from gamehall.store import PlayerSeat, Store, User

NONE: dict[Band, int] = {"doubtful": 0, "error": 0, "blunder": 0}


def tables_analysis(names: tuple[str, str] = ("ann", "bob")) -> TablesAnalysis:
    """A backgammon analysis of two plays: ann's a blunder, bob's the best."""
    decisions = (
        Decision(
            game=1, move=1, player=0, kind="checker", played="13/10 13/9", best="24/20 13/10",
            loss=0.1, equity_before=0.05, equity_after=-0.05, band="blunder", luck=0.02,
            dice=(4, 3), choices=(Choice("24/20 13/10", 0.05), Choice("13/10 13/9", -0.05)),
        ),
        Decision(
            game=1, move=1, player=1, kind="checker", played="24/18 13/11", best="24/18 13/11",
            loss=0.0, equity_before=0.01, equity_after=0.01, luck=-0.01, dice=(6, 2),
            choices=(Choice("24/18 13/11", 0.01),),
        ),
    )  # fmt: skip
    players = (
        PlayerFigures(names[0], 1, 1, 0.1, 0, 0.0, 0.02, 1.0, NONE | {"blunder": 1}),
        PlayerFigures(names[1], 1, 1, 0.0, 0, 0.0, -0.01, -1.0, NONE),
    )
    return TablesAnalysis("backgammon", 0, False, players, decisions)


def renju_analysis(names: tuple[str, str] = ("ann", "bob")) -> RenjuAnalysis:
    """A renju analysis of two stones: the centre (the only move) and White's mistake."""
    decisions = (
        RenjuDecision(
            1, 1, 0, "black", "move", "h8", "h8", 0.0, 0.5, 0.5, None, False, False, None, None,
            "only-move",
        ),
        RenjuDecision(
            1, 2, 1, "white", "move", "a1", "g8", 0.3, 0.45, 0.15, "mistake", False, False, None,
            None, None,
        ),
    )  # fmt: skip
    players = (
        RenjuPlayerSummary.of(names[0], 0, decisions),
        RenjuPlayerSummary.of(names[1], 1, decisions),
    )
    return RenjuAnalysis(players, decisions, RenjuJudging(), 0.5)


def new_match_id(
    store: Store, users: tuple[User, User], *, over: bool, game: str = "backgammon"
) -> str:
    """A new match between ``users`` (seat 0 first), finished when ``over``."""
    settings = MatchSettings.from_dict({"game": game, "length": 1})
    match = new_match(settings, (users[0].name, users[1].name))
    seats = [PlayerSeat(u.id, "human", None, u.name) for u in users]
    match_id = store.matches.create(match.to_dict(), players=seats)
    if over:
        summary = {"score": [1, 0], "winner": 0, "end_reason": "resign"}
        store.matches.append(match_id, [], secrets=None, status="over", summary=summary)
    return match_id
