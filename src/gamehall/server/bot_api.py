"""The bot API's requests (``docs/bot-api.md``): a bot's actions in its matches, its matches
against the house engine, and challenges between accounts, all with a token
(``Authorization: Bearer``).

Each goes the pages' own way: an action is the match socket's action frame (``ws.read_action``)
applied by the live-match manager, a match against the engine is ``POST /api/computer``'s, a
challenge is the lobby's. Nothing here knows a rule of any game.
"""

from fastapi import APIRouter

from gamehall.errors import GameError
from gamehall.jsontext import JsonObject
from gamehall.server.api import NO_SEED, accept_challenge_of, start_computer
from gamehall.server.bearer import Player
from gamehall.server.bot_schemas import Acted, AiChallengeBody, BotAction, BotChallengeBody
from gamehall.server.lobby_notices import (
    challenge_declined_from_thread,
    challenges_changed_from_thread,
)
from gamehall.server.protocol.match import ActionFrame
from gamehall.server.refusals import Refusal
from gamehall.server.schemas import (
    AcceptBody,
    ChallengeView,
    Empty,
    MatchCreated,
    UserView,
    stored_id,
)
from gamehall.server.services import Hall, Services
from gamehall.server.ws import read_action
from gamehall.store import User

router = APIRouter(prefix="/api")


class ActionAnswer:
    """A connection of one action: it keeps the refusal the manager answers with, if any (an
    action that goes through is answered on the game stream, not here)."""

    def __init__(self, seat: int, language: str) -> None:
        self.seat: int | None = seat
        self.language = language
        self.refusal: JsonObject | None = None

    def send(self, message: JsonObject) -> None:
        """Keep the manager's answer (only a refusal is sent to an action's own sender)."""
        self.refusal = message


@router.post("/bot/game/{match_id}/action")
async def act(match_id: str, body: BotAction, bot: Player, hall: Hall) -> Acted:
    """Act in my match (the match socket's action kinds and data, ``docs/protocol.md``):
    answered once the action is stored; an illegal one is refused (400) and changes nothing."""
    live = await hall.live.get(match_id)
    seat = live.seat_of(bot.user.id)
    if seat is None:
        raise Refusal(403, "not-a-player", match=match_id)
    action = read_action(ActionFrame(type="action", kind=body.kind, data=body.data))
    if isinstance(action, GameError):
        raise Refusal(400, "bad-action", as_is=True, reason=action, reason_code=action.reason)
    answer = ActionAnswer(seat, "en")
    await hall.live.act(live, answer, action, None)
    if answer.refusal is not None:
        code, reason = answer.refusal.get("code"), answer.refusal.get("message")
        why = answer.refusal.get("reason")
        raise Refusal(
            400,
            str(code),
            as_is=True,
            reason=str(reason),
            reason_code=why if isinstance(why, str) else None,
        )
    return Acted()


def _upgrade(hall: Services, user: User) -> UserView:
    if hall.store.matches.stats(user.id).played or hall.store.matches.list_matches(
        status="playing", user_id=user.id, limit=1
    ):
        raise Refusal(409, "bot-has-played")
    return UserView.of(hall.store.users.make_bot(user.id))


@router.post("/bot/account/upgrade")
async def upgrade(bot: Player, hall: Hall) -> UserView:
    """Make my account a bot's, for good: only one that has played no match yet (its results
    were a person's). A bot is marked as one wherever its name is shown, and plays by
    challenge only (never a seek)."""
    return await hall.workers.store(_upgrade, hall, bot.user)


@router.post("/challenge/ai")
async def challenge_ai(body: AiChallengeBody, bot: Player, hall: Hall) -> MatchCreated:
    """Start a match against the house engine at ``level``; it starts at once (its
    ``game_start`` comes on the event stream too)."""
    return await start_computer(hall, bot.user, body.computer_body())


def _challenge(hall: Services, user: User, name: str, body: BotChallengeBody) -> ChallengeView:
    opponent = hall.store.users.by_name(name)
    if opponent is None:
        raise Refusal(404, "no-such-player", name=name)
    challenge = hall.store.offers.create_challenge(
        user.id, opponent.id, body.to_settings(), rated=body.rated, seed=body.seed
    )
    challenges_changed_from_thread(hall, user.id, opponent.id)
    return ChallengeView.of(challenge)


@router.post("/challenge/{name}")
async def challenge(name: str, body: BotChallengeBody, bot: Player, hall: Hall) -> ChallengeView:
    """Challenge a player by name (a person sees it in the lobby, a bot on its event stream);
    counted against the challenger's limit of challenges, as the pages' are."""
    await hall.limits.hit("challenges", f"user:{bot.user.id}")
    return await hall.workers.store(_challenge, hall, bot.user, name, body)


@router.post("/challenge/{challenge_id}/accept")
async def accept(
    challenge_id: int, bot: Player, hall: Hall, body: AcceptBody = NO_SEED
) -> MatchCreated:
    """Accept a challenge made to me: the match starts, and the challenger is told."""
    return await accept_challenge_of(hall, bot.user, challenge_id, body)


def _decline(hall: Services, user: User, challenge_id: int) -> Empty:
    found = hall.store.offers.decline_challenge(challenge_id, user.id)
    challenge_declined_from_thread(hall, found)
    return Empty()


@router.post("/challenge/{challenge_id}/decline")
async def decline(challenge_id: int, bot: Player, hall: Hall) -> Empty:
    """Decline a challenge made to me (the challenger is told)."""
    stored_id(challenge_id, "challenge")
    return await hall.workers.store(_decline, hall, bot.user, challenge_id)
