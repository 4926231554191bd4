"""Board lines that GNU Backgammon 1.07 sent its external player, kept as it wrote them."""

# Lines gnubg 1.07 sent to its player 1 ("root", external) in a 3-point match against its
# player 0 ("gnubg"): the first of the match, a double of gnubg's at 0-0, and the Crawford
# game at 2-0 for gnubg.
GNUBG_FIRST = (
    "board:gnubg:root:3:0:0:0:-1:-1:0:0:0:5:0:3:0:0:0:-4:5:-1:0:0:-3:0:-5:0:0:0:0:2:0:1:0:0:0:0:"
    "1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1"
)
GNUBG_DOUBLED = (
    "board:root:gnubg:3:0:0:0:1:-1:-1:0:0:4:0:2:0:0:0:-4:5:-1:0:0:-3:0:-5:0:0:0:0:2:1:-1:0:0:0:0:"
    "1:1:1:1:1:-1:0:25:0:0:0:0:0:0:0:1"
)
GNUBG_CRAWFORD = (
    "board:gnubg:root:3:2:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:3:1:3:1:1:"
    "1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0"
)

# Its player 0 ("gnubg", external) on roll with 5-3 in the Crawford game of a 5-point match at
# 0-4 (its player 1, "root", leads): the board's You is player 1, so the side on roll is the
# board's Opponent.
GNUBG_PLAYER_0 = (
    "board:gnubg:root:5:0:4:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:5:3:5:3:1:"
    "1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0"
)

# Its player 0 ("gnubg") on roll with 6-4 after the Crawford game of a 5-point match, at 3-4
# (its player 1, "root", leads): gnubg 1.07 writes 1 and 1 in the last two fields here (0 and 1
# before the Crawford game, 0 and 0 in it).
GNUBG_POST_CRAWFORD = (
    "board:gnubg:root:5:3:4:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:6:4:6:4:1:"
    "1:1:0:1:-1:0:25:0:0:0:0:0:0:1:1"
)
