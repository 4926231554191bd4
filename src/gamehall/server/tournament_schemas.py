"""The shapes of the tournaments' and ratings' API bodies (``docs/protocol.md``).

Requests are strict like the rest of the API (``schemas.Body``): a wrong type is a 422 naming
the field; what the values mean (a Swiss needs rounds, a group size of 3 to 16) is the
tournaments package's to check, whose refusals are 400s in its own words.
"""

from typing import Literal

from pydantic import Field

from gamehall.engines.base import Level
from gamehall.play.settings import GameName
from gamehall.server.arena_schemas import ArenaView
from gamehall.server.schemas import Answer, Body, Settings, iso
from gamehall.store.ratings import HistoryPoint, PlayerRating
from gamehall.store.tournaments import StoredTournament, TournamentGame, computer_name
from gamehall.tournaments import Format, Pairing, Result, StandingRow, Standings, Tiebreak


class TournamentBody(Body):
    """A new tournament: its format and terms, the match every pairing plays, when it starts
    (an ISO 8601 time, or null: its maker starts it), rated or casual."""

    name: str = Field(min_length=1, max_length=80)
    format: Format
    settings: Settings
    """The match of every pairing (game, length, clock...)."""
    rounds: int | None = None
    """A Swiss's number of rounds (only a Swiss has one)."""
    double: bool = False
    group_size: int | None = None
    """The largest group of a groups stage; null (the default) splits the field into groups of
    8 to 10 as the seed says (one group under 16 players)."""
    qualify: int = 3
    final: Literal["knockout", "round-robin"] = "knockout"
    seeding: Literal["standard", "lots"] = "standard"
    tiebreaks: list[Tiebreak] = Field(default_factory=list)
    withdrawal: Literal["annul-under-half", "forfeit-remaining"] = "annul-under-half"
    rated: bool = False
    starts_at: str | None = Field(default=None, max_length=40)
    grace_seconds: int = Field(default=60, ge=0, le=3600)
    """How long a paired player has to come to the match before losing it by forfeit."""
    duration: int | None = None
    """An arena's length in seconds (only an arena has one)."""


class ComputerEntryBody(Body):
    """A house engine the director enters in his tournament: the level it plays at."""

    level: Level


class TournamentView(Answer):
    """A tournament in a list."""

    id: int
    name: str
    game: GameName
    format: Format
    settings: dict[str, object]
    """``TournamentSettings.to_dict()``."""
    rated: bool
    grace_seconds: int
    starts_at: str | None
    status: Literal["open", "running", "finished"]
    created_by: str | None
    created_at: str
    entries: list[str]
    computers: dict[str, Level]
    """The entries that are house engines (``Computer (expert)``), entered by the director,
    and the level of each."""

    @classmethod
    def of(cls, stored: StoredTournament) -> "TournamentView":
        starts = stored.starts_at
        data: dict[str, object] = {
            "id": stored.id,
            "name": stored.name,
            "game": stored.game,
            "format": stored.settings["format"],
            "settings": stored.settings,
            "rated": stored.rated,
            "grace_seconds": stored.grace_seconds,
            "starts_at": None if starts is None else iso(starts),
            "status": stored.status,
            "created_by": stored.created_by,
            "created_at": iso(stored.created_at),
            "entries": list(stored.entries),
            "computers": {computer_name(level): level for level in stored.computers},
        }
        return cls.model_validate(data)


class TournamentLists(Answer):
    """Tournaments taking entries, being played, and over (newest first)."""

    upcoming: list[TournamentView]
    running: list[TournamentView]
    finished: list[TournamentView]


class ResultView(Answer):
    """A pairing's result; a forfeit's ``reason`` is its code (``withdrawn``, ``director``…,
    said by the catalog's ``forfeit.<code>``), or a text stored before the codes."""

    outcome: Literal["1-0", "0-1", "1/2-1/2", "+-", "-+", "--", "bye"]
    score: list[float] | None
    reason: str | None = None

    @classmethod
    def of(cls, result: Result) -> "ResultView":
        score = None if result.score is None else list(result.score)
        return cls(outcome=result.outcome, score=score, reason=result.reason)


class PairingView(Answer):
    """One pairing of a round, with its match once it has one."""

    round: int
    board: int
    leg: int
    first: str
    second: str | None
    result: ResultView | None
    group: str | None
    stage: Literal["main", "groups", "final"]
    match_id: str | None
    match_status: Literal["playing", "over"] | None

    @classmethod
    def of(cls, pairing: Pairing, game: TournamentGame | None) -> "PairingView":
        result = pairing.result
        data: dict[str, object] = {
            "round": pairing.round,
            "board": pairing.board,
            "leg": pairing.leg,
            "first": pairing.first,
            "second": pairing.second,
            "result": None if result is None else ResultView.of(result),
            "group": pairing.group,
            "stage": pairing.stage,
            "match_id": game.match_id if game else None,
            "match_status": game.status if game else None,
        }
        return cls.model_validate(data)


