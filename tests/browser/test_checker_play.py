"""Checker play: one tap moves a checker by the larger die it can use, a tap where it landed
plays the other die instead; the page bears off by itself when every move left bears off."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}
MY_MOVE = (
    "(() => { const g = window.gamehall.game; return g.state && (g.state.phase === 'over' ||"
    " (g.legal && g.legal.moves.length > 0) || g.actions.includes('confirm')); })()"
)


def _computer_game(hall: Hall, viewport: dict[str, int]) -> Page:
    page, _ = hall.player("tap", viewport)
    page.select_option("select[name=game]", "backgammon")
    page.select_option("select[name=level]", "random")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    return page


def _point_box(page: Page, point: int) -> Any:
    return page.locator(f'.tables-board [data-point="{point}"]')


def _play_a_turn(page: Page, hall: Hall) -> None:
    """Play the first legal play by typing it, and confirm."""
    game = hall.game(page)
    events = game["events"]
    if game["legal"] and game["legal"]["plays"]:
        page.locator("input[name=play]").fill(game["legal"]["plays"][0])
        page.locator(".play-form button", has_text="Play").click()
        page.wait_for_function("n => window.gamehall.game.events.length > n", arg=events)
        events = hall.game(page)["events"]
    if "confirm" in hall.game(page)["actions"]:
        page.locator('.controls button[data-action="confirm"]').click()
        page.wait_for_function("n => window.gamehall.game.events.length > n", arg=events)


def test_one_tap_moves_by_the_larger_die_and_a_second_tap_takes_the_other(hall: Hall) -> None:
    page = _computer_game(hall, hall.phone)
    toggle = page.locator("input[name=oneTap]")
    expect(toggle).to_be_checked()  # on by default on a touch screen
    for _ in range(40):
        page.wait_for_function(MY_MOVE)
        game = hall.game(page)
        assert game["state"]["phase"] != "over"
        moves = game["legal"]["moves"] if game["legal"] else []
        by_src: dict[int, set[int]] = {}
        for move in moves:
            by_src.setdefault(move["src"], set()).add(move["die"])
        src = next((s for s, dice in by_src.items() if len(dice) == 2 and 0 < s < 25), None)
        if src is None or not game["legal"]["plays"]:
            _play_a_turn(page, hall)
            continue
        big, small = max(by_src[src]), min(by_src[src])
        first = next(m for m in moves if m["src"] == src and m["die"] == big)
        _point_box(page, src).tap()
        page.wait_for_function("d => window.gamehall.game.state.dice_used.length === 1", arg=None)
        assert hall.game(page)["state"]["dice_used"] == [big]
        hall.screenshot(page, "one-tap-phone")
        _point_box(page, first["dst"]).tap()
        page.wait_for_function(
            "d => { const s = window.gamehall.game.state;"
            " return s.dice_used.length === 1 && s.dice_used[0] === d; }",
            arg=small,
        )
        return
    raise AssertionError("no turn with a checker movable by either die in 40 turns")


def test_the_page_bears_off_by_itself(hall: Hall) -> None:
    # The dice are the fair dice's, so a game may end before a turn of nothing but bear-offs
    # comes (35 games of 400 in a simulation with the rules layer, the player taking the first
    # play offered and the computer playing at random); a new game is then started, four at most.
    for _ in range(4):
        if _bears_off_by_itself(hall, _computer_game(hall, DESKTOP)):
            return
    raise AssertionError("four games ended before a turn of nothing but bear-offs")


def _bears_off_by_itself(hall: Hall, page: Page) -> bool:
    """Play the first play offered until a turn of nothing but bear-offs, which the page must
    then play by itself (True); False if the game ends first."""
    expect(page.locator("input[name=autoBearOff]")).to_be_checked()
    expect(page.locator("input[name=oneTap]")).not_to_be_checked()
    expect(page.locator(".moves .note", has_text="Opening roll: you ")).not_to_have_count(0)
    auto = "window.gamehall.game.autoMoves"
    for _ in range(250):
        page.wait_for_function(f"{auto} > 0 || ({MY_MOVE})", timeout=20_000)
        if page.evaluate(auto) > 0:
            # the server took the move the page made by itself
            page.wait_for_function(
                "(() => { const g = window.gamehall.game;"
                " return g.events.some(e => e.kind === 'move' && e.player === g.you); })()"
            )
            hall.screenshot(page, "auto-bear-off-desktop")
            return True
        game = hall.game(page)
        if game["state"]["phase"] == "over":
            return False
        moves = game["legal"]["moves"] if game["legal"] else []
        if moves and all(m["dst"] == 0 for m in moves):
            continue  # the page is about to bear off
        _play_a_turn(page, hall)
    raise AssertionError("no turn of nothing but bear-offs in 250 of the player's turns")


def test_the_turn_is_confirmed_by_itself_when_asked(hall: Hall) -> None:
    page = _computer_game(hall, DESKTOP)
    box = page.locator("input[name=autoConfirm]")
    expect(box).not_to_be_checked()
    box.check()
    expect(page.locator("input[name=moveSound]")).not_to_be_checked()
    page.wait_for_function(MY_MOVE)
    game = hall.game(page)
    me = game["you"]
    assert game["legal"] and game["legal"]["plays"]
    page.locator("input[name=play]").fill(game["legal"]["plays"][0])
    page.locator(".play-form button", has_text="Play").click()
    page.wait_for_function(
        "me => window.gamehall.game.events.some(e => e.kind === 'confirm' && e.player === me)",
        arg=me,
    )


def test_the_opponents_checkers_slide_to_where_they_were_played(hall: Hall) -> None:
    page = _computer_game(hall, DESKTOP)
    page.wait_for_function(MY_MOVE)
    page.evaluate(
        "() => { window.sawMove = 0; new MutationObserver((changes) => { for (const c of changes)"
        " for (const n of c.addedNodes) if (n.classList && n.classList.contains('moving-checker'))"
        " window.sawMove += 1; }).observe(document.querySelector('.tables-board'),"
        " {childList: true, subtree: true}); }"
    )
    _play_a_turn(page, hall)
    page.wait_for_function("window.sawMove > 0")
    page.wait_for_function("document.querySelectorAll('.moving-checker').length === 0")
