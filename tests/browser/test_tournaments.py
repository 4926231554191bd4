"""Four players join a Swiss of 3 rounds of 1-point renju games on the tournaments page; the
server pairs each round, each player is told of the next match on the page they are on, goes
to it and plays it out (one resigns through the game page); the standings and the notices
appear; then a knockout of the same four is started and its bracket is drawn."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

ROUNDS = 3
WAIT_MS = 20_000
"""How long a step that waits for the server's director (pairing, notices) may take."""


def _make(
    page: Page, name: str, form_at: str, fmt: str, rounds: int | None = None, rated: bool = False
) -> str:
    """Make a tournament of 1-point renju games on the tournaments page; returns its id."""
    page.goto(form_at)
    form = page.locator("form.new-tournament")
    form.locator("input[name=name]").fill(name)
    form.locator("select[name=format]").select_option(fmt)
    if rounds is not None:
        form.locator("input[name=rounds]").fill(str(rounds))
    form.locator("input[name=grace_seconds]").fill("300")
    form.locator("input[name=rated]").set_checked(rated)
    form.locator("select[name=game]").select_option("renju")
    form.locator("input[name=length]").fill("1")
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r".*#/tournament/\d+$"))
    return page.url.rsplit("/", 1)[1]


def _enter(pages: dict[str, Page], url: str) -> None:
    for page in pages.values():
        page.goto(url)
        page.get_by_role("button", name="Join").click()
        expect(page.get_by_role("button", name="Leave")).to_be_visible()


def _play_round(hall: Hall, pages: dict[str, Page], round: int, label: str) -> None:
    """Every player follows the notice of their match of ``round`` to the game page; in each
    match the player whose name comes later resigns there."""
    at: dict[str, str] = {}
    for name, page in pages.items():
        notice = page.locator(".notice-item.tournament_match", has_text=f"round {round}:")
        expect(notice).to_be_visible(timeout=WAIT_MS)
        if name == min(pages):
            hall.screenshot(page, f"tournament-{label}-round-{round}-notice")
        notice.get_by_role("link", name="Go to the game").click()
        page.wait_for_url(re.compile(r".*#/game/.+$"))
        at[name] = page.url.rsplit("/", 1)[1]
    for match_id in set(at.values()):
        pair = sorted(n for n, m in at.items() if m == match_id)
        assert len(pair) == 2, at
        loser = pages[pair[1]]
        expect(loser.locator("svg.renju-board")).to_be_visible()
        loser.locator("button[data-action=resign]").click()
        loser.locator("dialog button[data-choice=yes]").click()
        for name in pair:
            expect(pages[name].locator("svg.renju-board")).to_be_visible()
            pages[name].wait_for_function(
                "window.gamehall.game.state.phase === 'over'", timeout=WAIT_MS
            )


