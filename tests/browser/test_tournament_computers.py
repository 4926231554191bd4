"""A computer player in a round robin on the pages: the maker enters the house engine at a
level (and withdraws a second one), two players join, each plays his pairing against the
computer on the game page (it answers at once), and a spectator sees the standings with the
computer marked in them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Page, expect

from browser.test_tournaments import WAIT_MS, _enter, _make

if TYPE_CHECKING:
    from browser.conftest import Hall

COMPUTER = "Computer (random)"
STONES = "window.gamehall.game.events.filter(e => e.kind === 'move').length"


def _tournament(page: Page, hall: Hall, tid: str) -> dict[str, Any]:
    answer: dict[str, Any] = page.request.get(f"{hall.url}/api/tournaments/{tid}").json()
    return answer


def _play(hall: Hall, page: Page, round: int, against_computer: bool) -> None:
    """The player follows the notice of his match of ``round``; against the computer he sees it
    play (he places a stone first when he is black), then resigns; against a person he resigns."""
    notice = page.locator(".notice-item.tournament_match", has_text=f"round {round}:")
    expect(notice).to_be_visible(timeout=WAIT_MS)
    if against_computer:
        expect(notice).to_contain_text("against Computer (Random mover)")
    notice.get_by_role("link", name="Go to the game").click()
    page.wait_for_url(re.compile(r".*#/game/.+$"))
    expect(page.locator("svg.renju-board")).to_be_visible()
    page.wait_for_function(
        "window.gamehall.game.you !== null && window.gamehall.game.you !== undefined"
    )
    if against_computer:
        expect(page.locator(".name", has_text="Computer (Random mover)").first).to_be_visible()
        black = hall.game(page)["you"] == 0
        if black:
            page.wait_for_function("window.gamehall.game.state.to_act === 0")
            page.locator('svg.renju-board [data-point="h8"]').click()
        page.wait_for_function(f"{STONES} >= {2 if black else 1}", timeout=WAIT_MS)
    page.locator("button[data-action=resign]").click()
    page.locator("dialog button[data-choice=yes]").click()
    page.wait_for_function("window.gamehall.game.state.phase === 'over'", timeout=WAIT_MS)


def test_a_computer_plays_its_pairings_and_stands_in_the_standings(hall: Hall) -> None:
    director, first = hall.player("cd")
    other, second = hall.player("cp")
    pages = {first: director, second: other}
    tid = _make(director, "Against the machine", f"{hall.url}/#/tournaments", "round-robin")
    url = f"{hall.url}/#/tournament/{tid}"

    # The maker enters two computers and withdraws one; the entry is marked as a computer.
    for level in ("beginner", "random"):
        director.locator("select[name=computer-level]").select_option(level)
        director.get_by_role("button", name="Enter a computer").click()
        expect(
            director.locator(f'.entry-list li[data-player="Computer ({level})"]')
        ).to_be_visible()
    beginner = director.locator('.entry-list li[data-player="Computer (beginner)"]')
    beginner.get_by_role("button", name="Withdraw the computer").click()
    expect(beginner).to_have_count(0)
    entry = director.locator(f'.entry-list li[data-player="{COMPUTER}"]')
    expect(entry).to_contain_text("Computer (Random mover)")
    expect(entry.locator(".tag.computer")).to_have_text("computer")
    expect(director.locator("select[name=computer-level] option[value=random]")).to_have_count(0)
    _enter(pages, url)
    expect(director.locator(".entry-list li")).to_have_count(3)
    hall.screenshot(director, "tournament-computer-entries")
    # Only the maker has the control.
    expect(other.locator("select[name=computer-level]")).to_have_count(0)
    spectator = hall.page(f"/#/tournament/{tid}")
    director.get_by_role("button", name="Start now").click()

    for round in (1, 2, 3):  # one pairing a round, the third entry has a bye
        pairing = None
        for _ in range(100):
            detail = _tournament(spectator, hall, tid)
            waiting = [p for p in detail["pairings"] if p["round"] == round and p["second"]]
            if waiting and waiting[0]["match_id"]:
                pairing = waiting[0]
                break
            spectator.wait_for_timeout(100)
        assert pairing is not None, f"round {round} was not paired"
        players = (pairing["first"], pairing["second"])
        if COMPUTER in players:
            (person,) = [name for name in players if name != COMPUTER]
            _play(hall, pages[person], round, True)
        else:
            _play(hall, pages[max(players)], round, False)

    expect(spectator.locator(".tag.status")).to_have_text("finished", timeout=WAIT_MS)
    expect(spectator.locator(".winner")).to_have_text("Winner: Computer (Random mover)")
    row = spectator.locator(f'table.standings tbody tr[data-player="{COMPUTER}"]')
    expect(row.locator("td.points")).to_have_text("2")
    expect(row.locator(".tag.computer")).to_have_text("computer")
    expect(row.locator("a")).to_have_count(0)  # no player page for a computer
    expect(spectator.locator("table.crosstable")).to_contain_text("Computer (Random mover)")
    hall.screenshot(spectator, "tournament-computer-standings")
