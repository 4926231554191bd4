"""The computer in renju matches with Swap2 and forbidden="claim": it places the opening stones,
decides colours with its evaluation, and claims fouls."""

from gamehall.engines import find_engine
from gamehall.engines.base import ChooseMove
from gamehall.engines.driver import step, wants_to_act
from gamehall.engines.renju import BeginnerRenjuEngine
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import RenjuSettings
from gamehall.renju import Board
from support.matches import FakeTime

SWAP2 = RenjuSettings(rule="gomoku-standard", opening="swap2")


class Scored(BeginnerRenjuEngine):
    """A beginner whose evaluation is fixed, to see the choice follow it; it plays a corner
    while the opening rule allows one, else the first point it allows."""

    def __init__(self, score: float) -> None:
        super().__init__(1)
        self.score = score

    def evaluate(self, board: Board) -> float:
        return self.score

    def _decide(self, decision: object) -> str:  # type: ignore[override]
        assert isinstance(decision, ChooseMove)
        free = [p for p in ("a1", "o15", "a15") if decision.board.stone_at(p) is None]
        allowed = free if decision.allowed is None else sorted(decision.allowed)
        return next((p for p in free if p in allowed), allowed[0])


def _three(match: RenjuMatch) -> None:
    for point in ("h8", "h9", "i9"):
        match.act(0, "move", point=point)


def test_the_computer_plays_a_swap2_match_against_itself() -> None:
    match = RenjuMatch(SWAP2, ("A", "B"), time_source=FakeTime())
    match.start()
    engines = {0: find_engine("renju", "beginner", 1), 1: find_engine("renju", "beginner", 2)}
    kinds = set()
    while not match.is_over:
        player = next(p for p in (0, 1) if wants_to_act(match, p))
        kinds |= {event.kind for event in step(match, player, engines[player])}
    assert "opening_choice" in kinds


def test_the_computer_keeps_white_when_white_stands_well() -> None:
    match = RenjuMatch(SWAP2, ("Human", "Computer"), time_source=FakeTime())
    match.start()
    _three(match)
    events = step(match, 1, Scored(0.5))
    assert events[0].kind == "opening_choice"
    assert events[0].outcome == {"choice": "white", "black": 0, "swap": False}


def test_the_computer_swaps_when_black_stands_better() -> None:
    match = RenjuMatch(SWAP2, ("Human", "Computer"), time_source=FakeTime())
    match.start()
    _three(match)
    events = step(match, 1, Scored(-0.5))
    assert events[0].outcome == {"choice": "black", "black": 1, "swap": True}
    assert match.to_act == 0


def test_the_computer_chooses_its_colour_after_two_more_stones() -> None:
    match = RenjuMatch(SWAP2, ("Computer", "Human"), time_source=FakeTime())
    match.start()
    engine = Scored(-0.5)
    for _ in range(3):
        step(match, 0, engine)
    assert match.board is not None and len(match.board.moves) == 3
    match.act(1, "opening_choice", choice="place2")
    match.act(1, "move", point="g8")
    match.act(1, "move", point="j10")
    events = step(match, 0, engine)
    assert events[0].outcome == {"choice": "black", "black": 0, "swap": False}


def test_the_computer_claims_a_foul_as_white() -> None:
    settings = RenjuSettings(forbidden="claim")
    match = RenjuMatch(settings, ("Human", "Computer"), time_source=FakeTime())
    match.start()
    for number, point in enumerate(["h8", "g9", "i8", "a13", "j10", "c13", "j9", "e13", "j8"]):
        match.act(number % 2, "move", point=point)
    events = step(match, 1, find_engine("renju", "beginner", 1))
    assert events[0].kind == "claim"
    assert match.is_over and match.winner == 1


SOOSORV = RenjuSettings(opening="soosorv-8")


def test_the_computer_plays_a_soosorv_match_against_itself() -> None:
    match = RenjuMatch(SOOSORV, ("A", "B"), time_source=FakeTime())
    match.start()
    engines = {0: find_engine("renju", "beginner", 1), 1: find_engine("renju", "beginner", 2)}
    kinds = []
    while not match.is_over:
        player = next(p for p in (0, 1) if wants_to_act(match, p))
        kinds += [event.kind for event in step(match, player, engines[player])]
    assert kinds.count("opening_choice") == 3
    assert "offer" in kinds


def test_the_computer_offers_distinct_fifth_moves() -> None:
    match = RenjuMatch(SOOSORV, ("Human", "Computer"), time_source=FakeTime())
    match.start()
    for point in ("h8", "h9", "h10"):
        match.act(0, "move", point=point)
    match.act(1, "opening_choice", choice="black")
    match.act(0, "move", point="h6")
    match.act(0, "opening_choice", choice="8")
    match.act(1, "opening_choice", choice="black")
    engine = Scored(0.0)
    for _ in range(8):
        step(match, 1, engine)
    assert match.opening is not None and len(set(match.opening.offers)) == 8  # type: ignore[union-attr]
    assert match.to_act == 0


def test_the_computer_plays_a_taraguchi_match_against_itself() -> None:
    settings = RenjuSettings(opening="taraguchi-10")
    match = RenjuMatch(settings, ("A", "B"), time_source=FakeTime())
    match.start()
    engines = {0: find_engine("renju", "beginner", 1), 1: find_engine("renju", "beginner", 2)}
    kinds = []
    while not match.is_over:
        player = next(p for p in (0, 1) if wants_to_act(match, p))
        kinds += [event.kind for event in step(match, player, engines[player])]
    assert kinds.count("opening_choice") == 5


def test_the_computer_offers_ten_and_chooses_among_them() -> None:
    settings = RenjuSettings(opening="taraguchi-10")
    match = RenjuMatch(settings, ("Computer", "Human"), time_source=FakeTime())
    match.start()
    match.act(0, "move", point="h8")
    match.act(1, "opening_choice", choice="white")
    match.act(1, "move", point="i9")
    match.act(0, "opening_choice", choice="black")
    match.act(0, "move", point="j8")
    match.act(1, "opening_choice", choice="white")
    match.act(1, "move", point="g10")
    match.act(0, "opening_choice", choice="offers")
    engine = Scored(0.0)
    for _ in range(10):
        step(match, 0, engine)
    assert match.opening is not None and len(match.opening.offers) == 10  # type: ignore[union-attr]
    events = step(RenjuMatch.from_dict(match.to_dict(), time_source=FakeTime()), 1, engine)
    assert events[0].kind == "move" and events[0].outcome["move"] in match.opening.offers  # type: ignore[union-attr]


def test_the_computer_plays_a_yamaguchi_match_against_itself() -> None:
    settings = RenjuSettings(opening="yamaguchi")
    match = RenjuMatch(settings, ("A", "B"), time_source=FakeTime())
    match.start()
    engines = {0: find_engine("renju", "beginner", 1), 1: find_engine("renju", "beginner", 2)}
    kinds = []
    while not match.is_over:
        player = next(p for p in (0, 1) if wants_to_act(match, p))
        kinds += [event.kind for event in step(match, player, engines[player])]
    assert kinds.count("opening_choice") == 2
