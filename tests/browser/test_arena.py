"""An arena on its page: a player makes one on the tournaments page, joins and starts it, and is
told he is paired as soon as another player is free; a spectator (not logged in) watches its
page; a second player joins while it runs, both are paired and told (on the page too: "Your
game against ... has started"), one resigns through the game page; the spectator's leaderboard
follows live (the winner's 2 points, the finished game), a pause shows (and the paused player
is told how to come back), and the lobby lists the arena with its countdown."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

WAIT_MS = 20_000
"""How long a step that waits for the server's director (pairing, notices) may take."""


def _make_arena(page: Page, hall: Hall) -> str:
    """Make a 5-minute arena of one renju game a pairing; returns its id."""
    page.goto(f"{hall.url}/#/tournaments")
    form = page.locator("form.new-tournament")
    form.locator("input[name=name]").fill("Browser arena")
    form.locator("select[name=format]").select_option("arena")
    form.locator("input[name=duration]").fill("5")
    form.locator("input[name=grace_seconds]").fill("300")
    form.locator("select[name=game]").select_option("renju")
    form.locator("input[name=length]").fill("1")
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r".*#/tournament/\d+$"))
    return page.url.rsplit("/", 1)[1]


def test_an_arena_is_joined_played_and_watched_live(hall: Hall) -> None:
    ann_page, ann = hall.player("ar")
    bob_page, bob = hall.player("ar")
    tid = _make_arena(ann_page, hall)
    url = f"{hall.url}/#/tournament/{tid}"
    expect(ann_page.locator(".lead")).to_contain_text("Arena, 5 minutes")
    ann_page.get_by_role("button", name="Join").click()
    expect(ann_page.locator(".entry-list li")).to_have_count(1)
    ann_page.get_by_role("button", name="Start now").click()
    expect(ann_page.locator(".arena-countdown")).to_contain_text("Ends in 4:", timeout=WAIT_MS)
    waiting = "You are paired as soon as another player is free."
    expect(ann_page.locator(".next-game-text")).to_have_text(waiting)

    spectator = hall.page(f"/#/tournament/{tid}")
    board = spectator.locator("table.arena-leaderboard tbody tr")
    expect(board).to_have_count(1)
    expect(spectator.locator(".arena-countdown")).to_contain_text("Ends in")
    expect(spectator.get_by_role("button", name="Join")).to_have_count(0)  # not logged in

    bob_page.goto(url)
    bob_page.get_by_role("button", name="Join").click()
    expect(board).to_have_count(2, timeout=WAIT_MS)  # by push: the spectator does not reload
    expect(spectator.locator("table.arena-leaderboard .tag.playing")).to_have_count(
        2, timeout=WAIT_MS
    )
    hall.screenshot(spectator, "arena-playing")
    expect(spectator.locator(".next-game")).to_have_count(0)
    started = bob_page.locator(".next-game-text")
    expect(started).to_have_text(f"Your game against {ann} has started.", timeout=WAIT_MS)
    expect(bob_page.locator(".next-game a.go-to-game")).to_have_attribute(
        "href", re.compile(r"^#/game/.+$")
    )

    # the later name resigns: the earlier wins 2 points
    winner, loser = sorted([(ann, ann_page), (bob, bob_page)])
    notice = loser[1].locator(".notice-item.tournament_match", has_text="your game against")
    expect(notice).to_be_visible(timeout=WAIT_MS)
    notice.get_by_role("link", name="Go to the game").click()
    expect(loser[1].locator("svg.renju-board")).to_be_visible()
    loser[1].locator("button[data-action=resign]").click()
    loser[1].locator("dialog button[data-choice=yes]").click()
    top = spectator.locator("table.arena-leaderboard tbody tr").first
    expect(top).to_have_attribute("data-player", winner[0], timeout=WAIT_MS)
    expect(top.locator("td.points")).to_have_text("2", timeout=WAIT_MS)
    expect(top.locator(".arena-sheet .mark.win")).to_have_text("2")
    expect(spectator.locator(".arena-games td.outcome").last).to_have_text(re.compile("1–0|0–1"))

    # the winner pauses: he keeps his score, and may come back
    winner[1].goto(url)
    winner[1].get_by_role("button", name="Pause").click()
    expect(winner[1].get_by_role("button", name="Come back")).to_be_visible()
    paused = "You are paused: come back to be paired again."
    expect(winner[1].locator(".next-game-text")).to_have_text(paused)
    row = spectator.locator(f'table.arena-leaderboard tr[data-player="{winner[0]}"]')
    expect(row.locator(".tag", has_text="paused")).to_be_visible(timeout=WAIT_MS)
    expect(row.locator("td.points")).to_have_text("2")
    hall.screenshot(spectator, "arena-leaderboard")

    # the lobby lists the arena under way with its countdown
    lobby = hall.page("/")
    item = lobby.locator(f'.arenas li[data-tournament="{tid}"]')
    expect(item).to_contain_text("Browser arena", timeout=WAIT_MS)
    expect(item.locator(".arena-countdown")).to_contain_text("Ends in")
