"""The play layer: games and matches as they are played (dice, cube, score, clocks, record)."""
