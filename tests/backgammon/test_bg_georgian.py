"""Georgian backgammon: its settings, and G4 (no hit-and-run in one's own home board) in the
legal plays and step by step, with the rules page's examples."""

import pytest

from gamehall.backgammon import GEORGIAN, INTERNATIONAL, VARIANTS, Position, find_variant
from gamehall.errors import GameError, IllegalMoveError

P = Position.from_points
# A blot of the opponent on our 3 (his 22), our checker on 8, the rest on our 6.
BLOT_ON_3 = {8: 1, 6: 14}, {22: 1, 1: 14}
# Hit-and-run is the only way to play both dice: our 6 is blocked, the checker on 1 cannot
# bear off while the one on 8 is out.
ONLY_HIT_AND_RUN = {8: 1, 1: 1}, {22: 1, 19: 2, 1: 12}


def results(position: Position, dice: tuple[int, int]) -> set[Position]:
    return {play.result for play in position.legal_plays(dice)}


def test_the_georgian_settings() -> None:
    assert GEORGIAN.cube_values == (2, 3, 4, 5, 6)
    assert not GEORGIAN.crawford and not GEORGIAN.undo_within_turn
    assert GEORGIAN.no_hit_and_run_home and not INTERNATIONAL.no_hit_and_run_home
    assert INTERNATIONAL.cube_values is None
    assert INTERNATIONAL.crawford and INTERNATIONAL.undo_within_turn
    assert find_variant("Georgian") is GEORGIAN and set(VARIANTS) == {"international", "georgian"}
    with pytest.raises(GameError, match="unknown backgammon variant 'nardy'"):
        find_variant("nardy")


def test_the_next_cube_value_is_the_variants() -> None:
    assert [GEORGIAN.next_cube(v) for v in (1, 2, 3, 5, 6)] == [2, 3, 4, 6, None]
    assert [INTERNATIONAL.next_cube(v) for v in (1, 2, 64, 1 << 20)] == [2, 4, 128, 1 << 21]
    assert INTERNATIONAL.next_cube(32, cap=64) == 64 and INTERNATIONAL.next_cube(64, 64) is None
    assert GEORGIAN.next_cube(4, cap=4) is None
    GEORGIAN.check_cube_cap(5)
    INTERNATIONAL.check_cube_cap(256)
    for variant, cap in ((INTERNATIONAL, 48), (INTERNATIONAL, 1), (GEORGIAN, 8), (GEORGIAN, True)):
        with pytest.raises(GameError, match="cube_cap must be a value the cube shows"):
            variant.check_cube_cap(cap)


def test_a_position_keeps_its_variant() -> None:
    georgian = Position.initial("georgian")
    assert georgian.variant is GEORGIAN and Position.initial().variant is INTERNATIONAL
    assert georgian.play("24/18 13/11", (6, 2)).variant is GEORGIAN
    assert Position.from_id("4HPwATDgc/ABMA", GEORGIAN).variant is GEORGIAN
    assert P(*BLOT_ON_3, variant="georgian").variant is GEORGIAN


def test_the_georgian_start_and_opening_plays_are_the_international_ones() -> None:
    international, georgian = Position.initial(), Position.initial("georgian")
    for dice in [(6, 5), (3, 1), (4, 4)]:
        assert results(international, dice) == results(georgian, dice)


def test_hit_then_run_on_with_the_same_checker_is_illegal() -> None:
    international, georgian = P(*BLOT_ON_3), P(*BLOT_ON_3, variant="georgian")
    run = international.play("8/3*/1", (5, 2))
    assert run in results(international, (5, 2))
    assert run not in results(georgian, (5, 2))
    turn = georgian.start_turn((5, 2))
    turn.move(8, 5)
    with pytest.raises(IllegalMoveError, match="may not move again this turn"):
        turn.move(3, 2)


def test_writing_hit_and_run_is_refused_and_not_read_as_another_play() -> None:
    """``8/3*/1`` writes hit-and-run: it is refused, not read as 8/6/1 (the same checker to
    the same point by another route)."""
    georgian = P(*BLOT_ON_3, variant="georgian")
    with pytest.raises(IllegalMoveError, match="the checker that hit on 3 may not move again"):
        georgian.play("8/3*/1", (5, 2))


