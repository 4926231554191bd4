"""Registering, logging in and out, and playing as a guest, through the forms."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import expect

if TYPE_CHECKING:
    from browser.conftest import Hall

PASSWORD = "a good password"


def test_register_log_out_and_in_with_errors_in_words(hall: Hall) -> None:
    page, name = hall.player("reg")
    expect(page.locator("#account .me")).to_have_text(name)

    page.locator("#account button", has_text="Log out").click()
    expect(page.locator("#account .login-link")).to_be_visible()

    page.goto(hall.url + "/#/login")
    register = page.locator("form.register")
    register.locator("input[name=name]").fill(name)
    register.locator("input[name=password]").fill(PASSWORD)
    register.locator("button[type=submit]").click()
    expect(register.locator(".form-error")).to_contain_text("taken")

    login = page.locator("form.log-in")
    login.locator("input[name=name]").fill(name)
    login.locator("input[name=password]").fill("not the password")
    login.locator("button[type=submit]").click()
    expect(login.locator(".form-error")).to_have_text("Wrong name or password")

    login.locator("input[name=password]").fill(PASSWORD)
    login.locator("button[type=submit]").click()
    expect(page.locator("#account .me")).to_have_text(name)
    expect(page.locator("form.new-game")).to_be_visible()


def test_a_guest_plays_without_an_account(hall: Hall) -> None:
    page = hall.page("/")
    page.locator(".welcome button", has_text="Play as a guest").click()
    expect(page.locator("#account .me")).to_have_text(re.compile(r"^Guest-"))
    expect(page.locator("form.new-game")).to_be_visible()
