"""Properties that hold in every backgammon position (hypothesis): random games from the start
with random dice and random legal plays, and random boards that obey the rules."""

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gamehall.backgammon import GEORGIAN, INTERNATIONAL, Move, Play, Position, Turn, Variant
from gamehall.errors import InvalidPositionError
from support.examples import examples
from support.survey import assert_survey_agrees

DICE = st.tuples(st.integers(1, 6), st.integers(1, 6))
VARIANT = st.sampled_from([INTERNATIONAL, GEORGIAN])
FAST = settings(
    max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
SLOW = settings(
    max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def check_invariants(position: Position) -> None:
    """Fifteen checkers a side, no point shared, an ID that reads back."""
    assert sum(position.mover) == 15 and sum(position.opponent) == 15
    for point in range(1, 25):
        assert not (position.mover[point] and position.opponent[25 - point]), point
    assert Position.from_id(position.to_id(), position.variant) == position


@st.composite
def games(draw: st.DrawFn, variant: Variant | None = None) -> list[Position]:
    """The positions of a random game from the start, up to its end or a random length."""
    chosen = variant or draw(VARIANT)
    position = Position.initial(chosen)
    found = [position]
    for _ in range(draw(st.integers(0, 150))):
        if position.is_over:
            break
        plays = position.legal_plays(draw(DICE))
        position = plays[draw(st.integers(0, len(plays) - 1))].result
        found.append(position)
    return found


@st.composite
def game_positions(draw: st.DrawFn) -> Position:
    """A position of a random game that is not over."""
    positions = [p for p in draw(games()) if not p.is_over]
    return positions[draw(st.integers(0, len(positions) - 1))]


@st.composite
def boards(draw: st.DrawFn) -> Position:
    """A random board that obeys the rules (the mover's checkers first, the opponent's on the
    points left free), neither side finished."""
    places = st.integers(0, 25)
    mover = [0] * 26
    for place in draw(st.lists(places, min_size=15, max_size=15)):
        mover[place] += 1
    free = [0, 25, *(q for q in range(1, 25) if not mover[25 - q])]
    opponent = [0] * 26
    for place in draw(st.lists(st.sampled_from(free), min_size=15, max_size=15)):
        opponent[place] += 1
    assume(mover[0] < 15 and opponent[0] < 15)
    try:
        return Position(tuple(mover), tuple(opponent), draw(VARIANT).rules)
    except InvalidPositionError:
        assume(False)
        raise


POSITIONS = st.one_of(game_positions(), boards())


def replay(position: Position, dice: tuple[int, int], moves: tuple[Move, ...]) -> Turn[Position]:
    """The moves made one by one on a turn, each checked as the turn records it."""
    turn = position.start_turn(dice)
    for move in moves:
        assert turn.move(move.src, move.die) == move
    return turn


def some(plays: list[Play[Position]], most: int = 40) -> list[Play[Position]]:
    """At most ``most`` of ``plays``, spread over the list: a double on a spread board has
    hundreds, each costing searches to read back or replay."""
    return plays[:: -(-len(plays) // most)]


@FAST
@given(games())
def test_random_games_keep_fifteen_checkers_a_side_and_no_shared_point(
    positions: list[Position],
) -> None:
    for position in positions:
        check_invariants(position)


@FAST
@given(POSITIONS, DICE)
def test_each_play_moves_what_its_moves_say(position: Position, dice: tuple[int, int]) -> None:
    """The moves follow the dice; the mover loses the pips moved; the other side only loses
    checkers to the bar."""
    check_invariants(position)
    rolled = [dice[0]] * 4 if dice[0] == dice[1] else sorted(dice)
    for play in position.legal_plays(dice):
        result = play.result
        check_invariants(result)
        assert sorted(m.die for m in play.moves) == sorted(rolled)[: len(play.moves)] or (
            len(play.moves) < len(rolled)
        )
        for move in play.moves:
            assert move.dst == move.src - move.die or (move.dst == 0 and move.src < move.die)
        pips = sum(move.src - move.dst for move in play.moves)
        assert position.pip_count()[0] - result.pip_count()[1] == pips
        hits = sum(move.hit for move in play.moves)
        assert result.mover[25] == position.opponent[25] + hits
        assert result.opponent[0] - position.mover[0] == sum(m.dst == 0 for m in play.moves)


@FAST
@given(POSITIONS, DICE)
def test_plays_replayed_step_by_step_give_their_results(
    position: Position, dice: tuple[int, int]
) -> None:
    for play in some(position.legal_plays(dice)):
        turn = replay(position, dice, play.moves)
        assert turn.is_complete
        assert turn.play().result == play.result


@FAST
@given(POSITIONS, DICE)
def test_every_legal_play_made_whole_completes_the_turn_as_its_moves_one_by_one(
    position: Position, dice: tuple[int, int]
) -> None:
    for play in some(position.legal_plays(dice)):
        whole = position.start_turn(dice)
        whole.make(play)
        one_by_one = replay(position, dice, play.moves)
        assert whole.is_complete and whole.moves == one_by_one.moves
        assert whole.play().result == play.result


@FAST
@given(POSITIONS, DICE)
def test_notations_play_back_to_their_results(position: Position, dice: tuple[int, int]) -> None:
    for play in some(position.legal_plays(dice)):
        assert position.play(play.notation, dice) == play.result
        step_by_step = " ".join(str(move) for move in reversed(play.moves))
        assert position.play(step_by_step, dice) == play.result, step_by_step


@FAST
@given(POSITIONS, DICE)
def test_one_play_per_distinct_result_and_dice_order_does_not_matter(
    position: Position, dice: tuple[int, int]
) -> None:
    results = [play.result for play in position.legal_plays(dice)]
    assert len(results) == len(set(results))
    assert set(results) == {play.result for play in position.legal_plays(dice[::-1])}


@SLOW
@given(POSITIONS, DICE)
def test_the_turn_reaches_exactly_the_legal_results(
    position: Position, dice: tuple[int, int]
) -> None:
    """Walk every sequence of steps the turn offers: each ends in a complete legal play (no
    offered step strands the turn), and together they reach every legal result."""
    legal = {play.result for play in position.legal_plays(dice)}
    reached: set[Position] = set()
    seen: set[tuple[Position, tuple[int, ...], frozenset[int]]] = set()
    turn = position.start_turn(dice)

    def walk() -> None:
        frozen = frozenset(m.dst for m in turn.moves if m.hit and m.dst <= 6)
        state = (turn.position, turn.dice_left, frozen)
        if state in seen:
            return
        seen.add(state)
        offered = turn.legal_moves()
        if turn.is_complete:
            assert offered == []
            reached.add(turn.play().result)
            return
        assert offered, "a turn that is not complete offers a move"
        for move in offered:
            turn.move(move.src, move.die)
            walk()
            turn.undo()

    walk()
    assert reached == legal


@FAST
@given(POSITIONS, DICE)
def test_one_walk_finds_the_plays_their_rank_and_the_first_moves(
    position: Position, dice: tuple[int, int]
) -> None:
    """A turn's start is found in one walk (``survey``), as three searches found it."""
    assert_survey_agrees(position, dice)


@FAST
@given(POSITIONS, DICE)
def test_georgian_plays_are_international_ones_without_a_home_board_blot(
    position: Position, dice: tuple[int, int]
) -> None:
    """G4 only acts on a hit in the mover's home board: with no opposing blot there, the
    Georgian plays are the International ones."""
    assume(all(position.opponent[25 - p] != 1 for p in range(1, 7)))
    international = Position(position.mover, position.opponent, INTERNATIONAL.rules)
    georgian = Position(position.mover, position.opponent, GEORGIAN.rules)
    assert {p.result for p in international.legal_plays(dice)} == {
        p.result for p in georgian.legal_plays(dice)
    }


@FAST
@given(POSITIONS, DICE)
def test_no_georgian_play_moves_a_checker_on_after_it_hit_in_the_home_board(
    position: Position, dice: tuple[int, int]
) -> None:
    """Follow each checker through the play's moves: one that hit on a point 1-6 moves no
    more (another checker on that point may)."""
    georgian = Position(position.mover, position.opponent, GEORGIAN.rules)
    for play in georgian.legal_plays(dice):
        frozen: dict[int, int] = {}
        for move in play.moves:
            on_point = georgian.mover[move.src] + sum(
                (m.dst == move.src) - (m.src == move.src)
                for m in play.moves[: play.moves.index(move)]
            )
            assert on_point > frozen.get(move.src, 0), play.notation
            if move.hit and move.dst <= 6:
                frozen[move.dst] = frozen.get(move.dst, 0) + 1
