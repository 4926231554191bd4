"""The board and the status of a match as text, at most 80 columns wide.

Each board is drawn from the view of one player (the one about to act), in the numbering in
which he writes his moves: backgammon and nardy points 24 to 1 in his own numbering, renju points
``a1`` to ``o15``. Under the board a few status lines give the game and match score, the cube,
the dice, the clocks, whose turn it is and the last move.
"""

import textwrap

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.nardy.position import Position as NardyPosition
from gamehall.play.match import Match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.tables_match import TablesMatch
from gamehall.tables.moves import BAR, OFF
from gamehall.terminal.nardy_board import nardy_board
from gamehall.words import Words, words
from gamehall.words.languages import DEFAULT

WIDTH = 80
"""The widest line any board or status line takes."""

MARKS = ("X", "O")
"""The marks of players 0 and 1 on a backgammon board."""

_ROWS = 5


def show_points(value: float) -> str:
    """A score as people write it: ``3``, ``1.5``."""
    return str(int(value)) if value == int(value) else f"{value:g}"


def show_dice(dice: tuple[int, ...] | list[int]) -> str:
    """Dice as ``6-5``, the higher first."""
    return "-".join(map(str, sorted(dice, reverse=True)))


def show_seconds(seconds: float) -> str:
    """A clock's time as ``m:ss`` (``h:mm:ss`` from an hour on)."""
    whole = max(int(seconds), 0)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def render(match: Match, viewer: int, language: str = DEFAULT) -> str:
    """The board from ``viewer``'s side and the status lines under it, in ``language``."""
    if isinstance(match, RenjuMatch):
        board = renju_board(match, language)
    else:
        assert isinstance(match, TablesMatch)
        board = tables_board(match, viewer, language)
    lines = status_lines(match, language)
    return "\n".join([board, *lines] if board else lines)


def colour(w: Words, name: str) -> str:
    """A colour's name (``black``, ``white``) in the words ``w``."""
    return w.texts.get(f"terminal.colour.{name}", name)


def tables_board(match: TablesMatch, viewer: int, language: str = DEFAULT) -> str:
    """A backgammon or nardy board from ``viewer``'s side (empty when no game is on)."""
    position = match.position
    if position is None or match.phase == "between":
        return ""
    if isinstance(position, NardyPosition):
        return nardy_board(position, match.colours[viewer], language)
    assert isinstance(position, BackgammonPosition)
    view = position if match.on_roll == viewer else position.swapped()
    cube = None if match.variant is None else match.cube
    owner = match.cube_owner
    cube_row = None if owner is None else "bottom" if owner == viewer else "top"
    labels = (
        f"{MARKS[viewer]} {match.players[viewer]}",
        f"{MARKS[1 - viewer]} {match.players[1 - viewer]}",
    )
    return backgammon_board(view, labels, cube, cube_row, language)


def backgammon_board(
    view: BackgammonPosition,
    labels: tuple[str, str],
    cube: int | None = None,
    cube_row: str | None = None,
    language: str = DEFAULT,
) -> str:
    """A backgammon board as GNU Backgammon draws it, from the side of ``view``'s side on roll
    and his opponent's, each ``labels`` a mark and a name (``"X Human"``): his points 13-24 along
    the top, 12-1 along the bottom, the bar between the halves, the checkers borne off and the
    cube on the right (``cube_row`` ``top`` when the opponent owns it, ``bottom`` when the
    viewer does, ``None`` in the middle)."""
    me, op = view.mover, view.opponent
    mine, theirs = labels[0][0], labels[1][0]

    def stack(point: int) -> tuple[str, int]:
        if me[point]:
            return mine, me[point]
        return theirs, op[25 - point]

    def cell(mark: str, count: int, row: int) -> str:
        if row == _ROWS - 1 and count > _ROWS:
            return f"{count:>2} "
        return f" {mark} " if count > row else "   "

    def half(points: range, row: int) -> str:
        return "".join(cell(*stack(p), row) for p in points)

    say = words(language).say
    cube_text = "  " + say("terminal.board.cube", cube=cube) if cube else ""
    top = [
        f" |{half(range(13, 19), row)}|{cell(theirs, op[BAR], row)}|{half(range(19, 25), row)}|"
        for row in range(_ROWS)
    ]
    bottom = [
        f" |{half(range(12, 6, -1), row)}|{cell(mine, me[BAR], row)}|{half(range(6, 0, -1), row)}|"
        for row in reversed(range(_ROWS))
    ]
    top[0] += (
        "  "
        + say("terminal.board.off", mark=theirs, count=op[OFF])
        + (cube_text if cube_row == "top" else "")
    )
    bottom[-1] += (
        "  "
        + say("terminal.board.off", mark=mine, count=me[OFF])
        + (cube_text if cube_row == "bottom" else "")
    )
    middle = " |                  |BAR|                  |" + (cube_text if not cube_row else "")
    mine_pips, their_pips = view.pip_count()
    return "\n".join(
        [
            " +13-14-15-16-17-18------19-20-21-22-23-24-+",
            *top,
            middle,
            *bottom,
            " +12-11-10--9--8--7-------6--5--4--3--2--1-+",
            " "
            + say("terminal.board.pips", label=labels[0], pips=mine_pips)
            + "   "
            + say("terminal.board.pips", label=labels[1], pips=their_pips),
        ]
    )


