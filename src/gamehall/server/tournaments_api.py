"""The tournaments' and ratings' HTTP API (``/api/tournaments``, ``/api/ratings``).

Routes check who asks and what they send; the tournament store keeps the entries, the
director (``tournament_director.py``) starts and runs the tournaments, and the tournaments
package says what a tournament's terms may be, in its own words (400).
"""

import secrets
from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Query

from gamehall.engines import levels_of
from gamehall.errors import GameError
from gamehall.play.settings import GAME_NAMES, GameName
from gamehall.server.arena_schemas import RECENT_GAMES, ArenaView, arena_of
from gamehall.server.auth import Acting
from gamehall.server.caps import over_cap
from gamehall.server.refusals import Refusal
from gamehall.server.schemas import iso, stored_id
from gamehall.server.services import Hall, on_store_threads
from gamehall.server.tournament_schemas import (
    ComputerEntryBody,
    HistoryPointView,
    Leaderboard,
    PairingView,
    PlayerRatings,
    RatingView,
    StandingsView,
    TournamentBody,
    TournamentDetail,
    TournamentGameView,
    TournamentLists,
    TournamentView,
)
from gamehall.store import ConflictError, LimitReachedError, NotAllowedError, Store
from gamehall.store.ratings import MAX_LIST
from gamehall.store.tournaments import StoredTournament, computer_name
from gamehall.tournaments import Tournament, TournamentError, TournamentSettings

router = APIRouter(prefix="/api")


def read_start(text: str | None) -> datetime | None:
    """The start time of a tournament body; ``TournamentError`` in words if it is not one."""
    if text is None:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise TournamentError(
            f"starts_at {text!r} is not a time with its zone: write e.g. 2026-12-01T18:00:00Z"
        )
    return moment


def read_tournament(body: TournamentBody) -> TournamentSettings:
    """The tournament's terms from a body; ``GameError`` (400) saying what is wrong."""
    match = body.settings.to_settings()
    return TournamentSettings.from_dict(
        {
            "format": body.format,
            "match": match.to_dict(),
            "rounds": body.rounds,
            "double": body.double,
            "group_size": body.group_size,
            "qualify": body.qualify,
            "final": body.final,
            "seeding": body.seeding,
            "tiebreaks": list(body.tiebreaks),
            "lots_seed": secrets.randbelow(2**31),
            "withdrawal": body.withdrawal,
            "duration": body.duration,
        }
    )


def _ratings(store: Store, stored: StoredTournament, players: list[str]) -> dict[str, str]:
    """The shown ratings of the people among ``players`` (a house engine has none)."""
    people = [name for name in players if stored.level_of(name) is None]
    return store.ratings.shown(people, stored.game)


def _arena_detail(store: Store, stored: StoredTournament) -> TournamentDetail:
    """An arena's page: its clock, leaderboard and games."""
    arena = arena_of(stored)
    view = ArenaView.of(stored, arena, store.tournaments.now())
    return _without_rounds(store, stored, list(arena.players), view.winner, view)


def _without_rounds(
    store: Store,
    stored: StoredTournament,
    players: list[str],
    winner: str | None = None,
    arena: ArenaView | None = None,
) -> TournamentDetail:
    """A page with no rounds to show: a tournament not started yet, or an arena."""
    return TournamentDetail(
        tournament=TournamentView.of(stored),
        players=players,
        ratings=_ratings(store, stored, players),
        current_round=0,
        pairings=[],
        standings=None,
        groups=[],
        withdrawn=[],
        winner=winner,
        arena=arena,
        games=[],
        now=iso(store.tournaments.now()),
    )


def _detail(store: Store, stored: StoredTournament) -> TournamentDetail:
    """A tournament's page: its state read by the tournaments package."""
    if stored.settings.get("format") == "arena":
        return _arena_detail(store, stored)
    players = list(stored.entries)
    if stored.state is None:
        return _without_rounds(store, stored, players)
    state = Tournament.from_dict(stored.state)
    players = list(state.players)
    groups = []
    if state.settings.format in ("groups", "two-stage"):
        groups = [
            StandingsView.of(table, table.rows[0].group if table.rows else None)
            for table in state.group_standings()
        ]
    return TournamentDetail(
        tournament=TournamentView.of(stored),
        players=players,
        ratings=_ratings(store, stored, players),
        current_round=state.current_round,
        pairings=[
            PairingView.of(p, stored.game_of(p.round, p.board, p.leg)) for p in state.pairings
        ],
        standings=StandingsView.of(state.standings()),
        groups=groups,
        withdrawn=list(state.withdrawn),
        winner=state.winner,
        games=_games(stored, state),
        now=iso(store.tournaments.now()),
    )


