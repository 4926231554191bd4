"""The application: ``create_app(config)`` wires the store, the live matches, the API, the
WebSocket and the web pages together.

Starting brings the database up to date, builds the app's ``Services`` in one order and resumes
every match left playing (their clocks go on where they stood when the server stopped);
stopping closes the services in the reverse order, which pauses the matches.
"""

import logging
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path

from fastapi import FastAPI, HTTPException, Request, Response
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from gamehall import __version__
from gamehall.errors import GameError
from gamehall.jsontext import JsonObject
from gamehall.server import (
    admin_api,
    analysis_api,
    api,
    arena_push,
    bot_api,
    bot_streams,
    chat,
    games_api,
    health,
    hints_api,
    language_api,
    lobby_push,
    messages_api,
    metrics,
    operator_api,
    puzzles_api,
    rematch,
    reports_api,
    review,
    review_hints,
    social_api,
    tokens_api,
    tournament_chat,
    tournaments_api,
    user_socket,
    ws,
)
from gamehall.server.analysis_jobs import AnalysisJobs
from gamehall.server.arena_hub import ArenaHub
from gamehall.server.arena_schedule import ArenaScheduler
from gamehall.server.broker import RedisBroker
from gamehall.server.bus import Bus
from gamehall.server.chat_rooms import ChatRooms
from gamehall.server.collector import GarbageKeeper
from gamehall.server.computer_keeper import ComputerKeeper
from gamehall.server.config import Config
from gamehall.server.drain import Drain, DrainGate, sigterm_drains
from gamehall.server.follow_push import FollowWatch
from gamehall.server.guards import EVERY_INTERFACE, Guards, allowed_hosts
from gamehall.server.hashing import HashPool
from gamehall.server.headers import SecurityHeaders
from gamehall.server.heavy_reads import HeavyReads
from gamehall.server.hint_desk import HintDesk
from gamehall.server.housekeeping import Housekeeper
from gamehall.server.language import offered, reader_language
from gamehall.server.limits import RateLimitedError, RateLimits
from gamehall.server.live import Broker, LiveMatches, SystemClock, WallClock, bots
from gamehall.server.live.workers import Workers
from gamehall.server.lobby_hub import LobbyHub
from gamehall.server.logs import RequestIds
from gamehall.server.outage import answer_outages
from gamehall.server.pg_broker import PostgresBroker
from gamehall.server.puzzle_making import PuzzleMaking
from gamehall.server.refusals import Refusal, body, game_code, game_said, status_code
from gamehall.server.rematch_offers import RematchOffers
from gamehall.server.seek_keeper import SeekKeeper
from gamehall.server.services import Services
from gamehall.server.socket_caps import SocketCaps
from gamehall.server.tournament_director import TournamentDirector
from gamehall.server.turn_notices import TurnNotices
from gamehall.server.user_channels import UserChannels
from gamehall.store import Store, upgrade_database
from gamehall.words import words
from gamehall.words.languages import DEFAULT

log = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).with_name("static")
"""The web pages, served at ``/`` (``index.html`` for a folder)."""


