"""The game server: HTTP API, WebSockets for live matches and the web pages (``create_app``)."""

from gamehall.server.app import create_app
from gamehall.server.config import Config

__all__ = ["Config", "create_app"]
