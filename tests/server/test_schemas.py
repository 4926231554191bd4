"""The API's bodies are declared: every JSON request and answer has a schema in
``/openapi.json``, and the settings body is the play layer's ``MatchSettings``, field by field."""

import pytest

from gamehall.play.settings import BackgammonSettings, NardySettings
from gamehall.server.schemas import MatchSettingsView, Settings
from server.helpers import Hall


def test_every_json_body_has_a_declared_schema(hall: Hall) -> None:
    spec = hall.anonymous().ok("get", "/openapi.json")
    checked = 0
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            answer = operation["responses"]["200"]["content"]
            if "text/plain" in answer:
                continue
            if "application/x-ndjson" in answer:  # a stream: the schema of each line
                assert "$ref" in answer["application/x-ndjson"]["schema"], (method, path)
                continue
            assert "$ref" in answer["application/json"]["schema"], (method, path)
            body = operation.get("requestBody", {}).get("content", {})
            for content in body.values():
                assert "$ref" in content["schema"], (method, path)
            checked += 1
    assert checked >= 19
    # What a client sends may leave settings out; what the server sends holds them all.
    schemas = spec["components"]["schemas"]
    sent, answered = schemas["Settings-Input"], schemas["Settings-Output"]
    assert sent["additionalProperties"] is False and "required" not in sent
    assert {"crawford", "jacoby", "clock", "cube_cap"} <= set(sent["properties"])
    assert set(answered["required"]) == set(answered["properties"]) == set(sent["properties"])


def test_the_settings_body_is_the_play_layers_settings() -> None:
    defaults = BackgammonSettings().to_dict()
    assert list(Settings.model_fields) == list(defaults)
    for name, field in Settings.model_fields.items():
        assert field.get_default(call_default_factory=True) == defaults[name], name
    body = Settings.model_validate({"game": "nardy", "length": 3, "options": {"bearoff": "seed"}})
    assert body.to_settings() == NardySettings(length=3, bearoff="seed")


@pytest.mark.parametrize(
    ("clock", "parts"),
    [
        ("fischer:300+5", {"kind": "fischer", "initial": 300, "increment": 5}),
        ("delay:12+60/pt", {"kind": "delay", "initial": 60, "delay": 12, "per_point": True}),
        ("byoyomi:600+5x30", {"kind": "byoyomi", "initial": 600, "periods": 5, "period": 30}),
    ],
)
def test_a_match_pages_settings_carry_the_clocks_parts(
    clock: str, parts: dict[str, object]
) -> None:
    none = {"increment": 0, "delay": 0, "per_point": False, "periods": 0, "period": 0}
    view = MatchSettingsView.model_validate({"game": "backgammon", "clock": clock})
    assert view.model_dump()["control"] == {**none, **parts}
    assert view.model_dump()["clock"] == clock
    assert MatchSettingsView().model_dump()["control"] is None