def create_app(
    config: Config | None = None,
    *,
    store: Store | None = None,
    broker: Broker | None = None,
    clock: WallClock | None = None,
    drain: Drain | None = None,
) -> FastAPI:
    """The server's ASGI app. ``store`` and ``broker`` replace the ones ``config`` names
    (tests pass a store with cheap password hashing, or brokers joining two apps); ``clock``
    replaces the real time (tests pass a clock they move); ``drain`` replaces the app's own
    (``drain.py``: SIGTERM starts it)."""
    config = config or Config.from_env()
    drain = drain or Drain(config.drain_seconds)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with open_services(config, store, broker, clock or SystemClock(), drain) as services:
            app.state.services = services
            with sigterm_drains(drain):
                yield

    # the API's description browsable at /docs, its files served here rather than by a CDN
    app = FastAPIOffline(title="gamehall", version=__version__, lifespan=lifespan, redoc_url=None)
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(tournaments_api.router)
    app.include_router(user_socket.router)
    app.include_router(rematch.router)
    app.include_router(review.router)
    app.include_router(review_hints.router)
    app.include_router(lobby_push.router)
    app.include_router(arena_push.router)
    app.include_router(chat.router)
    app.include_router(tournament_chat.router)
    app.include_router(hints_api.router)
    app.include_router(analysis_api.router)
    app.include_router(puzzles_api.router)
    app.include_router(language_api.router)
    app.include_router(health.router)
    app.include_router(metrics.router)
    app.include_router(admin_api.router)
    app.include_router(operator_api.router)
    app.include_router(reports_api.router)
    app.include_router(tokens_api.router)
    app.include_router(social_api.router)
    app.include_router(messages_api.router)
    app.include_router(games_api.router)
    app.include_router(bot_api.router)
    app.include_router(bot_streams.router)
    app.add_exception_handler(GameError, _game_error)
    app.add_exception_handler(HTTPException, _http_error)
    answer_outages(app)
    app.add_middleware(
        Guards,
        hosts=allowed_hosts(config.allowed_hosts, config.host),
        any_ip=config.host in EVERY_INTERFACE,
        max_body=config.max_body,
    )
    app.add_middleware(SecurityHeaders)
    app.add_middleware(RequestIds)
    app.add_middleware(DrainGate, drain=drain)
    if config.trusted_proxies:
        # outermost: the client's address and scheme as the trusted proxy forwarded them
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(config.trusted_proxies))
    app.add_exception_handler(RequestValidationError, _bad_request)
    if STATIC_DIR.is_dir():
        app.mount("/", StaticFiles(directory=STATIC_DIR, html=True), name="pages")
    return app


@asynccontextmanager
async def open_services(
    config: Config, store: Store | None, broker: Broker | None, clock: WallClock, drain: Drain
) -> AsyncIterator[Services]:
    """The app's services, each built on those before it and started, from the threads to the
    lobby; on leaving, each is stopped in the reverse order (the matches paused, then the
    threads let go). ``store`` and ``broker``, when given, are the caller's to close."""
    async with AsyncExitStack() as stack:
        workers = Workers()
        stack.callback(workers.close)
        await workers.store(upgrade_database, config.database_url)
        # the catalogs read once, off the loop: the first refusal of a busy server read them on
        # it (0.8 s, several under load), holding up every socket and request meanwhile
        await workers.store(offered)
        if store is None:
            store = Store(config.database_url, clock=lambda: datetime.fromtimestamp(clock(), UTC))
            stack.callback(store.close)
        carries_on = None
        if broker is None and config.redis_url:
            broker = RedisBroker.from_url(config.redis_url)
        elif broker is None and config.database_url.startswith("postgresql"):
            broker, carries_on = PostgresBroker(config.database_url), False
        bus = Bus(broker, carries_on=carries_on, clock=clock)
        hashing = HashPool(config.hash_workers, config.hash_queue, config.hash_per_address)
        stack.callback(hashing.close)
        hints = HintDesk()
        stack.callback(hints.close)
        live = LiveMatches(store, config, bus, clock, workers)
        workers.owner_of = lambda match_id: bots.owner_of(
            live.cached(match_id) if match_id else None, match_id
        )
        log.info("gamehall: resuming %d live matches", await live.start())
        stack.push_async_callback(live.stop)
        channels = UserChannels(bus, clock)
        channels.start()
        stack.push_async_callback(channels.stop)
        director = TournamentDirector(store, live, channels)
        live.after_commit.append(TurnNotices(channels))
        await director.start()
        stack.push_async_callback(director.stop)
        seek_keeper = SeekKeeper(store, channels, config.grace_seconds, workers, clock)
        seek_keeper.start()
        stack.push_async_callback(seek_keeper.stop)
        computer_keeper = ComputerKeeper(
            live, config.grace_seconds, config.computer_idle_seconds, clock
        )
        computer_keeper.start()
        stack.push_async_callback(computer_keeper.stop)
        lobby = LobbyHub(store, channels, workers, limit=config.lobby_seeks)
        lobby.start()
        stack.push_async_callback(lobby.stop)
        follow_watch = FollowWatch(store, channels, workers)
        follow_watch.start()
        stack.push_async_callback(follow_watch.stop)
        arenas = ArenaHub(store, workers)
        arenas.start()
        stack.push_async_callback(arenas.stop)
        if config.arenas:
            scheduler = ArenaScheduler(store, workers, config.arenas)
            scheduler.start()
            stack.push_async_callback(scheduler.stop)
        analyses = AnalysisJobs(store, workers, config.analysis_workers)
        stack.callback(analyses.close)
        puzzles = PuzzleMaking(store, workers, analyses)
        live.after_commit.append(puzzles.finished)
        analyses.saved.append(puzzles.analysed)
        heavy = HeavyReads()
        stack.callback(heavy.close)
        sockets = SocketCaps.of(config.sockets_per_account, clock, config.redis_url)
        sockets.start()
        stack.push_async_callback(sockets.stop)
        services = Services(
            config=config,
            clock=clock,
            workers=workers,
            store=store,
            live=live,
            limits=RateLimits.of(config, clock),
            sockets=sockets,
            hashing=hashing,
            hints=hints,
            channels=channels,
            chat=ChatRooms(bus),
            rematches=RematchOffers(bus, store, live, channels),
            director=director,
            seek_keeper=seek_keeper,
            computer_keeper=computer_keeper,
            lobby=lobby,
            arenas=arenas,
            analyses=analyses,
            heavy=heavy,
            bus=bus,
            drain=drain,
        )
        metrics.GAUGES.apps.append(services)
        stack.callback(metrics.GAUGES.apps.remove, services)
        housekeeper = Housekeeper(store, workers, config.guest_days)
        housekeeper.start()
        stack.push_async_callback(housekeeper.stop)
        keeper = GarbageKeeper(clock)
        keeper.start()
        stack.push_async_callback(keeper.stop)
        live.serving()  # from here on players can reconnect: held clocks may go on
        log.info("gamehall is at http://%s:%s/ (Ctrl+C stops it)", config.host, config.port)
        yield services


