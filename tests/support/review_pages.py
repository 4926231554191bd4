"""Finished matches stored straight into the browser tests' server, and what the game page's
review shows of a step, read from its DOM."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Page

from gamehall.play.match import Match
from gamehall.store import PlayerSeat, Store

if TYPE_CHECKING:
    from browser.conftest import Hall


def store_finished(database: str, match: Match, users: Sequence[int | None] = (None, None)) -> str:
    """``match`` (over) stored as a finished match: a seat with a user id is that person's,
    the others are computers'. Returns its id."""
    assert match.is_over
    seats = [
        PlayerSeat(user, "human", None, name)
        if user is not None
        else PlayerSeat(None, "computer", "random", name)
        for user, name in zip(users, match.players, strict=True)
    ]
    with Store(database) as store:
        match_id = store.matches.create(match.to_dict(), players=seats)
        summary = {"score": list(match.score), "winner": match.winner, "end_reason": "points"}
        store.matches.append(match_id, [], secrets=None, status="over", summary=summary)
    return match_id


def user_id(database: str, name: str) -> int:
    """The id of the registered user ``name``."""
    with Store(database) as store:
        user = store.users.by_name(name)
    assert user is not None
    return user.id


def review_of(hall: Hall, match_id: str) -> dict[str, Any]:
    """The server's review of the match: ``frames`` and ``steps``."""
    with urllib.request.urlopen(f"{hall.url}/api/matches/{match_id}/review") as answer:
        review: dict[str, Any] = json.load(answer)
    return review


def open_review(hall: Hall, page: Page, match_id: str) -> None:
    """Show the finished match on ``page`` and start its review."""
    page.goto(f"{hall.url}/#/game/{match_id}")
    page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    page.locator('button[data-action="review"]').click()
    page.locator(".review-bar").wait_for()


SHOWN = """() => {
  const bar = document.querySelector(".review-bar");
  const board = document.querySelector("svg.tables-board, svg.renju-board");
  const checkers = [...document.querySelectorAll("svg.tables-board [data-checker]")].map(
    (n) => [Number(n.dataset.owner), n.dataset.checker, Number(n.dataset.count)]);
  const off = [...document.querySelectorAll("svg.tables-board [data-off]")].map(
    (n) => [n.dataset.off, Number(n.dataset.count)]);
  const dice = [...document.querySelectorAll("svg.tables-board [data-die]")].map(
    (n) => Number(n.dataset.die));
  const stones = Object.fromEntries(
    [...document.querySelectorAll("svg.renju-board [data-stone]")].map(
      (n) => [n.dataset.stone, n.dataset.colour]));
  const cards = {};
  for (const node of document.querySelectorAll(".player[data-seat]")) {
    cards[node.dataset.seat] = node.querySelector(".score").textContent;
  }
  return {
    frame: bar ? Number(bar.dataset.frame) : null,
    seat: board && board.dataset.seat !== undefined ? Number(board.dataset.seat) : 0,
    checkers, off, dice, stones, cards,
    info: document.querySelector(".match-info").textContent,
    step: bar ? bar.querySelector(".review-step").textContent : "",
    at: [...document.querySelectorAll(".game-moves .at")].map((n) => Number(n.dataset.seq)),
  };
}"""
"""What the page shows now: the frame reviewed, the board (tables checkers by owner, point in
the viewer's numbering and count; the trays; the dice; renju stones), the cards' scores, the
header and the step's words, and the move list's marked lines."""


def walk(page: Page, key: str, count: int) -> list[dict[str, Any]]:
    """Press ``key`` (``"Shift+ArrowRight"``...) ``count`` times in the page, reading what it
    shows before the first press and after each (in the page: thousands of steps in a second)."""
    shift, _, name = key.rpartition("+")
    press = json.dumps({"key": name, "shiftKey": bool(shift)})
    script = f"""(count) => {{
      const shown = {SHOWN};
      const seen = [shown()];
      for (let i = 0; i < count; i++) {{
        window.dispatchEvent(new KeyboardEvent("keydown", {press}));
        seen.push(shown());
      }}
      return seen;
    }}"""
    seen: list[dict[str, Any]] = page.evaluate(script, count)
    return seen


def shown(page: Page) -> dict[str, Any]:
    """What the page shows now (``SHOWN``)."""
    now: dict[str, Any] = page.evaluate(SHOWN)
    return now


def expected_board(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """What the board seen from ``seat`` should show of ``state``: checkers as ``SHOWN`` reads
    them (point 25 is the bar, drawn for either side), the trays, the dice, renju's stones."""
    if state["game"] == "renju":
        return {"stones": dict(state.get("stones") or {})}
    position = state["position"]
    opposite = position["opposite"]
    checkers = []
    off = []
    for side in (seat, 1 - seat):
        for own, count in enumerate(position["checkers"][side]):
            if not count:
                continue
            point = own if side == seat else opposite[own]
            if point == 0:
                off.append(["bottom" if side == seat else "top", count])
            else:
                checkers.append([side, "bar" if point == 25 else str(point), count])
    return {"checkers": sorted(checkers), "off": sorted(off)}


def board_of(seen: dict[str, Any]) -> dict[str, Any]:
    """The board part of what ``SHOWN`` read, in ``expected_board``'s form."""
    if seen["stones"] or not seen["checkers"]:
        return {"stones": seen["stones"]}
    return {"checkers": sorted(seen["checkers"]), "off": sorted(seen["off"])}
