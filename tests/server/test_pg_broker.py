"""PostgreSQL's notifications as the broker without Redis: what a notification carries."""

import json

import pytest

from gamehall.server.pg_broker import MAX_PAYLOAD, libpq_url, payload


def test_a_notification_carries_the_topic_and_the_message() -> None:
    sent = json.loads(payload("match:m1", {"type": "seats", "connected": [True, False]}))
    assert sent == {"topic": "match:m1", "message": {"type": "seats", "connected": [True, False]}}


def test_an_update_too_long_to_notify_goes_without_its_events() -> None:
    """The receiver reads them from the store (``"events": None``)."""
    events = [{"seq": n, "kind": "move", "data": {"text": "x" * 100}} for n in range(100)]
    text = payload("match:m1", {"type": "update", "origin": "o", "events": events})
    assert len(text.encode()) <= MAX_PAYLOAD
    assert json.loads(text)["message"] == {"type": "update", "origin": "o", "events": None}
    with pytest.raises(ValueError, match="too long"):
        payload("chat:m1/players", {"message": {"text": "x" * 9000}})


def test_the_stores_url_is_given_to_psycopg_without_the_driver() -> None:
    assert libpq_url("postgresql+psycopg://u:p@h:5/db") == "postgresql://u:p@h:5/db"
