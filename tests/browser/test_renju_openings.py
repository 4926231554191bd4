"""Taraguchi-10 and Yamaguchi in the browser, step by step as the RIF's procedures go: the
swaps, a stone outside its square refused, the fifth-move offers (a symmetrical one refused) and
White's choice; Yamaguchi's declaration typed in a field (1 to 62)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall


class Table:
    """The two players' pages of a renju match under an opening rule."""

    def __init__(self, hall: Hall, opening: str) -> None:
        ann, ann_name = hall.player("ann")
        bob, _ = hall.player("bob")
        ann.select_option("select[name=game]", "renju")
        ann.select_option("select[name='option:opening']", opening)
        ann.locator("button[value=seek]").click()
        expect(ann.locator(".lobby-message")).to_contain_text("Your seek is in the list")
        bob.locator(f'tr[data-user="{ann_name}"]').locator("button", has_text="Accept").click()
        bob.wait_for_url("**/#/game/*")
        ann.wait_for_url("**/#/game/*")
        expect(ann.locator("svg.renju-board")).to_be_visible()
        expect(bob.locator("svg.renju-board")).to_be_visible()
        self.hall = hall
        self.pages = {hall.game(page)["you"]: page for page in (ann, bob)}

    def state(self) -> dict[str, object]:
        state: dict[str, object] = self.hall.game(self.pages[0])["state"]
        return state

    def to_act(self) -> Page:
        """The page of the player who acts now."""
        seat = self.state()["to_act"]
        assert isinstance(seat, int)
        return self.pages[seat]

    def waiting(self) -> Page:
        """The other player's page."""
        return self.pages[1 - self.pages_index(self.to_act())]

    def pages_index(self, page: Page) -> int:
        return next(seat for seat, p in self.pages.items() if p is page)

    def events(self) -> int:
        return int(self.hall.game(self.pages[0])["events"])

    def after(self, events: int) -> None:
        """Wait until both pages have more than ``events`` events."""
        for page in self.pages.values():
            page.wait_for_function("n => window.gamehall.game.events.length > n", arg=events)

    def place(self, point: str) -> None:
        """The player to act clicks ``point`` (a stone, an offer or the chosen offer)."""
        before = self.events()
        self.to_act().locator(f'svg.renju-board [data-point="{point}"]').click()
        self.after(before)

    def choose(self, choice: str) -> None:
        before = self.events()
        self.to_act().locator(f'.claims button[data-choice="{choice}"]').click()
        self.after(before)

    def refused(self, point: str, words: str) -> None:
        """``point`` clicked by the player to act is refused with ``words``."""
        page = self.to_act()
        before = self.events()
        page.locator(f'svg.renju-board [data-point="{point}"]').click()
        expect(page.locator(".toast")).to_contain_text(words)
        assert self.events() == before


def test_taraguchi_10_swaps_square_by_square_then_ten_offers(hall: Hall) -> None:
    table = Table(hall, "taraguchi-10")
    expect(table.to_act().locator("p.status")).to_contain_text("Taraguchi-10: place a black stone")
    table.refused("h9", "move 1 must be h8")
    table.place("h8")
    # after each of moves 1-3 the player whose colour is to move keeps it or takes the other
    swapper = table.to_act()
    expect(swapper.locator("p.status")).to_contain_text(
        "Taraguchi-10: choose: stay White or take Black"
    )
    expect(table.waiting().locator(".claims button")).to_have_count(0)
    hall.screenshot(swapper, "renju-taraguchi-swap")
    table.choose("black")  # a swap: he has Black now, and the other places move 2 as White
    assert table.to_act() is not swapper
    expect(swapper.locator(".note", has_text="takes Black (a swap)")).to_have_count(1)
    table.refused("h11", "move 2 must be within the central 3x3 square")
    table.place("i9")
    table.choose("black")  # stays Black
    table.place("g9")
    table.choose("white")  # stays White
    table.refused("h13", "move 4 must be within the central 7x7 square")
    table.place("h11")
    # after move 4: stay, swap, or offer ten fifth moves
    black = table.to_act()
    expect(black.locator(".claims button")).to_have_count(3)
    expect(black.locator('.claims button[data-choice="offers"]')).to_have_text(
        "Offer ten fifth moves"
    )
    table.choose("offers")
    offers = ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10"]
    for number, point in enumerate(offers, start=1):
        table.place(point)
        if number < 10:
            expect(black.locator("p.status")).to_contain_text(f"offer fifth moves ({number} of 10)")
    white = table.to_act()
    assert white is not black
    expect(white.locator("[data-offer]")).to_have_count(10)
    expect(white.locator("p.status")).to_contain_text("choose one of the offered fifth moves")
    hall.screenshot(white, "renju-taraguchi-offers")
    table.refused("b1", "1 was not offered: choose one of a1, a2")
    table.place("a5")  # White's choice: Black's move 5
    expect(white.locator("[data-offer]")).to_have_count(0)
    expect(white.locator("p.status")).to_contain_text("Your move (White)")
    state = table.state()
    assert state["opening"] is None
    assert state["moves"] == ["h8", "i9", "g9", "h11", "a5"]


def test_yamaguchi_declared_in_a_field_swap_offers_and_choice(hall: Hall) -> None:
    table = Table(hall, "yamaguchi")
    first = table.to_act()
    for point in ("h8", "h9", "h10"):
        table.place(point)
    # the first player declares the number of fifth moves in a field: 1 to 62
    assert table.to_act() is first
    expect(first.locator("p.status")).to_contain_text(
        "Yamaguchi: declare how many fifth moves Black offers (1 to 62)"
    )
    field = first.locator(".claims input[name=declare]")
    expect(field).to_have_attribute("max", "62")
    expect(first.locator('.claims button[data-choice="2"]')).to_have_count(0)  # no 62 buttons
    hall.screenshot(first, "renju-yamaguchi-declare")
    before = table.events()
    field.fill("63")
    first.locator(".claims button", has_text="Declare").click()  # the field refuses it
    first.wait_for_timeout(300)
    assert table.events() == before
    field.fill("2")
    first.locator(".claims button", has_text="Declare").click()
    table.after(before)
    # the other player may swap
    second = table.to_act()
    assert second is not first
    expect(second.locator("p.status")).to_contain_text(
        "Yamaguchi: choose: stay White or take Black"
    )
    table.choose("black")
    expect(first.locator(".note", has_text="takes Black (a swap)")).to_have_count(1)
    # White (the first player now) puts move 4; Black offers two, not symmetrical
    assert table.to_act() is first
    table.place("h6")
    assert table.to_act() is second
    table.place("g7")
    table.refused("i7", "7 is symmetrical to the offer g7")
    table.place("j11")
    expect(first.locator("[data-offer]")).to_have_count(2)
    hall.screenshot(first, "renju-yamaguchi-offers")
    table.refused("i7", "7 was not offered: choose one of g7, j11")
    table.place("j11")
    expect(first.locator("p.status")).to_contain_text("Your move (White)")
    state = table.state()
    assert state["opening"] is None
    assert state["moves"] == ["h8", "h9", "h10", "h6", "j11"]
    assert state["stones"] == {
        "h8": "black",
        "h9": "white",
        "h10": "black",
        "h6": "white",
        "j11": "black",
    }
