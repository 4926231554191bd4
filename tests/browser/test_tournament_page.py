"""A tournament's page for two players and a spectator (issue 40): the players entered see
"Your game" count down to the start, all three read the tournament's chat live (the spectator,
not entered, may not write), the players get a link to their game when the round starts, and
the spectator finds it among the games to watch, opens it, and finds it to review once over."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

START_SECONDS = 25
"""How far ahead the tournament starts by itself."""
WAIT_MS = (START_SECONDS + 20) * 1000
"""How long the start (and the director's pairing) may take."""


def _make(page: Page) -> str:
    """Make a round robin of 1-point renju games starting in ``START_SECONDS``, as the page's
    own API module does; returns its id."""
    made = page.evaluate(
        "(seconds) => import('/js/api.js').then((api) => api.post('/api/tournaments', {"
        " name: 'Tbilisi Spring', format: 'round-robin', settings: {game: 'renju', length: 1},"
        " grace_seconds: 300, starts_at: new Date(Date.now() + seconds * 1000).toISOString()"
        "})).then((detail) => detail.tournament.id)",
        START_SECONDS,
    )
    return str(made)


def _say(page: Page, text: str) -> None:
    chat = page.locator(".tournament-chat")
    chat.locator(".chat-form input[name=chat]").fill(text)
    chat.locator(".chat-form button", has_text="Send").click()


def _heard(page: Page, name: str, text: str) -> None:
    line = page.locator(".tournament-chat .chat-messages li", has_text=text)
    expect(line).to_have_count(1)
    expect(line).to_contain_text(name)


def test_two_players_and_a_spectator_on_a_tournament_page(hall: Hall) -> None:
    ann, ann_name = hall.player("tpa")
    bob, bob_name = hall.player("tpb", hall.phone)
    tid = _make(ann)
    url = f"{hall.url}/#/tournament/{tid}"
    for page in (ann, bob):
        page.goto(url)
        page.get_by_role("button", name="Join").click()
        expect(page.get_by_role("button", name="Leave")).to_be_visible()
    spectator = hall.page(f"/#/tournament/{tid}")
    expect(spectator.locator(".tournament h1")).to_contain_text("Tbilisi Spring")

    # the players' countdown, from the server's time; the spectator has none
    countdown = re.compile(r"^Your first game starts in 0:\d\d\.$")
    for page in (ann, bob):
        expect(page.locator(".next-game-text")).to_have_text(countdown)
    before = ann.locator(".next-game-text").inner_text()
    expect(ann.locator(".next-game-text")).not_to_have_text(before)  # it counts
    expect(spectator.locator(".next-game")).to_have_count(0)

    # the chat: the players write, everybody reads it live; the spectator may not write
    expect(spectator.locator(".tournament-chat h3")).to_have_text("Tournament chat")
    expect(spectator.locator(".tournament-chat .chat-form")).to_be_hidden()
    expect(spectator.locator(".tournament-chat .chat-note")).to_be_visible()
    _say(ann, "good <b>luck</b>")
    for page in (ann, bob, spectator):
        _heard(page, ann_name, "good <b>luck</b>")
    expect(spectator.locator(".tournament-chat .chat-messages b")).to_have_count(0)
    _say(bob, "you too")
    for page in (ann, bob, spectator):
        _heard(page, bob_name, "you too")
    hall.screenshot(ann, "tournament-page-before-start")

    # the round starts: each player gets the link to his game
    for page, opponent in ((ann, bob_name), (bob, ann_name)):
        link = page.locator(".next-game a.go-to-game")
        expect(link).to_be_visible(timeout=WAIT_MS)
        expect(page.locator(".next-game-text")).to_contain_text(f"round 1 against {opponent}")
    hall.screenshot(bob, "tournament-page-game-started-phone")

    # the spectator sees it among the games to watch, and opens it
    playing = spectator.locator("table.games-to-watch tbody tr.playing")
    expect(playing).to_have_count(1, timeout=WAIT_MS)
    expect(playing).to_contain_text(ann_name)
    expect(playing).to_contain_text(bob_name)
    hall.screenshot(spectator, "tournament-page-games-to-watch")
    playing.get_by_role("link", name="Watch live").click()
    spectator.wait_for_url(re.compile(r".*#/game/.+$"))
    expect(spectator.locator("svg.renju-board")).to_be_visible()
    watched = spectator.url.rsplit("/", 1)[1]

    # the players go to their game from the link: the same match
    for page in (ann, bob):
        page.locator(".next-game a.go-to-game").click()
        page.wait_for_url(re.compile(r".*#/game/.+$"))
        assert page.url.rsplit("/", 1)[1] == watched
        expect(page.locator("svg.renju-board")).to_be_visible()
    ann.locator("button[data-action=resign]").click()
    ann.locator("dialog button[data-choice=yes]").click()
    ann.wait_for_function("window.gamehall.game.state.phase === 'over'")

    # once over, the game is there to review; a page opened later reads the chat so far
    later = hall.page(f"/#/tournament/{tid}")
    over = later.locator("table.games-to-watch tbody tr.over")
    expect(over).to_have_count(1, timeout=WAIT_MS)
    expect(over.get_by_role("link", name="Review")).to_have_attribute("href", f"#/game/{watched}")
    _heard(later, ann_name, "good <b>luck</b>")
    _heard(later, bob_name, "you too")
