"""A player's personal API tokens (``/api/tokens``): made, listed and revoked from his own
session in the pages (cookie and CSRF), never with a token (``docs/bot-api.md``)."""

from fastapi import APIRouter

from gamehall.server.auth import Acting, Session
from gamehall.server.bot_schemas import TokenBody, TokenCreated, Tokens, TokenView
from gamehall.server.refusals import Refusal
from gamehall.server.schemas import Empty, stored_id
from gamehall.server.services import Hall, on_store_threads

router = APIRouter(prefix="/api/tokens")


@router.post("")
@on_store_threads
def create_token(body: TokenBody, session: Acting, hall: Hall) -> TokenCreated:
    """Make a token for a program of mine: the token is in this answer only."""
    if session.user.guest:
        raise Refusal(403, "guests-no-tokens")
    token, entry = hall.store.tokens.create(session.user.id, body.name, tuple(body.scopes))
    return TokenCreated(token=token, entry=TokenView.of(entry))


@router.get("")
@on_store_threads
def list_tokens(session: Session, hall: Hall) -> Tokens:
    """My tokens, revoked ones too, newest first."""
    return Tokens(tokens=[TokenView.of(t) for t in hall.store.tokens.list(session.user.id)])


@router.post("/{token_id}/revoke")
@on_store_threads
def revoke_token(token_id: int, session: Acting, hall: Hall) -> Empty:
    """Revoke one of my tokens: every request with it is refused from now on."""
    stored_id(token_id, "token")
    hall.store.tokens.revoke(session.user.id, token_id)
    return Empty()
