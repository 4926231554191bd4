"""Renju as played in tournaments, in the browser: under forbidden="claim" the board marks no
forbidden point, White's "Claim foul" with nothing to claim is a false claim both players see in
the move list (a warning the first time), and a double-three claimed at once wins for White."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

# From the centre: after these, Black's j8 is a double-three (h8 i8 j8 across, j8 j9 j10 up).
GAME = ["h8", "g9", "i8", "a13", "j10", "c13", "j9", "e13"]


def _play(stone: str, mover: Page, watcher: Page) -> None:
    mover.locator(f'svg.renju-board [data-point="{stone}"]').click()
    expect(watcher.locator(f'[data-stone="{stone}"]')).to_have_count(1)


def test_white_claims_a_double_three(hall: Hall) -> None:
    ann, ann_name = hall.player("ann")
    bob, _ = hall.player("bob")
    ann.select_option("select[name=game]", "renju")
    ann.select_option("select[name='option:forbidden']", "claim")
    ann.locator("button[value=seek]").click()
    expect(ann.locator(".lobby-message")).to_contain_text("Your seek is in the list")
    bob.locator(f'tr[data-user="{ann_name}"]').locator("button", has_text="Accept").click()
    bob.wait_for_url("**/#/game/*")
    ann.wait_for_url("**/#/game/*", timeout=10_000)
    expect(ann.locator("svg.renju-board")).to_be_visible()

    state = hall.game(ann)["state"]
    assert state["options"]["forbidden"] == "claim"
    black, white = (ann, bob) if state["black"] == hall.game(ann)["you"] else (bob, ann)
    expect(black.get_by_label("Mark Black's forbidden points")).to_have_count(0)

    for number, stone in enumerate(GAME[:3]):
        mover, other = (black, white) if number % 2 == 0 else (white, black)
        _play(stone, mover, other)
    claim = white.locator('button[data-action="claim"]')
    expect(claim).to_have_text("Claim foul")
    expect(black.locator('button[data-action="claim"]')).to_have_count(0)
    claim.click()
    for page in (black, white):
        expect(
            page.locator(".moves", has_text="claims a foul, but there is none to claim")
        ).to_have_count(1)
        expect(page.locator(".moves")).to_contain_text("a warning: a second false claim")

    for number, stone in enumerate(GAME[3:], start=3):
        mover, other = (black, white) if number % 2 == 0 else (white, black)
        _play(stone, mover, other)
    expect(black.locator("[data-forbidden]")).to_have_count(0)
    _play("j8", black, white)
    hall.screenshot(white, "renju-claim-before")
    white.locator('button[data-action="claim"]').click()

    for page in (black, white):
        expect(page.locator(".result .why")).to_contain_text("Black's double-three")
    expect(white.locator(".result h2")).to_have_text("You won the match")
    hall.screenshot(white, "renju-claim-won")
    assert hall.game(ann)["state"]["moves"][-1] == "claim"


def test_swap2_with_a_swap(hall: Hall) -> None:
    ann, ann_name = hall.player("ann")
    bob, bob_name = hall.player("bob")
    ann.select_option("select[name=game]", "renju")
    ann.select_option("select[name='option:rule']", "gomoku-standard")
    ann.select_option("select[name='option:opening']", "swap2")
    ann.locator("button[value=seek]").click()
    expect(ann.locator(".lobby-message")).to_contain_text("Your seek is in the list")
    bob.locator(f'tr[data-user="{ann_name}"]').locator("button", has_text="Accept").click()
    bob.wait_for_url("**/#/game/*")
    ann.wait_for_url("**/#/game/*", timeout=10_000)
    expect(ann.locator("svg.renju-board")).to_be_visible()

    state = hall.game(ann)["state"]
    assert state["opening"]["step"] == "place3"
    first, second = (ann, bob) if state["opening"]["first"] == hall.game(ann)["you"] else (bob, ann)
    expect(first.locator("p.status")).to_contain_text("Swap2: place a black stone")
    for stone in ("h8", "h9", "i9"):
        _play(stone, first, second)
    expect(second.locator('button[data-action="opening_choice"]')).to_have_count(3)
    expect(first.locator('button[data-action="opening_choice"]')).to_have_count(0)
    hall.screenshot(second, "renju-swap2-choice")
    second.locator('button[data-choice="black"]').click()
    expect(second.locator('button[data-action="opening_choice"]')).to_have_count(0)
    expect(first.locator("p.status")).to_contain_text("Your move (White)")
    expect(second.locator(".note", has_text="takes Black (a swap)")).to_have_count(1)
    second_name = ann_name if second is ann else bob_name
    expect(first.locator(".game-moves h3")).to_have_text(f"Game 1 · Black: {second_name}")
    _play("g8", first, second)
    expect(second.locator("p.status")).to_contain_text("Your move (Black)")
    hall.screenshot(second, "renju-swap2-after-swap")
    after = hall.game(ann)["state"]
    assert after["opening"] is None
    assert after["stones"] == {"h8": "black", "h9": "white", "i9": "black", "g8": "white"}


def test_soosorv_offers_and_choice(hall: Hall) -> None:
    ann, ann_name = hall.player("ann")
    bob, _ = hall.player("bob")
    ann.select_option("select[name=game]", "renju")
    ann.select_option("select[name='option:opening']", "soosorv-8")
    ann.locator("button[value=seek]").click()
    expect(ann.locator(".lobby-message")).to_contain_text("Your seek is in the list")
    bob.locator(f'tr[data-user="{ann_name}"]').locator("button", has_text="Accept").click()
    bob.wait_for_url("**/#/game/*")
    ann.wait_for_url("**/#/game/*", timeout=10_000)
    expect(ann.locator("svg.renju-board")).to_be_visible()
    state = hall.game(ann)["state"]
    first, second = (ann, bob) if state["opening"]["first"] == hall.game(ann)["you"] else (bob, ann)
    for stone in ("h8", "h9", "h10"):
        _play(stone, first, second)
    expect(second.locator('button[data-action="opening_choice"]')).to_have_text(
        ["Stay White", "Take Black"]
    )
    second.locator('button[data-choice="white"]').click()  # no swap: second stays White
    _play("h6", second, first)
    expect(second.locator('button[data-action="opening_choice"]')).to_have_count(8)
    second.locator('button[data-choice="2"]').click()
    expect(first.locator("p.status")).to_contain_text("choose: stay Black or take White")
    expect(first.locator('button[data-action="opening_choice"]')).to_have_text(
        ["Stay Black", "Take White"]
    )
    first.locator('button[data-choice="black"]').click()  # Black stays Black
    first.locator('svg.renju-board [data-point="g7"]').click()
    expect(second.locator('[data-offer="g7"]')).to_have_count(1)
    first.locator('svg.renju-board [data-point="i7"]').click()
    expect(first.locator(".toast")).to_contain_text("7 is symmetrical to the offer g7")
    first.locator('svg.renju-board [data-point="i11"]').click()
    expect(second.locator("p.status")).to_contain_text("choose one of the offered fifth moves")
    hall.screenshot(second, "renju-soosorv-offers")
    _play("i11", second, first)
    expect(second.locator("[data-offer]")).to_have_count(0)
    expect(second.locator("p.status")).to_contain_text("Your move (White)")
