"""A small scripted Gomocup brain for the protocol tests, independent of gamehall's engine.

``python scripted_brain.py MODE``: ``play`` answers every move with the first empty point in
reading order from the centre outwards (a legal, weak brain); ``crash`` exits at its first
move, ``crash-later`` at its third; ``slow`` sleeps 3 s before each move, ``hang`` for an hour
at its second; ``greedy`` takes 2 GiB of memory at its first move (and keeps it; under a
smaller limit the allocation fails and it exits); ``illegal`` answers an occupied point (the
opponent's last stone), or 99,99 (off the board) on an empty board; ``garbage`` answers
text that is not a move. Told ``INFO max_node N``, it names itself ``scripted-MODE-N`` in
``ABOUT`` (so that a test sees the limit it was given).
"""

import sys
import time

SIZE = 15


def main(mode: str) -> None:
    stones: set[tuple[int, int]] = set()
    last: tuple[int, int] | None = None
    reading = False
    max_node = ""
    moves = 0
    hoard: list[bytearray] = []

    def reply(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def move() -> None:
        nonlocal last, moves
        moves += 1
        if mode == "crash" or (mode == "crash-later" and moves == 3):
            sys.exit(3)
        if mode == "hang" and moves == 2:
            time.sleep(3600)
        if mode == "greedy":
            hoard.append(bytearray(2 << 30))
        if mode == "slow":
            time.sleep(3)
        if mode == "garbage":
            reply("MESSAGE thinking hard")
            reply("the middle, please")
            return
        if mode == "illegal":
            reply("99,99" if last is None else f"{last[0]},{last[1]}")
            return
        order = sorted(
            ((x, y) for x in range(SIZE) for y in range(SIZE)),
            key=lambda p: (max(abs(p[0] - 7), abs(p[1] - 7)), p[1], p[0]),
        )
        point = next(p for p in order if p not in stones)
        stones.add(point)
        last = point
        reply(f"DEBUG playing {point}")
        reply(f"{point[0]},{point[1]}")

    for line in sys.stdin:
        text = line.strip()
        word = text.split(" ")[0].upper()
        if reading:
            if word == "DONE":
                reading = False
                move()
            else:
                x, y, _ = text.split(",")
                stones.add((int(x), int(y)))
            continue
        if word == "START":
            reply("OK" if text.split(" ")[1] == "15" else "ERROR size")
        elif word == "RESTART":
            stones.clear()
            reply("OK")
        elif word == "ABOUT":
            name = f"scripted-{mode}" + (f"-{max_node}" if max_node else "")
            reply(f'name="{name}", version="1", author="tests"')
        elif word == "INFO":
            key, _, value = text.partition(" ")[2].partition(" ")
            if key == "max_node":
                max_node = value
        elif word == "BEGIN":
            move()
        elif word == "TURN":
            x, y = text.split(" ")[1].split(",")
            stones.add((int(x), int(y)))
            last = (int(x), int(y)) if mode == "illegal" else last
            move()
        elif word == "BOARD":
            stones.clear()
            reading = True
        elif word == "END":
            return
        else:
            reply(f"UNKNOWN {word}")


if __name__ == "__main__":
    main(sys.argv[1])
