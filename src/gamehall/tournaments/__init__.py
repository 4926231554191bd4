"""The competition layer: tournaments in every format, pure (no I/O, no clock).

It pairs and scores; the play layer plays. Formats: round robin (single or double, Berger
tables), groups (snake draw, a round robin each, the top N qualify), knockout (byes to the top
seeds; standard seeding or a draw by lot), two-stage (groups, then a knockout or a final round
robin of the qualifiers), Swiss (a maximum-weight matching) and the arena (``Arena``: a fixed
duration, players paired as soon as they are free). Standings rank by points and
then by FIDE's tie-breaks, with lots from a recorded seed last. ``docs/tournaments.md`` has
the details and the sources.

>>> from gamehall.tournaments import Result, Tournament, TournamentSettings
>>> t = Tournament.create(TournamentSettings("round-robin"), ["ann", "bob", "cid"])
>>> t = t.pair_next_round()
>>> [(p.first, p.second) for p in t.pending]
[('bob', 'cid')]
>>> t = t.record(1, 2, Result("1-0"))
>>> t.standings().order[0]
'bob'
"""

from gamehall.tournaments.arena import Arena, ArenaEntry, ArenaGame
from gamehall.tournaments.arena_scores import LeaderRow, SheetMark
from gamehall.tournaments.errors import TournamentError
from gamehall.tournaments.pairing import OUTCOMES, Outcome, Pairing, Result
from gamehall.tournaments.settings import (
    FORMATS,
    ROUND_FORMATS,
    TIEBREAKS,
    Format,
    Tiebreak,
    TournamentSettings,
    default_tiebreaks,
)
from gamehall.tournaments.standings import StandingRow, Standings
from gamehall.tournaments.tournament import Tournament

__all__ = [
    "FORMATS",
    "OUTCOMES",
    "ROUND_FORMATS",
    "TIEBREAKS",
    "Arena",
    "ArenaEntry",
    "ArenaGame",
    "Format",
    "LeaderRow",
    "Outcome",
    "Pairing",
    "Result",
    "SheetMark",
    "StandingRow",
    "Standings",
    "Tiebreak",
    "Tournament",
    "TournamentError",
    "TournamentSettings",
    "default_tiebreaks",
]
