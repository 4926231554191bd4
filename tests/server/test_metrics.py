"""Metrics for Prometheus at ``/metrics`` (issue 41, operations): off without a token, refused
without the right one, and the figures of a match played through the sockets."""

import json
import re
from contextlib import ExitStack
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from gamehall.server.config import Config
from server.helpers import Hall, Table, running, tables_choice

TOKEN = "s3cret-metrics-token"
ROOT = Path(__file__).resolve().parents[2]


def figures(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a scrape, by its name and labels."""
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def test_no_metrics_without_a_token(hall: Hall) -> None:
    answer = hall.anonymous().get("/metrics")
    assert answer.status_code == 404
    assert answer.json()["code"] == "not-found"


def test_the_metrics_ask_for_their_token(config: Config) -> None:
    with running(config, metrics_token=TOKEN) as hall:
        client = hall.anonymous()
        assert client.get("/metrics").status_code == 401
        wrong = client.get("/metrics", headers={"Authorization": "Bearer guess"})
        assert wrong.status_code == 401 and wrong.json()["code"] == "metrics-token"
        right = client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
        assert right.status_code == 200
        assert right.headers["content-type"].startswith("text/plain")


def test_a_match_and_a_wrong_password_are_counted(config: Config) -> None:
    with running(config, metrics_token=TOKEN) as hall:

        def scrape() -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
            answer = hall.anonymous().get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
            assert answer.status_code == 200
            return figures(answer.text)

        before = scrape()
        game = (("game", "backgammon"),)
        match_id, players = hall.match_between({"game": "backgammon", "length": 1})
        with ExitStack() as stack:
            sockets = {s: stack.enter_context(p.socket(match_id)) for s, p in players.items()}
            table = Table(sockets)
            for _ in range(6):
                table.step(lambda _seat, message: tables_choice(message))
            during = scrape()
            assert during[("gamehall_live_matches", game)] >= 1
            assert during[("gamehall_match_sockets", game)] >= 2
            idle = next(s for s, message in table.last.items() if "roll" not in message["actions"])
            sockets[idle].act("roll")
            refused = sockets[idle].reply()
            assert refused["type"] == "error"
        after = scrape()
        actions = after[("gamehall_actions_total", game)] - before.get(
            ("gamehall_actions_total", game), 0.0
        )
        assert actions >= 6
        assert after[("gamehall_action_seconds_count", game)] >= actions
        assert after[("gamehall_store_batch_appends_count", ())] > before.get(
            ("gamehall_store_batch_appends_count", ()), 0.0
        )
        assert ("gamehall_engine_queue", ()) in after
        code = ("gamehall_refused_actions_total", (("code", refused["code"]),))
        assert after[code] == before.get(code, 0.0) + 1
        failures = after.get(("gamehall_login_failures_total", ()), 0.0)
        wrong = hall.anonymous().post("/api/login", {"name": "ann", "password": "not-hers"})
        assert wrong.status_code == 401, wrong.text
        assert scrape()[("gamehall_login_failures_total", ())] == failures + 1


def test_the_sample_dashboard_reads_only_figures_the_server_serves(config: Config) -> None:
    """Every series the Grafana dashboard in ``deploy/`` queries is one that ``/metrics`` has."""
    dashboard = json.loads((ROOT / "deploy" / "grafana-dashboard.json").read_text())
    queried = {
        name
        for panel in dashboard["panels"]
        for target in panel["targets"]
        for name in re.findall(r"\b(?:gamehall|process)_[a-z_]+", target["expr"])
    }
    with running(config, metrics_token=TOKEN) as hall:
        answer = hall.anonymous().get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
        families = {family.name for family in text_string_to_metric_families(answer.text)}
    served = {
        name + end for name in families for end in ("", "_total", "_bucket", "_sum", "_count")
    }
    assert len(queried) >= 14
    assert queried <= served, sorted(queried - served)
