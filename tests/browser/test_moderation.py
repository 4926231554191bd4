"""Moderation in the browser (issue 40): a player reports a chat line and a player, an operator
sees them on the operators' page (and watches the game as a spectator), mutes the sender, whose
next line is refused in his own language; a warning shows at once and at every page load until
dismissed; a player who is not an operator is refused the page and never sees its link; the
engine-assisted mark takes a player's rated game out of his opponent's rating and makes their
next game unrated."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

from gamehall.store import Store

if TYPE_CHECKING:
    from browser.conftest import Hall

DESKTOP = {"width": 1366, "height": 800}


def _operator(hall: Hall, database: str) -> tuple[Page, str]:
    page, name = hall.player("olga", DESKTOP)
    with Store(database) as store:
        store.moderation.make_operator(name, "command line")
    page.reload()
    expect(page.locator(".site-header .operator-link")).to_be_visible()
    return page, name


def _challenge(challenger: Page, accepter: Page, accepter_name: str, *, rated: bool) -> str:
    """A renju game of ``challenger`` and ``accepter``; its id."""
    challenger.goto(challenger.url.split("#")[0] + "#/")
    challenger.select_option("select[name=game]", "renju")
    challenger.locator("input[name=rated]").set_checked(rated)
    challenger.locator("input[name=opponent]").fill(accepter_name)
    challenger.locator("button[value=challenge]").click()
    accepter.goto(accepter.url.split("#")[0] + "#/")
    accepter.locator("li[data-challenge] button", has_text="Accept").click()
    for page in (challenger, accepter):
        page.wait_for_url("**/#/game/*")
        page.wait_for_function("window.gamehall && window.gamehall.game.state !== null")
    return challenger.url.rsplit("/", 1)[1]


def _say(page: Page, text: str) -> None:
    page.locator(".chat-form input[name=chat]").fill(text)
    page.locator(".chat-form button[type=submit]").click()


def test_a_reported_chat_line_muted_and_a_warning(hall: Hall, server_database: str) -> None:
    ann, ann_name = hall.player("ann", DESKTOP, locale="ru-RU")
    bob, bob_name = hall.player("bob", DESKTOP)
    match_id = _challenge(ann, bob, bob_name, rated=False)
    _say(ann, "you play like a potato")
    line = bob.locator(".chat-messages li", has_text="you play like a potato")
    expect(line).to_contain_text(ann_name)
    expect(ann.locator(".chat-messages li button.report")).to_have_count(0)  # not his own
    line.locator("button.report").click()
    dialog = bob.locator("dialog.report-dialog")
    expect(dialog.locator("select[name=category]")).to_have_value("abuse")
    dialog.locator("textarea[name=text]").fill("insults after my first move")
    dialog.locator("button[type=submit]").click()
    expect(dialog.locator(".report-outcome")).to_have_text(
        "Thank you: the operators will look at it."
    )
    dialog.locator("button", has_text="Close").click()
    card = bob.locator(f".player:has(a.name:text-is('{ann_name}'))")
    card.locator("button.report").click()  # the player too, from his card on the game page
    bob.locator("dialog.report-dialog select[name=category]").select_option("sandbagging")
    bob.locator("dialog.report-dialog button[type=submit]").click()
    expect(bob.locator("dialog.report-dialog .report-outcome.sent")).to_be_visible()
    bob.locator("dialog.report-dialog button", has_text="Close").click()

    olga, _ = _operator(hall, server_database)
    olga.locator(".site-header .operator-link").click()
    group = olga.locator(".report-group[data-kind=chat]")
    expect(group.locator(".quoted")).to_have_text("you play like a potato")
    expect(group.locator("h3")).to_contain_text(ann_name)
    expect(group.locator("li")).to_contain_text(f"{bob_name}: Abuse in chat insults after")
    player = olga.locator(f".report-group[data-kind=player][data-player={ann_name}]")
    expect(player.locator("li")).to_contain_text(f"{bob_name}: Losing on purpose")
    expect(player.locator("a", has_text="the game")).to_have_attribute("href", f"#/game/{match_id}")
    hall.screenshot(olga, "operator-reports")
    group.locator("a", has_text="the game").click()  # the operator watches as a spectator
    olga.wait_for_url(f"**/#/game/{match_id}")
    expect(olga.locator(".chat h3")).to_have_text("Spectators' chat")
    olga.go_back()
    group.locator("button", has_text="Act on this player").click()
    olga.locator("input[name=reason]").fill("insults in the chat")
    olga.locator("input[name=minutes]").fill("30")
    olga.locator("button[data-deed=mute]").click()
    expect(olga.locator(".operator-outcome")).to_have_text(f"{ann_name} is muted.")
    expect(olga.locator(".standing")).to_contain_text("muted until")

    ann.wait_for_timeout(1100)  # one chat line a second
    _say(ann, "sorry")
    expect(ann.locator(".chat-error")).to_contain_text(
        "Операторы сайта запретили вам писать в чатах"
    )
    expect(bob.locator(".chat-messages li", has_text="sorry")).to_have_count(0)

    group.locator("input[name=resolution]").fill("muted for 30 minutes")
    group.locator("button.close-reports").click()
    expect(group).to_have_count(0)
    expect(player).to_have_count(1)  # the player's own report stays open
    record = olga.locator("table.actions tbody tr")
    expect(record.first).to_have_attribute("data-action", "close-report")
    expect(record.nth(1)).to_contain_text("insults in the chat")

    olga.locator("input[name=player]").fill(bob_name)
    olga.locator("input[name=reason]").fill("be kind to your opponents")
    olga.locator("button[data-deed=warn]").click()
    expect(olga.locator(".operator-outcome")).to_have_text(f"{bob_name} is warned.")
    notice = bob.locator(".warning-notice")  # at once, his user socket told
    expect(notice).to_contain_text("be kind to your opponents")
    bob.reload()  # and again after a reload, until dismissed
    expect(notice).to_contain_text("A warning from the site's operators: be kind to your opponents")
    hall.screenshot(bob, "warning-notice")
    notice.locator("button.dismiss").click()
    expect(notice).to_have_count(0)
    bob.wait_for_timeout(300)  # the dismissal is sent
    bob.reload()
    bob.locator(".chat").wait_for()
    bob.wait_for_load_state("networkidle")
    expect(bob.locator(".warning-notice")).to_have_count(0)

    expect(bob.locator(".site-header .operator-link")).to_have_count(0)
    bob.goto(f"{hall.url}/#/operator")
    expect(bob.locator(".form-error")).to_have_text("Only the site's operators may do that")


def _resign_after_a_stone(hall: Hall, first: Page, second: Page) -> None:
    you = hall.game(first)["you"]
    black, _ = (first, second) if hall.game(first)["state"]["black"] == you else (second, first)
    black.locator('svg.renju-board [data-point="h8"]').click()
    black.wait_for_function("window.gamehall.game.actions.includes('resign')")
    black.locator('.controls button[data-action="resign"]').click()
    black.locator('dialog [data-choice="yes"]').click()
    for page in (first, second):
        expect(page.locator(".result .downloads")).to_be_visible()


def test_the_engine_mark_takes_the_games_out_of_the_ratings(
    hall: Hall, server_database: str
) -> None:
    carol, carol_name = hall.player("carol", DESKTOP)
    dave, dave_name = hall.player("dave", DESKTOP)
    _challenge(carol, dave, dave_name, rated=True)
    _resign_after_a_stone(hall, carol, dave)
    dave.goto(f"{hall.url}/#/player/{dave_name}")
    expect(dave.locator(".rating-game[data-game=renju]")).to_contain_text("1 rated result")

    olga, _ = _operator(hall, server_database)
    olga.goto(f"{hall.url}/#/operator")
    olga.locator("input[name=player]").fill(carol_name)
    olga.locator("input[name=reason]").fill("every move the engine's first choice")
    olga.locator("button[data-deed=mark-engine]").click()
    expect(olga.locator(".operator-outcome")).to_contain_text("is marked engine-assisted")
    expect(olga.locator(".standing")).to_contain_text("engine-assisted")

    dave.reload()
    expect(dave.locator(".ratings-section .empty")).to_be_visible()  # as if never played
    dave.goto(f"{hall.url}/#/player/{carol_name}")
    expect(dave.locator("h1 .tag.engine-assisted")).to_have_text("engine-assisted")

    match_id = _challenge(carol, dave, dave_name, rated=True)
    with Store(server_database) as store:
        assert store.matches.terms(match_id).rated is False
    _resign_after_a_stone(hall, carol, dave)
    dave.goto(f"{hall.url}/#/player/{dave_name}")
    expect(dave.locator(".ratings-section .empty")).to_be_visible()
