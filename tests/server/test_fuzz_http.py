"""Fuzzing the HTTP API from its own OpenAPI description: for every route, hypothesis makes
path parameters (ids far out of range among them) and bodies (shaped after the route's schema,
or any JSON at all), sent by a logged-in player with the CSRF token and by nobody. Nothing may
answer 5xx. The budget is bounded (a few seconds)."""

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamehall.server.config import Config
from server.helpers import Player, running

JSON_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
)
ANY_JSON = st.recursive(
    JSON_LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)
PATH_VALUES = (
    st.integers(min_value=-(2**70), max_value=2**70).map(str)
    | st.sampled_from(["1", "0", "2147483648", "9223372036854775808", "abc", "%E2%81%B3", "1e9"])
    | st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-_³", min_size=1, max_size=20)
)


def _resolve(schema: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        schema = spec["components"]["schemas"][name]
    return schema


def _shaped(schema: dict[str, Any], spec: dict[str, Any], depth: int = 0) -> st.SearchStrategy[Any]:
    """Values of ``schema``'s shape, often with a wrong value somewhere (any JSON)."""
    schema = _resolve(schema, spec)
    if depth > 4:
        return ANY_JSON
    choices = schema.get("anyOf") or schema.get("oneOf")
    if choices:
        return st.one_of([_shaped(c, spec, depth + 1) for c in choices])
    if "enum" in schema:
        return st.sampled_from(schema["enum"]) | JSON_LEAVES
    if "const" in schema:
        return st.just(schema["const"]) | JSON_LEAVES
    kind = schema.get("type")
    if kind == "object" and "properties" in schema:
        fields = {k: _shaped(v, spec, depth + 1) for k, v in schema["properties"].items()}
        return st.fixed_dictionaries({}, optional=fields) | ANY_JSON
    simple = {
        "integer": st.integers(min_value=-(2**64), max_value=2**64),
        "number": st.floats(allow_nan=False, allow_infinity=False),
        "string": st.text(max_size=40),
        "boolean": st.booleans(),
        "array": st.lists(ANY_JSON, max_size=3),
    }
    if isinstance(kind, str) and kind in simple:
        return simple[kind] | JSON_LEAVES
    return ANY_JSON


def _requests(spec: dict[str, Any]) -> st.SearchStrategy[tuple[str, str, Any]]:
    """(method, path, body) of every route of the API."""
    routes = []
    for path, methods in spec["paths"].items():
        for method, operation in methods.items():
            if method not in ("get", "post", "delete", "put"):
                continue
            names = [p["name"] for p in operation.get("parameters", []) if p["in"] == "path"]
            body_schema = (
                operation.get("requestBody", {})
                .get("content", {})
                .get("application/json", {})
                .get("schema")
            )
            body = _shaped(body_schema, spec) if body_schema else st.just(None)
            values = st.fixed_dictionaries({name: PATH_VALUES for name in names})
            routes.append(
                st.tuples(st.just(method), st.just(path), values, body).map(
                    lambda r: (r[0], _fill(r[1], r[2]), r[3])
                )
            )
    return st.one_of(routes)


def _fill(path: str, values: dict[str, str]) -> str:
    for name, value in values.items():
        path = path.replace("{" + name + "}", value)
    return path


def _send(player: Player, method: str, path: str, body: Any) -> int:
    headers = {"X-CSRF-Token": player.csrf or ""}
    if method == "get":
        return player.client.get(path).status_code
    if method == "delete":
        return player.client.delete(path, headers=headers).status_code
    call = player.client.post if method == "post" else player.client.put
    return call(path, json=body, headers=headers).status_code


def test_no_route_answers_5xx(config: Config) -> None:
    with running(config, bot_delay=60) as hall:
        spec = hall.anonymous().ok("get", "/openapi.json")
        ann = hall.register("ann")
        hall.register("bob")
        seek = ann.ok("post", "/api/seeks", {"settings": {"dice": "fair"}})
        hall.register("cat").ok("post", f"/api/seeks/{seek['id']}/accept")
        nobody = hall.anonymous()
        seen: list[tuple[str, str, int]] = []

        @settings(
            max_examples=250,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(request=_requests(spec), anonymous=st.booleans())
        def one(request: tuple[str, str, Any], anonymous: bool) -> None:
            method, path, body = request
            status = _send(nobody if anonymous else ann, method, path, body)
            seen.append((method, path, status))
            assert status < 500, (method, path, body, status)

        one()
        assert len({path for _, path, _ in seen}) > 20
