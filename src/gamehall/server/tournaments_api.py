"""The tournaments' and ratings' HTTP API (``/api/tournaments``, ``/api/ratings``).

Routes check who asks and what they send; the tournament store keeps the entries, the
director (``tournament_director.py``) starts and runs the tournaments, and the tournaments
package says what a tournament's terms may be, in its own words (400).
"""

import asyncio
import secrets
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query, Request

from gamehall.play.settings import GameName
from gamehall.server.api import Acting, Hall
from gamehall.server.schemas import stored_id
from gamehall.server.tournament_director import TournamentDirector
from gamehall.server.tournament_schemas import (
    Leaderboard,
    PlayerRatings,
    TournamentBody,
    TournamentDetail,
    TournamentLists,
    TournamentView,
)
from gamehall.store import NotAllowedError, Store
from gamehall.store.ratings import MAX_LIST
from gamehall.store.tournaments import StoredTournament
from gamehall.tournaments import Tournament, TournamentError, TournamentSettings

router = APIRouter(prefix="/api")


def director_of(request: Request) -> TournamentDirector:
    """Dependency: the app's tournament director."""
    director = request.app.state.director
    assert isinstance(director, TournamentDirector)
    return director


Director = Annotated[TournamentDirector, Depends(director_of)]


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
        }
    )


def _view(stored: StoredTournament) -> TournamentView:
    data = stored.to_dict()
    data["format"] = stored.settings["format"]
    return TournamentView.model_validate(data)


def _detail(store: Store, stored: StoredTournament) -> TournamentDetail:
    """A tournament's page: its state read by the tournaments package."""
    out: dict[str, Any] = {
        "tournament": _view(stored).model_dump(),
        "players": list(stored.entries),
        "current_round": 0,
        "pairings": [],
        "standings": None,
        "groups": [],
        "withdrawn": [],
        "winner": None,
    }
    if stored.state is not None:
        state = Tournament.from_dict(stored.state)
        out["players"] = list(state.players)
        out["current_round"] = state.current_round
        out["withdrawn"] = list(state.withdrawn)
        out["winner"] = state.winner
        out["standings"] = state.standings().to_dict()
        if state.settings.format in ("groups", "two-stage"):
            out["groups"] = [
                {**table.to_dict(), "name": table.rows[0].group if table.rows else None}
                for table in state.group_standings()
            ]
        for pairing in state.pairings:
            game = stored.game_of(pairing.round, pairing.board, pairing.leg)
            out["pairings"].append(
                {
                    **pairing.to_dict(),
                    "match_id": game.match_id if game else None,
                    "match_status": game.status if game else None,
                }
            )
    out["ratings"] = store.ratings.shown(out["players"], stored.game)
    return TournamentDetail.model_validate(out)


@router.get("/tournaments")
def list_tournaments(director: Director) -> TournamentLists:
    """Tournaments taking entries, being played, and over (the last 100 of each)."""
    kept = director.tournaments
    return TournamentLists(
        upcoming=[_view(t) for t in kept.list_tournaments("open")],
        running=[_view(t) for t in kept.list_tournaments("running")],
        finished=[_view(t) for t in kept.list_tournaments("finished")],
    )


@router.post("/tournaments")
async def create_tournament(
    body: TournamentBody, session: Acting, hall: Hall, director: Director
) -> TournamentDetail:
    """Make a tournament (its maker does not enter it by making it)."""
    settings = read_tournament(body)
    starts_at = read_start(body.starts_at)
    if body.rated and session.user.guest:
        raise NotAllowedError("guests play casual games only: make a casual tournament")
    made = await asyncio.to_thread(
        director.tournaments.create,
        session.user.id,
        body.name,
        settings.to_dict(),
        rated=body.rated,
        grace_seconds=body.grace_seconds,
        starts_at=starts_at,
    )
    return await asyncio.to_thread(_detail, hall.store, made)


@router.get("/tournaments/{tournament_id}")
def get_tournament(tournament_id: int, hall: Hall, director: Director) -> TournamentDetail:
    """A tournament: entries, pairings with their matches, standings with tie-breaks."""
    stored_id(tournament_id, "tournament")
    return _detail(hall.store, director.tournaments.need(tournament_id))


@router.post("/tournaments/{tournament_id}/join")
def join_tournament(
    tournament_id: int, session: Acting, hall: Hall, director: Director
) -> TournamentDetail:
    """Enter a tournament that has not started."""
    stored_id(tournament_id, "tournament")
    director.tournaments.join(tournament_id, session.user.id)
    return _detail(hall.store, director.tournaments.need(tournament_id))


@router.post("/tournaments/{tournament_id}/leave")
async def leave_tournament(
    tournament_id: int, session: Acting, hall: Hall, director: Director
) -> TournamentDetail:
    """Leave a tournament: before the start, my entry is withdrawn; while it is played, I
    withdraw and lose my remaining pairings by forfeit."""
    stored_id(tournament_id, "tournament")
    stored = await asyncio.to_thread(director.tournaments.need, tournament_id)
    if stored.status == "running":
        await director.withdraw(tournament_id, session.user.name)
    else:
        await asyncio.to_thread(director.tournaments.leave, tournament_id, session.user.id)
    left = await asyncio.to_thread(director.tournaments.need, tournament_id)
    return await asyncio.to_thread(_detail, hall.store, left)


@router.post("/tournaments/{tournament_id}/start")
async def start_tournament(
    tournament_id: int, session: Acting, hall: Hall, director: Director
) -> TournamentDetail:
    """Start a tournament now (its maker only): entries close, round 1 is paired and its
    matches begin."""
    stored_id(tournament_id, "tournament")
    stored = await asyncio.to_thread(director.tournaments.need, tournament_id)
    if stored.created_by != session.user.name:
        raise NotAllowedError("only the player who made a tournament can start it")
    await director.start_tournament(tournament_id)
    started = await asyncio.to_thread(director.tournaments.need, tournament_id)
    return await asyncio.to_thread(_detail, hall.store, started)


# -- ratings ------------------------------------------------------------------------------------


@router.get("/ratings/{game}")
def game_leaderboard(
    game: GameName, hall: Hall, limit: Annotated[int, Query(ge=1, le=MAX_LIST)] = 100
) -> Leaderboard:
    """The rated players of a game, highest rating first ("?": still provisional)."""
    rows = hall.store.ratings.leaderboard(game, limit)
    return Leaderboard.model_validate({"game": game, "players": [r.to_dict() for r in rows]})


@router.get("/users/{name}/ratings")
def player_ratings(
    name: str, hall: Hall, limit: Annotated[int, Query(ge=1, le=MAX_LIST)] = 200
) -> PlayerRatings:
    """A player's ratings in each game, and the history of each (oldest first)."""
    user = hall.store.get_user_by_name(name)
    if user is None:
        raise HTTPException(404, f"there is no player named {name}")
    kept = hall.store.ratings
    ratings = kept.of_user(user.id)
    points = {
        r.ratings.game: [p.to_dict() for p in kept.history(user.id, r.ratings.game, limit)]
        for r in ratings
    }
    return PlayerRatings.model_validate(
        {"player": user.name, "ratings": [r.to_dict() for r in ratings], "history": points}
    )
