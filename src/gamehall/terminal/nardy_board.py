"""The long nardy board at the terminal: the rules layer's grid of points and checkers
(``gamehall.nardy.diagram.grid``) with its legend said in the terminal's language."""

from gamehall.nardy.diagram import grid, pips
from gamehall.nardy.position import Position
from gamehall.nardy.rules import Side
from gamehall.words import words
from gamehall.words.languages import DEFAULT


def nardy_board(position: Position, side: Side, language: str = DEFAULT) -> str:
    """The board from ``side``'s view, as ``Position.diagram`` draws it, its heading, totals
    and status line in ``language``."""
    w = words(language)
    counts = pips(position)
    totals = w.say(
        "terminal.nardy.totals",
        white_off=position.borne_off("white"),
        black_off=position.borne_off("black"),
        white_pips=counts["white"],
        black_pips=counts["black"],
    )
    heading = w.say(f"terminal.nardy.view.{side}")
    return "\n".join(
        [f" {heading}", *grid(position, side), f" {totals}", f" {_status(position, language)}"]
    )


def _status(position: Position, language: str) -> str:
    """Whose turn it is, or how the game ended."""
    w = words(language)
    result = position.result
    if result is None:
        turn = w.say(f"terminal.nardy.to-move.{position.turn}")
        return turn + (
            " " + w.say("terminal.nardy.last-roll") if position.last_roll_pending else ""
        )
    if result.winner is None:
        return w.say("terminal.nardy.draw")
    kind = w.say(f"terminal.kind.{result.kind}")
    points = w.say_count("terminal.points", result.value)
    return w.say(f"terminal.nardy.won.{result.winner}", kind=kind, points=points)
