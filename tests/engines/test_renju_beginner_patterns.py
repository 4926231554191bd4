"""The beginner renju engine's line patterns agree with the rules layer's (issue 39): on every
line of eleven cells around a black stone (3^10 of them), the engine's five, overline, four
and open three under renju rules are exactly ``gamehall.renju.patterns``'s five, overline,
four and three. Before, the engine took a stone that makes two fours on one line
(``x.xxx.x``) for an open four, and so 180 lines for open threes that the rules do not count
(``...x.x.x.x.``)."""

import itertools

from gamehall.engines import renju as engine
from gamehall.renju.patterns import analyse


def test_every_line_reads_as_the_rules_read_it() -> None:
    differ: list[tuple[int, ...]] = []
    for around in itertools.product((engine.EMPTY, engine.OWN, engine.BLOCKED), repeat=10):
        cells = (*around[:5], engine.OWN, *around[5:])
        info = analyse(sum(cell << (2 * i) for i, cell in enumerate(cells)))
        five = bool(info and info.five)
        overline = bool(info and info.overline)
        four = bool(info and info.fours) and not (five or overline)
        three = bool(info and info.four_points) and not (five or overline or four)
        exact = engine.line_level(cells, True)
        loose = engine.line_level(cells, False)
        read = (
            exact == engine.FIVE,
            loose == engine.FIVE and exact != engine.FIVE,
            exact in (engine.FOUR, engine.OPEN_FOUR),
            exact == engine.OPEN_THREE,
        )
        if read != (five, overline, four, three):
            differ.append(cells)
    assert differ == []
