"""The arena: pairing as players come free (closest places, no rematch in a row while another
waits), scoring 2/1/0 doubled on a streak, the leaderboard's order, no pairing in the last
moments, games under way at the end counted; and the invariants over random arenas."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamehall.play.settings import MatchSettings
from gamehall.tournaments import (
    Arena,
    ArenaGame,
    Result,
    Tournament,
    TournamentError,
    TournamentSettings,
)
from gamehall.tournaments.arena import REMATCH_AFTER
from support.examples import examples

RENJU = TournamentSettings("arena", duration=600)


def tables() -> TournamentSettings:
    match = MatchSettings.from_dict({"game": "backgammon", "length": 3})
    return TournamentSettings("arena", match, duration=600)


def pairs(arena: Arena) -> set[frozenset[str]]:
    return {frozenset(g.players) for g in arena.pending}


def win(arena: Arena, winner: str, at: float) -> Arena:
    game = arena.playing(winner)
    assert game is not None
    return arena.record(game.number, Result("1-0" if game.first == winner else "0-1"), at)


def test_settings_of_an_arena() -> None:
    with pytest.raises(TournamentError, match="needs a duration"):
        TournamentSettings("arena")
    with pytest.raises(TournamentError, match="only an arena has a duration"):
        TournamentSettings("swiss", rounds=3, duration=600)
    with pytest.raises(TournamentError, match="an arena is played by the clock"):
        TournamentSettings("arena", duration=600, rounds=3)
    with pytest.raises(TournamentError, match="no tie-breaks"):
        TournamentSettings("arena", duration=600, tiebreaks=("wins",))
    with pytest.raises(TournamentError, match="duration must be a whole number from 10"):
        TournamentSettings("arena", duration=5)
    assert TournamentSettings.from_dict(RENJU.to_dict()) == RENJU

    with pytest.raises(TournamentError, match="not played in rounds"):
        Tournament.create(RENJU, ["ann", "bob"])


def test_waiting_players_are_paired_by_closest_place() -> None:
    arena = Arena.create(RENJU, ["ann", "bob", "cid", "dan"]).pair(0.0)
    assert pairs(arena) == {frozenset({"ann", "bob"}), frozenset({"cid", "dan"})}
    arena = win(win(arena, "ann", 20.0), "cid", 25.0)
    # ann and cid lead (2 each), bob and dan have 0: winners meet, losers meet
    arena = arena.pair(25.0)
    assert pairs(arena) == {frozenset({"ann", "cid"}), frozenset({"bob", "dan"})}


def test_never_the_last_opponent_while_another_waits() -> None:
    arena = Arena.create(RENJU, ["ann", "bob", "cid"]).pair(0.0)
    (rested,) = set(arena.players) - set(arena.pending[0].players)
    winner = arena.pending[0].first
    arena = win(arena, winner, 5.0).pair(5.0)
    # the one who rested meets one of them; the other waits for the next free player
    assert len(arena.pending) == 1 and rested in arena.pending[0].players


def test_a_rematch_only_after_both_waited() -> None:
    arena = Arena.create(RENJU, ["ann", "bob"]).pair(0.0)
    arena = win(arena, "ann", 5.0)
    assert arena.pair(5.0).pending == ()
    assert arena.pair(5.0 + REMATCH_AFTER - 1).pending == ()
    again = arena.pair(5.0 + REMATCH_AFTER)
    assert pairs(again) == {frozenset({"ann", "bob"})}


def test_colours_go_to_who_was_first_less_often() -> None:
    arena = Arena.create(RENJU, ["ann", "bob"]).pair(0.0)
    assert arena.pending[0].first == "ann"
    arena = win(arena, "bob", 5.0).pair(20.0)
    assert arena.pending[0].first == "bob"


def test_a_streak_doubles_until_a_game_not_won() -> None:
    arena = Arena.create(RENJU, ["ann", "bob", "cid"])
    at = 0.0
    script = [("ann", "bob", "1-0"), ("ann", "cid", "1-0"), ("ann", "bob", "1-0")]
    script += [("ann", "cid", "1/2-1/2"), ("ann", "bob", "1-0"), ("ann", "cid", "0-1")]
    for first, second, outcome in script:
        arena = _forced(arena, first, second, at)
        at += 30.0
        arena = arena.record(arena.pending[0].number, Result(outcome), at)  # type: ignore[arg-type]
    ann = next(row for row in arena.leaderboard() if row.player == "ann")
    # win 2, win 2, on fire: win 4, draw 2 (ends it), win 2, loss 0
    assert [m.points for m in ann.sheet] == [2, 2, 4, 2, 2, 0]
    assert [m.fire for m in ann.sheet] == [False, False, True, True, False, False]
    assert ann.score == 12 and ann.wins == 4 and ann.games == 6 and not ann.fire


def test_on_fire_after_two_wins() -> None:
    arena = Arena.create(RENJU, ["ann", "bob", "cid"])
    arena = _forced(arena, "ann", "bob", 0.0)
    arena = arena.record(1, Result("1-0"), 10.0)
    arena = _forced(arena, "cid", "ann", 10.0)
    arena = arena.record(2, Result("0-1"), 20.0)
    top = arena.leaderboard()[0]
    assert top.player == "ann" and top.fire and top.score == 4


def test_forfeits_score_as_the_game_they_give() -> None:
    arena = _forced(Arena.create(RENJU, ["ann", "bob"]), "ann", "bob", 0.0)
    arena = arena.record(1, Result("-+"), 5.0)
    assert [(r.player, r.score) for r in arena.leaderboard()] == [("bob", 2), ("ann", 0)]
    both = _forced(Arena.create(RENJU, ["ann", "bob"]), "ann", "bob", 0.0)
    both = both.record(1, Result("--"), 5.0)
    assert [r.score for r in both.leaderboard()] == [0, 0]


def test_ties_rank_fewer_games_then_who_reached_first() -> None:
    arena = Arena.create(RENJU, ["ann", "bob", "cid", "dan"])
    arena = _forced(arena, "ann", "bob", 0.0).record(1, Result("1-0"), 10.0)
    arena = _forced(arena, "cid", "dan", 0.0).record(2, Result("1-0"), 5.0)
    assert [r.player for r in arena.leaderboard()][:2] == ["cid", "ann"]
    arena = _forced(arena, "cid", "bob", 20.0).record(3, Result("0-1"), 30.0)
    # all but dan have 2: ann in one game; cid reached 2 (at 5 s) before bob (at 30 s)
    rows = arena.leaderboard()
    assert [(r.player, r.score, r.games) for r in rows] == [
        ("ann", 2, 1),
        ("cid", 2, 2),
        ("bob", 2, 2),
        ("dan", 0, 1),
    ]


def test_no_game_starts_in_the_last_moments_and_games_under_way_finish() -> None:
    arena = Arena.create(RENJU, ["ann", "bob", "cid", "dan"]).pair(0.0)
    assert arena.closing == 60.0
    arena = win(arena, "ann", 539.0).pair(539.0)
    arena = win(arena, "cid", 539.5)
    assert not arena.pairing_open(540.0)
    assert arena.pair(540.0).pending == ()
    late = _forced(arena, "ann", "cid", 530.0)
    assert not late.is_finished(600.0) and late.winner(600.0) is None
    over = late.record(late.pending[0].number, Result("1-0"), 640.0)
    assert over.is_finished(640.0) and over.winner(640.0) == "ann"
    with pytest.raises(TournamentError, match="the arena is over"):
        over.join("eve", 600.0)


def test_join_pause_and_leave() -> None:
    arena = Arena.create(RENJU, ["ann", "bob"]).pair(0.0)
    arena = arena.join("cid", 1.0).pause("cid", 1.0)
    assert arena.waiting() == ()
    arena = win(arena, "ann", 10.0).pair(30.0)
    assert arena.pending and "cid" not in arena.pending[0].players  # a rematch, cid resting
    arena = arena.join("cid", 40.0).join("dan", 40.0)
    with pytest.raises(TournamentError, match="in the arena already"):
        arena.join("dan", 41.0)
    arena = arena.pair(40.0)
    assert pairs(arena) == {frozenset({"ann", "bob"}), frozenset({"cid", "dan"})}
    arena = arena.leave("dan", 50.0)  # he has a game: he pauses, keeping his place
    assert "dan" in arena.players and arena.entry("dan").paused
    arena = arena.join("eve", 60.0).leave("eve", 61.0)  # no game yet: taken off
    assert "eve" not in arena.players
    with pytest.raises(TournamentError, match="has paused already"):
        arena.pause("dan", 70.0)


def test_a_crowd_is_paired_block_by_block_and_everyone_plays() -> None:
    names = [f"p{n:02}" for n in range(41)]
    arena = Arena.create(RENJU, names).pair(0.0)
    assert len(arena.pending) == 20 and len(arena.waiting()) == 1
    # places 1-16 meet among themselves, as do 17-32: the blocks follow the leaderboard
    places = {row.player: row.rank for row in arena.leaderboard()}
    for game in arena.pending:
        a, b = (places[n] for n in game.players)
        assert (a - 1) // 16 == (b - 1) // 16 or max(a, b) > 32


def test_tables_matches_cannot_be_drawn() -> None:
    arena = Arena.create(tables(), ["ann", "bob"]).pair(0.0)
    with pytest.raises(TournamentError, match="cannot be drawn"):
        arena.record(1, Result("1/2-1/2"), 5.0)
    with pytest.raises(TournamentError, match="no game 2"):
        arena.record(2, Result("1-0"), 5.0)


def test_the_dict_form_round_trips_and_checks() -> None:
    arena = Arena.create(RENJU, ["ann", "bob", "cid"]).pair(0.0)
    arena = win(arena, "ann", 5.0).pause("cid", 6.0)
    assert Arena.from_dict(arena.to_dict()) == arena
    wrong = arena.to_dict()
    wrong["games"][0]["ended"] = None
    with pytest.raises(TournamentError, match="has a result, and only such"):
        Arena.from_dict(wrong)
    with pytest.raises(TournamentError, match="unknown fields of an arena: rounds"):
        Arena.from_dict({**arena.to_dict(), "rounds": 1})


def _forced(arena: Arena, first: str, second: str, at: float) -> Arena:
    """The arena with a game of ``first`` against ``second`` started at ``at`` (as a pairing
    would make it), for scripted sheets."""
    game = ArenaGame(len(arena.games) + 1, first, second, at)
    return replace(arena, games=(*arena.games, game))


# -- invariants over random arenas ------------------------------------------------------------

NAMES = [f"p{n}" for n in range(40)]  # more than a block can wait at once
step = st.one_of(
    st.tuples(st.just("join"), st.sampled_from(NAMES)),
    st.tuples(st.just("pause"), st.sampled_from(NAMES)),
    st.tuples(st.just("end"), st.integers(0, 9), st.sampled_from(["1-0", "0-1", "1/2-1/2"])),
    st.tuples(st.just("wait"), st.floats(0.5, 20.0)),
)


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(step, max_size=80))
def test_random_arenas_keep_their_invariants(steps: list[tuple[object, ...]]) -> None:
    arena = Arena.create(TournamentSettings("arena", duration=300))
    at = 0.0
    for action in steps:
        kind = action[0]
        if kind == "join" and at < 300:
            name = str(action[1])
            if name not in arena.players or arena.entry(name).paused:
                arena = arena.join(name, at)
        elif kind == "pause":
            name = str(action[1])
            if name in arena.players and not arena.entry(name).paused:
                arena = arena.pause(name, at)
        elif kind == "end" and arena.pending:
            game = arena.pending[int(str(action[1])) % len(arena.pending)]
            arena = arena.record(game.number, Result(action[2]), at)  # type: ignore[arg-type]
        elif kind == "wait":
            at += float(str(action[1]))
        before = arena
        arena = arena.pair(at)
        _check_pairing(before, arena, at)
    _check_scores(arena)
    assert Arena.from_dict(arena.to_dict()) == arena


def _check_pairing(before: Arena, after: Arena, at: float) -> None:
    new = after.games[len(before.games) :]
    busy = [n for g in after.pending for n in g.players]
    assert len(busy) == len(set(busy)), "someone is in two games at once"
    if new:
        assert before.pairing_open(at), "a game started in the last moments"
    waiting = before.waiting()
    for game in new:
        for name in game.players:
            assert name in waiting, f"{name} was paired while paused or playing"
        a, b = game.players
        if before.last_opponent(a) == b or before.last_opponent(b) == a:
            paired = {n for g in new for n in g.players}
            assert paired == set(waiting), "a rematch while another player waited unpaired"
            assert at - before.free_since(a) >= REMATCH_AFTER
            assert at - before.free_since(b) >= REMATCH_AFTER
    # nobody who could be paired is left waiting alongside another possible opponent
    left = list(after.waiting())
    if after.pairing_open(at):
        for i, a in enumerate(left):
            for b in left[i + 1 :]:
                assert before.last_opponent(a) == b or before.last_opponent(b) == a


def _check_scores(arena: Arena) -> None:
    rows = arena.leaderboard()
    assert [r.rank for r in rows] == list(range(1, len(rows) + 1))
    finished = [g for g in arena.games if g.result is not None]
    assert sum(r.games for r in rows) == 2 * len(finished)
    for row in rows:
        draws = sum(1 for m in row.sheet if m.mark == "draw")
        assert row.score == sum(m.points for m in row.sheet)
        assert 2 * row.wins + draws <= row.score <= 4 * row.wins + 2 * draws
        doubled = sum(m.points for m in row.sheet if m.fire)
        assert row.score == 2 * row.wins + draws + doubled // 2
    scores = [(r.score, -r.games) for r in rows]
    assert scores == sorted(scores, reverse=True)
