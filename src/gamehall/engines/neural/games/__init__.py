"""The tables games as the shared network machinery sees them: one small description per game
(``backgammon``, ``nardy``) of its inputs, its outputs and how they score, and the exact cases
the networks leave to the rules or to the bear-off database."""
