"""Heavy reads kept below live play (issue 41, abuse): a finished match's review and records
are made on a thread of their own, at most two at once per client, and kept once made."""

import asyncio
import threading
from typing import Any

import pytest

from gamehall.server import review
from gamehall.server.heavy_reads import HeavyReads
from gamehall.server.refusals import Refusal
from server.helpers import Hall
from server.test_review_api import _played


def test_a_finished_matchs_review_and_records_are_made_once_off_the_live_threads(
    hall: Hall, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = _played(hall)
    threads: list[str] = []
    frames_of = review.review_frames

    def counted(match: object) -> object:
        threads.append(threading.current_thread().name)
        return frames_of(match)  # type: ignore[arg-type]

    monkeypatch.setattr(review, "review_frames", counted)
    reader = hall.anonymous()
    first = reader.ok("get", f"/api/matches/{match_id}/review")
    assert reader.ok("get", f"/api/matches/{match_id}/review") == first
    assert len(threads) == 1 and threads[0].startswith("gamehall-heavy")
    mat = reader.get(f"/api/matches/{match_id}/record.mat")
    assert mat.status_code == 200 and "Game 1" in mat.text
    assert ("record.mat", match_id) in hall.services.heavy._kept
    again = reader.get(f"/api/matches/{match_id}/record.mat")
    assert again.text == mat.text
    record = reader.get(f"/api/matches/{match_id}/record.json")
    assert record.status_code == 200 and record.json()["game"] == "backgammon"
    assert (
        "attachment"
        in reader.get(f"/api/matches/{match_id}/record.json").headers["Content-Disposition"]
    )


def test_a_match_being_played_is_not_kept(hall: Hall) -> None:
    match_id, _ = hall.match_between({"game": "backgammon", "length": 3})
    reader = hall.anonymous()
    assert reader.get(f"/api/matches/{match_id}/record.mat").status_code == 200
    assert reader.get(f"/api/matches/{match_id}/record.json").status_code == 200
    assert not hall.services.heavy._kept


def test_one_client_has_at_most_two_heavy_reads_at_once() -> None:
    heavy = HeavyReads(per_client=2, waiting=3)
    release = threading.Event()

    def slow() -> str:
        release.wait(10)
        return "made"

    async def run() -> list[str]:
        held = [asyncio.create_task(heavy.read("10.0.0.1", slow)) for _ in range(2)]
        await asyncio.sleep(0.05)
        with pytest.raises(Refusal) as refused:
            await heavy.read("10.0.0.1", slow)
        assert (refused.value.status_code, refused.value.code) == (429, "heavy-reads")
        assert refused.value.headers == {"Retry-After": "1"}
        other = asyncio.create_task(heavy.read("10.0.0.2", lambda: "other"))
        await asyncio.sleep(0.05)
        with pytest.raises(Refusal):  # three in all: the bound of every client together
            await heavy.read("10.0.0.3", slow)
        release.set()
        done = await asyncio.gather(*held, other)
        assert await heavy.read("10.0.0.1", lambda: "again") == "again"  # the bound is freed
        return done

    try:
        assert asyncio.run(run()) == ["made", "made", "other"]
    finally:
        heavy.close()


def test_what_is_kept_is_bounded() -> None:
    heavy = HeavyReads()

    async def run() -> None:
        for number in range(70):
            await heavy.read("client", lambda n=number: n, keep=("review", str(number)))

    try:
        asyncio.run(run())
        assert len(heavy._kept) == 64
        assert heavy.kept(("review", "0")) is None and heavy.kept(("review", "69")) == 69
    finally:
        heavy.close()


def test_a_kept_review_is_its_text_written_once_off_the_event_loop(
    hall: Hall, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kept review was the model, written out again on the event loop for every request."""
    match_id = _played(hall)
    threads: list[str] = []
    write = review.ReviewAnswer.model_dump_json

    def counted(self: review.ReviewAnswer, **options: Any) -> str:
        threads.append(threading.current_thread().name)
        return write(self, **options)

    monkeypatch.setattr(review.ReviewAnswer, "model_dump_json", counted)
    reader = hall.anonymous()
    answers = [reader.get(f"/api/matches/{match_id}/review") for _ in range(3)]
    assert all(a.status_code == 200 for a in answers)
    assert answers[0].headers["content-type"] == "application/json"
    assert answers[0].json()["match_id"] == match_id and answers[0].json()["frames"]
    assert answers[1].content == answers[2].content == answers[0].content
    assert len(threads) == 1 and threads[0].startswith("gamehall-heavy"), threads
