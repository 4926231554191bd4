"""The computer's analysis on the game page: a spectator of a finished renju match presses
Analyse, follows the progress, and sees each player's figures, the graph and the decisions;
choosing one shows its position with the best move marked; the players' profiles then show
their accuracy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 900}


def test_a_spectator_analyses_a_finished_match_and_reviews_its_errors(hall: Hall) -> None:
    ann, ann_name = hall.player("ann", DESKTOP)
    bob, bob_name = hall.player("bob", DESKTOP)
    bob.select_option("select[name=game]", "renju")
    bob.locator("input[name=opponent]").fill(ann_name)
    bob.locator("button[value=challenge]").click()
    ann.locator("li[data-challenge] button", has_text="Accept").click()
    ann.wait_for_url("**/#/game/*")
    bob.wait_for_url("**/#/game/*")
    for page in (ann, bob):
        page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    black, white = (
        (ann, bob) if hall.game(ann)["state"]["black"] == hall.game(ann)["you"] else (bob, ann)
    )
    for number, stone in enumerate(["h8", "i9", "j10", "a1"]):
        mover, other = (black, white) if number % 2 == 0 else (white, black)
        mover.locator(f'svg.renju-board [data-point="{stone}"]').click()
        expect(other.locator(f'[data-stone="{stone}"]')).to_have_count(1)
    black.locator('.controls button[data-action="resign"]').click()
    black.locator('dialog [data-choice="yes"]').click()
    expect(ann.locator('[data-analysis] button[data-action="analyse"]')).to_be_enabled()

    carol, _ = hall.player("carol", DESKTOP)
    carol.goto(ann.url)
    carol.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    panel = carol.locator("[data-analysis]")
    panel.locator('button[data-action="analyse"]').click()
    summary = panel.locator("[data-summary]")
    expect(summary).to_be_visible(timeout=60_000)
    expect(summary).to_contain_text("Accuracy")
    expect(summary).to_contain_text(ann_name)
    expect(summary).to_contain_text(bob_name)
    graph = panel.locator("svg[data-graph]")
    expect(graph).to_be_visible()
    expect(graph.locator("polyline")).to_have_count(1)
    decisions = panel.locator("li[data-decision]")
    expect(decisions).to_have_count(4)

    # White's a1 beside Black's three in the centre: shown at its position, best named
    decisions.nth(3).click()
    details = panel.locator(".analysis-details")
    expect(details).to_contain_text("played a1")
    expect(carol.locator(".review-bar")).to_contain_text("Step 4 of")
    expect(carol.locator('.renju-board [data-stone="a1"]')).to_have_count(0)
    expect(carol.locator(".renju-board [data-stone]")).to_have_count(3)
    best = details.locator("[data-best]")
    if best.count():
        point = best.get_attribute("data-best")
        expect(carol.locator(f'.renju-board [data-hint-point="{point}"]')).to_have_count(1)
    hall.screenshot(carol, "analysis-renju")

    # a click on the graph goes to a move too
    graph.scroll_into_view_if_needed()
    box = graph.bounding_box()
    assert box is not None
    carol.mouse.click(box["x"] + 3, box["y"] + box["height"] / 2)
    expect(panel.locator("li[data-decision].selected")).to_have_attribute("data-decision", "0")

    # the players see it at once, and their profiles count it
    ann.reload()
    expect(ann.locator("[data-analysis] [data-summary]")).to_be_visible()
    ann.goto(ann.url.split("#")[0] + f"#/player/{ann_name}")
    expect(ann.locator("[data-analysed]")).to_contain_text("over the last 1 analysed matches")


def test_a_resignation_is_reviewed_in_words(hall: Hall) -> None:
    """A gammon resigned on the opening roll: the review names the offer and its acceptance in
    words, the offer a blunder with playing on as the best."""
    ann, ann_name = hall.player("ann", DESKTOP)
    bob, _ = hall.player("bob", DESKTOP)
    bob.select_option("select[name=game]", "backgammon")
    bob.locator("input[name=opponent]").fill(ann_name)
    bob.locator("button[value=challenge]").click()
    ann.locator("li[data-challenge] button", has_text="Accept").click()
    pages = {}
    for page in (ann, bob):
        page.wait_for_url("**/#/game/*")
        page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
        pages[hall.game(page)["you"]] = page
    state = hall.game(ann)["state"]
    resigner, winner = pages[state["to_act"]], pages[1 - state["to_act"]]
    resigner.locator('.controls button[data-action="resign"]').click()
    resigner.locator('dialog [data-choice="2"]').click()
    winner.locator('.controls button[data-action="accept"]').click()
    panel = winner.locator("[data-analysis]")
    panel.locator('button[data-action="analyse"]').click()
    decisions = panel.locator("li[data-decision]")
    expect(decisions).to_have_count(2, timeout=60_000)
    expect(decisions.nth(0)).to_contain_text("resign a gammon")
    expect(decisions.nth(0)).to_have_attribute("data-band", "blunder")
    expect(decisions.nth(1)).to_contain_text("accept the resignation")
    decisions.nth(0).click()
    details = panel.locator(".analysis-details")
    expect(details).to_contain_text("chose to resign a gammon")
    expect(details).to_contain_text("Best: play on")
    expect(details.locator(".analysis-choices")).to_contain_text("resign a gammon")
