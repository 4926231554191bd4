"""The search's score of a won position, in a module of its own so that readers of stored
analyses can use it without loading the search (numpy and its compiled kernels)."""

WIN = 1_000_000
"""A won position's score, less the plies to the win."""
