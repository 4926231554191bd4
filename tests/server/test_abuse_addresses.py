"""Who a client is: forwarded addresses only from the configured proxies, and the per-account
guard on logins that a stranger cannot turn against the account's player (issue 41: 280 wrong
passwords with a new ``X-Forwarded-For`` each were never refused)."""

from typing import Any

import pytest

from gamehall.server import main
from gamehall.server.config import Config, ConfigError
from server.helpers import PASSWORD, running

WRONG = {"name": "ann", "password": "not her password"}
RIGHT = {"name": "ann", "password": PASSWORD}


def test_the_server_leaves_forwarded_headers_to_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """uvicorn believes ``X-Forwarded-For`` from 127.0.0.1 by default: behind a proxy that
    passes the client's own header on, each request could claim a new address."""
    options: dict[str, Any] = {}
    monkeypatch.setattr(main.uvicorn, "run", lambda app, **given: options.update(given))
    main.run(Config(warm_engines=False))
    assert options["proxy_headers"] is False


def test_a_forwarded_address_from_anywhere_else_is_ignored(config: Config) -> None:
    with running(config, rate_login="2/minute") as hall:
        hall.register("ann")
        client = hall.client("127.0.0.1")
        answers = [
            client.post("/api/login", json=WRONG, headers={"X-Forwarded-For": f"192.0.2.{n}"})
            for n in range(5)
        ]
    assert [a.status_code for a in answers] == [401, 401, 429, 429, 429]


def test_a_trusted_proxy_gives_each_client_its_own_count(config: Config) -> None:
    with running(config, rate_login="2/minute", trusted_proxies=("10.0.0.0/8",)) as hall:
        hall.register("ann")
        proxy = hall.client("10.0.0.7")

        def login(address: str) -> int:
            answer = proxy.post("/api/login", json=WRONG, headers={"X-Forwarded-For": address})
            return answer.status_code

        assert [login("198.51.100.1") for _ in range(3)] == [401, 401, 429]
        assert login("198.51.100.2") == 401
        # the address the proxy saw is the client's, whatever the client wrote before it
        assert login("198.51.100.1, 198.51.100.3") == 401
        assert login("198.51.100.9, 198.51.100.3") == 401
        assert login("198.51.100.3") == 429


def test_an_account_is_guarded_from_new_places_only(config: Config) -> None:
    """Wrong passwords from addresses that never logged in to an account count for it: once
    spent, new addresses are refused before their password is checked, while its player still
    logs in from where he did before (and his own slips do not count)."""
    with running(config, rate_login_account="3/hour") as hall:
        hall.register("ann")  # from testclient
        strangers = [hall.client(f"192.0.2.{n}") for n in range(5)]
        assert [s.post("/api/login", json=WRONG).status_code for s in strangers[:3]] == [401] * 3
        refused = strangers[3].post("/api/login", json=RIGHT, headers={"Accept-Language": "ru"})
        assert refused.status_code == 429
        assert refused.json()["code"] == "account-guarded"
        assert "неверных паролей" in refused.json()["detail"]
        assert 1 <= int(refused.headers["Retry-After"]) <= 3600
        home = hall.client()
        assert home.post("/api/login", json=WRONG).status_code == 401
        assert home.post("/api/login", json=RIGHT).status_code == 200
        # other accounts are not touched
        hall.register("bob")
        bob = {"name": "bob", "password": PASSWORD}
        assert strangers[4].post("/api/login", json=bob).status_code == 200


def test_trusted_proxies_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMEHALL_TRUSTED_PROXIES", "10.0.0.1, 172.16.0.0/12,")
    assert Config.from_env().trusted_proxies == ("10.0.0.1", "172.16.0.0/12")
    monkeypatch.setenv("GAMEHALL_TRUSTED_PROXIES", "proxy.example")
    with pytest.raises(ConfigError, match=r"GAMEHALL_TRUSTED_PROXIES: .*not an IP address"):
        Config.from_env()