def _games(stored: StoredTournament, state: Tournament) -> list[TournamentGameView]:
    """The games to watch (being played), then the latest finished to review."""
    made = [
        (pairing, game)
        for pairing in reversed(state.pairings)
        if pairing.second is not None
        and (game := stored.game_of(pairing.round, pairing.board, pairing.leg)) is not None
    ]
    playing = [TournamentGameView.of(p, g) for p, g in made if g.status == "playing"]
    over = [TournamentGameView.of(p, g) for p, g in made if g.status != "playing"]
    return playing + over[:RECENT_GAMES]


@router.get("/tournaments")
@on_store_threads
def list_tournaments(hall: Hall) -> TournamentLists:
    """Tournaments taking entries, being played, and over (the last 100 of each)."""
    kept = hall.store.tournaments
    return TournamentLists(
        upcoming=[TournamentView.of(t) for t in kept.list_tournaments("open")],
        running=[TournamentView.of(t) for t in kept.list_tournaments("running")],
        finished=[TournamentView.of(t) for t in kept.list_tournaments("finished")],
    )


@router.post("/tournaments")
async def create_tournament(body: TournamentBody, session: Acting, hall: Hall) -> TournamentDetail:
    """Make a tournament (its maker does not enter it by making it)."""
    settings = read_tournament(body)
    starts_at = read_start(body.starts_at)
    if body.rated and session.user.guest:
        raise NotAllowedError("guests play casual games only: make a casual tournament")
    try:
        made = await hall.workers.store(
            hall.store.tournaments.create,
            session.user.id,
            body.name,
            settings.to_dict(),
            rated=body.rated,
            grace_seconds=body.grace_seconds,
            starts_at=starts_at,
            most=hall.config.max_tournaments,
        )
    except LimitReachedError as exc:
        raise over_cap(exc) from None
    return await hall.workers.store(_detail, hall.store, made)


@router.get("/tournaments/{tournament_id}")
@on_store_threads
def get_tournament(tournament_id: int, hall: Hall) -> TournamentDetail:
    """A tournament: entries, pairings with their matches, standings with tie-breaks."""
    stored_id(tournament_id, "tournament")
    return _detail(hall.store, hall.store.tournaments.need(tournament_id))


@router.post("/tournaments/{tournament_id}/join")
async def join_tournament(tournament_id: int, session: Acting, hall: Hall) -> TournamentDetail:
    """Enter a tournament that has not started, or an arena at any time before its end (a
    paused player comes back so)."""
    stored_id(tournament_id, "tournament")
    stored = await hall.workers.store(hall.store.tournaments.need, tournament_id)
    user = session.user
    if stored.status == "running" and _is_arena(stored):
        await hall.director.arena_join(tournament_id, user.id, user.name)
    else:
        await hall.workers.store(hall.store.tournaments.join, tournament_id, user.id)
    joined = await hall.workers.store(hall.store.tournaments.need, tournament_id)
    return await hall.workers.store(_detail, hall.store, joined)


@router.post("/tournaments/{tournament_id}/pause")
async def pause_arena(tournament_id: int, session: Acting, hall: Hall) -> TournamentDetail:
    """Pause in a running arena: I keep my score and am not paired until I join again (a game
    I am playing goes on)."""
    stored_id(tournament_id, "tournament")
    await hall.director.arena_pause(tournament_id, session.user.name)
    paused = await hall.workers.store(hall.store.tournaments.need, tournament_id)
    return await hall.workers.store(_detail, hall.store, paused)


@router.post("/tournaments/{tournament_id}/leave")
async def leave_tournament(tournament_id: int, session: Acting, hall: Hall) -> TournamentDetail:
    """Leave a tournament: before the start, my entry is withdrawn; while it is played, I
    withdraw and lose my remaining pairings by forfeit (in an arena: I pause, or am taken off
    it if I have played no game)."""
    stored_id(tournament_id, "tournament")
    stored = await hall.workers.store(hall.store.tournaments.need, tournament_id)
    if stored.status == "running" and _is_arena(stored):
        await hall.director.arena_leave(tournament_id, session.user.id, session.user.name)
    elif stored.status == "running":
        await hall.director.withdraw(tournament_id, session.user.name)
    else:
        await hall.workers.store(hall.store.tournaments.leave, tournament_id, session.user.id)
    left = await hall.workers.store(hall.store.tournaments.need, tournament_id)
    return await hall.workers.store(_detail, hall.store, left)


