"""The turn's survey (``gamehall.tables.generator.survey``) against the three searches it
replaces: ``best_outcomes`` for the plays, ``best_rank`` for their rank, and ``can_reach`` from
after each single step for the first moves a turn offers."""

from gamehall.tables.generator import advance, best_outcomes, best_rank, can_reach, survey
from gamehall.tables.position import TablesPosition, check_dice, dice_to_play


def assert_survey_agrees(position: TablesPosition, dice: tuple[int, int]) -> None:
    """One walk finds what three searches find, in the same order."""
    pair = check_dice(dice)
    rolled = dice_to_play(pair)
    seen = survey(position._state(pair), rolled)
    plays = best_outcomes(position._state(pair), rolled)
    rank = best_rank(position._state(pair), rolled)
    assert seen.rank == rank
    assert [(o.mover, o.opponent, o.path) for o in seen.outcomes] == [
        (o.mover, o.opponent, o.path) for o in plays
    ]
    state = position._state(pair)
    first = []
    for die in sorted(set(rolled), reverse=True):
        for src in list(state.sources()):
            dst = state.target(src, die)
            if dst < 0:
                continue
            hit = state.apply(src, dst)
            left = list(rolled)
            left.remove(die)
            if can_reach(state.copy(), tuple(left), advance((0, 0, 0, 0), src, dst, die), rank):
                first.append((src, dst, die, hit))
            state.revert(src, dst, hit)
    assert list(seen.first_steps) == first
