"""The FIBS board line (``board:...``) that GNU Backgammon's ``external`` socket answers, written
for a backgammon position and its match context.

The line is written from the side on roll ("You"): its checkers positive, the other side's
negative, each field ``k`` (1 to 24) the side on roll's point ``k``, field 0 the other side's
bar and field 25 its own; colour 1, direction -1, home 0, bar 25 (FIBS's client protocol,
http://www.fibs.com/fibs_interface.html#board_state). gnubg then answers for the side on roll
(a play with the dice, ``double`` or ``roll`` without them); with the ``doubled`` field set the
side on roll has just doubled and gnubg answers for the other side (``take``, ``drop`` or
``beaver``). Session options follow the line: ``jacobyrule``, ``crawfordrule``, ``beavers``.
"""

from gamehall.engines.base import MatchContext
from gamehall.errors import GameError
from gamehall.tables.position import TablesPosition

MONEY = 9999
"""FIBS's match length for unlimited (money) play."""
BAR = 25


def fibs_line(
    position: TablesPosition,
    context: MatchContext,
    dice: tuple[int, int] | None = None,
    *,
    doubled: bool = False,
    roller: str = "engine",
) -> str:
    """The line for a decision in ``position`` (the side on roll "You"), with ``dice`` rolled
    or none (a cube decision), ``doubled`` when the side on roll has just doubled. ``context``
    is the engine's: ``roller`` says whose side is on roll, ``"engine"`` or ``"opponent"``, so
    that the score and the cube are written from the roller's side."""
    if context.variant != "international":
        raise GameError("GNU Backgammon plays International backgammon only")
    mine, theirs = position.mover, position.opponent
    fields = [-theirs[BAR]]
    for point in range(1, 25):
        fields.append(mine[point] if mine[point] else -theirs[25 - point])
    fields.append(mine[BAR])
    score = context.score if roller == "engine" else context.score[::-1]
    owner = context.cube_owner
    if owner is not None and roller == "opponent":
        owner = "engine" if owner == "opponent" else "opponent"
    crawford = context.crawford
    you_may = not crawford and owner != "opponent"
    they_may = not crawford and owner != "engine"
    if not (you_may or they_may):
        you_may = they_may = True  # FIBS's way: both flags off would read as a double
    away = context.away
    post_crawford = bool(away and 1 in away and not crawford)
    first, second = dice if dice is not None else (0, 0)
    length = context.match_length or MONEY
    values = [
        length,
        *score,
        *fields,
        1,  # turn: the side on roll
        first,
        second,
        0,
        0,
        context.cube_value,
        int(you_may),
        int(they_may),
        int(doubled),
        1,  # colour
        -1,  # direction
        0,  # home
        25,  # bar
        mine[0],
        theirs[0],
        0,
        0,
        0,
        0,
        0,  # the non-Crawford flag
        int(post_crawford),
    ]
    options = (
        f"jacobyrule {'on' if context.jacoby else 'off'}",
        f"crawfordrule {'off' if context.crawford_rule is False else 'on'}",
        f"beavers {'on' if context.beavers else 'off'}",
    )
    return "board:You:Opponent:" + ":".join(str(v) for v in values) + " " + " ".join(options)
