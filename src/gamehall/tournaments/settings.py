"""What a tournament is: its format, the match every pairing plays, and how it ranks ties.

One frozen value, checked once, that the pairing, the standings, the server and the command
line all read; its dict form round-trips, so a stored tournament can be rebuilt from it.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from gamehall.play.settings import MatchSettings, RenjuSettings
from gamehall.tournaments.errors import TournamentError
from gamehall.tournaments.groups import SMALLEST_GROUP

Format = Literal["round-robin", "groups", "knockout", "two-stage", "swiss", "arena"]
FORMATS: tuple[Format, ...] = ("round-robin", "groups", "knockout", "two-stage", "swiss", "arena")
ROUND_FORMATS: tuple[Format, ...] = FORMATS[:-1]
"""The formats played in rounds (``Tournament``); the arena is played by the clock (``Arena``)."""
Tiebreak = Literal[
    "direct-encounter",
    "sonneborn-berger",
    "buchholz",
    "median-buchholz",
    "wins",
    "points-difference",
]
TIEBREAKS: tuple[Tiebreak, ...] = (
    "direct-encounter",
    "sonneborn-berger",
    "buchholz",
    "median-buchholz",
    "wins",
    "points-difference",
)
Seeding = Literal["standard", "lots"]
Final = Literal["knockout", "round-robin"]
WithdrawalPolicy = Literal["annul-under-half", "forfeit-remaining"]

MIN_GROUP_SIZE = SMALLEST_GROUP
MAX_GROUP_SIZE = 16
MIN_DURATION = 10
"""The shortest arena, in seconds (a test's; the pages offer 15 minutes and more)."""
MAX_DURATION = 24 * 3600


def _whole(name: str, value: object, low: int, high: int | None = None) -> int:
    allowed = f"of {low} or more" if high is None else f"from {low} to {high}"
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or value < low
        or (high is not None and value > high)
    ):
        raise TournamentError(f"{name} must be a whole number {allowed}, not {value!r}")
    return value


