"""A backgammon match between two people: a challenge by name, moves made by clicking checkers
and points (chosen from the legal moves the page holds), undo, a double offered and taken, a
spectator following live, and a resignation that ends the match."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from browser.conftest import Hall

TURNS = 16
"""Turns played before the resignation."""
CONFIRMS = "window.gamehall.game.events.filter(e => e.kind === 'confirm').length"


def _point(number: int, *, target: bool) -> str:
    if number == 25:
        return "bar"
    return "off" if number == 0 and target else str(number)


def _make_move(page: Page, move: dict[str, Any], *, drag: bool) -> None:
    """Move a checker by clicking it and then its target, or by dragging it there."""
    board = page.locator("svg.tables-board")
    source = board.locator(f'[data-point="{_point(move["src"], target=False)}"]')
    target = board.locator(f'[data-point="{_point(move["dst"], target=True)}"]')
    if drag:
        source.drag_to(target)
    else:
        source.click()
        target.click()


class Table:
    """The two players' pages of one match, and what happened so far."""

    def __init__(self, hall: Hall, pages: list[Page]) -> None:
        self.hall = hall
        self.pages = {hall.game(page)["you"]: page for page in pages}
        self.doubled = False
        self.undone = False
        self.dragged = False

    def freshest(self) -> dict[str, Any]:
        games = [self.hall.game(page) for page in self.pages.values()]
        return max(games, key=lambda game: int(game["events"]))

    def step(self) -> str:
        """Take the next action of the player to act, by clicking; returns its kind."""
        state = self.freshest()["state"]
        page = self.pages[state["to_act"]]
        game = self.hall.game(page)
        actions = game["actions"]
        legal = game["legal"]
        if "take" in actions:
            expect(page.locator(".prompt")).to_contain_text("doubles")
            kind = "take"
        elif "double" in actions and not self.doubled:
            kind = "double"
            self.doubled = True
        elif "roll" in actions:
            kind = "roll"
        elif "undo" in actions and not self.undone:
            kind = "undo"
            self.undone = True
        elif legal and legal["moves"]:
            kind = "move"
        elif "confirm" in actions:
            kind = "confirm"
        else:
            raise AssertionError(f"player {state['to_act']} has nothing to do: {game}")
        if kind == "move":
            _make_move(page, legal["moves"][0], drag=not self.dragged)
            self.dragged = True
        else:
            page.locator(f'.controls button[data-action="{kind}"]').click()
        page.wait_for_function("n => window.gamehall.game.events.length > n", arg=game["events"])
        done = self.hall.game(page)["events"]
        for other in self.pages.values():
            other.wait_for_function("n => window.gamehall.game.events.length >= n", arg=done)
        return kind

    def confirmed(self) -> int:
        count: int = self.pages[0].evaluate(CONFIRMS)
        return count


def test_challenge_double_take_and_play_backgammon_by_clicks(hall: Hall) -> None:
    ann, _ = hall.player("ann")
    bob, bob_name = hall.player("bob")
    ann.select_option("select[name=game]", "backgammon")
    ann.fill("input[name=length]", "3")
    ann.fill("input[name=clock]", "fischer:600+10")
    ann.fill("input[name=opponent]", bob_name)
    ann.locator("button[value=challenge]").click()
    expect(ann.locator(".lobby-message")).to_contain_text(f"{bob_name} is challenged")

    challenge = bob.locator("li[data-challenge]", has_text="challenges you")
    expect(challenge).to_contain_text("Backgammon · 3 points")
    challenge.locator("button", has_text="Accept").click()
    bob.wait_for_url("**/#/game/*")
    ann.wait_for_url("**/#/game/*")
    match_id = bob.url.rsplit("/", 1)[1]
    spectator = hall.page("/#/watch", hall.phone)
    watch = spectator.locator(f'tr[data-match="{match_id}"] a', has_text="Watch")
    expect(watch).to_be_visible()
    hall.screenshot(spectator, "watch-phone")
    watch.click()
    expect(spectator.locator("svg.tables-board")).to_be_visible()

    running = ann.locator(".clock.running")
    shown = running.inner_text()
    expect(running).not_to_have_text(shown)

    table = Table(hall, [ann, bob])
    kinds: list[str] = []
    while table.confirmed() < TURNS:
        kinds.append(table.step())
        if kinds[-1] == "take":
            taker = table.pages[hall.game(ann)["state"]["cube"]["owner"]]
            doubler = bob if taker is ann else ann
            expect(taker.locator('.cube[data-cube="2"]')).to_have_attribute("data-owner", "bottom")
            expect(doubler.locator('.cube[data-cube="2"]')).to_have_attribute("data-owner", "top")
        if table.confirmed() == TURNS // 2 and "screenshot" not in kinds:
            kinds.append("screenshot")
            hall.screenshot(ann, "backgammon-desktop")
            hall.screenshot(spectator, "backgammon-phone")
    assert {"double", "take", "roll", "move", "undo", "confirm"} <= set(kinds)
    turns = ann.locator(".turns li.turn:not(.current)")
    expect(spectator.locator(".turns li.turn:not(.current)")).to_have_count(turns.count())
    expect(spectator.locator(".turns li.note", has_text="doubles to 2")).to_have_count(1)
    expect(ann.locator('[data-clock="0"]')).to_have_text(re.compile(r"^\d+:\d\d$"))

    state = table.freshest()["state"]
    resigner = table.pages[state["to_act"]]
    winner = table.pages[1 - state["to_act"]]
    resigner.locator('.controls button[data-action="resign"]').click()
    resigner.locator('dialog [data-choice="3"]').click()
    expect(winner.locator(".prompt")).to_contain_text("6 points to you")
    winner.locator('.controls button[data-action="accept"]').click()
    winner_name = state["players"][1 - state["to_act"]]
    for page in (ann, bob, spectator):
        title = "You won the match" if page is winner else f"{winner_name} won the match"
        expect(page.locator(".result h2")).to_have_text(title)
        expect(page.locator(".result .why")).to_contain_text("resigned · ")
    records = {}
    for suffix in ("record.json", "record.mat"):
        link = ann.locator(f'.downloads a[href$="{suffix}"]')
        expect(link).to_be_visible()
        answer = ann.request.get(hall.url + str(link.get_attribute("href")))
        assert answer.ok, f"{suffix}: {answer.status} {answer.text()}"
        records[suffix] = answer.text()
    assert "Game 1" in records["record.mat"]
    kinds_logged = [event["kind"] for event in json.loads(records["record.json"])["events"]]
    assert {"double", "take", "resign", "accept", "match_end"} <= set(kinds_logged)