def test_a_swiss_of_three_rounds_is_played_and_a_knockout_bracket_drawn(hall: Hall) -> None:
    pages: dict[str, Page] = {}
    for _ in range(4):
        page, name = hall.player("sw")
        pages[name] = page
    maker = pages[min(pages)]
    tid = _make(maker, "Browser Swiss", f"{hall.url}/#/tournaments", "swiss", ROUNDS, rated=True)
    url = f"{hall.url}/#/tournament/{tid}"
    _enter(pages, url)
    expect(maker.locator(".entry-list li")).to_have_count(4)
    hall.screenshot(maker, "tournament-swiss-entries")
    maker.get_by_role("button", name="Start now").click()
    for round in range(1, ROUNDS + 1):
        _play_round(hall, pages, round, "swiss")
    for page in pages.values():
        expect(page.locator(".notice-item.tournament_over")).to_be_visible(timeout=WAIT_MS)
    winner = min(pages)  # the earlier name never resigned
    maker.goto(url)
    expect(maker.locator(".tag.status")).to_have_text("finished")
    expect(maker.locator(".winner")).to_have_text(f"Winner: {winner}")
    rows = maker.locator("table.standings tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.first).to_have_attribute("data-player", winner)
    expect(rows.first.locator("td.points")).to_have_text("3")
    expect(maker.locator("table.standings thead")).to_contain_text("Buchholz")
    expect(maker.locator("table.pairings")).to_have_count(ROUNDS)
    expect(
        maker.locator("table.pairings td.outcome", has_text="1–0").or_(
            maker.locator("table.pairings td.outcome", has_text="0–1")
        )
    ).to_have_count(2 * ROUNDS)
    maker.set_viewport_size({"width": 1280, "height": 1400})
    hall.screenshot(maker, "tournament-swiss-standings")
    phone = hall.page(url.removeprefix(hall.url), hall.phone)
    expect(phone.locator("table.standings tbody tr")).to_have_count(4)
    hall.screenshot(phone, "tournament-swiss-phone")

    # The ratings moved: the leaderboard and a profile show them, provisional ("?").
    maker.goto(f"{hall.url}/#/ratings/renju")
    expect(
        maker.locator(f'table.leaderboard tr[data-player="{winner}"] td.rating')
    ).to_contain_text("?")
    maker.goto(f"{hall.url}/#/player/{winner}")
    expect(maker.locator('svg.rating-chart[data-game="renju"] circle.point')).to_have_count(ROUNDS)
    hall.screenshot(maker, "tournament-profile-rating-chart")

    # A knockout of the same four: its bracket is drawn, and a semi-final's winner goes on.
    kid = _make(maker, "Browser Cup", f"{hall.url}/#/tournaments", "knockout")
    cup = f"{hall.url}/#/tournament/{kid}"
    _enter(pages, cup)
    maker.get_by_role("button", name="Start now").click()
    expect(maker.locator("svg.bracket g.bracket-match")).to_have_count(3)
    _play_round(hall, pages, 1, "knockout")
    maker.goto(cup)
    expect(
        maker.locator('svg.bracket g.bracket-match[data-round="2"] text.bracket-name')
    ).not_to_contain_text(["…", "…"])
    expect(maker.locator("svg.bracket text.winner")).to_have_count(2)
    hall.screenshot(maker, "tournament-knockout-bracket")
    maker.goto(f"{hall.url}/#/tournaments")
    expect(maker.locator(f'tr[data-tournament="{kid}"]')).to_contain_text("Browser Cup")
    expect(maker.locator(f'tr[data-tournament="{tid}"]')).to_contain_text("rated")
    hall.screenshot(maker, "tournaments-list")


def test_the_standings_say_which_rounds_they_count(hall: Hall) -> None:
    """In a round robin of three (a bye each round), the standings count round 1 in play while
    its game is on, then all of round 1 once round 2 is paired and none of its games is over."""
    pages: dict[str, Page] = {}
    for _ in range(3):
        page, name = hall.player("rr")
        pages[name] = page
    maker = pages[min(pages)]
    tid = _make(maker, "Browser round robin", f"{hall.url}/#/tournaments", "round-robin")
    url = f"{hall.url}/#/tournament/{tid}"
    _enter(pages, url)
    maker.get_by_role("button", name="Start now").click()
    caption = maker.locator("table.standings caption")
    expect(caption).to_have_text("Round 1 in play", timeout=WAIT_MS)
    game = maker.locator('table.pairings[data-round="1"] tbody tr').filter(has_not_text="bye")
    pair = sorted(game.locator("td").nth(i).inner_text() for i in (1, 2))
    loser = pages[pair[1]]
    notice = loser.locator(".notice-item.tournament_match", has_text="round 1:")
    notice.get_by_role("link", name="Go to the game").click()
    expect(loser.locator("svg.renju-board")).to_be_visible()
    loser.locator("button[data-action=resign]").click()
    loser.locator("dialog button[data-choice=yes]").click()
    expect(maker.locator('table.pairings[data-round="2"]')).to_be_visible(timeout=WAIT_MS)
    expect(caption).to_have_text("After round 1")
