"""What every socket shares: the base of all messages, the ping and its pong, and the error
that answers a frame the server cannot use."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

from gamehall.jsontext import JsonObject, JsonValue


class Message(BaseModel):
    """A message of a socket: a JSON object whose ``type`` says which. Every field is sent, in
    the order declared (the text is the same as the dicts of before wrote)."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        populate_by_name=True,
        json_schema_serialization_defaults_required=True,
    )

    def wire(self) -> JsonObject:
        """The message as a socket sends it (``jsontext.dumps`` writes the text)."""
        return self.model_dump(by_alias=True)


class Frame(BaseModel):
    """A message from a client: a JSON object with a ``type``; keys the server does not read
    are ignored, values of the wrong type refused (never coerced)."""

    model_config = ConfigDict(frozen=True, strict=True, extra="ignore")


class Ping(Frame):
    """Any socket: are you there? Answered with a ``pong``."""

    type: Literal["ping"]


class Pong(Message):
    """The answer to a ping: the server's wall-clock time (Unix seconds)."""

    type: Literal["pong"] = "pong"
    time: float


class SocketError(Message):
    """A frame was refused: why, in the player's words; nothing changed. ``ref`` is the
    frame's own ``ref`` (null when the frame could not be read); ``code`` is the refusal's
    stable machine code (``docs/protocol.md``), ``message`` its words in the reader's
    language."""

    type: Literal["error"] = "error"
    ref: JsonValue = None
    code: str = "refused"
    message: str
    reason: str | None = None
    """The refusal's reason, a finer stable code than ``code`` (``ambiguous-play``,
    ``spectator-acts``…), when the rules or the server gave one."""

    def wire(self) -> JsonObject:
        """The error as a socket sends it: ``reason`` only when the refusal has one."""
        sent = super().wire()
        if self.reason is None:
            del sent["reason"]
        return sent
