"""The search of finished matches through the API: filters, paging and refusals."""

from gamehall.play.settings import MatchSettings
from gamehall.store import PlayerSeat, Store
from gamehall.store.game_search import PAGE
from server.helpers import Hall


def _finish(
    store: Store, first: str, second: str, game: str, winner: int | None, reason: str
) -> str:
    """A stored match of the registered ``first`` (seat 0) and ``second``, over."""
    users = [store.users.by_name(first), store.users.by_name(second)]
    seats = [PlayerSeat(u.id, "human", None, u.name) for u in users if u is not None]
    settings = MatchSettings.from_dict({"game": game}).to_dict()
    match = {"game": game, "settings": settings, "players": [first, second], "events": []}
    match_id = store.matches.create(match, players=seats)
    summary = {"winner": winner, "end_reason": reason, "score": [1, 0]}
    store.matches.append(match_id, [], secrets=None, status="over", summary=summary)
    return match_id


def test_a_player_s_wins_and_losses_by_game_and_ending(hall: Hall) -> None:
    ann, _, _ = hall.register("ann"), hall.register("bob"), hall.register("cid")
    won = _finish(hall.store, "ann", "bob", "renju", 0, "five")
    lost = _finish(hall.store, "cid", "ann", "backgammon", 0, "resign")
    drawn = _finish(hall.store, "ann", "cid", "renju", None, "agreement")
    visitor = hall.anonymous()

    def ids(query: str) -> list[str]:
        answer = visitor.ok("get", f"/api/games?{query}")
        return [m["id"] for m in answer["matches"]]

    assert ids("player=ANN") == [drawn, lost, won]
    assert ids("player=ann&result=win") == [won]
    assert ids("player=ann&result=loss") == [lost]
    assert ids("player=ann&result=draw") == [drawn]
    assert ids("player=ann&opponent=cid") == [drawn, lost]
    assert ids("game=renju&ended=five") == [won]
    assert ids("ended=agreement&opening=center") == [drawn]
    assert ids("rated=true") == []
    assert ids("since=2000-01-01&until=2000-01-02") == []
    answer = ann.ok("get", "/api/games?player=ann")
    assert answer["page"] == 1 and answer["more"] is False
    assert answer["matches"][0]["players"][0]["name"] == "ann"


def test_the_search_is_paged(hall: Hall) -> None:
    hall.register("ann"), hall.register("bob")
    for _ in range(PAGE + 1):
        _finish(hall.store, "ann", "bob", "renju", 0, "five")
    visitor = hall.anonymous()
    first = visitor.ok("get", "/api/games?player=bob&result=loss")
    assert len(first["matches"]) == PAGE and first["more"] is True
    second = visitor.ok("get", "/api/games?player=bob&result=loss&page=2")
    assert len(second["matches"]) == 1 and second["more"] is False
    seen = {m["id"] for m in first["matches"]} | {m["id"] for m in second["matches"]}
    assert len(seen) == PAGE + 1


def test_a_search_that_cannot_be_answered_is_refused_in_words(hall: Hall) -> None:
    visitor = hall.anonymous()
    unknown = visitor.get("/api/games?player=zed")
    assert (unknown.status_code, unknown.json()["code"]) == (404, "no-such-player")
    needs = visitor.get("/api/games?result=win")
    assert needs.status_code == 400
    assert needs.json() == {
        "code": "refused",
        "reason": "result-needs-player",
        "detail": "name a player to search by result",
    }
    russian = visitor.client.get("/api/games?result=win", headers={"Accept-Language": "ru"})
    assert "укажите игрока" in russian.json()["detail"]
    reversed_days = visitor.get("/api/games?since=2026-02-01&until=2026-01-01")
    assert reversed_days.status_code == 400
    for bad in ("game=chess", "result=won", "page=0", "since=yesterday", "ended=DROP;"):
        assert visitor.get(f"/api/games?{bad}").status_code == 422, bad
