"""Engine tournaments: each pairing played as a match by the computer players, unattended.

The competition layer (``gamehall.tournaments``) pairs and scores; this module plays. Each
pairing is a match under the tournament's ``MatchSettings`` between two fresh engines; its
result goes back to the tournament, which pairs the next round. With a seed, everything is
reproducible: each match's engines and dice are seeded from (seed, round, board, leg).

A renju match that ends drawn (its draws counted, the default) is a drawn pairing; one that
replays its draws stops as a draw once both players have reached half a point short of the
length with equal scores (a 1-game match drawn 1/2-1/2, a 2-point match at 3/2 each): from there
it would only go on to break the tie, and breaking ties is the tournament's business (a
knockout replays the pairing with colours swapped; the other formats score the draw).
"""

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from gamehall.engines import Engine, Level, find_engine
from gamehall.engines.driver import step, wants_to_act
from gamehall.errors import GameError
from gamehall.play import registry
from gamehall.play.dice import SeededDice
from gamehall.play.match import Match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import MatchSettings
from gamehall.tournaments import Pairing, Result, Tournament, forfeits
from gamehall.tournaments.pairing import Outcome

MAX_DECISIONS = 200_000
"""A match taking more engine decisions than this is stopped as an error (an engine bug)."""

Progress = Callable[[Tournament, Pairing], None]


@dataclass(frozen=True)
class Entrant:
    """A computer player of the tournament: its unique name and its engine's level."""

    name: str
    level: Level


def match_seed(seed: int, pairing: Pairing) -> int:
    """The seed of one pairing's engines and dice, from the tournament's seed."""
    return random.Random(f"{seed}:{pairing.round}:{pairing.board}:{pairing.leg}").getrandbits(32)


def new_match(settings: MatchSettings, pairing: Pairing, seed: int | None) -> Match:
    """The match of ``pairing`` (player 0 is ``first``): seeded dice with a seed and secure
    dice; otherwise the match's own dice."""
    assert pairing.second is not None
    tables = settings.game != "renju"
    dice = SeededDice(seed) if seed is not None and settings.dice == "secure" and tables else None
    return registry.new_match(settings, (pairing.first, pairing.second), dice=dice)


def drawn(match: Match) -> bool:
    """Whether a renju match stands drawn: its last game drawn, the scores equal and both
    within half a point of the length."""
    if not isinstance(match, RenjuMatch) or not match.games or match.games[-1].winner is not None:
        return False
    first, second = match.score
    return first == second and first >= match.settings.length - 0.5


def play_match(match: Match, engines: Mapping[int, Engine]) -> Result:
    """Let the engines play ``match`` until it is decided (or drawn, in renju); its result.

    A match that fails never stops the tournament: when an engine fails (raises, or makes a
    move the match refuses) its player loses by forfeit; when the match itself cannot go on
    (it waits for nobody, ends without a winner or never ends) both lose by forfeit. The
    result's reason is the code of what happened (``gamehall.tournaments.forfeits``)."""
    if not match.started:
        match.start()
    for _ in range(MAX_DECISIONS):
        if match.is_over:
            winner = match.winner
            if winner is None and isinstance(match, RenjuMatch):
                return Result("1/2-1/2", (float(match.score[0]), float(match.score[1])))
            if winner is None:
                return Result("--", reason=forfeits.NO_WINNER)
            score = (float(match.score[0]), float(match.score[1]))
            return Result("1-0" if winner == 0 else "0-1", score)
        if drawn(match):
            return Result("1/2-1/2", (float(match.score[0]), float(match.score[1])))
        player = next((p for p in (0, 1) if wants_to_act(match, p)), None)
        if player is None:
            return Result("--", reason=forfeits.STALLED)
        try:
            step(match, player, engines[player])
        except Exception:  # an engine's failure of any kind ends only its own match
            return Result("-+" if player == 0 else "+-", reason=forfeits.ENGINE_FAILED)
    return Result("--", reason=forfeits.TOO_LONG)


def play_pairing(
    tournament: Tournament,
    pairing: Pairing,
    levels: Mapping[str, Level],
    seed: int | None,
) -> Result:
    """Play one pairing of ``tournament`` between the engines of its two players."""
    assert pairing.second is not None
    own = None if seed is None else match_seed(seed, pairing)
    settings = tournament.settings.match
    engines = {
        index: find_engine(settings.game, levels[name], None if own is None else own + index)
        for index, name in enumerate((pairing.first, pairing.second))
    }
    return play_match(new_match(settings, pairing, own), engines)


@dataclass(frozen=True)
class Absence:
    """A director's decision given before the event: ``player`` withdraws from round
    ``round`` on (``withdraws``), or forfeits only the games of that round."""

    player: str
    round: int
    withdraws: bool

    def __post_init__(self) -> None:
        if not isinstance(self.round, int) or isinstance(self.round, bool) or self.round < 1:
            raise GameError(f"{self.player}@{self.round}: the round is a whole number from 1")


def run(
    tournament: Tournament,
    entrants: list[Entrant],
    seed: int | None,
    progress: Progress | None = None,
    absences: Sequence[Absence] = (),
) -> Tournament:
    """Play ``tournament`` to its end; ``progress`` is told after each match. ``absences``
    are applied as their rounds come: a withdrawal before its round is paired (so a Swiss
    pairs without him), a forfeit when the round's pairing would be played."""
    levels = {entrant.name: entrant.level for entrant in entrants}
    for absence in absences:
        if absence.player not in levels:
            raise GameError(f"{absence.player} is not a player: {', '.join(levels)}")
    while not tournament.is_finished:
        if not tournament.pending:
            coming = tournament.current_round + 1
            for absence in absences:
                if absence.withdraws and absence.round == coming:
                    tournament = tournament.withdraw(absence.player)
            if tournament.is_finished:
                break
            tournament = tournament.pair_next_round()
        while tournament.pending:
            pairing = tournament.pending[0]
            result = _forfeit(pairing, absences) or play_pairing(tournament, pairing, levels, seed)
            tournament = tournament.record(pairing.round, pairing.board, result)
            if progress is not None:
                progress(tournament, pairing)
    return tournament


def _forfeit(pairing: Pairing, absences: Sequence[Absence]) -> Result | None:
    """The forfeit of a pairing one of whose players forfeits its round, else None."""
    absent = [
        a
        for a in absences
        if not a.withdraws and a.round == pairing.round and a.player in pairing.players
    ]
    if not absent:
        return None
    if len(absent) == 2:
        return Result("--", reason=forfeits.DIRECTOR)
    outcome: Outcome = "-+" if absent[0].player == pairing.first else "+-"
    return Result(outcome, reason=forfeits.DIRECTOR)
