"""The server's counted figures for Prometheus: each counted where it happens, read at
``GET /metrics`` (``metrics.py``).

The players' actions and how long each took until it was stored and sent (``live/manager.py``),
the store's batches and their write time (``live/writer.py``), the delay of a message from
another process (``bus.py``), how long a computer's decision waited for the engine thread
(``live/workers.py``), wrong passwords (``api.py``) and rate-limit refusals (``limits.py``).
"""

import time

from prometheus_client import Counter, Histogram

FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Buckets of the latencies, in seconds: a move takes a few milliseconds."""

ACTIONS = Counter("gamehall_actions", "Players' actions applied, by game", ["game"])
ACTION_SECONDS = Histogram(
    "gamehall_action_seconds",
    "From a player's action received to its events stored and sent",
    ["game"],
    buckets=FAST,
)
REFUSED_ACTIONS = Counter("gamehall_refused_actions", "Players' actions refused, by code", ["code"])
STORE_BATCH = Histogram(
    "gamehall_store_batch_appends",
    "Matches' saves written in one transaction",
    buckets=(1, 2, 5, 10, 20, 50, 100, 200),
)
STORE_WRITE_SECONDS = Histogram(
    "gamehall_store_write_seconds", "One transaction of the live matches' saves", buckets=FAST
)
BUS_LAG_SECONDS = Histogram(
    "gamehall_bus_lag_seconds",
    "From a message published by another process to its delivery here",
    buckets=FAST,
)
ENGINE_WAIT_SECONDS = Histogram(
    "gamehall_engine_wait_seconds",
    "How long a computer's decision waited for the engine thread",
    buckets=(*FAST, 30.0, 60.0),
)
LOGIN_FAILURES = Counter("gamehall_login_failures", "Log-ins refused for a wrong name or password")
RATE_LIMITED = Counter("gamehall_rate_limited", "Requests and frames refused by a limit", ["limit"])


def acted_in(game: str, began: float, refused: str | None) -> None:
    """Count an action of ``game`` received at ``began`` (``time.perf_counter``): applied, or
    refused with the code ``refused``."""
    if refused is not None:
        REFUSED_ACTIONS.labels(refused).inc()
        return
    ACTIONS.labels(game).inc()
    ACTION_SECONDS.labels(game).observe(time.perf_counter() - began)