def test_hit_then_play_the_other_die_with_another_checker_is_legal() -> None:
    georgian = P(*BLOT_ON_3, variant="georgian")
    hit = georgian.play("8/3* 6/4", (5, 2))
    assert hit in results(georgian, (5, 2))
    assert hit.mover[25] == 1  # the opponent, on roll now, is on the bar
    assert results(georgian, (5, 2)) == results(P(*BLOT_ON_3), (5, 2)) - {
        P(*BLOT_ON_3).play("8/3*/1", (5, 2))
    }


def test_when_hit_and_run_is_the_only_way_to_use_both_dice_only_one_is_played() -> None:
    international = P(*ONLY_HIT_AND_RUN)
    georgian = P(*ONLY_HIT_AND_RUN, variant="georgian")
    assert [p.notation for p in international.legal_plays((5, 2))] == ["8/3*/1"]
    assert [p.notation for p in georgian.legal_plays((5, 2))] == ["8/3*"]
    turn = georgian.start_turn((5, 2))
    assert [str(m) for m in turn.legal_moves()] == ["8/3*"]
    turn.move(8, 5)
    assert turn.is_complete and turn.dice_left == (2,) and turn.legal_moves() == []


def test_a_hit_outside_the_home_board_restricts_nothing() -> None:
    # The opponent's blot on our 10 (his 15): 15/10*/8 is legal in Georgian too.
    points = {15: 1, 6: 14}, {15: 1, 1: 14}
    international, georgian = P(*points), P(*points, variant="georgian")
    assert results(georgian, (5, 2)) == results(international, (5, 2))
    assert georgian.play("15/10*/8", (5, 2)) in results(georgian, (5, 2))


def test_a_checker_that_hits_in_the_home_board_does_not_even_bear_off() -> None:
    points = {4: 1, 1: 14}, {23: 1, 10: 14}
    assert [p.notation for p in P(*points).legal_plays((2, 2))] == ["4/2*/off 1/off(2)"]
    assert [p.notation for p in P(*points, variant="georgian").legal_plays((2, 2))] == ["4/2*"]


def test_the_frozen_checker_may_be_covered_and_the_cover_may_move_on() -> None:
    # Two checkers on our 5, a blot on our 3, 2-2: one hits, the other covers and moves on.
    points = {5: 2, 6: 13}, {22: 1, 1: 14}
    georgian = P(*points, variant="georgian")
    ran_both = P({1: 2, 6: 13}, {25: 1, 1: 14}).swapped()
    covered_and_on = P({3: 1, 1: 1, 4: 1, 6: 12}, {25: 1, 1: 14}).swapped()
    assert ran_both in results(P(*points), (2, 2))
    assert ran_both not in results(georgian, (2, 2))
    assert covered_and_on in results(georgian, (2, 2))

    turn = georgian.start_turn((2, 2))
    turn.move(5, 2)  # 5/3*: this checker is frozen for the rest of the turn
    assert "3/1" not in {str(m) for m in turn.legal_moves()}
    turn.move(5, 2)  # 5/3 covers it
    assert "3/1" in {str(m) for m in turn.legal_moves()}
    turn.move(3, 2)  # the cover moves on
    assert "3/1" not in {str(m) for m in turn.legal_moves()}
    with pytest.raises(IllegalMoveError, match="the checker that hit on 3 may not move again"):
        turn.move(3, 2)
    turn.move(6, 2)
    assert turn.is_complete and turn.play().result == covered_and_on


def test_the_turn_after_a_home_board_hit_offers_only_the_other_checkers() -> None:
    georgian = P(*BLOT_ON_3, variant="georgian")
    turn = georgian.start_turn((5, 2))
    assert {str(m) for m in turn.legal_moves()} == {"8/3*", "8/6", "6/1", "6/4"}
    turn.move(8, 5)
    assert [str(m) for m in turn.legal_moves()] == ["6/4"]
    with pytest.raises(IllegalMoveError, match="the checker that hit on 3 may not move again"):
        turn.move(3, 2)


def test_georgian_notation_never_shows_a_home_board_hitter_moving_on() -> None:
    """Whichever checker the search moved on from a point where it hit, the notation must not
    read as hit-and-run (``5/3*/1``): in Georgian that is an illegal play."""
    georgian = P({5: 2, 6: 13}, {22: 1, 1: 14}, "georgian")
    for play in georgian.legal_plays((2, 2)):
        assert "3*/" not in play.notation, play.notation
