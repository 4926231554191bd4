"""Browser tests of the web front end: the real server in a subprocess, Debian's Chromium.

The server runs once for the session (``gamehall.server.main.run``) on a free port of 127.0.0.1
with a temporary SQLite database, computer players that answer at once and a short grace period
for dropped players. Before it starts, the engines' kernels are compiled into numba's cache
(once for all the workers), so that no hint or computer move waits for a compiler on a fresh
clone of a busy machine: the server then loads them in a second or two. ``hall`` opens browser
pages (each in its own context, so with its own cookies), registers players, and saves
screenshots under ``test-output/browser/``.
"""

import fcntl
import itertools
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    expect,
    sync_playwright,
)

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "browser"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
PASSWORD = "a good password"
GRACE_SECONDS = 2
TIMEOUT_MS = 20_000
"""How long a page's action or wait may take: generous, because under ``pytest -n auto`` on two
cores a registration (argon2) or a first page load can take seconds; a passing wait ends at
once, so only a failure waits this long."""
expect.set_options(timeout=TIMEOUT_MS // 2)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait_until_up(url: str, server: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"the server stopped at start-up:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(f"{url}/api/me", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    pytest.fail(f"the server did not answer within 30 s:\n{log.read_text()}")


def _warm_engines(lock: Path) -> None:
    """Compile the engines' kernels into numba's cache, one worker at a time: the first
    compiles (a minute of one core on a fresh clone), the others then only load them."""
    from gamehall.engines.warm import warm_up

    with lock.open("w") as file:
        fcntl.flock(file, fcntl.LOCK_EX)
        try:
            warm_up()
        finally:
            fcntl.flock(file, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def server_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The data directory of the session's server: its SQLite database is ``gamehall.db``
    there, where a test may store a match made in Python (``server_database``)."""
    return tmp_path_factory.mktemp("gamehall")


@pytest.fixture(scope="session")
def server_database(server_data: Path) -> str:
    """The URL of the session's server's database."""
    return f"sqlite:///{server_data / 'gamehall.db'}"


@pytest.fixture(scope="session")
def server_url(
    tmp_path_factory: pytest.TempPathFactory, server_data: Path, server_database: str
) -> Iterator[str]:
    """The base URL of a gamehall server running for the whole session."""
    _warm_engines(tmp_path_factory.getbasetemp().parent / "gamehall-warm-up.lock")
    data = server_data
    port = _free_port()
    OUTPUT.mkdir(parents=True, exist_ok=True)
    log = OUTPUT / "server.log"
    env = {
        **os.environ,
        "GAMEHALL_DATA_DIR": str(data),
        "GAMEHALL_DATABASE_URL": server_database,
        "GAMEHALL_HOST": "127.0.0.1",
        "GAMEHALL_PORT": str(port),
        "GAMEHALL_BOT_DELAY": "0",
        "GAMEHALL_GRACE_SECONDS": str(GRACE_SECONDS),
    }
    command = [sys.executable, "-c", "from gamehall.server.main import run; run()"]
    with log.open("wb") as out:
        server = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(url, server, log)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium; the tests fail (never skip) when it is not installed."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests need Debian's Chromium "
            "(apt-get install -y chromium)"
        )
    with sync_playwright() as playwright:
        yield _launch(playwright)


def _launch(playwright: Playwright) -> Browser:
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


@dataclass
class Hall:
    """Pages on the running server: players, guests and spectators, each with own cookies."""

    url: str
    browser: Browser
    phone: ClassVar[dict[str, int]] = PHONE
    grace_seconds: ClassVar[int] = GRACE_SECONDS
    contexts: list[BrowserContext] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    names: Iterator[int] = field(default_factory=itertools.count)

    def page(
        self,
        path: str = "/",
        viewport: dict[str, int] = DESKTOP,
        *,
        policy: bool = False,
        locale: str | None = None,
    ) -> Page:
        """A new page (in a new context) at ``path``, its browser set to ``locale``'s language
        when one is given (else Chromium's own); JavaScript errors fail the test. The
        server's Content-Security-Policy is enforced only with ``policy`` (and then any
        refusal fails the test): elsewhere it is bypassed, because Playwright's
        ``wait_for_function`` evaluates its text in the page, which the policy forbids."""
        phone = viewport["width"] < 600
        context = self.browser.new_context(
            viewport=viewport,  # type: ignore[arg-type]
            device_scale_factor=2 if phone else 1,
            is_mobile=phone,
            has_touch=phone,
            bypass_csp=not policy,
            locale=locale,
        )
        context.set_default_timeout(TIMEOUT_MS)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))
        # a resource or script the Content-Security-Policy refused is an error too
        page.on("console", lambda message: self._refused(page, message))
        page.goto(self.url + path)
        return page

    def _refused(self, page: Page, message: ConsoleMessage) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            self.errors.append(f"{page.url}: {message.text}")

    def new_name(self, prefix: str) -> str:
        """A player name no other test uses (3 to 20 characters)."""
        return f"{prefix}{next(self.names)}{secrets.token_hex(2)}"

    def player(
        self,
        prefix: str = "p",
        viewport: dict[str, int] = DESKTOP,
        *,
        policy: bool = False,
        locale: str | None = None,
    ) -> tuple[Page, str]:
        """A page of a newly registered player, in the lobby; and the player's name."""
        name = self.new_name(prefix)
        page = self.page("/#/login", viewport, policy=policy, locale=locale)
        form = page.locator("form.register")
        form.locator("input[name=name]").fill(name)
        form.locator("input[name=password]").fill(PASSWORD)
        form.locator("button[type=submit]").click()
        page.locator("form.new-game").wait_for()
        return page, name

    @staticmethod
    def game(page: Page) -> dict[str, Any]:
        """What the game page knows now: ``state``, ``you``, ``actions``, ``legal`` and the
        number of ``events`` (the page keeps its match in ``window.gamehall``)."""
        game: dict[str, Any] = page.evaluate(
            "(({state, you, actions, legal, events}) =>"
            " ({state, you, actions, legal, events: events.length}))(window.gamehall.game)"
        )
        return game

    def screenshot(self, page: Page, name: str) -> Path:
        """Save a screenshot of the page under test-output/browser/."""
        path = OUTPUT / f"{name}.png"
        page.screenshot(path=path)
        return path


@pytest.fixture
def hall(server_url: str, browser: Browser) -> Iterator[Hall]:
    """Pages on the server, closed after the test; the test fails on a JavaScript error."""
    opened = Hall(server_url, browser)
    yield opened
    for context in opened.contexts:
        context.close()
    assert not opened.errors, "JavaScript errors:\n" + "\n".join(opened.errors)
