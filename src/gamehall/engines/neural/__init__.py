"""The neural backgammon engine: a fast board, the bear-off database, a numpy network trained by
TD(lambda) self-play, search, and the levels that play with them (see docs/engines.md)."""
