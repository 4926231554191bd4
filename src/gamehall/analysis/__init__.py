"""Post-game analysis: every decision of a match judged by the engines, and each player's
figures (error rates, luck, a rating word for the tables games; blunders and accuracy for
renju). Above the engines, below the faces: the CLI, the terminal and the server show what
this layer computes and compute nothing themselves."""
