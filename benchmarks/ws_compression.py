"""What the WebSockets' per-message deflate (``GAMEHALL_WS_COMPRESSION``) costs the server.

Plays ``--games`` matches in one process (``live_inprocess.py``'s games) for a few seconds and
keeps the text of every update each socket is sent, then writes those texts through zlib as
the WebSockets' extension does (a raw deflate stream per socket, kept from message to message,
flushed after each): once with a single stream, once with ``--sockets`` streams written in
random order, as a server of that many sockets writes them (each stream's state is then cold
in the caches when its next message comes). Each stream is sent one recorded socket's updates
in their order, so that its window holds that match's earlier updates. It prints the updates'
size, plain and compressed, and the CPU a message costs::

    .venv/bin/python benchmarks/ws_compression.py --sockets 2000
"""

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

import live_inprocess
from gamehall.server.live.fanout import Serialised

SENT: dict[int, list[bytes]] = {}
"""The texts of the updates each socket was sent, in order."""


class RecordingSocket(live_inprocess.Socket):
    """A player's socket that keeps the text of every update it is sent."""

    def send(self, message: dict[str, Any]) -> None:
        if isinstance(message, Serialised):
            SENT.setdefault(id(self), []).append(message.text.encode())
        super().send(message)


def stream() -> "zlib._Compress":
    """A deflate stream as the WebSockets' extension makes it (raw, a 32 KB window)."""
    return zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15, 8)


def per_message(sockets: int, count: int, rng: random.Random) -> tuple[float, float]:
    """CPU seconds a message and compressed bytes a message: ``count`` messages written to
    ``sockets`` streams, the next one of a stream picked at random each time, each stream
    sent the updates one recorded socket was sent, in their order."""
    recorded = list(SENT.values())
    texts = [recorded[k % len(recorded)] for k in range(sockets)]
    streams = [stream() for _ in range(sockets)]
    sent = [0] * sockets
    order = [rng.randrange(sockets) for _ in range(count)]
    written = 0
    began = time.process_time()
    for k in order:
        text = texts[k][sent[k] % len(texts[k])]
        sent[k] += 1
        data = streams[k].compress(text) + streams[k].flush(zlib.Z_SYNC_FLUSH)
        written += len(data) - 4  # the flush's last four bytes are not sent
    return (time.process_time() - began) / count, written / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="matches played to get updates")
    parser.add_argument("--seconds", type=float, default=5, help="how long they are played")
    parser.add_argument("--sockets", type=int, default=2000, help="deflate streams at once")
    parser.add_argument("--messages", type=int, default=20_000, help="messages compressed")
    args = parser.parse_args()
    live_inprocess.Socket = RecordingSocket  # type: ignore[misc]
    games = argparse.Namespace(games=args.games, seconds=args.seconds, warmup=2.0, pace=0.0)
    with tempfile.TemporaryDirectory(prefix="gamehall-ws-") as folder:
        asyncio.run(live_inprocess.run(games, Path(folder)))
    rng = random.Random(1)
    texts = [text for each in SENT.values() for text in each]
    print(f"{len(texts)} updates, {statistics.fmean(map(len, texts)):.0f} bytes on average")
    for sockets in (1, args.sockets):
        cpu, size = per_message(sockets, args.messages, rng)
        print(
            f"{sockets} deflate streams: {1e6 * cpu:.1f} µs of CPU a message, "
            f"{size:.0f} bytes a message compressed"
        )


if __name__ == "__main__":
    main()
