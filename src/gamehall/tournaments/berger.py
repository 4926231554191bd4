"""Berger tables: who meets whom, and with which colour, in each round of a round robin.

Players are numbered 1 to n (n even; with an odd field a dummy n+1 is added, and whoever meets
it rests that round). With m = n - 1, round r pairs every two players whose numbers add up to
r + 1 modulo m (counting 1 to m); the player that would meet himself meets n instead, White in
even rounds. Of the others, the lower number is White when the sum is odd, the higher when it
is even. These are the tables of the FIDE Handbook (C.05, Annex 1): round 1 of 6 players is
1-6, 2-5, 3-4; round 2 is 6-4, 5-3, 1-2. A double round robin plays the first cycle with its
last two rounds exchanged (so that nobody has the same colour three times in a row across
the cycles, as FIDE recommends) and then the whole table again with colours reversed.
"""

from gamehall.tournaments.errors import TournamentError

Table = list[list[tuple[int, int | None]]]
"""Rounds of (white, black) numbers; black ``None``: white rests (meets the dummy)."""


def berger_table(players: int) -> Table:
    """The single round robin of ``players`` (2 or more) numbered from 1."""
    if not isinstance(players, int) or isinstance(players, bool) or players < 2:
        raise TournamentError(f"a round robin needs 2 players or more, not {players!r}")
    n = players + players % 2
    m = n - 1
    rounds: Table = []
    for r in range(1, n):
        fixed = _number((r + 1) * _half_inverse(m), m)
        board_one = (n, fixed) if r % 2 == 0 else (fixed, n)
        boards = [board_one]
        for k in range(1, n // 2):
            a, b = _number(fixed + k, m), _number(fixed - k, m)
            low, high = min(a, b), max(a, b)
            boards.append((low, high) if (a + b) % 2 == 1 else (high, low))
        rounds.append([_with_bye(pair, players) for pair in boards])
    return rounds


def double_berger_table(players: int) -> Table:
    """The double round robin: the first cycle (last two rounds exchanged), then the table
    again with colours reversed."""
    single = berger_table(players)
    first = list(single)
    if len(first) >= 2:
        first[-1], first[-2] = first[-2], first[-1]
    second = [[_reversed(pair) for pair in rnd] for rnd in single]
    return first + second


def _number(value: int, m: int) -> int:
    """``value`` modulo ``m`` counted 1 to m."""
    return (value - 1) % m + 1


def _half_inverse(m: int) -> int:
    """The inverse of 2 modulo the odd ``m``: the player p with 2p = r + 1 meets himself."""
    return (m + 1) // 2


def _with_bye(pair: tuple[int, int], players: int) -> tuple[int, int | None]:
    white, black = pair
    if white > players:
        return (black, None)
    if black > players:
        return (white, None)
    return (white, black)


def _reversed(pair: tuple[int, int | None]) -> tuple[int, int | None]:
    white, black = pair
    return pair if black is None else (black, white)
