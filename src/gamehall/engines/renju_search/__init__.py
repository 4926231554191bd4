"""A renju and gomoku engine of real strength: a fast board, threat search and alpha-beta.

The board keeps its state as numpy arrays and updates its line patterns incrementally
(:mod:`.board`, with the tables of :mod:`.patterns`); :mod:`.threats` searches wins by fours
(VCF) and by threes and fours (VCT) with renju's asymmetry; :mod:`.search` is a negamax
principal-variation search; :mod:`.levels` makes the named levels out of them. The hot loops
are compiled by numba (cached on disk after the first run).
"""
