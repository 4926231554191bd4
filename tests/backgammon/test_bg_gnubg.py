"""Our legal plays against GNU Backgammon's own move generator (``gnubg_nn.moves``), on
thousands of positions from random games and random boards.

gnubg's board is ``(side not on roll, side on roll)``, 25 counts each in that side's own
numbering (``Position.board``). ``gnubg_nn.moves(board, d1, d2)`` returns a position key for
each distinct result, the mover's checkers moved but not swapped to the other side: ``(side
not on roll, side on roll after the play)``; a roll with no legal move returns no key at all.
"""

import random
from collections import Counter

import gnubg_nn

from gamehall.backgammon import Position
from gamehall.errors import InvalidPositionError

Board = tuple[tuple[int, ...], tuple[int, ...]]
SEED = 20240601


def ours(position: Position, dice: tuple[int, int]) -> set[Board]:
    """Each legal result as (side that moved, side that did not), 25 counts each."""
    return {
        (play.result.opponent[1:], play.result.mover[1:]) for play in position.legal_plays(dice)
    }


def gnubgs(position: Position, dice: tuple[int, int]) -> set[Board]:
    """The same from gnubg; its empty answer is the one empty play that passes the turn."""
    board = [list(side) for side in position.board]
    found: set[Board] = set()
    for key in gnubg_nn.moves(board, dice[0], dice[1]):
        not_on_roll, moved = gnubg_nn.board_from_position_key(key)
        found.add((tuple(moved), tuple(not_on_roll)))
    return found or {(position.mover[1:], position.opponent[1:])}


def kinds(position: Position, dice: tuple[int, int], plays: int) -> list[str]:
    """What makes a case worth having, for the coverage check."""
    found = []
    if dice[0] == dice[1]:
        found.append("doubles")
    if position.mover[25]:
        found.append("bar")
    if not any(position.mover[7:]):
        found.append("bear-off")
        if any(position.opponent[19:26]):
            found.append("bear-off with contact")
    if plays == 1 and not position.legal_plays(dice)[0].moves:
        found.append("no move")
    if any(m.hit for p in position.legal_plays(dice) for m in p.moves):
        found.append("hit")
    return found


def random_roll(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


def positions_from_games(rng: random.Random, games: int) -> list[Position]:
    """Every position of ``games`` random games (random dice, a random legal play each)."""
    found = []
    for _ in range(games):
        position = Position.initial()
        while position.result is None:
            found.append(position)
            position = rng.choice(position.legal_plays(random_roll(rng))).result
    return found


def random_side(rng: random.Random, free: list[int]) -> list[int]:
    """15 checkers spread over ``free`` places (0 off, 25 the bar), more of them home."""
    side = [0] * 26
    weights = [3 if 1 <= place <= 6 else 1 for place in free]
    for place in rng.choices(free, weights, k=15):
        side[place] += 1
    return side


def random_positions(rng: random.Random, count: int) -> list[Position]:
    """Random boards that obey the rules: no point shared, no side finished."""
    found: list[Position] = []
    while len(found) < count:
        limit = rng.choice([6, 12, 24])  # bear-offs, races with contact, anything
        mover = random_side(rng, [0, 25, *range(1, limit + 1)])
        free = [q for q in range(1, 25) if not mover[25 - q]]
        opponent = random_side(rng, [0, 25, *free])
        if mover[0] == 15 or opponent[0] == 15:
            continue
        try:
            found.append(Position(tuple(mover), tuple(opponent), Position.initial().rules))
        except InvalidPositionError:
            continue
    return found


def test_our_legal_results_are_gnubgs_on_random_games_and_boards() -> None:
    rng = random.Random(SEED)
    cases = [(p, random_roll(rng)) for p in positions_from_games(rng, 40)]
    cases += [(p, random_roll(rng)) for p in random_positions(rng, 1200)]
    seen: Counter[str] = Counter()
    wrong = []
    for position, dice in cases:
        expected = gnubgs(position, dice)
        got = ours(position, dice)
        if got != expected:
            wrong.append(f"{position.to_id()} {dice}: {len(got)} ours, {len(expected)} gnubg's")
        seen.update(kinds(position, dice, len(got)))
    assert not wrong, "\n".join(wrong[:10])
    assert len(cases) > 2500
    for kind, least in [
        ("doubles", 300),
        ("bar", 200),
        ("bear-off", 200),
        ("bear-off with contact", 50),
        ("no move", 50),
        ("hit", 300),
    ]:
        assert seen[kind] >= least, (kind, seen)


def test_every_roll_of_some_positions_is_gnubgs() -> None:
    rng = random.Random(SEED + 1)
    rolls = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]
    positions = rng.sample(positions_from_games(rng, 3), 40) + random_positions(rng, 40)
    for position in positions:
        for dice in rolls:
            assert ours(position, dice) == gnubgs(position, dice), (position.to_id(), dice)


def test_the_dice_order_does_not_matter_to_either() -> None:
    rng = random.Random(SEED + 2)
    for position in random_positions(rng, 100):
        dice = random_roll(rng)
        assert ours(position, dice) == ours(position, dice[::-1]) == gnubgs(position, dice[::-1])
