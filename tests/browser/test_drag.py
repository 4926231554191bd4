"""Dragging checkers with the mouse (desktop): a checker carried from its point to a target the
server listed is that move, by the die of that target; the dragged checker leaves its point and
follows the pointer;
let go anywhere else and nothing is sent. With "One tap moves a checker" on, a press let go where
it was is a tap, and a drag still goes where it is dragged (the smaller die). Backgammon and
long nardy."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 768}
MY_MOVE = (
    "(() => { const g = window.gamehall.game; return g.state && g.legal"
    " && g.legal.moves.length > 0; })()"
)


def _computer_game(hall: Hall, game: str) -> Page:
    page, _ = hall.player("drag", DESKTOP)
    page.select_option("select[name=game]", game)
    page.select_option("select[name=level]", "random")
    page.locator("button[value=computer]").click()
    page.wait_for_url("**/#/game/*")
    page.wait_for_function(MY_MOVE, timeout=20_000)
    return page


def _centre(page: Page, point: int | str) -> tuple[float, float]:
    box = page.locator(f'.tables-board [data-point="{point}"]').bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _target(move: dict[str, Any]) -> int | str:
    return "off" if move["dst"] == 0 else move["dst"]


def _drag(
    page: Page, src: int, to: int | str, *, check_ghost: bool = False, hall: Hall | None = None
) -> None:
    """Press on ``src``, carry the checker in steps, let go on ``to`` (with ``hall``, a
    screenshot half way)."""
    (x0, y0), (x1, y1) = _centre(page, src), _centre(page, to)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=8)
    if check_ghost:
        ghost = page.locator(".tables-board .ghost-checker")
        expect(ghost).to_have_attribute("visibility", "visible")
        assert page.locator(".tables-board .targets > *").count() > 0
        lifted = page.locator(".tables-board .checkers .checker.selected")
        expect(lifted).to_have_attribute("visibility", "hidden")  # carried by the ghost
    if hall is not None:
        hall.screenshot(page, "drag-backgammon")
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()


def _moves(page: Page) -> list[dict[str, Any]]:
    moves: list[dict[str, Any]] = page.evaluate("window.gamehall.game.legal.moves")
    return moves


def _last_move(page: Page, events: int) -> dict[str, Any]:
    page.wait_for_function("n => window.gamehall.game.events.length > n", arg=events)
    event: dict[str, Any] = page.evaluate(
        "window.gamehall.game.events.findLast((e) => e.kind === 'move')"
    )
    return event


def _events(page: Page) -> int:
    count: int = page.evaluate("window.gamehall.game.events.length")
    return count


def test_drag_a_checker_to_a_target_in_backgammon(hall: Hall) -> None:
    page = _computer_game(hall, "backgammon")
    expect(page.locator("input[name=oneTap]")).not_to_be_checked()  # off with a mouse
    moves = _moves(page)
    # let go on a point no checker of the pressed point may go to: nothing is sent
    move = moves[0]
    wrong = next(
        p
        for p in range(1, 25)
        if p != move["src"] and not any(m["src"] == move["src"] and m["dst"] == p for m in moves)
    )
    before = _events(page)
    _drag(page, move["src"], wrong)
    expect(page.locator(".tables-board .ghost-checker")).to_have_attribute("visibility", "hidden")
    page.wait_for_timeout(300)
    assert _events(page) == before
    expect(page.locator(".toast")).to_be_hidden()
    # carried to a listed target: that move, by that target's die
    _drag(page, move["src"], _target(move), check_ghost=True, hall=hall)
    moved = _last_move(page, before)
    assert moved["data"] == {"src": move["src"], "die": move["die"]}
    assert moved["player"] == hall.game(page)["you"]


def test_with_one_tap_on_a_drag_goes_where_it_is_dragged(hall: Hall) -> None:
    page = _computer_game(hall, "nardy")
    page.locator("input[name=oneTap]").check()
    for _ in range(30):
        page.wait_for_function(MY_MOVE, timeout=20_000)
        moves = _moves(page)
        dice: dict[int, list[dict[str, Any]]] = {}
        for move in moves:
            dice.setdefault(move["src"], []).append(move)
        src = next((s for s, ms in dice.items() if len({m["die"] for m in ms}) == 2), None)
        if src is None:
            _finish_turn(page)
            continue
        small = min(dice[src], key=lambda m: m["die"])
        before = _events(page)
        _drag(page, src, _target(small), check_ghost=True)  # a tap would take the larger die
        moved = _last_move(page, before)
        assert moved["data"] == {"src": src, "die": small["die"]}
        return
    raise AssertionError("no turn with a checker movable by either die in 30 turns")


def _finish_turn(page: Page) -> None:
    """Play the first legal play by typing it, and confirm."""
    plays = page.evaluate("window.gamehall.game.legal.plays")
    before = _events(page)
    page.locator("input[name=play]").fill(plays[0])
    page.locator(".play-form button", has_text="Play").click()
    page.wait_for_function("n => window.gamehall.game.events.length > n", arg=before)
    if page.evaluate("window.gamehall.game.actions.includes('confirm')"):
        before = _events(page)
        page.locator('.controls button[data-action="confirm"]').click()
        page.wait_for_function("n => window.gamehall.game.events.length > n", arg=before)
