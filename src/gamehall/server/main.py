"""``gamehall serve``: run the server on the configured address."""

import uvicorn

from gamehall.server.app import create_app
from gamehall.server.config import Config
from gamehall.server.ws import MAX_WIRE_FRAME


def run(config: Config | None = None) -> None:
    """Start the server (settings from ``GAMEHALL_*`` variables) and serve until stopped."""
    config = config or Config.from_env()
    print(f"gamehall is at http://{config.host}:{config.port}/ (Ctrl+C stops it)", flush=True)
    uvicorn.run(
        create_app(config),
        host=config.host,
        port=config.port,
        ws_max_size=MAX_WIRE_FRAME,
        ws_per_message_deflate=config.ws_compression,
        log_level="info",
    )
