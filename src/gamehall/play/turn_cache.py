"""The legal moves and plays of a tables turn, listed once for each state of the turn: the
views of both players and the check of the next action ask for them again. A turn changes only
by its moves, so the moves made so far say what it is; its plays depend only on its start and
its dice."""

from gamehall.tables.moves import Move
from gamehall.tables.position import Play, TablesPosition, Turn

KnownMoves = tuple[Turn[TablesPosition], tuple[Move, ...], list[Move]]
KnownPlays = tuple[TablesPosition, tuple[int, int], dict[str, Play[TablesPosition]]]


class TurnCache:
    """The legal single moves of a turn as it stood last asked, and the legal plays of a
    position and a roll by their notation."""

    def __init__(self) -> None:
        self._moves: KnownMoves | None = None
        self._plays: KnownPlays | None = None

    def moves(self, turn: Turn[TablesPosition]) -> list[Move]:
        """``turn.legal_moves()``, listed once for each state of the turn."""
        made = turn.moves
        known = self._moves
        if known is not None and known[0] is turn and known[1] == made:
            return known[2]
        moves = turn.legal_moves()
        self._moves = (turn, made, moves)
        return moves

    def plays(self, turn: Turn[TablesPosition]) -> dict[str, Play[TablesPosition]]:
        """``turn.legal_plays()`` (found with its first moves, in the same walk) by their
        notation (written once: it takes as long as finding them), listed once for each turn's
        start: the view of the player on move offers them, and the play he then sends is most
        often one of them, written as it was offered (``find_play``). Each play's notation is
        its own: one play per resulting board."""
        known = self._plays
        if known is not None and known[0] is turn.start and known[1] == turn.dice:
            return known[2]
        plays = {play.notation: play for play in turn.legal_plays()}
        self._plays = (turn.start, turn.dice, plays)
        return plays

    def find_play(
        self, position: TablesPosition, dice: tuple[int, int], text: str
    ) -> Play[TablesPosition]:
        """``position.find_play(text, dice)``; a play written as its view offered it is taken
        from the plays listed then, without reading the text again."""
        known = self._plays
        if known is not None and known[0] is position and known[1] == dice:
            play = known[2].get(text)
            if play is not None:
                return play
        return position.find_play(text, dice)
