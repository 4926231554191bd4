"""Between two games of a match the finished game stays on the board with a panel (who won,
what it was worth and how) in the controls' place, in sight, until Continue, and no clock runs
in the server's pause; the error toast keeps off the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}
LAPTOP = {"width": 1366, "height": 800}


def _challenge(
    hall: Hall,
    game: str,
    length: str,
    phone: bool = False,
    clock: str = "",
    size: dict[str, int] = DESKTOP,
) -> tuple[Page, Page]:
    ann, ann_name = hall.player("ann", size)
    bob, _ = hall.player("bob", hall.phone if phone else size)
    bob.select_option("select[name=game]", game)
    bob.fill("input[name=length]", length)
    if clock:
        bob.fill("input[name=clock]", clock)
    bob.locator("input[name=opponent]").fill(ann_name)
    bob.locator("button[value=challenge]").click()
    ann.locator("li[data-challenge] button", has_text="Accept").click()
    ann.wait_for_url("**/#/game/*")
    bob.wait_for_url("**/#/game/*")
    for page in (ann, bob):
        page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    return ann, bob


def test_a_game_over_panel_shows_the_finished_game_until_continue(hall: Hall) -> None:
    ann, bob = _challenge(hall, "backgammon", "3", phone=True)
    ann.wait_for_function(
        "window.gamehall.game.state && window.gamehall.game.state.to_act !== null"
    )
    state = hall.game(ann)["state"]
    pages = {hall.game(ann)["you"]: ann, hall.game(bob)["you"]: bob}
    loser, winner = pages[state["to_act"]], pages[1 - state["to_act"]]
    final = state["position"]["checkers"]
    loser.locator('.controls button[data-action="resign"]').click()
    loser.locator('dialog [data-choice="1"]').click()
    winner.locator('.controls button[data-action="accept"]').click()

    loser_name = state["players"][state["to_act"]]
    for page, title in ((winner, "You won game 1"), (loser, "won game 1")):
        panel = page.locator(".game-over")
        expect(panel).to_be_visible()
        expect(panel.locator("h2")).to_contain_text(title)
        expect(panel).to_contain_text("A single game: 1 point")
        expect(panel).to_contain_text("Game 2 has started")
    expect(winner.locator(".game-over")).to_contain_text(f"{loser_name} resigned")
    expect(loser.locator(".game-over")).to_contain_text("you resigned")
    expect(winner.locator(".game-over")).to_contain_text(
        f"Score: you 1, {loser_name} 0 in a match to 3"
    )
    expect(loser.locator(".game-over")).to_contain_text("Score: you 0, ")
    live = hall.game(winner)["state"]
    assert live["game_number"] == 2 and live["last_game"]["position"]["checkers"] == final
    hall.screenshot(winner, "game-over-desktop" if winner is ann else "game-over-phone")
    hall.screenshot(loser, "game-over-desktop" if loser is ann else "game-over-phone")
    for page in (winner, loser):
        page.locator('.game-over button[data-action="continue"]').click()
        expect(page.locator(".game-over")).to_have_count(0)
    expect(ann.locator(".match-info")).to_contain_text("game 2")


def test_between_games_the_page_tells_the_finished_game_and_no_clock_runs(hall: Hall) -> None:
    """Bug 9: the status and the controls were the next game's (Roll, Double), the panel was
    under the board out of sight at 1366x800, and the next game's clock ran meanwhile."""
    ann, bob = _challenge(hall, "backgammon", "3", clock="fischer:300", size=LAPTOP)
    ann.wait_for_function("window.gamehall.game.state.to_act !== null")
    state = hall.game(ann)["state"]
    pages = {hall.game(ann)["you"]: ann, hall.game(bob)["you"]: bob}
    loser, winner = pages[state["to_act"]], pages[1 - state["to_act"]]
    loser.locator('.controls button[data-action="resign"]').click()
    loser.locator('dialog [data-choice="1"]').click()
    winner.locator('.controls button[data-action="accept"]').click()
    for page, title in ((winner, "You won game 1"), (loser, "won game 1")):
        panel = page.locator(".game-over")
        expect(panel).to_be_visible()
        expect(page.locator(".status")).to_contain_text(title)
        expect(page.locator(".status")).to_contain_text("Score:")
        for kind in ("roll", "double", "move", "confirm"):
            expect(page.locator(f'.controls button[data-action="{kind}"]')).to_have_count(0)
        expect(page.locator('.controls button[data-action="continue"]')).to_have_text(
            "Continue to game 2"
        )
        box = panel.bounding_box()
        assert box is not None and page.evaluate("window.scrollY") == 0
        assert box["y"] >= 0 and box["y"] + box["height"] <= LAPTOP["height"], box
        expect(page.locator(".clock-pause")).to_contain_text("The clocks start in")
        expect(page.locator(".clock.running")).to_have_count(0)
        expect(page.locator(".player.to-act")).to_have_count(0)
    hall.screenshot(winner, "between-games-desktop")
    shown = ann.locator("[data-clock] .time").all_inner_texts()
    ann.wait_for_timeout(2200)
    assert ann.locator("[data-clock] .time").all_inner_texts() == shown  # no clock runs
    ann.locator('.controls button[data-action="continue"]').click()
    expect(ann.locator(".game-over")).to_have_count(0)
    expect(ann.locator(".status")).not_to_contain_text("won game 1")
    expect(ann.locator(".clock-pause")).to_be_visible()  # the pause goes on after Continue
    expect(ann.locator(".clock.running")).to_have_count(0)


def _apart(page: Page, one: str, other: str) -> bool:
    a, b = page.locator(one).bounding_box(), page.locator(other).bounding_box()
    assert a is not None and b is not None
    return (
        a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
        or a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
    )


def test_the_error_toast_does_not_cover_the_board(hall: Hall) -> None:
    ann, bob = _challenge(hall, "renju", "1", phone=True)
    black, white = (
        (ann, bob) if hall.game(ann)["state"]["black"] == hall.game(ann)["you"] else (bob, ann)
    )
    black.locator('svg.renju-board [data-point="h8"]').click()
    expect(white.locator('[data-stone="h8"]')).to_have_count(1)
    white.locator('svg.renju-board [data-point="a1"]').click()
    toast = white.locator(".toast")
    expect(toast).to_be_visible()
    assert _apart(white, ".toast", "svg.renju-board")
    box = toast.bounding_box()
    assert box is not None and box["width"] <= white.viewport_size["width"]  # type: ignore[index]
    hall.screenshot(white, "toast-" + ("desktop" if white is ann else "phone"))