def _one_of(name: str, value: object, allowed: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in allowed:
        raise TournamentError(f"{name} {value!r} is not known: choose one of {', '.join(allowed)}")


def default_tiebreaks(form: Format, game: str) -> tuple[Tiebreak, ...]:
    """The tie-breaks used when none are chosen: Buchholz first in a Swiss, direct encounter
    and Sonneborn-Berger in all-play-all events; then wins, and for the tables games the
    points difference of the matches."""
    chosen: tuple[Tiebreak, ...]
    if form == "arena":
        return ()  # an arena ranks its own way (``arena_scores``)
    if form == "swiss":
        chosen = ("buchholz", "median-buchholz", "direct-encounter", "wins")
    else:
        chosen = ("direct-encounter", "sonneborn-berger", "wins")
    return chosen if game == "renju" else (*chosen, "points-difference")


@dataclass(frozen=True)
class TournamentSettings:
    """The terms of a tournament.

    ``rounds`` is for a Swiss (how many rounds). ``double`` plays every round robin twice,
    colours reversed. ``group_size`` is the largest group of a groups stage; ``None`` (the
    default) splits the field into groups of 8 to 10 as the seed says (one group under 16
    players: see ``groups.group_count``). ``qualify`` is how many of each group go on, ``final``
    what they play in a two-stage event. ``seeding`` places players in a knockout bracket:
    ``standard`` (the best seeds meet last, byes to the top seeds) or ``lots`` (a draw by lot
    from ``lots_seed``). ``tiebreaks`` rank players level on points, in order, before the lots;
    the empty tuple takes ``default_tiebreaks``. ``withdrawal`` says what happens to a round
    robin player who withdraws (see ``docs/tournaments.md``). ``duration`` is an arena's
    length in seconds, counted from its start (only an arena has one).
    """

    format: Format
    match: MatchSettings = field(default_factory=lambda: RenjuSettings())
    rounds: int | None = None
    double: bool = False
    group_size: int | None = None
    qualify: int = 3
    final: Final = "knockout"
    seeding: Seeding = "standard"
    tiebreaks: tuple[Tiebreak, ...] = ()
    lots_seed: int = 0
    withdrawal: WithdrawalPolicy = "annul-under-half"
    duration: int | None = None

    def __post_init__(self) -> None:
        _one_of("format", self.format, FORMATS)
        if not isinstance(self.match, MatchSettings):
            raise TournamentError("match must be the MatchSettings every pairing plays")
        if self.match.length == 0:
            raise TournamentError(
                "a tournament's pairings are matches to N points: money play never ends"
            )
        if self.format == "swiss":
            if self.rounds is None:
                raise TournamentError("a Swiss needs a number of rounds")
            _whole("rounds", self.rounds, 1, 64)
        elif self.rounds is not None and self.format == "arena":
            raise TournamentError("an arena is played by the clock: give rounds only for a Swiss")
        elif self.rounds is not None:
            raise TournamentError(
                f"a {self.format} tournament sets its own rounds: give rounds only for a Swiss"
            )
        if self.format == "arena":
            if self.duration is None:
                raise TournamentError("an arena needs a duration (in seconds)")
            _whole("duration", self.duration, MIN_DURATION, MAX_DURATION)
            if self.tiebreaks:
                raise TournamentError(
                    "an arena ranks by score, then fewer games: it takes no tie-breaks"
                )
        elif self.duration is not None:
            raise TournamentError(
                f"a {self.format} tournament is played in rounds: only an arena has a duration"
            )
        if not isinstance(self.double, bool):
            raise TournamentError(f"double must be true or false, not {self.double!r}")
        if self.group_size is not None:
            _whole("group_size", self.group_size, MIN_GROUP_SIZE, MAX_GROUP_SIZE)
        _whole("qualify", self.qualify, 1, (self.group_size or MAX_GROUP_SIZE) - 1)
        _one_of("final", self.final, ("knockout", "round-robin"))
        _one_of("seeding", self.seeding, ("standard", "lots"))
        _whole("lots_seed", self.lots_seed, 0)
        _one_of("withdrawal", self.withdrawal, ("annul-under-half", "forfeit-remaining"))
        if not isinstance(self.tiebreaks, tuple):
            raise TournamentError(f"tiebreaks must be a list of names, not {self.tiebreaks!r}")
        for name in self.tiebreaks:
            _one_of("tie-break", name, TIEBREAKS)
        if len(set(self.tiebreaks)) != len(self.tiebreaks):
            raise TournamentError("a tie-break is named twice: name each once")
        if "points-difference" in self.tiebreaks and self.match.game == "renju":
            raise TournamentError("points-difference is for the tables games' matches, not renju")

    @property
    def game(self) -> str:
        """The game every pairing plays."""
        return self.match.game

    @property
    def can_draw(self) -> bool:
        """Whether a pairing can end drawn (renju can; a tables match cannot)."""
        return self.match.game == "renju"

    @property
    def colour_balance(self) -> bool:
        """Whether pairings balance colours (renju: the first player is Black in game 1)."""
        return self.match.game == "renju"

    @property
    def bye_points(self) -> float:
        """What a bye scores: a win in a Swiss; nothing in an all-play-all round (the player
        paired with the table's dummy rests) or a knockout (the player goes through)."""
        return 1.0 if self.format == "swiss" else 0.0

    @property
    def chosen_tiebreaks(self) -> tuple[Tiebreak, ...]:
        """The tie-breaks in force: those chosen, or the format's defaults."""
        return self.tiebreaks or default_tiebreaks(self.format, self.match.game)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict that ``from_dict`` reads back."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["match"] = self.match.to_dict()
        out["tiebreaks"] = list(self.tiebreaks)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "TournamentSettings":
        """Settings from ``to_dict``'s form; unknown keys are an error."""
        if not isinstance(data, Mapping):
            raise TournamentError(f"tournament settings are a mapping, not {data!r}")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise TournamentError(
                f"unknown tournament settings: {', '.join(sorted(map(str, unknown)))}"
            )
        values = dict(data)
        if "match" in values:
            if not isinstance(values["match"], Mapping):
                raise TournamentError("match must be a mapping of match settings")
            values["match"] = MatchSettings.from_dict(values["match"])
        if "tiebreaks" in values:
            if not isinstance(values["tiebreaks"], list | tuple):
                raise TournamentError(f"tiebreaks must be a list, not {values['tiebreaks']!r}")
            values["tiebreaks"] = tuple(values["tiebreaks"])
        return cls(**values)
