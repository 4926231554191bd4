"""The public test vectors in ``tests/data`` (see its README for where each file came from)."""

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[1] / "data"
"""``tests/data``: inside the repository, so that a bare clone runs every test."""


def read_jsonl(name: str) -> list[dict[str, Any]]:
    """Every non-blank line of ``tests/data/<name>``, parsed."""
    path = DATA / name
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def backgammon_legal() -> list[dict[str, Any]]:
    """``backgammon_legal_sample.jsonl``: ``{"id", "dice", "results"}`` (GNU Backgammon)."""
    return read_jsonl("backgammon_legal_sample.jsonl")


def nardy_legal() -> list[dict[str, Any]]:
    """``nardy_legal_sample.jsonl``: ``{"position", "dice", "results"}`` (exchange format)."""
    return read_jsonl("nardy_legal_sample.jsonl")


def renju_forbidden() -> list[dict[str, Any]]:
    """``renju_forbidden_sample.jsonl``: records or composed positions with their forbidden
    points (Piskvork's referee, Rapfi agreeing)."""
    return read_jsonl("renju_forbidden_sample.jsonl")
