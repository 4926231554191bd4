"""The protocol's JSON Schema, published at ``/api/protocol.json`` beside the OpenAPI: one
discriminated union per socket and direction, the models they are made of under ``$defs``."""

from fastapi import APIRouter
from pydantic import TypeAdapter
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaMode
from pydantic_core.core_schema import DataclassField, ModelField, TypedDictField

from gamehall.jsontext import JsonValue
from gamehall.server.protocol.arena import ArenaClientMessage, ArenaServerMessage
from gamehall.server.protocol.chat import ChatClientMessage, ChatServerMessage
from gamehall.server.protocol.lobby import LobbyClientMessage, LobbyServerMessage
from gamehall.server.protocol.match import MatchClientMessage, MatchServerMessage
from gamehall.server.protocol.tournament_chat import (
    TournamentChatClientMessage,
    TournamentChatServerMessage,
)
from gamehall.server.protocol.user import UserClientMessage, UserServerMessage

UNIONS: dict[str, tuple[TypeAdapter[object], str]] = {
    "MatchServerMessage": (
        TypeAdapter(MatchServerMessage),
        "What the server sends on a match's socket.",
    ),
    "MatchClientMessage": (
        TypeAdapter(MatchClientMessage),
        "What a client sends on a match's socket.",
    ),
    "UserServerMessage": (
        TypeAdapter(UserServerMessage),
        "What the server sends on a user's socket.",
    ),
    "UserClientMessage": (
        TypeAdapter(UserClientMessage),
        "What a client sends on a user's socket.",
    ),
    "LobbyServerMessage": (
        TypeAdapter(LobbyServerMessage),
        "What the server sends on a lobby socket.",
    ),
    "LobbyClientMessage": (
        TypeAdapter(LobbyClientMessage),
        "What a client sends on a lobby socket.",
    ),
    "ChatServerMessage": (
        TypeAdapter(ChatServerMessage),
        "What the server sends on a chat socket.",
    ),
    "ChatClientMessage": (TypeAdapter(ChatClientMessage), "What a client sends on a chat socket."),
    "ArenaServerMessage": (
        TypeAdapter(ArenaServerMessage),
        "What the server sends on an arena socket.",
    ),
    "ArenaClientMessage": (
        TypeAdapter(ArenaClientMessage),
        "What a client sends on an arena socket.",
    ),
    "TournamentChatServerMessage": (
        TypeAdapter(TournamentChatServerMessage),
        "What the server sends on a tournament's chat socket.",
    ),
    "TournamentChatClientMessage": (
        TypeAdapter(TournamentChatClientMessage),
        "What a client sends on a tournament's chat socket.",
    ),
}
"""Each socket's union for each direction, by name, with what it is."""

router = APIRouter()


class ProtocolSchema(GenerateJsonSchema):
    """JSON Schema as pydantic writes it, but a view's optional key (``NotRequired``) stays
    optional where every field of a message is required (``Message``): a view leaves out what
    its game does not have."""

    def field_is_required(
        self,
        field: ModelField | DataclassField | TypedDictField,
        total: bool,
    ) -> bool:
        if field["type"] == "typed-dict-field":
            return field.get("required", total)
        return super().field_is_required(field, total)


def definitions(ref_template: str) -> dict[str, JsonValue]:
    """The schemas of the unions (by their names) and of every model they use, whose
    references are written by ``ref_template`` (``{model}`` the name)."""
    mode: JsonSchemaMode = "serialization"
    inputs = [(name, mode, adapter) for name, (adapter, _) in UNIONS.items()]
    unions, defs = TypeAdapter.json_schemas(
        inputs, ref_template=ref_template, schema_generator=ProtocolSchema
    )
    found: dict[str, JsonValue] = dict(defs.get("$defs", {}))
    for (name, _), schema in unions.items():
        found[name] = {"description": UNIONS[name][1], **schema}
    return found


def protocol_schema() -> dict[str, JsonValue]:
    """The published document: the unions by name under ``$defs``, with what they use."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "gamehall WebSocket protocol",
        "description": "The messages of the sockets /ws/matches/{id}, /ws/user, /ws/lobby, "
        "/ws/chat/{id}, /ws/arenas/{id} and /ws/tournaments/{id}/chat, by socket and "
        "direction (docs/protocol.md).",
        "$defs": definitions("#/$defs/{model}"),
    }


@router.get("/api/protocol.json", include_in_schema=False)
def protocol_json() -> dict[str, JsonValue]:
    """The WebSocket protocol's JSON Schema."""
    return protocol_schema()
