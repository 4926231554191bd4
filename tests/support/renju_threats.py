"""An independent check of a winning line by fours, on the rules layer's board only."""

from gamehall.renju.board import Board


def five_points(board: Board) -> set[str]:
    """The points where the side *not* to move would make five if it were to move now."""
    found = set()
    for point in board.legal_moves() if board.result is None else []:
        trial = board.copy()
        trial.play("pass")
        trial.play(point)
        result = trial.result
        if result is not None and result.reason == "five":
            found.add(point)
    return found


def check_vcf(board: Board, line: list[str]) -> str | None:
    """None when ``line`` (attacker's fours and the forced replies alternating) wins for the
    side to move on ``board`` against every defence; else what is wrong with it."""
    board = board.copy()
    attacker = board.turn
    for index in range(0, len(line), 2):
        board.play(line[index])
        if board.result is not None:
            if board.result.winner == attacker and index == len(line) - 1:
                return None
            return f"{line[index]} ends the game: {board.result}"
        points = five_points(board)
        if not points:
            return f"{line[index]} is not a four"
        if len(points) >= 2:
            return None if index == len(line) - 1 else f"{line[index]} wins before the end"
        (defence,) = points
        forbidden = board.forbidden_points()
        if attacker == "white" and defence in forbidden:
            return None if index == len(line) - 1 else f"{defence} is forbidden: won already"
        if index + 1 >= len(line):
            return f"the line stops before a win, {defence} still defends"
        if line[index + 1] != defence:
            return f"the reply to {line[index]} must be {defence}, not {line[index + 1]}"
        board.play(defence)
        if board.result is not None:
            return f"the defence {defence} ends the game: {board.result}"
    return "the line ends without a win"
