"""The review of a finished match worth the name: the header and the cards follow the step;
← and → step a whole turn, Shift an action, Page Up and Down a game (and a list of the games);
the move list goes to a move and marks the step's; the steps read in plain English; any step's
position is analysed by the engine, with the analysis's judgement of it when there is one; and a
whole match of each game shows the frame's board at every step."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Page, expect

from gamehall.engines import find_engine
from gamehall.engines.driver import play_out
from gamehall.play.dice import SeededDice
from gamehall.play.match import Match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import BackgammonSettings, MatchSettings, RenjuSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.store import Store
from support.analyses import tables_analysis
from support.matches import FakeTime, scripted
from support.review_pages import (
    board_of,
    expected_board,
    open_review,
    review_of,
    shown,
    store_finished,
    user_id,
    walk,
)

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 900}


def _engines(game: str, seed: int) -> dict[int, Any]:
    return {seat: find_engine(game, "random", seed=seed + seat) for seat in (0, 1)}


def _tables_match(game: str, length: int, seed: int) -> TablesMatch:
    """A ``length``-point match of ``game`` played out by two random players."""
    settings = MatchSettings.from_dict({"game": game, "length": length})
    match = TablesMatch(settings, ("Ann", "Bob"), dice=SeededDice(seed))
    play_out(match, _engines(game, seed))
    return match


def _hit_and_enter() -> TablesMatch:
    """Bob opens 6-1 leaving two blots, Ann hits both with 4-1 one checker at a time, Bob
    enters both from the bar with 5-3; then Ann resigns."""
    match = scripted("backgammon", [(1, 6), (4, 1), (5, 3), (6, 4)], length=1)
    for src, die in ((24, 6), (24, 1)):
        match.act(1, "move", src=src, die=die)
    match.act(1, "confirm")
    for src, die in ((8, 1), (6, 4)):
        match.act(0, "move", src=src, die=die)
    match.act(0, "confirm")
    for die in (3, 5):
        match.act(1, "move", src=25, die=die)
    match.act(1, "confirm")
    match.act(0, "resign", value=1)
    match.act(1, "accept")
    return match


def _spectator(hall: Hall) -> Page:
    page, _ = hall.player("eve", DESKTOP)
    return page


def test_the_header_and_the_cards_follow_the_step(hall: Hall, server_database: str) -> None:
    match = _tables_match("backgammon", 3, seed=11)
    match_id = store_finished(server_database, match)
    review = review_of(hall, match_id)
    frames, games = review["frames"], review["steps"]["games"]
    assert len(games) > 1
    page = _spectator(hall)
    open_review(hall, page, match_id)
    expect(page.locator(".match-info")).to_contain_text("0–0 to 3 · game 1")
    expect(page.locator(".player .score")).to_have_text(["score 0", "score 0"])
    for key in ["PageDown"] * (len(games) - 1) + ["End"]:
        page.keyboard.press(key)
        now = shown(page)
        state = frames[now["frame"]]["state"]
        assert f"game {state['game_number']}" in now["info"]
        assert "–".join(str(points) for points in state["score"]) in now["info"]
        assert now["cards"] == {str(seat): f"score {state['score'][seat]}" for seat in (0, 1)}
    assert frames[-1]["state"]["score"] != [0, 0]
    page.keyboard.press("Home")
    expect(page.locator(".match-info")).to_contain_text("0–0 to 3 · game 1")
    expect(page.locator(".player .score")).to_have_text(["score 0", "score 0"])


def test_the_clocks_are_the_steps_stopped(hall: Hall, server_database: str) -> None:
    clock = FakeTime()
    settings = MatchSettings.from_dict({"game": "renju", "length": 1, "clock": "fischer:600+0"})
    match = RenjuMatch(settings, ("Ann", "Bob"), time_source=clock)
    match.start()
    for point in ["h8", "i9", "j10", "a1"]:
        clock.advance(65)
        player = match.to_act
        assert player is not None
        match.act(player, "move", point=point)
    match.act(0, "resign")
    match_id = store_finished(server_database, match)
    page = _spectator(hall)
    open_review(hall, page, match_id)
    times = [page.locator(f'.player [data-clock="{seat}"] .time') for seat in (0, 1)]
    for time, shown_time in zip(times, ("10:00", "10:00"), strict=True):
        expect(time).to_have_text(shown_time)
    page.keyboard.press("ArrowRight")
    expect(times[0]).to_have_text("8:55")
    expect(times[1]).to_have_text("10:00")
    page.wait_for_timeout(300)  # the ticker runs: a reviewed clock stays as it was
    expect(times[0]).to_have_text("8:55")
    page.keyboard.press("End")
    for time in times:
        expect(time).to_have_text("7:50")


def test_steps_go_by_turn_by_action_and_by_game(hall: Hall, server_database: str) -> None:
    match = _tables_match("backgammon", 3, seed=12)
    match_id = store_finished(server_database, match)
    review = review_of(hall, match_id)
    frames, steps = review["frames"], review["steps"]
    page = _spectator(hall)
    open_review(hall, page, match_id)
    bar = page.locator(".review-bar")
    # → a turn at a time: the server's stops, and nothing between them
    seen = walk(page, "ArrowRight", len(steps["turns"]) - 1)
    assert [s["frame"] for s in seen] == steps["turns"]
    seen = walk(page, "ArrowLeft", 3)
    assert [s["frame"] for s in seen] == steps["turns"][::-1][:4]
    # Shift an action at a time
    page.keyboard.press("Home")
    seen = walk(page, "Shift+ArrowRight", 5)
    assert [s["frame"] for s in seen] == [0, 1, 2, 3, 4, 5]
    page.locator('button[data-step="previous-action"]').click()
    expect(bar).to_have_attribute("data-frame", "4")
    page.locator('button[data-step="next-turn"]').click()
    expect(bar).to_have_attribute("data-frame", str(next(t for t in steps["turns"] if t > 4)))
    # by game: the buttons, the keys and the list of games
    first_of = [game["first"] for game in steps["games"]]
    page.locator('button[data-step="next-game"]').click()
    expect(bar).to_have_attribute("data-frame", str(first_of[1]))
    expect(bar).to_contain_text("game 2 · Game 2 begins")
    # just before: game 1 as it ended, its board, its score and its number
    page.keyboard.press("Shift+ArrowLeft")
    ended = shown(page)
    last_game = frames[first_of[1]]["state"]["last_game"]
    final = {"game": "backgammon", "position": last_game["position"]}
    assert ended["frame"] == first_of[1] - 1 and "game 1" in ended["info"]
    assert board_of(ended) == expected_board(final, ended["seat"])
    assert ended["cards"] == {str(seat): f"score {last_game['score'][seat]}" for seat in (0, 1)}
    expect(page.locator('button[data-action="analyse-position"]')).to_be_disabled()
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("PageUp")
    expect(bar).to_have_attribute("data-frame", str(first_of[0]))
    page.select_option("select[name=review-game]", str(len(first_of) - 1))
    expect(bar).to_have_attribute("data-frame", str(first_of[-1]))
    expect(page.locator(".match-info")).to_contain_text(f"game {len(first_of)}")
    page.locator('button[data-step="previous-game"]').click()
    expect(bar).to_have_attribute("data-frame", str(first_of[-2]))
    page.keyboard.press("End")
    expect(bar).to_have_attribute("data-frame", str(len(frames) - 1))
    hall.screenshot(page, "review-steps-desktop")


def test_the_move_list_goes_to_a_move_and_marks_the_step(hall: Hall, server_database: str) -> None:
    match = _hit_and_enter()
    match_id = store_finished(server_database, match)
    frames = review_of(hall, match_id)["frames"]
    page = _spectator(hall)
    page.goto(f"{hall.url}/#/game/{match_id}")
    page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    turns = page.locator(".game-moves li.turn")
    expect(turns).to_have_count(3)
    # before any review: a click on Ann's play opens the review at its end
    turns.nth(1).click()
    bar = page.locator(".review-bar")
    seq = int(turns.nth(1).get_attribute("data-seq") or -1)
    frame = next(i for i, f in enumerate(frames) if f["seq"] >= seq)
    assert frames[frame]["kind"] == "confirm" and frames[frame]["player"] == 0
    expect(bar).to_have_attribute("data-frame", str(frame))
    expect(turns.nth(1)).to_have_class(re.compile(r"\bat\b"))
    expect(page.locator(".game-moves .at")).to_have_count(1)
    # a step inside Bob's next turn marks that turn
    page.keyboard.press("Shift+ArrowRight")
    expect(page.locator(".game-moves .at")).to_have_attribute(
        "data-seq", turns.nth(2).get_attribute("data-seq") or ""
    )
    page.keyboard.press("Home")
    expect(page.locator(".game-moves .at")).to_have_count(1)
    expect(page.locator(".game-moves .at")).to_contain_text("Opening roll")
    # the keyboard reaches the lines too
    turns.nth(0).focus()
    page.keyboard.press("Enter")
    expect(bar).to_have_attribute(
        "data-frame", str(next(i for i, f in enumerate(frames) if f["kind"] == "confirm"))
    )


def test_a_renju_move_list_goes_to_a_stone(hall: Hall, server_database: str) -> None:
    match = RenjuMatch(RenjuSettings(), ("Ann", "Bob"))
    match.start()
    for point in ["h8", "i9", "j10", "a1"]:
        player = match.to_act
        assert player is not None
        match.act(player, "move", point=point)
    match.act(0, "resign")
    match_id = store_finished(server_database, match)
    page = _spectator(hall)
    open_review(hall, page, match_id)
    page.locator(".renju-moves .ply", has_text="j10").click()
    expect(page.locator(".review-bar")).to_have_attribute("data-frame", "3")
    expect(page.locator(".renju-board [data-stone]")).to_have_count(3)
    expect(page.locator(".game-moves .at")).to_have_text("j10")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".game-moves .at")).to_have_text("a1")


def test_the_steps_read_in_plain_english(hall: Hall, server_database: str) -> None:
    bob, bob_name = hall.player("bob", DESKTOP)
    match = _hit_and_enter()
    match = TablesMatch.from_dict({**match.to_dict(), "players": ["Ann", bob_name]})
    match_id = store_finished(server_database, match, (None, user_id(server_database, bob_name)))
    eve = _spectator(hall)
    for page in (eve, bob):
        open_review(hall, page, match_id)
    texts = [s["step"] for s in walk(eve, "Shift+ArrowRight", 12)]
    mine = [s["step"] for s in walk(bob, "Shift+ArrowRight", 12)]
    assert f"{bob_name} moves a checker from 24 with a 6" in texts[1]
    assert "You move a checker from 24 with a 6" in mine[1]
    assert "Ann moves a checker from 8 with a 1" in texts[4] and "Ann moves" in mine[4]
    entering = [t for t in texts if "from the bar" in t]
    assert (
        entering == [t for t in texts if "moves a checker from the bar" in t] and len(entering) == 2
    )
    assert f"{bob_name} moves a checker from the bar with a 3" in entering[0]
    assert "You move a checker from the bar with a 5" in [t for t in mine if "bar" in t][1]
    assert not any("25" in t or "moves a checker (" in t for t in texts + mine)
    assert f"{bob_name} ends the turn" in texts[3] and "You end the turn" in mine[3]
    assert any("Ann resigns" in t for t in texts) and "You accept" in mine[-1]


def test_any_step_is_analysed_with_its_judgement(hall: Hall, server_database: str) -> None:
    match = scripted("backgammon", [(4, 3), (6, 2), (5, 5)], length=1)
    match.act(0, "play", text="13/10 13/9")
    match.act(0, "confirm")
    match.act(1, "play", text="24/18 13/11")
    match.act(1, "confirm")
    match.act(0, "resign", value=1)
    match.act(1, "accept")
    match_id = store_finished(server_database, match)
    page = _spectator(hall)
    open_review(hall, page, match_id)
    # no analysis yet: the engine's choices, and no judgement
    page.locator('button[data-action="analyse-position"]').click()
    panel = page.locator("[data-position]")
    expect(panel).to_contain_text("This position (step 1)")
    expect(panel).to_contain_text("Ann to move")
    rows = panel.locator("tr[data-hint-row]")
    expect(rows.first).to_be_visible(timeout=30_000)
    expect(panel.locator("[data-no-judgement]")).to_be_visible()
    rows.first.click()
    expect(page.locator(".tables-board [data-hint-step]").first).to_be_visible()
    # the panel belongs to its step
    page.keyboard.press("ArrowRight")
    expect(panel).to_be_hidden()
    expect(page.locator(".tables-board [data-hint-step]")).to_have_count(0)
    # the match analysed: its judgement of the step is shown with the engine's choices
    with Store(server_database) as store:
        store.analyses.save(match_id, tables_analysis(("Ann", "Bob")), [0, 2], 1)
    page.reload()
    page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    expect(page.locator("[data-analysis] [data-summary]")).to_be_visible()
    page.locator('button[data-action="review"]').click()
    page.locator('button[data-action="analyse-position"]').click()
    expect(panel.locator(".analysis-details")).to_contain_text("Ann played 43: 13/10 13/9")
    expect(panel.locator(".analysis-details")).to_contain_text("Best: 24/20 13/10")
    expect(rows.first).to_be_visible(timeout=30_000)
    hall.screenshot(page, "review-position-analysis")
    # the last step has nobody to move: nothing to analyse
    page.keyboard.press("End")
    expect(page.locator('button[data-action="analyse-position"]')).to_be_disabled()


def _walkthrough(hall: Hall, page: Page, match_id: str) -> int:
    """Step through every frame of the match's review one action at a time, and every turn;
    the board drawn, the header and the cards are the frame's at each step. Returns the
    number of frames."""
    review = review_of(hall, match_id)
    frames = review["frames"]
    open_review(hall, page, match_id)
    seen = walk(page, "Shift+ArrowRight", len(frames) - 1)
    assert [s["frame"] for s in seen] == list(range(len(frames)))
    for index, now in enumerate(seen):
        state = frames[index]["state"]
        assert board_of(now) == expected_board(state, now["seat"]), f"step {index + 1}"
        if state["game"] != "renju" and state.get("dice") and state["phase"] == "move":
            assert sorted(set(now["dice"])) == sorted(set(state["dice"])), f"step {index + 1}"
        assert f"game {state.get('game_number') or 1}" in now["info"], f"step {index + 1}"
        assert (
            now["cards"] == {str(s): f"score {state['score'][s]}" for s in (0, 1)}
            or state["game"] == "renju"
        )
    by_turn = walk(page, "ArrowLeft", len(review["steps"]["turns"]) - 1)
    assert [s["frame"] for s in by_turn] == review["steps"]["turns"][::-1]
    for now in by_turn:
        assert board_of(now) == expected_board(frames[now["frame"]]["state"], now["seat"])
    return len(frames)


def test_a_whole_five_point_backgammon_match_is_walked_through(
    hall: Hall, server_database: str
) -> None:
    match = TablesMatch(BackgammonSettings(length=5), ("Ann", "Bob"), dice=SeededDice(21))
    play_out(match, _engines("backgammon", 21))
    assert max(match.score) >= 5 and len(match.games) > 1
    match_id = store_finished(server_database, match)
    assert _walkthrough(hall, _spectator(hall), match_id) > 100


def test_a_nardy_game_is_walked_through(hall: Hall, server_database: str) -> None:
    match = _tables_match("nardy", 1, seed=22)
    match_id = store_finished(server_database, match)
    assert _walkthrough(hall, _spectator(hall), match_id) > 20


def test_a_renju_game_is_walked_through(hall: Hall, server_database: str) -> None:
    match: Match = RenjuMatch(RenjuSettings(), ("Ann", "Bob"))
    play_out(match, _engines("renju", 23))
    match_id = store_finished(server_database, match)
    assert _walkthrough(hall, _spectator(hall), match_id) > 5
