"""Two players meet through a seek and play renju to a five by clicking the board; a spectator
watches live; afterwards the records can be downloaded and the match is in the profile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

# Black makes i10-i14 while White plays far away; after White's e1, i8 is a double-three.
OPENING = ["h8", "g7", "j8", "a1", "i10", "c1", "i11", "e1"]
FINISH = ["i12", "g1", "i13", "n1", "i14"]


def _play(stone: str, mover: Page, watchers: list[Page]) -> None:
    mover.locator(f'svg.renju-board [data-point="{stone}"]').click()
    for page in watchers:
        expect(page.locator(f'[data-stone="{stone}"]')).to_have_count(1)


def test_seek_accept_and_play_renju_to_five(hall: Hall) -> None:
    ann, ann_name = hall.player("ann")
    bob, _ = hall.player("bob")

    ann.select_option("select[name=game]", "renju")
    ann.locator("button[value=seek]").click()
    expect(ann.locator(".lobby-message")).to_contain_text("Your seek is in the list")

    seek = bob.locator(f'tr[data-user="{ann_name}"]')
    expect(seek).to_contain_text("Renju")
    hall.screenshot(bob, "lobby-desktop")
    seek.locator("button", has_text="Accept").click()
    bob.wait_for_url("**/#/game/*")
    ann.wait_for_url("**/#/game/*", timeout=10_000)
    assert ann.url == bob.url
    match_id = bob.url.rsplit("/", 1)[1]
    spectator = hall.page(f"/#/game/{match_id}", hall.phone)
    expect(spectator.locator(".spectating")).to_be_visible()

    expect(ann.locator("svg.renju-board")).to_be_visible()
    state = hall.game(ann)["state"]
    you = hall.game(ann)["you"]
    black, white = (ann, bob) if state["black"] == you else (bob, ann)
    black_name = state["players"][state["black"]]

    _play(OPENING[0], black, [white, spectator])
    white.locator('svg.renju-board [data-point="a1"]').click()
    expect(white.locator(".toast")).to_be_visible()
    expect(white.locator(".toast")).not_to_be_empty()
    expect(white.locator('[data-stone="a1"]')).to_have_count(0)
    for number, stone in enumerate(OPENING[1:], start=1):
        mover, other = (black, white) if number % 2 == 0 else (white, black)
        _play(stone, mover, [other, spectator])
    forbidden = black.locator('[data-forbidden="i8"]')
    expect(forbidden).to_have_count(1)
    expect(black.locator(".last-move")).to_have_attribute("data-last", "e1")
    black.get_by_label("Mark Black's forbidden points").uncheck()
    expect(forbidden).to_have_count(0)
    black.get_by_label("Mark Black's forbidden points").check()
    expect(forbidden).to_have_count(1)
    hall.screenshot(black, "renju-desktop")
    hall.screenshot(spectator, "renju-phone")

    for number, stone in enumerate(FINISH):
        mover, other = (black, white) if number % 2 == 0 else (white, black)
        _play(stone, mover, [other, spectator])

    for page in (ann, bob, spectator):
        title = "You won the match" if page is black else f"{black_name} won the match"
        expect(page.locator(".result h2")).to_have_text(title)
        expect(page.locator(".result .why")).to_contain_text("Five in a row")
    expect(spectator.locator(".renju-moves .ply")).to_have_count(len(OPENING) + len(FINISH))
    for suffix in ("record.json", "record.psq"):
        link = ann.locator(f'.downloads a[href$="{suffix}"]')
        expect(link).to_be_visible()
        answer = ann.request.get(hall.url + str(link.get_attribute("href")))
        assert answer.ok, f"{suffix}: {answer.status}"
    hall.screenshot(ann, "renju-over-desktop")

    ann.goto(f"{hall.url}/#/player/{black_name}")
    expect(ann.locator(f'tr[data-match="{match_id}"]')).to_contain_text("won")
    hall.screenshot(ann, "profile-desktop")
