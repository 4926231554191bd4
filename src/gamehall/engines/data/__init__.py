"""Data files of the engines: the backgammon network's weights (``backgammon.npz``) with the
record of how ``gamehall train backgammon`` produced them (``backgammon.npz.json``)."""
