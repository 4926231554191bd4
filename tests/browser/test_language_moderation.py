"""Moderation speaks the reader's language (issues 37 and 40): with the browser set to Russian,
Georgian or Chinese, the report dialog, a warning's notice and the operators' page (its open
reports, its actions and its record) show at least 90 % of their words in that language;
players' names, quoted lines and reasons are marked translate="no"."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from browser.languages import assert_in_language
from gamehall.store import Store

if TYPE_CHECKING:
    from browser.conftest import Hall


@pytest.mark.parametrize("locale", ["ru-RU", "ka-GE", "zh-CN"])
def test_reports_warnings_and_the_operators_page_speak_the_readers_language(
    hall: Hall, server_database: str, locale: str
) -> None:
    short = locale.split("-")[0]
    reader, reader_name = hall.player("lm", locale=locale)
    _, target = hall.player("lt")
    reader.goto(f"{hall.url}/#/player/{target}")
    reader.locator("button.report").click()
    dialog = reader.locator("dialog[open]")
    expect(dialog).to_be_visible()
    assert_in_language(reader, f"the report dialog ({locale})", "dialog[open]")
    dialog.locator("button[type=submit]").click()
    expect(dialog.locator(".report-outcome.sent")).to_be_visible()
    hall.screenshot(reader, f"language-{short}-report")
    dialog.locator("button.secondary").click()

    with Store(server_database) as store:
        store.moderation.make_operator(reader_name, "command line")
        store.moderation.warn(reader_name, "a test of the notice", "command line")
    reader.reload()
    expect(reader.locator(".warning-notice")).to_be_visible()
    assert_in_language(
        reader, f"a warning ({locale})", ".warning-notice", also_kept=frozenset({"test", "notice"})
    )
    reader.locator(".warning-notice button.dismiss").click()
    reader.goto(f"{hall.url}/#/operator")
    expect(reader.locator(f".report-group[data-player={target}]")).to_be_visible()
    reader.locator("input[name=player]").fill(target)
    reader.locator("form.operator-form button[type=submit]").click()
    expect(reader.locator(".standing")).to_contain_text(target)
    assert_in_language(reader, f"the operators' page ({locale})")
    hall.screenshot(reader, f"language-{short}-operator")
