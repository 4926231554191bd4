"""The long nardy board at the terminal: the rules layer's grid with a legend in the terminal's
language; in English the same lines as ``Position.diagram`` but for the result's words."""

from gamehall import nardy
from gamehall.terminal.nardy_board import nardy_board

START = nardy.Position.initial()
WHITE_WON = nardy.Position.from_dict({"board": [0] * 23 + [-1], "turn": "black"})
"""White has borne off all fifteen; black one checker short of home's end: an oin."""


def test_english_is_the_rules_layer_s_diagram() -> None:
    for side in ("white", "black"):
        assert nardy_board(START, side) == START.diagram(side)
    ended = nardy_board(WHITE_WON, "white").splitlines()
    assert ended[:-1] == WHITE_WON.diagram("white").splitlines()[:-1]
    assert ended[-1] == " White has won: an oin, 1 point"


def test_the_legend_in_russian() -> None:
    lines = nardy_board(START, "black", "ru").splitlines()
    assert lines[0] == " Вид со стороны чёрных, нумерация чёрных"
    assert lines[1:-2] == START.diagram("black").splitlines()[1:-2]
    assert lines[-2] == " Выброшено: белые 0, чёрные 0   Сумма пипов: белые 360, чёрные 360"
    assert lines[-1] == " Ход белых (W)"
    assert nardy_board(WHITE_WON, "white", "ru").endswith(" Белые выиграли: ойн, 1 очко")


def test_the_legend_in_georgian_and_chinese() -> None:
    assert nardy_board(START, "white", "ka").splitlines()[-1] == " სვლა თეთრებისაა (W)"
    assert nardy_board(START, "white", "zh_Hans").splitlines()[0] == " 白方视角，白方编号"