@router.post("/tournaments/{tournament_id}/start")
async def start_tournament(tournament_id: int, session: Acting, hall: Hall) -> TournamentDetail:
    """Start a tournament now (its maker only): entries close, round 1 is paired and its
    matches begin."""
    stored_id(tournament_id, "tournament")
    stored = await hall.workers.store(hall.store.tournaments.need, tournament_id)
    if stored.created_by != session.user.name:
        raise NotAllowedError("only the player who made a tournament can start it")
    await hall.director.start_tournament(tournament_id)
    started = await hall.workers.store(hall.store.tournaments.need, tournament_id)
    return await hall.workers.store(_detail, hall.store, started)


async def _directed(hall: Hall, tournament_id: int, session: Acting) -> StoredTournament:
    """The tournament, if the one asking made it (he directs it); not an arena."""
    stored_id(tournament_id, "tournament")
    stored = await hall.workers.store(hall.store.tournaments.need, tournament_id)
    if stored.created_by != session.user.name:
        raise NotAllowedError(
            "only the player who made a tournament can enter a computer in it or withdraw one",
            reason="computers-director-only",
        )
    if _is_arena(stored):
        raise NotAllowedError(
            "computers do not play in arenas: an arena pairs the players who wait",
            reason="computers-not-in-arenas",
        )
    return stored


@router.post("/tournaments/{tournament_id}/computers")
async def add_computer(
    tournament_id: int, body: ComputerEntryBody, session: Acting, hall: Hall
) -> TournamentDetail:
    """Enter the house engine of a level (the director only, before the start, one per
    level): it plays its pairings as a computer, and its games are casual."""
    stored = await _directed(hall, tournament_id, session)
    levels = next((levels_of(game) for game in GAME_NAMES if game == stored.game), ())
    if body.level not in levels:
        raise GameError(
            f"the computer does not play {stored.game} at the {body.level} level",
            reason="computer-no-level",
            game=stored.game,
            level=body.level,
        )
    await hall.workers.store(hall.store.tournaments.add_computer, tournament_id, body.level)
    entered = await hall.workers.store(hall.store.tournaments.need, tournament_id)
    return await hall.workers.store(_detail, hall.store, entered)


@router.post("/tournaments/{tournament_id}/computers/{level}/withdraw")
async def withdraw_computer(
    tournament_id: int, level: str, session: Acting, hall: Hall
) -> TournamentDetail:
    """Withdraw the house engine of ``level`` (the director only): before the start its entry
    goes; while the tournament is played it withdraws as a person does (its remaining
    pairings are lost by forfeit, as the withdrawal policy says)."""
    stored = await _directed(hall, tournament_id, session)
    if level not in stored.computers:
        raise ConflictError(
            f"the computer of the {level} level is not in this tournament",
            reason="computer-not-entered",
            level=level,
        )
    if stored.status == "running":
        await hall.director.withdraw(tournament_id, computer_name(level))
    else:
        await hall.workers.store(hall.store.tournaments.remove_computer, tournament_id, level)
    left = await hall.workers.store(hall.store.tournaments.need, tournament_id)
    return await hall.workers.store(_detail, hall.store, left)


# -- ratings ------------------------------------------------------------------------------------


@router.get("/ratings/{game}")
@on_store_threads
def game_leaderboard(
    game: GameName, hall: Hall, limit: Annotated[int, Query(ge=1, le=MAX_LIST)] = 100
) -> Leaderboard:
    """The rated players of a game, highest rating first ("?": still provisional)."""
    rows = hall.store.ratings.leaderboard(game, limit)
    return Leaderboard(game=game, players=[RatingView.of(r) for r in rows])


@router.get("/users/{name}/ratings")
@on_store_threads
def player_ratings(
    name: str, hall: Hall, limit: Annotated[int, Query(ge=1, le=MAX_LIST)] = 200
) -> PlayerRatings:
    """A player's ratings in each game, and the history of each (oldest first)."""
    user = hall.store.users.by_name(name)
    if user is None:
        raise Refusal(404, "no-such-player", name=name)
    kept = hall.store.ratings
    ratings = kept.of_user(user.id)
    points: dict[str, list[HistoryPointView]] = {}
    for rated in ratings:
        game = rated.ratings.game
        points[game] = [HistoryPointView.of(p) for p in kept.history(user.id, game, limit)]
    return PlayerRatings(
        player=user.name, ratings=[RatingView.of(r) for r in ratings], history=points
    )


def _is_arena(stored: StoredTournament) -> bool:
    return stored.settings.get("format") == "arena"