def renju_board(match: RenjuMatch, language: str = DEFAULT) -> str:
    """The renju board (X Black, O White, the last stone in brackets) and Black's forbidden
    points when Black is to move (not when White must claim them: spotting them is his job)."""
    board = match.board
    if board is None:
        return ""
    black, white = match.players[match.black], match.players[1 - match.black]
    say = words(language).say
    lines = [str(board), "   " + say("terminal.board.renju", black=black, white=white)]
    if board.result is None and board.turn == "black" and board.forbidden != "claim":
        forbidden = board.forbidden_points()
        if forbidden:
            points = ", ".join(f"{p} ({why})" for p, why in sorted(forbidden.items()))
            lines += wrap(say("terminal.forbidden", points=points), indent="   ")
    return "\n".join(lines)


def status_lines(match: Match, language: str = DEFAULT) -> list[str]:
    """The match's state in a few lines: score and cube; dice and clocks; whose turn it is and
    the last move."""
    w = words(language)
    say = w.say
    players = match.players
    length = match.settings.length
    between = isinstance(match, TablesMatch) and match.phase == "between"
    number = len(match.games) + (0 if match.is_over or between else 1)
    money = say("terminal.status.money")
    what = w.say_count("terminal.status.length", length) if length else money
    score = ", ".join(f"{players[p]} {show_points(match.score[p])}" for p in (0, 1))
    first = [say("terminal.status.game", number=number), what, score]
    second: list[str] = []
    if isinstance(match, TablesMatch) and not between:
        first += _cube_parts(match, w)
        if match.dice is not None and match.turn is not None:
            left = show_dice(match.turn.dice_left) or say("terminal.status.none")
            second.append(say("terminal.status.dice", dice=show_dice(match.dice), left=left))
    elif isinstance(match, RenjuMatch) and match.board is not None:
        second.append(say("terminal.status.move", number=len(match.board.moves) + 1))
    if match.clock is not None:
        second.append(say("terminal.status.clocks", clocks=_clocks(match, w)))
    third = [turn_text(match, language)]
    last = "" if between else last_move(match, language)
    if last:
        third.append(say("terminal.status.last", move=last))
    lines = [" · ".join(first), " · ".join(second), " · ".join(third)]
    return [wrapped for line in lines if line for wrapped in wrap(line)]


def _cube_parts(match: TablesMatch, w: Words) -> list[str]:
    if match.variant is None:
        return []
    if match.crawford_game:
        return [w.say("terminal.status.crawford")]
    if match.settings.length == 1:
        return []
    if match.cube_owner is None:
        return [w.say("terminal.status.cube.centred", cube=match.cube)]
    owner = match.players[match.cube_owner]
    return [w.say("terminal.status.cube.owned", cube=match.cube, name=owner)]


def _clocks(match: Match, w: Words) -> str:
    assert match.clock is not None
    snapshot = match.clock.snapshot()
    parts = []
    for side in (0, 1):
        text = f"{match.players[side]} {show_seconds(snapshot.remaining[side])}"
        if snapshot.periods[side]:
            text += " " + w.say("terminal.status.periods", count=snapshot.periods[side])
        parts.append(text)
    return ", ".join(parts)


def turn_text(match: Match, language: str = DEFAULT) -> str:
    """Whose turn it is and what he must do, or how the match ended."""
    w = words(language)
    say = w.say
    players = match.players
    if match.is_over:
        if match.winner is None:
            return say("terminal.turn.over", reason=w.end_reason(str(match.end_reason)))
        reason = w.end_reason(str(match.end_reason))
        return say("terminal.turn.won", name=players[match.winner], reason=reason)
    if isinstance(match, RenjuMatch):
        if match.to_act is None:
            return say("terminal.turn.waiting")
        side = colour(w, match.colour_of(match.to_act))
        text = say("terminal.turn.move.colour", name=players[match.to_act], colour=side)
        if match.draw_offer is not None:
            text += "; " + say("terminal.turn.draw", name=players[match.draw_offer])
        return text
    assert isinstance(match, TablesMatch)
    phase = match.phase
    if phase == "double" and match.doubled_by is not None:
        doubler, taker = players[match.doubled_by], players[1 - match.doubled_by]
        return say("terminal.turn.double", name=doubler, other=taker)
    if phase == "resign" and match.resign_offer is not None:
        who, value = match.resign_offer
        return say(
            "terminal.turn.resign",
            name=players[who],
            points=value * match.cube,
            other=players[1 - who],
        )
    if phase == "roll":
        return say("terminal.turn.roll", name=players[match.on_roll])
    if phase == "move":
        name = players[match.on_roll]
        if match.is_nardy:
            side = colour(w, match.colours[match.on_roll])
            return say("terminal.turn.move.colour", name=name, colour=side)
        return say("terminal.turn.move", name=name)
    if phase == "between":
        return say("terminal.turn.between")
    return say("terminal.turn.waiting")


def last_move(match: Match, language: str = DEFAULT) -> str:
    """The last move of the current game, with who made it (empty if none)."""
    for event in reversed(match.events):
        if event.kind == "game_start":
            return ""
        if event.player is None:
            continue
        name = match.players[event.player]
        if event.kind == "confirm":
            play = event.outcome.get("play") or words(language).say("terminal.status.no-move")
            return f"{name} {play}"
        if event.kind in ("move", "pass") and isinstance(match, RenjuMatch):
            move = event.outcome.get("move") or words(language).say("terminal.status.pass")
            return f"{name} {move}"
    return ""


def wrap(text: str, indent: str = "") -> list[str]:
    """``text`` broken at spaces into lines of at most ``WIDTH`` columns."""
    return textwrap.wrap(text, WIDTH, subsequent_indent=indent, break_on_hyphens=False) or [""]
