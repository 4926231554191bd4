"""Each tables game's move kernel: the legal results of a roll on the fast board (``board``),
compiled by numba, exactly as the rules layer's ``legal_plays`` finds them."""
