"""The operator's external engines (``GAMEHALL_EXTERNAL_ENGINES``): read from a JSON value or a
TOML or JSON file, each entry an ``ExternalSpec`` (docs/server.md, *External engines*)."""

import json
import tomllib
from collections.abc import Mapping
from dataclasses import fields
from pathlib import Path

from gamehall.engines.external import ExternalSpec

KEYS = tuple(field.name for field in fields(ExternalSpec))


def specs_of(value: object) -> tuple[ExternalSpec, ...]:
    """The engines of a list of entries (each an ``ExternalSpec`` or a table of its fields),
    every id once; ``ValueError`` naming what is wrong, nothing converted."""
    if not isinstance(value, list | tuple):
        raise ValueError("external engines are a list of engines")
    specs = tuple(_spec(entry, number) for number, entry in enumerate(value, start=1))
    ids = [spec.id for spec in specs]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise ValueError(f"each external engine needs an id of its own: {', '.join(twice)} twice")
    return specs


def _spec(entry: object, number: int) -> ExternalSpec:
    if isinstance(entry, ExternalSpec):
        return entry
    if not isinstance(entry, Mapping) or not all(isinstance(k, str) for k in entry):
        raise ValueError(f"external engine {number} is not a table of settings")
    unknown = sorted(set(entry) - set(KEYS))
    if unknown:
        raise ValueError(
            f"external engine {number}: {', '.join(unknown)} is not a setting "
            f"(the settings are {', '.join(KEYS)})"
        )
    missing = [key for key in ("id", "name", "protocol", "command") if key not in entry]
    if missing:
        raise ValueError(f"external engine {number} needs {', '.join(missing)}")
    values = dict(entry)
    if isinstance(values.get("setup"), list):  # a TOML or JSON list of gnubg's commands
        values["setup"] = tuple(values["setup"])
    return ExternalSpec(**values)


def read_engines(text: str) -> tuple[ExternalSpec, ...]:
    """The engines ``GAMEHALL_EXTERNAL_ENGINES`` gives: a JSON list (or a JSON object with an
    ``engines`` list) written in the variable itself, or the path of a ``.toml`` file (an
    ``[[engines]]`` table each) or of a JSON file."""
    text = text.strip()
    if text.startswith(("[", "{")):
        data = _json(text, "the value")
    else:
        path = Path(text)
        try:
            content = path.read_text(encoding="utf-8")
        except OSError as error:
            raise ValueError(f"cannot read {path}: {error.strerror}") from None
        if path.suffix == ".toml":
            try:
                data = tomllib.loads(content)
            except tomllib.TOMLDecodeError as error:
                raise ValueError(f"{path} is not TOML: {error}") from None
        else:
            data = _json(content, str(path))
    if isinstance(data, dict):
        if set(data) != {"engines"}:
            raise ValueError("the external engines' table holds one key, engines")
        data = data["engines"]
    return specs_of(data)


def _json(text: str, where: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"{where} is not JSON: {error}") from None
