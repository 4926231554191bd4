"""Every HTTP answer carries the security headers (``server/headers.py``): a policy that lets the
pages load and reach only their own server, no framing, no sniffing; the API's description is
served from the server itself, its page alone allowed the inline script that starts it."""

import re

from gamehall.server.headers import DOCS_POLICY, PAGES_POLICY
from server.helpers import Hall


def test_pages_answers_and_refusals_carry_the_headers(hall: Hall) -> None:
    client = hall.anonymous()
    for path in ("/", "/js/app.js", "/api/lobby", "/api/matches/nothing-here", "/openapi.json"):
        answer = client.get(path)
        assert answer.headers["content-security-policy"] == PAGES_POLICY, path
        assert answer.headers["x-content-type-options"] == "nosniff", path
        assert answer.headers["x-frame-options"] == "DENY", path
        assert answer.headers["referrer-policy"] == "same-origin", path
    refused = client.get("/", headers={"Host": "evil.example"})
    assert refused.status_code == 400 and refused.headers["x-frame-options"] == "DENY"


def test_the_pages_policy_allows_nothing_from_elsewhere() -> None:
    assert "unsafe-inline" not in PAGES_POLICY and "unsafe-eval" not in PAGES_POLICY
    assert "frame-ancestors 'none'" in PAGES_POLICY and "object-src 'none'" in PAGES_POLICY
    assert not re.search(r"https?://", PAGES_POLICY + DOCS_POLICY)


def test_the_api_description_is_served_from_here(hall: Hall) -> None:
    client = hall.anonymous()
    page = client.get("/docs")
    assert page.status_code == 200 and page.headers["content-security-policy"] == DOCS_POLICY
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources and all(source.startswith("/") for source in sources), sources
    for source in sources:
        assert client.get(source).status_code == 200, source
    assert client.get("/redoc").status_code == 404  # ReDoc loads from a CDN: not served
