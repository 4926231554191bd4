"""The WebSocket protocol: every message of the match, user, lobby and chat sockets, in both
directions, as a pydantic model with a literal ``type`` tag, and one discriminated union per
socket and direction (``docs/protocol.md``).

The server builds its messages with these models and sends their ``wire()`` form, the JSON
object the sockets write; a client's frames are read through its socket's union. The unions'
JSON Schema is published at ``/api/protocol.json`` and generates the browser's types
(``gamehall.server.jstypes``).
"""
