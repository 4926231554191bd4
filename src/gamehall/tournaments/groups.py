"""Groups by a snake draw: seeds 1..g go to groups A..G, seeds g+1..2g back from G to A, ...

So each group gets one of the best players, one of the next best, and so on, and the groups
come out as even as the seeding allows (sizes differ by one at most).
"""

from math import ceil

from gamehall.tournaments.errors import TournamentError


def group_count(players: int, group_size: int) -> int:
    """How many groups ``players`` make when no group may have more than ``group_size``."""
    return max(1, ceil(players / group_size))


def snake_groups(seeded: list[str], group_size: int) -> list[list[str]]:
    """``seeded`` (best first) dealt into groups of at most ``group_size`` by a snake draw."""
    if len(set(seeded)) != len(seeded):
        raise TournamentError("every player may enter once")
    count = group_count(len(seeded), group_size)
    if len(seeded) < 2 * count:
        raise TournamentError(f"{len(seeded)} players are too few for {count} groups of 2 or more")
    groups: list[list[str]] = [[] for _ in range(count)]
    for index, player in enumerate(seeded):
        row, column = divmod(index, count)
        groups[column if row % 2 == 0 else count - 1 - column].append(player)
    return groups


def group_name(index: int) -> str:
    """``A``, ``B``, ... ``Z``, then ``AA``, ``AB``, ..."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters
