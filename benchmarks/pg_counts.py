"""What counting the sockets' frames in PostgreSQL would cost per frame, against counting them in
the process's memory (``limits.MemoryWindows``), to decide where the rate limits of several
processes without Redis should be counted (docs/server.md, "Several processes").

Each frame would be one statement on a connection of the process: a fixed one-second window per
key in an UNLOGGED table (no WAL), upserted and read back in one round trip, with the commit of
autocommit. The script times ``--frames`` such hits from ``--keys`` keys, one at a time as the
event loop would send them, and reports per frame: the wall time, the server process's CPU
(this one: the driver and the loop) and PostgreSQL's backend's CPU (``/proc/<pid>/stat`` of the
backend, so run it on the database's machine, as root or as its user). The memory window is
timed the same way.

    .venv/bin/python benchmarks/pg_counts.py --database-url postgresql://... --frames 20000
"""

import argparse
import asyncio
import json
import os
import random
import time
from pathlib import Path

import psycopg
from limits import parse

from gamehall.server.limits import MemoryWindows
from gamehall.server.pg_broker import libpq_url

TICKS = os.sysconf("SC_CLK_TCK")
TABLE = """
CREATE UNLOGGED TABLE IF NOT EXISTS bench_frame_counts (
    key text NOT NULL, window_start bigint NOT NULL, hits integer NOT NULL,
    PRIMARY KEY (key, window_start))
"""
HIT = """
INSERT INTO bench_frame_counts AS c (key, window_start, hits) VALUES (%s, %s, 1)
ON CONFLICT (key, window_start) DO UPDATE SET hits = c.hits + 1 RETURNING hits
"""


def cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


async def in_postgres(url: str, frames: int, keys: int) -> dict[str, float]:
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as conn:
        await conn.execute(TABLE)
        await conn.execute("TRUNCATE bench_frame_counts")
        cursor = await conn.execute("SELECT pg_backend_pid()")
        row = await cursor.fetchone()
        assert row is not None
        backend = int(row[0])
        rng = random.Random(1)
        backend_before, own_before = cpu(backend), time.process_time()
        began = time.perf_counter()
        for _ in range(frames):
            key = f"user:{rng.randrange(keys)}"
            cursor = await conn.execute(HIT, (key, int(time.time())))
            await cursor.fetchone()
        wall = time.perf_counter() - began
        own = time.process_time() - own_before
        backend_cpu = cpu(backend) - backend_before
        await conn.execute("DROP TABLE bench_frame_counts")
    return {
        "wall_us": round(1e6 * wall / frames, 1),
        "server_cpu_us": round(1e6 * own / frames, 1),
        "postgres_cpu_us": round(1e6 * backend_cpu / frames, 1),
    }


async def in_memory(frames: int, keys: int) -> dict[str, float]:
    windows = MemoryWindows(time.time)
    rate = parse("60/second")
    rng = random.Random(1)
    own_before = time.process_time()
    for _ in range(frames):
        await windows.hit(rate, "actions_account", f"user:{rng.randrange(keys)}")
    return {"server_cpu_us": round(1e6 * (time.process_time() - own_before) / frames, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--frames", type=int, default=20000)
    parser.add_argument("--keys", type=int, default=2000, help="accounts sending the frames")
    args = parser.parse_args()
    result = {
        "postgres": asyncio.run(in_postgres(args.database_url, args.frames, args.keys)),
        "memory": asyncio.run(in_memory(args.frames, args.keys)),
        "load_average": list(os.getloadavg()),
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
