"""The application: ``create_app(config)`` wires the store, the live matches, the API, the
WebSocket and the web pages together.

Starting brings the database up to date and resumes every match left playing (their clocks
go on where they stood when the server stopped); stopping pauses them all.
"""

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from gamehall import __version__
from gamehall.errors import GameError
from gamehall.server import (
    api,
    chat,
    hints_api,
    lobby_push,
    rematch,
    review,
    tournaments_api,
    user_socket,
    ws,
)
from gamehall.server.auth import Services
from gamehall.server.broker import RedisBroker
from gamehall.server.bus import Bus
from gamehall.server.collector import GarbageKeeper
from gamehall.server.config import Config
from gamehall.server.guards import EVERY_INTERFACE, Guards, allowed_hosts
from gamehall.server.hashing import HashPool
from gamehall.server.limits import RateLimits
from gamehall.server.live import Broker, LiveMatches, WallClock
from gamehall.server.outage import answer_outages
from gamehall.server.pg_broker import PostgresBroker
from gamehall.server.seek_keeper import SeekKeeper
from gamehall.server.tournament_director import TournamentDirector
from gamehall.server.turn_notices import TurnNotices
from gamehall.store import Store, upgrade_database

log = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).with_name("static")
"""The web pages, served at ``/`` (``index.html`` for a folder)."""


def create_app(
    config: Config | None = None,
    *,
    store: Store | None = None,
    broker: Broker | None = None,
    clock: WallClock | None = None,
) -> FastAPI:
    """The server's ASGI app. ``store`` and ``broker`` replace the ones ``config`` names
    (tests pass a store with cheap password hashing, or brokers joining two apps); ``clock``
    replaces the real time (tests pass a clock they move)."""
    config = config or Config.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(upgrade_database, config.database_url)
        the_store = store or Store(config.database_url)
        the_broker, carries_on = broker, None
        if the_broker is None and config.redis_url:
            the_broker = RedisBroker.from_url(config.redis_url)
        elif the_broker is None and config.database_url.startswith("postgresql"):
            the_broker, carries_on = PostgresBroker(config.database_url), False
        bus = Bus(the_broker, carries_on=carries_on)
        live = LiveMatches(the_store, config, bus, clock)
        app.state.services = Services(config, the_store, live)
        app.state.rate_limits = RateLimits.of(config, live.clock)
        app.state.hash_pool = HashPool(config.hash_workers)
        resumed = await live.start()
        log.info("gamehall: resuming %d live matches", resumed)
        app.state.channels = user_socket.UserChannels(bus)
        app.state.channels.start()
        app.state.chat = chat.ChatRooms(bus)
        app.state.rematches = rematch.RematchOffers(bus, app.state.services, app.state.channels)
        app.state.director = TournamentDirector(the_store, live, app.state.channels)
        live.after_commit.append(TurnNotices(app.state.channels))
        await app.state.director.start()
        app.state.seek_keeper = SeekKeeper(the_store, app.state.channels, config.grace_seconds)
        app.state.seek_keeper.start()
        app.state.lobby = lobby_push.LobbyHub(the_store, app.state.channels)
        app.state.lobby.start()
        keeper = GarbageKeeper(clock)
        keeper.start()
        live.serving()  # from here on players can reconnect: held clocks may go on
        try:
            yield
        finally:
            await keeper.stop()
            await app.state.lobby.stop()
            await app.state.seek_keeper.stop()
            await app.state.director.stop()
            await app.state.channels.stop()
            await live.stop()
            app.state.hash_pool.close()
            if store is None:
                the_store.close()

    app = FastAPI(title="gamehall", version=__version__, lifespan=lifespan)
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(tournaments_api.router)
    app.include_router(user_socket.router)
    app.include_router(rematch.router)
    app.include_router(review.router)
    app.include_router(lobby_push.router)
    app.include_router(chat.router)
    app.include_router(hints_api.router)
    app.add_exception_handler(GameError, _game_error)
    answer_outages(app)
    app.add_middleware(
        Guards,
        hosts=allowed_hosts(config.allowed_hosts, config.host),
        any_ip=config.host in EVERY_INTERFACE,
        max_body=config.max_body,
    )
    app.add_exception_handler(RequestValidationError, _bad_request)
    if STATIC_DIR.is_dir():
        app.mount("/", StaticFiles(directory=STATIC_DIR, html=True), name="pages")
    return app


async def _game_error(request: Request, exc: Exception) -> JSONResponse:
    """A refusal of the store or the play layer, in its own words."""
    assert isinstance(exc, GameError)
    return JSONResponse({"detail": str(exc)}, status_code=api.error_status(exc))


async def _bad_request(request: Request, exc: Exception) -> JSONResponse:
    """A body or parameter that does not fit its declared shape (a wrong type, a missing or
    unknown field): 422, naming each field and what was wrong, in one line."""
    assert isinstance(exc, RequestValidationError)
    problems = []
    for error in exc.errors():
        where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
        problems.append(f"{where}: {error.get('msg', 'not valid')}" if where else error["msg"])
    return JSONResponse({"detail": "; ".join(problems) or "bad request"}, status_code=422)
