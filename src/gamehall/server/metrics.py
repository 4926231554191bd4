"""The server's figures for Prometheus (``prometheus_client``), read at ``GET /metrics``.

Counted where they happen (``figures.py``). Read when scraped (``Gauges``): the matches being
played and their sockets per game, the work queued for the engines, and the analyses. Each
process keeps its own figures (the process collector adds its memory and CPU): scrape each
process at its own address, not through the proxy.

``/metrics`` answers only a bearer of ``GAMEHALL_METRICS_TOKEN``; without one set it is off
(404), so that no figure of the hall is public by default.
"""

import hmac
from collections import Counter as Tally
from collections.abc import Iterator

from fastapi import APIRouter, Request, Response
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from gamehall.server.refusals import Refusal
from gamehall.server.services import Services, services_of

router = APIRouter()


class Gauges(Collector):
    """The figures read from the running apps when scraped (one in a server process; tests
    run several, whose figures add up)."""

    def __init__(self) -> None:
        self.apps: list[Services] = []

    def collect(self) -> Iterator[GaugeMetricFamily]:
        held: Tally[str] = Tally()
        connected: Tally[str] = Tally()
        jobs: Tally[str] = Tally()
        queued = 0
        for services in self.apps:
            for live in services.live.held():
                held[live.match.settings.game] += 1
                connected[live.match.settings.game] += len(live.connections)
            jobs.update(services.analyses.counts())
            queued += len(services.workers.engine_queue())
        yield _gauge("gamehall_live_matches", "Matches being played here", "game", held)
        yield _gauge("gamehall_match_sockets", "Sockets open on live matches", "game", connected)
        yield _gauge("gamehall_analysis_jobs", "Analyses being made or failed", "state", jobs)
        engine = GaugeMetricFamily(
            "gamehall_engine_queue", "Computers' decisions waiting for the engine thread"
        )
        engine.add_metric([], queued)
        yield engine


def _gauge(name: str, description: str, label: str, values: Tally[str]) -> GaugeMetricFamily:
    family = GaugeMetricFamily(name, description, labels=[label])
    for key, value in sorted(values.items()):
        family.add_metric([key], value)
    return family


GAUGES = Gauges()
REGISTRY.register(GAUGES)


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    """Every figure in Prometheus's text format, for a bearer of the metrics token."""
    token = services_of(request).config.metrics_token
    if not token:
        raise Refusal(404, "not-found", reason="/metrics")
    given = request.headers.get("authorization", "")
    if not hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
        raise Refusal(401, "metrics-token")
    return Response(generate_latest(REGISTRY), media_type=CONTENT_TYPE_LATEST)
