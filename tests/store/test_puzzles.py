"""Puzzles in the store: each kept once, the next one picked near the solver's rating, the daily
one the same all day, and a first attempt rated (solver and puzzle, by Glicko-2) and kept, a
second one not."""

from collections.abc import Callable
from datetime import date

from gamehall.puzzles.values import Puzzle
from gamehall.store import Store, User


def _puzzle(position: str, themes: tuple[str, ...] = ("fours",)) -> Puzzle:
    return Puzzle(
        game="renju",
        task="win",
        position=position,
        mover="black",
        answers=("g7",),
        solution=("g7", "f8", "g5"),
        themes=themes,
    )


def test_a_puzzle_is_kept_once(store: Store) -> None:
    first = store.puzzles.add([_puzzle("h8 h9"), _puzzle("h8 h9")])
    assert len(first) == 1
    assert store.puzzles.add([_puzzle("h8 h9")]) == []
    stored = store.puzzles.get(first[0])
    assert stored is not None and stored.puzzle == _puzzle("h8 h9")
    assert stored.rating.rating == 1400.0 and stored.attempts == 0
    elsewhere = Puzzle.from_dict(_puzzle("h8 h9").to_dict() | {"source": "m9"})
    found = store.puzzles.find(elsewhere)
    assert found is not None and found.id == first[0] and found.puzzle.source is None
    assert store.puzzles.find(_puzzle("h8 h10")) is None


def test_a_matchs_puzzles_are_found_by_its_id(store: Store) -> None:
    taken = Puzzle.from_dict(_puzzle("h8 h9").to_dict() | {"source": "m1", "move": 3})
    (first,) = store.puzzles.add([taken])
    store.puzzles.add([_puzzle("h8 h10")])
    assert [p.id for p in store.puzzles.of_match("m1")] == [first]
    assert store.puzzles.of_match("m2") == []


def test_the_next_puzzle_is_near_the_rating_and_not_tried(
    store: Store, make_user: Callable[[str], User]
) -> None:
    easy, hard = store.puzzles.add([_puzzle("h8 h9"), _puzzle("h8 h10", ("fours-and-threes",))])
    ann = make_user("ann")
    assert store.puzzles.next_for(ann.id, 1450) is not None
    found = store.puzzles.next_for(ann.id, 1450)
    assert found is not None and found.id == easy
    found = store.puzzles.next_for(ann.id, 1800)
    assert found is not None and found.id == hard
    found = store.puzzles.next_for(ann.id, 1450, theme="fours-and-threes")
    assert found is not None and found.id == hard
    assert store.puzzles.next_for(ann.id, 1450, game="nardy") is None
    store.puzzles.attempt(ann.id, easy, solved=True)
    found = store.puzzles.next_for(ann.id, 1450)
    assert found is not None and found.id == hard
    assert store.puzzles.next_for(ann.id, 1450, skip=[hard]) is None


def test_a_first_attempt_rates_the_solver_and_the_puzzle(
    store: Store, make_user: Callable[[str], User]
) -> None:
    (puzzle_id,) = store.puzzles.add([_puzzle("h8 h9")])
    ann, bob = make_user("ann"), make_user("bob")
    solved = store.puzzles.attempt(ann.id, puzzle_id, solved=True)
    assert solved is not None and solved.rating_before == 1500.0
    assert solved.rating_after > 1500.0
    after_ann = store.puzzles.get(puzzle_id)
    assert after_ann is not None and after_ann.rating.rating < 1400.0 and after_ann.solved == 1
    assert store.puzzles.attempt(ann.id, puzzle_id, solved=False) is None  # not rated again
    assert store.puzzles.rating(ann.id).rating.rating == solved.rating_after
    failed = store.puzzles.attempt(bob.id, puzzle_id, solved=False)
    assert failed is not None and failed.rating_after < 1500.0
    after_bob = store.puzzles.get(puzzle_id)
    assert after_bob is not None and after_bob.rating.rating > after_ann.rating.rating
    assert after_bob.attempts == 2
    assert [a.puzzle_id for a in store.puzzles.history(ann.id)] == [puzzle_id]
    assert store.puzzles.rating(make_user("cat").id).attempts == 0


def test_the_daily_puzzle_is_the_same_all_day(store: Store) -> None:
    assert store.puzzles.daily("renju", date(2026, 12, 6)) is None
    store.puzzles.add([_puzzle("h8 h9"), _puzzle("h8 h10"), _puzzle("h8 h11")])
    today = store.puzzles.daily("renju", date(2026, 12, 6))
    assert today is not None
    again = store.puzzles.daily("renju", date(2026, 12, 6))
    assert again is not None and again.id == today.id
    tomorrow = store.puzzles.daily("renju", date(2026, 12, 7))
    assert tomorrow is not None and tomorrow.id != today.id
    assert store.puzzles.daily("backgammon", date(2026, 12, 6)) is None
