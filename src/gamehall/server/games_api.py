"""The search of the finished matches (``GET /api/games``): ``docs/protocol.md``.

By player, opponent, game, result (from the named player's side), how the match ended,
rated or not, renju opening rule and the days it finished between; 20 a page. The search page
(``#/games``) and each player's history on his profile ask it.
"""

from datetime import date
from typing import Annotated

from fastapi import APIRouter, Query

from gamehall.play.settings import GameName, RenjuOpening
from gamehall.server.schemas import Answer, MatchView
from gamehall.server.services import Hall, Services, on_store_threads
from gamehall.server.social_api import named
from gamehall.store.game_search import MOST_PAGES, GameQuery, Result

router = APIRouter(prefix="/api")

Name = Annotated[str | None, Query(max_length=100)]


class GameSearchAnswer(Answer):
    """One page of the finished matches found, the last finished first; ``more``: another page
    follows."""

    matches: list[MatchView]
    page: int
    more: bool


def _id(hall: Services, name: str | None) -> int | None:
    return None if name is None else named(hall, name).id


@router.get("/games")
@on_store_threads
def search_games(
    hall: Hall,
    player: Name = None,
    opponent: Name = None,
    game: GameName | None = None,
    result: Result | None = None,
    ended: Annotated[str | None, Query(max_length=32, pattern=r"^[a-z][a-z -]*$")] = None,
    rated: bool | None = None,
    opening: RenjuOpening | None = None,
    since: date | None = None,
    until: date | None = None,
    page: Annotated[int, Query(ge=1, le=MOST_PAGES)] = 1,
) -> GameSearchAnswer:
    """The finished matches that fit every filter given (``result`` needs a ``player``)."""
    query = GameQuery(
        player_id=_id(hall, player),
        opponent_id=_id(hall, opponent),
        game=game,
        result=result,
        ended=ended,
        rated=rated,
        opening=opening,
        since=since,
        until=until,
        page=page,
    )
    found = hall.store.games.search(query)
    return GameSearchAnswer(
        matches=[MatchView.of(m) for m in found.matches], page=found.page, more=found.more
    )
