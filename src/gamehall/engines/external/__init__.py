"""External engines as house opponents: a Gomocup brain for renju, GNU Backgammon for
backgammon, each in a supervised process of its own (``supervisor.py``) with a memory limit and
a time limit a decision.

``external_engine(spec)`` makes the player that ``spec`` (``spec.py``) describes. A decision the
engine fails (its process crashed, it overstayed, its answer is unreadable or illegal) raises
``EngineFault``, whose kind is the reason the side forfeits with (``driver.step``).

The other way round, ``gamehall external backgammon`` (``command.py``) serves one of our levels
to GNU Backgammon as its external player: ``fibs_server.py`` listens, ``fibs_answer.py`` answers
each board line gnubg sends with the level's decision.
"""

from gamehall.engines.external.gnubg_player import GnubgPlayer
from gamehall.engines.external.gomocup_player import GomocupPlayer
from gamehall.engines.external.player import ExternalPlayer
from gamehall.engines.external.spec import ExternalSpec


def external_engine(spec: ExternalSpec, seed: int | None = None) -> ExternalPlayer:
    """A fresh player for ``spec`` (its process starts on its first decision)."""
    if spec.protocol == "gnubg":
        return GnubgPlayer(spec, seed)
    return GomocupPlayer(spec, seed)


__all__ = ["ExternalPlayer", "ExternalSpec", "GnubgPlayer", "GomocupPlayer", "external_engine"]
