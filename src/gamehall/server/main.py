"""``gamehall serve``: run the server on the configured address."""

import logging
import threading

import uvicorn

from gamehall.server.app import create_app
from gamehall.server.config import Config
from gamehall.server.logs import log_config
from gamehall.server.ws import MAX_WIRE_FRAME

log = logging.getLogger(__name__)


def run(config: Config | None = None) -> None:
    """Start the server (settings from ``GAMEHALL_*`` variables) and serve until stopped: at
    once on Ctrl+C (SIGINT), after handing its players over to the other processes on SIGTERM
    (``drain.py``; the requests still running then get ``drain_seconds`` more)."""
    config = config or Config.from_env()
    if config.warm_engines:
        threading.Thread(target=_warm_up, name="gamehall-warm-up", daemon=True).start()
    uvicorn.run(
        create_app(config),
        host=config.host,
        port=config.port,
        ws_max_size=MAX_WIRE_FRAME,
        ws_per_message_deflate=config.ws_compression,
        log_config=log_config(config.log_format),
        # X-Forwarded-For is read by the app, from the configured proxies only (create_app)
        proxy_headers=False,
        timeout_graceful_shutdown=max(int(config.drain_seconds), 1),
    )


def _warm_up() -> None:
    """Get the engines ready (``gamehall.engines.warm``); a thread of its own, which a stopping
    server does not wait for."""
    from gamehall.engines.warm import warm_up

    taken = warm_up()
    figures = ", ".join(f"{engine} {seconds:.1f} s" for engine, seconds in taken.items())
    log.info("the engines are ready (%s)", figures)
