"""Caps on what one player may have open at once (issue 41: one guest made 529 matches against
the computer in 30 s, all playing for ever; 75 tournaments in 0.6 s; five guests put 100 seeks
in the lobby), and the end of matches against the computer that their player left."""

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from gamehall.server.config import Config
from server.helpers import FakeClock, Hall, Player, running

RENJU = {"settings": {"game": "renju"}}


def _refused(response: Any, code: str) -> str:
    assert response.status_code == 409, response.text
    assert response.json()["code"] == code
    detail: str = response.json()["detail"]
    return detail


def test_matches_against_the_computer_are_capped(config: Config) -> None:
    with running(config, max_computer_matches=2) as hall:
        ann = hall.register("ann")
        with ThreadPoolExecutor(6) as pool:
            answers = list(pool.map(lambda _: ann.post("/api/computer", RENJU), range(6)))
        made = [a.json()["match_id"] for a in answers if a.status_code == 200]
        assert len(made) == 2, [a.text for a in answers]
        detail = _refused(ann.post("/api/computer", RENJU), "too-many-computer-matches")
        assert "(2)" in detail
        hall.register("bob").ok("post", "/api/computer", RENJU)  # each player counts alone
        with ann.socket(made[0]) as sock:
            sock.act("abort")
            assert sock.reply()["type"] == "update"
        ann.ok("post", "/api/computer", RENJU)


def test_open_seeks_are_capped(config: Config) -> None:
    with running(config, max_seeks=2) as hall:
        ann = hall.register("ann")
        seeks = [ann.ok("post", "/api/seeks", {"settings": {}}) for _ in range(2)]
        _refused(ann.post("/api/seeks", {"settings": {}}), "too-many-seeks")
        assert len(hall.anonymous().ok("get", "/api/seeks")["seeks"]) == 2
        ann.ok("delete", f"/api/seeks/{seeks[0]['id']}")
        ann.ok("post", "/api/seeks", {"settings": {}})


def test_open_challenges_are_capped_in_all_and_to_one_player(config: Config) -> None:
    with running(config, max_challenges=3, max_challenges_to_one=2) as hall:
        ann = hall.register("ann")
        for name in ("bob", "cat", "dan"):
            hall.register(name)
        made = [ann.ok("post", "/api/challenges", _to("bob")) for _ in range(2)]
        assert "bob" in _refused(ann.post("/api/challenges", _to("bob")), "too-many-challenges-to")
        ann.ok("post", "/api/challenges", _to("cat"))
        _refused(ann.post("/api/challenges", _to("dan")), "too-many-challenges")
        ann.ok("post", f"/api/challenges/{made[0]['id']}/withdraw")
        ann.ok("post", "/api/challenges", _to("dan"))


def _to(name: str) -> dict[str, Any]:
    return {"opponent": name, "settings": {}}


def test_unfinished_tournaments_are_capped_per_maker(config: Config) -> None:
    body = {"name": "Open", "format": "round-robin", "settings": {"game": "renju"}}
    with running(config, max_tournaments=2) as hall:
        ann = hall.register("ann")
        for _ in range(2):
            ann.ok("post", "/api/tournaments", body)
        refused = ann.client.post(
            "/api/tournaments",
            json=body,
            headers={"X-CSRF-Token": ann.csrf or "", "Accept-Language": "zh-CN"},
        )
        assert "2" in _refused(refused, "too-many-tournaments")
        hall.register("bob").ok("post", "/api/tournaments", body)


def _status(hall: Hall, match_id: str) -> tuple[str, str | None]:
    stored = hall.store.matches.load(match_id)
    assert stored is not None
    return stored.status, stored.summary.get("end_reason")  # type: ignore[return-value]


def _sweep(hall: Hall) -> list[str]:
    ended: list[str] = hall.main.portal.call(hall.services.computer_keeper.sweep)
    return ended


def test_a_match_against_the_computer_left_alone_is_ended(config: Config) -> None:
    """Aborted when its player never moved; forfeited by him once both sides have moved."""
    clock = FakeClock()
    with running(config, clock=clock, grace_seconds=60, computer_idle_seconds=600) as hall:
        ann = hall.register("ann")
        untouched = ann.ok("post", "/api/computer", RENJU)["match_id"]
        played = ann.ok("post", "/api/computer", RENJU)["match_id"]
        clock.advance(300)
        _play_both_sides_once(ann, played)  # away from it from now on
        clock.advance(299)
        assert _sweep(hall) == []
        clock.advance(2)
        assert _sweep(hall) == [untouched]
        assert _status(hall, untouched)[0] == "aborted"
        clock.advance(298)
        assert _sweep(hall) == []
        clock.advance(2)
        assert _sweep(hall) == [played]
        assert _status(hall, played) == ("over", "abandoned")
        assert _sweep(hall) == []


def test_a_player_on_his_match_keeps_it(config: Config) -> None:
    clock = FakeClock()
    with running(config, clock=clock, computer_idle_seconds=600) as hall:
        ann = hall.register("ann")
        match_id = ann.ok("post", "/api/computer", RENJU)["match_id"]
        with ann.socket(match_id):
            clock.advance(3600)
            assert _sweep(hall) == []
        assert _status(hall, match_id)[0] == "playing"


def _play_both_sides_once(player: Player, match_id: str) -> None:
    """Black's first stone, the computer's answer; then the socket closes."""
    with player.socket(match_id) as sock:
        sock.act("move", point="h8")
        assert sock.reply()["type"] == "update"
        answer = sock.until(lambda m: m["type"] == "update" and "abort" not in m["actions"])
        assert answer["state"]["phase"] != "over"
