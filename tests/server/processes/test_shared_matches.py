"""Two real server processes (``gamehall serve``) on one PostgreSQL: a game played across them
(one player on each), with Redis, through a Redis outage, and without Redis at all."""

from contextlib import ExitStack

from server.processes.clients import Guest, Start, Table, choice, match_between
from support.services import RedisServer, ServerProcess


def _table(
    stack: ExitStack, ann: Guest, one: ServerProcess, bob: Guest, two: ServerProcess, match_id: str
) -> Table:
    """The two players' sockets: ann's on ``one``, bob's on ``two``, by seat."""
    path = f"/ws/matches/{match_id}"
    sockets = {
        "ann": stack.enter_context(ann.socket(one, path)),
        "bob": stack.enter_context(bob.socket(two, path)),
    }
    hellos = {name: socket.of_type("hello") for name, socket in sockets.items()}
    seats = {hello["you"]: name for name, hello in hellos.items()}
    assert sorted(seats) == [0, 1]
    return Table(
        {seat: sockets[name] for seat, name in seats.items()},
        {seat: hellos[name] for seat, name in seats.items()},
    )


def test_a_game_across_two_processes_with_redis(start_servers: Start, redis: RedisServer) -> None:
    """Each move reaches the player on the other process."""
    one, two = start_servers(2, redis_url=redis.url)
    ann, bob = Guest(one), Guest(two)
    match_id = match_between(ann, one, bob, two, "backgammon")
    with ExitStack() as stack:
        table = _table(stack, ann, one, bob, two, match_id)
        for _ in range(30):
            table.step()


def test_a_redis_outage_stalls_no_game(start_servers: Start, redis: RedisServer) -> None:
    """Redis killed mid-game: the moves made meanwhile are stored, and the player on the other
    process gets them when Redis is back (his process catches up from the store as soon as it
    listens again; polling is off here, so nothing else could bring them), then the game goes
    on across the processes."""
    one, two = start_servers(2, redis_url=redis.url, poll_seconds=0)
    ann, bob = Guest(one), Guest(two)
    match_id = match_between(ann, one, bob, two, "backgammon")
    with ExitStack() as stack:
        table = _table(stack, ann, one, bob, two, match_id)
        for _ in range(6):
            table.step()
        redis.kill()
        seat = next(s for s in (0, 1) if table.last[s]["actions"])
        mover = table.sockets[seat]
        for _ in range(3):  # the player on move goes on alone; nothing reaches the other
            action = choice(table.last[seat])
            if action is None:
                break
            mover.act(action[0], **action[1])
            reply = mover.until(lambda m: m["type"] in ("update", "error"))
            assert reply["type"] == "update", reply
            table.absorb(seat, reply)
        redis.start()
        table.catch_up(1 - seat, timeout=15.0)
        for _ in range(10):
            table.step()


def test_without_redis_postgresql_carries_the_messages(start_servers: Start) -> None:
    """PostgreSQL and no Redis: the processes tell each other through PostgreSQL's
    notifications (polling is off here, so nothing else could bring the moves): each player
    sees the other as connected, and every move reaches the other process."""
    one, two = start_servers(2, poll_seconds=0)
    ann, bob = Guest(one), Guest(two)
    match_id = match_between(ann, one, bob, two, "backgammon")
    with ExitStack() as stack:
        table = _table(stack, ann, one, bob, two, match_id)
        for seat in (0, 1):
            table.sockets[seat].until(
                lambda m: m["type"] == "presence" and m["connected"] == [True, True]
            )
        for _ in range(12):
            table.step()
