"""The browser's types of the HTTP API are generated from the server's schemas
(``server.jstypes``), and the file in the tree is what they give now."""

from pathlib import Path

import pytest
from pydantic import BaseModel, Field

from gamehall.server import jstypes
from gamehall.server.jstypes import js_type, render, type_name, typedef


def test_the_generated_file_is_current() -> None:
    """A model changed without ``python -m gamehall.server.jstypes`` fails here (and in lint)."""
    assert jstypes.OUTPUT.read_text() == jstypes.current()
    assert jstypes.main(["--check"]) == 0


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ({"type": "integer"}, "number"),
        ({"type": "number"}, "number"),
        ({"type": "string"}, "string"),
        ({"type": "boolean"}, "boolean"),
        ({"type": "null"}, "null"),
        ({}, "any"),
        ({"enum": ["open", "withdrawn"]}, '"open" | "withdrawn"'),
        ({"const": 3}, "3"),
        ({"anyOf": [{"type": "integer"}, {"type": "null"}]}, "number | null"),
        ({"type": ["string", "null"]}, "string | null"),
        ({"type": "array", "items": {"type": "integer"}}, "number[]"),
        ({"type": "array", "items": {"enum": ["a", "b"]}}, '("a" | "b")[]'),
        ({"type": "array"}, "any[]"),
        (
            {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}]},
            "[number, string]",
        ),
        ({"type": "object", "additionalProperties": {"type": "string"}}, "Record<string, string>"),
        ({"type": "object"}, "Record<string, any>"),
        (
            {
                "type": "object",
                "properties": {"a": {"type": "integer"}, "b": {"type": "string"}},
                "required": ["a"],
            },
            "{a: number, b?: string}",
        ),
        ({"$ref": "#/components/schemas/Settings-Output"}, "SettingsOutput"),
    ],
)
def test_each_schema_becomes_the_type_it_allows(schema: jstypes.Schema, expected: str) -> None:
    assert js_type(schema) == expected


class _Seat(BaseModel):
    """A seat: who sits there."""

    user_id: int | None
    kind: str = Field(description="human or computer")
    level: str | None = None


def test_a_model_becomes_a_typedef_with_its_fields_and_their_words() -> None:
    block = typedef("Seat", _Seat.model_json_schema())
    assert block.splitlines() == [
        "/**",
        " * A seat: who sits there.",
        " * @typedef {object} Seat",
        " * @property {number | null} user_id",
        " * @property {string} kind",
        " *   human or computer",
        " * @property {string | null} [level]",
        " */",
    ]


def test_a_type_made_of_itself_is_any() -> None:
    recursive = {
        "anyOf": [
            {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Json"}},
            {"type": "array", "items": {"$ref": "#/components/schemas/Json"}},
            {"type": "string"},
            {"type": "null"},
        ]
    }
    assert typedef("Json", recursive).splitlines() == ["/**", " * @typedef {any} Json", " */"]
    assert "{Record<string, Json>} [data]" in render(
        {
            "Json": recursive,
            "Event": {
                "type": "object",
                "properties": {
                    "data": {
                        "type": "object",
                        "additionalProperties": {"$ref": "#/components/schemas/Json"},
                    }
                },
            },
        }
    )


def test_component_names_become_javascript_names() -> None:
    assert type_name("Settings-Input") == "SettingsInput"
    assert type_name("UserView") == "UserView"


def test_a_model_may_not_hide_a_typescript_type() -> None:
    with pytest.raises(ValueError, match="Record"):
        render({"Record": {"type": "object"}})


def test_the_check_fails_on_a_stale_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stale = tmp_path / "api-types.js"
    stale.write_text("// @ts-check\nexport {};\n")
    monkeypatch.setattr(jstypes, "OUTPUT", stale)
    assert jstypes.main(["--check"]) == 1
    assert jstypes.main([]) == 0
    assert jstypes.main(["--check"]) == 0
