"""The server's services as one typed value, and the dependency by which routes and sockets get
it.

``Services`` holds every long-lived object of a running app; the app's lifespan (``app.py``)
builds it in one order and closes it in the reverse, and a route asks for it by type
(``hall: Hall``) instead of reading untyped attributes of ``app.state``. The services' classes
are named here for the type checker only (their modules import no route, so this ties no
circle); the routes import this module.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, ParamSpec, TypeVar

from fastapi import Depends
from starlette.requests import HTTPConnection

if TYPE_CHECKING:
    from gamehall.server.analysis_jobs import AnalysisJobs
    from gamehall.server.arena_hub import ArenaHub
    from gamehall.server.bus import Bus
    from gamehall.server.chat_rooms import ChatRooms
    from gamehall.server.computer_keeper import ComputerKeeper
    from gamehall.server.config import Config
    from gamehall.server.drain import Drain
    from gamehall.server.hashing import HashPool
    from gamehall.server.heavy_reads import HeavyReads
    from gamehall.server.hint_desk import HintDesk
    from gamehall.server.limits import RateLimits
    from gamehall.server.live import LiveMatches, WallClock
    from gamehall.server.live.workers import Workers
    from gamehall.server.lobby_hub import LobbyHub
    from gamehall.server.rematch_offers import RematchOffers
    from gamehall.server.seek_keeper import SeekKeeper
    from gamehall.server.socket_caps import SocketCaps
    from gamehall.server.tournament_director import TournamentDirector
    from gamehall.server.user_channels import UserChannels
    from gamehall.store import Store


@dataclass(frozen=True)
class Services:
    """What the routes and sockets of one app share, from its start to its stop."""

    config: Config
    clock: WallClock
    """The server's one time source: every service reads the time from it."""
    workers: Workers
    """The threads the blocking work runs on (the store's calls, replays, engines)."""
    store: Store
    live: LiveMatches
    limits: RateLimits
    sockets: SocketCaps
    """How many sockets each account holds open, capped."""
    hashing: HashPool
    hints: HintDesk
    channels: UserChannels
    chat: ChatRooms
    rematches: RematchOffers
    director: TournamentDirector
    seek_keeper: SeekKeeper
    computer_keeper: ComputerKeeper
    lobby: LobbyHub
    arenas: ArenaHub
    """The arenas' sockets: each arena's board, pushed when it changes."""
    analyses: AnalysisJobs
    heavy: HeavyReads
    """The finished matches' analyses being made, in processes of their own."""
    bus: Bus
    """The messages between server processes (its broker, when several share the games)."""
    drain: Drain
    """Whether the process drains (told to stop: its players hand over to other processes)."""


def services_of(connection: HTTPConnection) -> Services:
    """The app's services, for a request or a WebSocket: the one read of ``app.state``."""
    services = connection.app.state.services
    if not isinstance(services, Services):
        raise RuntimeError("the app's services are read before its lifespan built them")
    return services


async def services(connection: HTTPConnection) -> Services:
    """Dependency: the app's services (a coroutine, so that FastAPI does not hand it to a
    thread)."""
    return services_of(connection)


Hall = Annotated[Services, Depends(services)]
"""A route's parameter that receives the app's services."""

P = ParamSpec("P")
T = TypeVar("T")


def on_store_threads(route: Callable[P, T]) -> Callable[P, Coroutine[object, object, T]]:
    """A route whose work blocks (it calls the store), run on the app's store threads
    (``Services.workers``) rather than in the thread pool in which FastAPI runs a plain
    function. The route takes a ``Hall``."""

    @functools.wraps(route)
    async def run(*args: P.args, **kwargs: P.kwargs) -> T:
        hall = next((value for value in kwargs.values() if isinstance(value, Services)), None)
        if hall is None:
            raise TypeError(f"{route.__name__} has no Hall parameter to find the threads by")
        return await hall.workers.store(route, *args, **kwargs)

    return run
