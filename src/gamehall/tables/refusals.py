"""Why a play written in text is not legal: the first step the rules refuse, or the rule on
using the dice that it breaks, as an ``IllegalMoveError`` with its reason and values."""

from itertools import pairwise

from gamehall.errors import IllegalMoveError
from gamehall.tables.generator import Score, TurnState, advance, best_rank
from gamehall.tables.moves import OFF, Segment, point_name


def explain(
    state: TurnState, segments: list[Segment], dice: tuple[int, ...], text: str
) -> IllegalMoveError:
    """Why the play in ``text`` is not legal: the first step the rules refuse, or the rule on
    using the dice that a legal-looking play breaks."""
    rank = best_rank(state.copy(), dice)
    sums = _sums(dice)
    play = repr(text)
    for path in segments:
        for (src, _), (goal, marked) in pairwise(path):
            leg = f"{point_name(src)}/{point_name(goal)}"
            if goal != OFF and src - goal not in sums:
                roll = "-".join(map(str, sorted(set(dice), reverse=True)))
                can = ", ".join(map(str, sorted(sums)))
                pips = f"{src - goal} pip{'s' if src - goal > 1 else ''}"
                return IllegalMoveError(
                    f"{leg} moves {pips}: with {roll} a checker moves {can}",
                    reason="wrong-distance",
                    move=leg,
                    count=src - goal,
                    roll=roll,
                    can=can,
                )
            if marked and (goal == OFF or state.op[goal] != 1):
                return IllegalMoveError(
                    f"{leg}* marks a hit, but there is no opposing blot on {point_name(goal)}",
                    reason="no-blot",
                    move=leg,
                    point=point_name(goal),
                )
    reasons: list[IllegalMoveError] = []
    score = _walk_segments(state.copy(), [list(p) for p in segments], dice, (0, 0, 0, 0), reasons)
    if score is None:
        return reasons[0] if reasons else _not_legal(play)
    if score[0] < rank[0]:
        if len(dice) == 2 and rank[0] == 2:
            return IllegalMoveError(
                f"{play} leaves a die unplayed: you must use both dice when you can",
                reason="die-unplayed",
                play=play,
            )
        played = f"{score[0]} {'die' if score[0] == 1 else 'dice'}"
        return IllegalMoveError(
            f"{play} plays {played}: you must play {rank[0]} when you can",
            reason="too-few-dice",
            play=play,
            count=score[0],
            must=rank[0],
        )
    if score[1] < rank[1]:
        return IllegalMoveError(
            f"{play} plays the smaller die: when only one die can be played, "
            f"it must be the larger ({max(dice)})",
            reason="smaller-die",
            play=play,
            die=max(dice),
        )
    pref = state.rules.bearoff_preference
    if pref == "seed":
        return IllegalMoveError(
            f"{play} bears off with a larger die than needed: another play uses more dice "
            "at their full value and must be chosen",
            reason="bear-off-larger",
            play=play,
        )
    if pref == "maxpips":
        return IllegalMoveError(
            f"{play} moves fewer pips than another play: the one moving most must be chosen",
            reason="fewer-pips",
            play=play,
        )
    if state.rules.block_check == "final":
        return IllegalMoveError(
            f"{play} ends with a block of six points with no opposing checker ahead of it",
            reason="ends-in-six-block",
            play=play,
        )
    return _not_legal(play)


def _not_legal(play: str) -> IllegalMoveError:
    return IllegalMoveError(
        f"{play} is not a legal play with these dice", reason="not-legal", play=play
    )


def _sums(dice: tuple[int, ...]) -> set[int]:
    """The distances one checker can move with some of ``dice``."""
    sums = {0}
    for die in dice:
        sums |= {s + die for s in sums}
    return sums - {0}


def _walk_segments(
    state: TurnState,
    paths: list[list[tuple[int, bool]]],
    dice: tuple[int, ...],
    score: Score,
    reasons: list[IllegalMoveError],
) -> Score | None:
    """Play the written paths die by die on ``state``; the score if some way of splitting them
    into dice is legal step by step, else ``None`` with the first refusal in ``reasons``."""
    if not paths:
        if state.rules.block_check == "final" and state.has_bad_block():
            reasons.append(
                IllegalMoveError(
                    "the play ends in a block of six points with no opposing checker ahead",
                    reason="six-block-at-end",
                )
            )
            return None
        return score
    path = paths[0]
    (src, _), (goal, _) = path[0], path[1]
    best: Score | None = None
    for die in sorted(set(dice), reverse=True):
        dst = src - die if src - die > 0 else OFF
        if dst < goal or (dst == OFF and goal != OFF):
            continue
        target = state.target(src, die)
        if target < 0:
            reasons.append(state.refusal(src, die) or IllegalMoveError(""))
            continue
        rest = list(dice)
        rest.remove(die)
        hit = state.apply(src, target)
        remaining = path[1:] if target == goal else [(target, False), *path[1:]]
        later = [remaining, *paths[1:]] if len(remaining) > 1 else paths[1:]
        found = _walk_segments(state, later, tuple(rest), advance(score, src, target, die), reasons)
        state.revert(src, target, hit)
        if found is not None and (best is None or found > best):
            best = found
    if best is None and not reasons:
        move = f"{point_name(src)}/{point_name(goal)}"
        if not dice:
            reasons.append(
                IllegalMoveError(
                    f"{move} is one move more than the roll gives: every die is used",
                    reason="one-move-more",
                    move=move,
                )
            )
        else:
            left = "-".join(str(d) for d in sorted(set(dice), reverse=True))
            reasons.append(
                IllegalMoveError(
                    f"{move} does not match the dice left ({left})",
                    reason="dice-left-mismatch",
                    move=move,
                    left=left,
                )
            )
    return best