async def _game_error(request: Request, exc: Exception) -> JSONResponse:
    """A refusal of the store or the play layer, in its own words."""
    assert isinstance(exc, GameError)
    answer = body(game_code(exc), game_said(exc, reader_language(request)), exc.reason)
    return JSONResponse(answer, status_code=api.error_status(exc))


async def _http_error(request: Request, exc: Exception) -> Response:
    """A refusal of a route (``Refusal``: its code, said in the reader's language) or of the
    framework (no such page, a wrong method, too many requests: a code by its status)."""
    assert isinstance(exc, HTTPException)
    if isinstance(exc, Refusal):
        answer: JsonObject = body(exc.code, exc.said(reader_language(request)), exc.reason_code)
    else:
        code = (
            "too-many-requests"
            if isinstance(exc, RateLimitedError)
            else status_code(exc.status_code)
        )
        answer = {"code": code, "detail": exc.detail}
    if exc.status_code in (204, 304):
        return Response(status_code=exc.status_code, headers=exc.headers)
    return JSONResponse(answer, status_code=exc.status_code, headers=exc.headers)


async def _bad_request(request: Request, exc: Exception) -> JSONResponse:
    """A body or parameter that does not fit its declared shape (a wrong type, a missing or
    unknown field): 422, naming each field and what was wrong, in one line."""
    assert isinstance(exc, RequestValidationError)
    errors: Sequence[Mapping[str, object]] = exc.errors()
    problems = [_problem(error) for error in errors]
    said = "; ".join(problems) or "bad request"
    language = reader_language(request)
    if language != DEFAULT:
        said = words(language).say("error.invalid-request", reason=said)
    detail: JsonObject = {
        "code": "invalid-request",
        "detail": said,
        "errors": jsonable_encoder(errors),
    }
    return JSONResponse(detail, status_code=422)


def _problem(error: Mapping[str, object]) -> str:
    """One field's problem: where (``settings.length``) and what was wrong."""
    place = error.get("loc", ())
    where = (
        ".".join(str(p) for p in place if p != "body") if isinstance(place, tuple | list) else ""
    )
    return f"{where}: {error.get('msg', 'not valid')}" if where else str(error["msg"])
