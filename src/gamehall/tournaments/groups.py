"""Groups by a snake draw: seeds 1..g go to groups A..G, seeds g+1..2g back from G to A, ...

So each group gets one of the best players, one of the next best, and so on, and the groups
come out as even as the seeding allows (sizes differ by one at most).
"""

from math import ceil

from gamehall.tournaments.errors import TournamentError

SMALLEST_GROUP = 3
"""No group may be smaller: a group of 2 is one match, not a round robin."""
LARGEST_DEFAULT_GROUP = 10
"""By default no group is larger (the seed's groups of 8 to 10)."""
ONE_GROUP_BELOW = 16
"""By default a field smaller than this plays one round robin (one group): 11 to 15 players
cannot be split into groups of 8 to 10, and groups of 5 to 7 would be too small to rank."""


def group_count(players: int, group_size: int | None = None) -> int:
    """How many groups ``players`` make. ``group_size`` given: the fewest groups of at most
    that many. By default (``None``): one group under 16 players, else the fewest groups of at
    most 10, which makes groups of 8 to 10 for every field but 21 to 23 and 31 (those have
    groups of 7 and 8: no split into 8 to 10 exists)."""
    if group_size is None:
        if players < ONE_GROUP_BELOW:
            return 1
        group_size = LARGEST_DEFAULT_GROUP
    return max(1, ceil(players / group_size))


def snake_groups(seeded: list[str], group_size: int | None = None) -> list[list[str]]:
    """``seeded`` (best first) dealt by a snake draw into ``group_count`` groups, as even as
    possible. Raises when a group would have fewer than 3 players."""
    if len(set(seeded)) != len(seeded):
        raise TournamentError("every player may enter once")
    count = group_count(len(seeded), group_size)
    if len(seeded) < SMALLEST_GROUP * count:
        if group_size is None:
            raise TournamentError(
                f"{len(seeded)} players are too few for groups: a group needs {SMALLEST_GROUP} "
                "or more"
            )
        raise TournamentError(
            f"{len(seeded)} players in groups of at most {group_size} make a group of fewer "
            f"than {SMALLEST_GROUP}: give a larger group size (or none: groups of 8 to 10)"
        )
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
