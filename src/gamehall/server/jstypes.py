"""The browser's types, generated from the server's schemas so that the two cannot drift.

Every request and response body of the HTTP API is a pydantic model, and FastAPI publishes
their JSON Schemas in the OpenAPI description; every message of the WebSockets is one too, its
schema published beside it (``gamehall.server.protocol``). This module turns each of those
schemas (the views of a match among them) into a JSDoc ``@typedef`` of the same name, written
to ``static/js/api-types.js``, which the front end's type-check (``tsc`` over the JSDoc,
``jsconfig.json``) then holds the pages to: an id the server sends as an integer is a
``number`` there, a status is the union of the texts it can be.

``python -m gamehall.server.jstypes`` writes the file; ``--check`` (run by ``make lint`` and a
test) fails when it is not what the schemas give.
"""

import argparse
import json
import re
import sys
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path

from pydantic import JsonValue

from gamehall.server.protocol.schema import definitions

Schema = Mapping[str, JsonValue]
"""One JSON Schema (a part of the OpenAPI description)."""

OUTPUT = Path(__file__).with_name("static") / "js" / "api-types.js"
REF = "#/components/schemas/"
HEADER = """\
// @ts-check
// The bodies of the HTTP API and the messages of the WebSockets, generated from the server's
// OpenAPI schemas and its protocol's by
// `python -m gamehall.server.jstypes`: do not edit (`make lint` fails when it is stale).
// JSDoc only, for the type-check; nothing runs here.
"""
WIDTH = 100
SCALARS = {
    "string": "string",
    "integer": "number",
    "number": "number",
    "boolean": "boolean",
    "null": "null",
}
"""JSON Schema's scalar types and TypeScript's names for them."""


def type_name(component: str) -> str:
    """The JavaScript name of an OpenAPI component: ``Settings-Input`` is ``SettingsInput``
    (FastAPI names a model's two forms so when what it reads and what it sends differ)."""
    return "".join(part for part in re.split(r"[^A-Za-z0-9_]", component) if part)


def js_type(schema: Schema) -> str:
    """The TypeScript type (as JSDoc writes it) of the values ``schema`` allows."""
    ref = schema.get("$ref")
    if isinstance(ref, str):
        return type_name(ref.removeprefix(REF))
    if "const" in schema:
        return json.dumps(schema["const"])
    enum = schema.get("enum")
    if isinstance(enum, list):
        # sorted: typing caches equal Literals, so their order is whichever was made first
        return _union(sorted(json.dumps(value) for value in enum))
    members = schema.get("anyOf", schema.get("oneOf"))
    if isinstance(members, list):
        return _union([js_type(_schema(member)) for member in members])
    kind = schema.get("type")
    if isinstance(kind, list):
        return _union([js_type({**schema, "type": one}) for one in kind])
    if kind == "array":
        return _array(schema)
    if kind == "object":
        return _object(schema)
    return SCALARS.get(str(kind), "any")


def _schema(value: JsonValue) -> Schema:
    if not isinstance(value, dict):
        raise TypeError(f"a JSON Schema is an object, not {value!r}")
    return value


def _union(types: Sequence[str]) -> str:
    unique = list(dict.fromkeys(types))
    return unique[0] if len(unique) == 1 else " | ".join(unique)


def _array(schema: Schema) -> str:
    prefix = schema.get("prefixItems")
    if isinstance(prefix, list):
        return "[" + ", ".join(js_type(_schema(item)) for item in prefix) + "]"
    items = schema.get("items")
    if items is None or items is True:
        return "any[]"
    inner = js_type(_schema(items))
    return f"({inner})[]" if " | " in inner else f"{inner}[]"


def _object(schema: Schema) -> str:
    properties = schema.get("properties")
    if isinstance(properties, dict) and properties:
        required = schema.get("required")
        fields = [
            f"{name}{'' if isinstance(required, list) and name in required else '?'}: "
            f"{js_type(_schema(value))}"
            for name, value in properties.items()
        ]
        return "{" + ", ".join(fields) + "}"
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict):
        return f"Record<string, {js_type(extra)}>"
    return "Record<string, any>"


def typedef(name: str, schema: Schema) -> str:
    """The JSDoc block that names ``schema``'s type ``name``, with its fields described."""
    lines = _wrapped(str(schema.get("description", "")), " * ")
    properties = schema.get("properties")
    if schema.get("type") == "object" and isinstance(properties, dict) and properties:
        required = schema.get("required")
        lines.append(f" * @typedef {{object}} {name}")
        for field, value in properties.items():
            field_schema = _schema(value)
            label = field if isinstance(required, list) and field in required else f"[{field}]"
            described = " ".join(str(field_schema.get("description", "")).split())
            lines.append(f" * @property {{{js_type(field_schema)}}} {label}")
            lines += _wrapped(described, " *   ")
    else:
        written = js_type(schema)
        if re.search(rf"\b{name}\b", written):  # a type made of itself (any JSON): JSDoc's
            written = "any"  # typedef cannot refer to itself, and the pages read it loosely
        lines.append(f" * @typedef {{{written}}} {name}")
    return "\n".join(["/**", *lines, " */"])


def _wrapped(text: str, indent: str) -> list[str]:
    """A description, wrapped: a type is never broken across lines, a description may be."""
    return textwrap.wrap(
        " ".join(text.split()),
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )


BUILT_IN = frozenset({"Record", "Partial", "Array", "Object", "String", "Number", "Date", "Map"})
"""TypeScript's own names, which a schema may not take: its typedef would hide them."""


def render(schemas: Mapping[str, JsonValue]) -> str:
    """The file of typedefs for the OpenAPI description's ``components.schemas``;
    ``ValueError`` for a schema named as one of TypeScript's own types."""
    taken = BUILT_IN & {type_name(name) for name in schemas}
    if taken:
        raise ValueError(f"rename the models {sorted(taken)}: TypeScript has types of those names")
    blocks = [typedef(type_name(name), _schema(schemas[name])) for name in sorted(schemas)]
    return HEADER + "\n" + "\n\n".join(blocks) + "\n\nexport {};\n"


def current() -> str:
    """The file as the server's schemas give it now."""
    from gamehall.server.app import create_app
    from gamehall.server.config import Config

    app = create_app(Config(database_url="sqlite:///:memory:", warm_engines=False))
    components = _schema(app.openapi()["components"])
    protocol = definitions(REF + "{model}")  # its views' optional keys marked so: it goes last
    return render({**_schema(components["schemas"]), **protocol})


def main(argv: Sequence[str] | None = None) -> int:
    """Write ``api-types.js``, or with ``--check`` say whether it is current (exit 1 if not)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="fail when the file is stale")
    args = parser.parse_args(argv)
    text = current()
    if args.check:
        if not OUTPUT.exists() or OUTPUT.read_text() != text:
            print(
                f"{OUTPUT} is stale: run `python -m gamehall.server.jstypes` and commit it",
                file=sys.stderr,
            )
            return 1
        return 0
    OUTPUT.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
