"""A tournament's forfeit shows why under its result, in the reader's words: a player withdraws
from a round robin while playing, and his later pairing, lost unplayed, reads "... has
withdrawn" to an English spectator and "... выбыл из турнира" to a Russian one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playwright.sync_api import Page, expect

from browser.test_tournaments import WAIT_MS, _enter, _make

if TYPE_CHECKING:
    from browser.conftest import Hall


def _detail(page: Page, hall: Hall, tid: str) -> dict[str, Any]:
    answer: dict[str, Any] = page.request.get(f"{hall.url}/api/tournaments/{tid}").json()
    return answer


def test_a_withdrawal_s_forfeit_says_why_in_the_reader_s_words(hall: Hall) -> None:
    pages = dict(hall.player("fw")[::-1] for _ in range(3))
    maker = pages[min(pages)]
    tid = _make(maker, "Forfeits explained", f"{hall.url}/#/tournaments", "round-robin")
    url = f"{hall.url}/#/tournament/{tid}"
    _enter(pages, url)
    maker.get_by_role("button", name="Start now").click()
    playing: list[str] = []
    for _ in range(100):
        first = [p for p in _detail(maker, hall, tid)["pairings"] if p["second"] and p["match_id"]]
        if first:
            playing = [first[0]["first"], first[0]["second"]]
            break
        maker.wait_for_timeout(100)
    assert playing, "round 1 was not paired"
    gone = playing[0]
    leaving = pages[gone]
    leaving.goto(url)
    leaving.once("dialog", lambda dialog: dialog.accept())
    leaving.get_by_role("button", name="Withdraw").click()
    for _ in range(100):
        lost = [
            p
            for p in _detail(maker, hall, tid)["pairings"]
            if gone in (p["first"], p["second"]) and p["round"] > 1 and p["second"]
        ]
        if lost:
            break
        maker.wait_for_timeout(100)
    assert lost and lost[0]["result"]["reason"] == "withdrawn", lost
    board = f'table.pairings[data-round="{lost[0]["round"]}"] .forfeit-reason'
    english = hall.page(f"/#/tournament/{tid}", locale="en-US")
    expect(english.locator(board)).to_have_text(f"{gone} has withdrawn", timeout=WAIT_MS)
    russian = hall.page(f"/#/tournament/{tid}", locale="ru-RU")
    expect(russian.locator(board)).to_have_text(f"{gone} выбыл из турнира", timeout=WAIT_MS)
    hall.screenshot(russian, "tournament-forfeit-reason-ru")
