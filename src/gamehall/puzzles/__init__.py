"""Puzzles, as lichess has them, for the three games: renju wins by fours (and threes) taken from
finished games and checked by the threat search, and the tables games' plays and cube actions
taken from analysed blunders; each puzzle and each solver rated by Glicko-2.

``values`` is the puzzle; ``renju_maker`` and ``tables_maker`` make them; ``renju_judge`` and
``tables_judge`` judge an answer; ``tables_board`` stands a match at a tables puzzle for the
boards to draw; ``rating`` rates an attempt."""
