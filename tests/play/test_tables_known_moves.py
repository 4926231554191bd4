"""A tables match lists the legal moves and plays of a turn once (and the Position IDs of the
boards it shows) and asks for them again from what it kept: what it offers, accepts and shows
must stay what the rules layer says at every step (after moves, undos, whole plays, new turns
and games)."""

import random
from typing import Any

import pytest

from gamehall.errors import IllegalMoveError
from gamehall.play.tables_match import TablesMatch
from gamehall.play.views import legal_of, state_of
from gamehall.tables.moves import Move
from gamehall.tables.position import Play
from support.matches import scripted


def _fresh_view(match: TablesMatch) -> dict[str, Any] | None:
    """The mover's view asked of the rules layer itself (None once no move is left)."""
    assert match.turn is not None and match.position is not None and match.dice is not None
    if not match.turn.legal_moves():
        return None
    moves = [
        {"src": m.src, "dst": m.dst, "die": m.die, "hit": m.hit} for m in match.turn.legal_moves()
    ]
    plays = [] if match.turn.moves else [p.notation for p in match.position.legal_plays(match.dice)]
    return {"moves": moves, "plays": plays}


@pytest.mark.parametrize("game", ["backgammon", "nardy"])
def test_the_offered_moves_and_plays_are_the_rules_at_every_step(game: str) -> None:
    rng = random.Random(17)
    rolls = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(3000)]
    match = scripted(game, rolls, length=3)
    steps = 0
    while not match.is_over and steps < 1500:
        steps += 1
        seat = match.to_act
        assert seat is not None
        actions = match.legal_actions(seat)
        if game == "backgammon" and match.position is not None:
            board = match.turn.position if match.turn is not None else match.position
            assert state_of(match)["position"]["id"] == board.to_id()
        if match.phase == "move":
            view = legal_of(match, seat)
            assert view == _fresh_view(match)
            choice = rng.random()
            if "undo" in actions and choice < 0.2:
                match.act(seat, "undo")
            elif view is not None and "play" in actions and view["plays"] and choice < 0.6:
                match.act(seat, "play", text=rng.choice(view["plays"]))
            elif view is not None:
                move = rng.choice(view["moves"])
                match.act(seat, "move", src=move["src"], die=move["die"])
            else:
                match.act(seat, "confirm")
        else:
            kind = next(k for k in ("confirm", "roll", "take", "next_game") if k in actions)
            match.act(seat, kind)
    assert steps > 200


def test_a_play_written_otherwise_than_offered_is_read_by_the_rules() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5)])
    assert match.position is not None and match.dice is not None
    view = legal_of(match, 0)
    assert view is not None and "8/5 6/5" in view["plays"]
    expected = match.position.play("8/5 6/5", match.dice)
    match.act(0, "play", text="6/5 8/5")
    assert match.turn is not None and match.turn.play().result == expected
    match.act(0, "undo")
    match.act(0, "undo")
    match.act(0, "play", text="8/5 6/5")
    assert match.turn.play().result == expected


def test_a_play_the_turn_cannot_make_leaves_the_turn_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = scripted("backgammon", [(3, 1), (6, 5)])
    assert match.turn is not None and match.position is not None
    before, logged = match.turn.position, len(match.events)
    wrong = Play.from_moves([Move(8, 5, 3), Move(24, 18, 6)], match.position)  # no 6 rolled
    monkeypatch.setattr(match.known, "find_play", lambda *_: wrong)
    with pytest.raises(IllegalMoveError):
        match.act(0, "play", text="8/5 24/18")
    assert match.turn.moves == () and match.turn.position == before
    assert len(match.events) == logged
