"""The API's bodies are declared: every JSON request and answer has a schema in
``/openapi.json``, and the settings body is the play layer's ``MatchSettings``, field by field."""

from gamehall.play.settings import BackgammonSettings, NardySettings
from gamehall.server.schemas import Settings
from server.helpers import Hall


def test_every_json_body_has_a_declared_schema(hall: Hall) -> None:
    spec = hall.anonymous().ok("get", "/openapi.json")
    checked = 0
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            answer = operation["responses"]["200"]["content"]
            if "text/plain" in answer:
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