class TournamentGameView(Answer):
    """A game of the tournament to watch (being played) or to review (over): its pairing,
    players, the match's score as it stands (first, second) and its result once decided."""

    round: int
    board: int
    leg: int
    first: str
    second: str
    status: Literal["playing", "over"]
    score: list[float] | None
    result: ResultView | None
    match_id: str

    @classmethod
    def of(cls, pairing: Pairing, game: TournamentGame) -> "TournamentGameView":
        result = pairing.result
        data: dict[str, object] = {
            "round": pairing.round,
            "board": pairing.board,
            "leg": pairing.leg,
            "first": pairing.first,
            "second": pairing.second,
            "status": game.status,
            "score": list(game.score) if game.score else None,
            "result": None if result is None else ResultView.of(result),
            "match_id": game.match_id,
        }
        return cls.model_validate(data)


class StandingView(Answer):
    rank: int
    player: str
    points: float
    tiebreaks: dict[str, float | None]
    lot: int
    group: str | None
    qualified: bool
    annulled: bool

    @classmethod
    def of(cls, row: StandingRow) -> "StandingView":
        return cls(
            rank=row.rank,
            player=row.player,
            points=row.points,
            tiebreaks=dict(row.tiebreaks),
            lot=row.lot,
            group=row.group,
            qualified=row.qualified,
            annulled=row.annulled,
        )


class StandingsView(Answer):
    """Ranked rows; ``tiebreaks`` names the tie-breaks in the order they were applied."""

    name: str | None = None
    """A group's letter, in a groups stage."""
    rows: list[StandingView]
    tiebreaks: list[str]
    lots_seed: int

    @classmethod
    def of(cls, standings: Standings, name: str | None = None) -> "StandingsView":
        """The standings (of the group ``name``, in a groups stage)."""
        return cls(
            name=name,
            rows=[StandingView.of(row) for row in standings.rows],
            tiebreaks=list(standings.tiebreaks),
            lots_seed=standings.lots_seed,
        )


class TournamentDetail(Answer):
    """A tournament's page: entries, every round's pairings, standings (and each group's)."""

    tournament: TournamentView
    players: list[str]
    """Seeded order once started; entry order before."""
    ratings: dict[str, str]
    """Each player's shown rating in the tournament's game ("1500?" while provisional)."""
    current_round: int
    pairings: list[PairingView]
    standings: StandingsView | None
    groups: list[StandingsView]
    withdrawn: list[str]
    winner: str | None
    arena: ArenaView | None = None
    """An arena's clock, leaderboard and games (null for the other formats)."""
    games: list[TournamentGameView]
    """The games being played, then the latest ``RECENT_GAMES`` finished (newest first); an
    arena's are in ``arena``."""
    now: str
    """The server's time (ISO 8601), from which the page counts down to the start."""


class RatingView(Answer):
    """A player's ratings in one game: Glicko-2 (shown, "?" while provisional) and FIBS."""

    player: str
    game: GameName
    rating: float
    deviation: float
    provisional: bool
    display: str
    fibs: float | None
    games: int
    bot: bool = False
    """A bot's rating (bots are rated among people, and marked: ``docs/bot-api.md``)."""

    @classmethod
    def of(cls, rated: PlayerRating) -> "RatingView":
        ratings, glicko = rated.ratings, rated.ratings.glicko2
        return cls(
            player=rated.name,
            game=ratings.game,
            rating=round(glicko.rating, 1),
            deviation=round(glicko.deviation, 1),
            provisional=ratings.provisional,
            display=ratings.display(),
            fibs=round(ratings.fibs.rating, 2) if ratings.fibs else None,
            games=rated.games,
            bot=rated.bot,
        )


class Leaderboard(Answer):
    game: GameName
    players: list[RatingView]


class HistoryPointView(Answer):
    at: str
    rating: float
    deviation: float
    match_id: str | None

    @classmethod
    def of(cls, point: HistoryPoint) -> "HistoryPointView":
        return cls(
            at=iso(point.at),
            rating=round(point.rating, 1),
            deviation=round(point.deviation, 1),
            match_id=point.match_id,
        )


class PlayerRatings(Answer):
    """A player's ratings in every game played rated, and the history of each."""

    player: str
    ratings: list[RatingView]
    history: dict[str, list[HistoryPointView]]
