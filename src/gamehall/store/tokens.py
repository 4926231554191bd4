"""Personal API tokens: ``TokenStore`` (``Store.tokens``).

A player makes a token for a program of his (a bot) and the program sends it as
``Authorization: Bearer <token>``. Only the token's SHA-256 is stored: the token itself is
shown once, when it is made. A token grants scopes (``play``: play and challenge; ``read``:
the event and game streams) and stays until its owner revokes it; a revoked token is kept, so
that a program using it is told it was revoked rather than unknown.
"""

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from secrets import token_urlsafe
from typing import Literal, get_args

from sqlalchemy import select, update

from gamehall.store.errors import NotFoundError, StoreError
from gamehall.store.models import ApiTokenRow
from gamehall.store.transactions import Transactions, need_account
from gamehall.store.values import User, user_from_row

Scope = Literal["play", "read"]
SCOPES: tuple[Scope, ...] = get_args(Scope)
TOKEN_PREFIX = "ghb_"
"""Every token starts with this, so that one pasted by mistake is easy to recognise."""
MAX_TOKENS = 20
"""Live (not revoked) tokens a player may hold at once."""
NAME_LENGTH = 40
USE_NOTED_EVERY = timedelta(minutes=1)
"""A token's last use is written at most this often (a bot makes many requests a second)."""


def token_hash(token: str) -> str:
    """The SHA-256 of a token, as the store keeps it."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class ApiToken:
    """A token as its owner's list shows it (never the token itself)."""

    id: int
    name: str
    scopes: tuple[Scope, ...]
    created_at: datetime
    last_used_at: datetime | None
    revoked_at: datetime | None


@dataclass(frozen=True)
class TokenUse:
    """What a token presented with a request stands for: its owner and what it grants, or
    that it was revoked (``revoked``: the request is refused)."""

    token_id: int
    user: User
    scopes: tuple[Scope, ...]
    revoked: bool


def _scopes(text: str) -> tuple[Scope, ...]:
    return tuple(scope for scope in SCOPES if scope in text.split())


def _token(row: ApiTokenRow) -> ApiToken:
    return ApiToken(
        row.id, row.name, _scopes(row.scopes), row.created_at, row.last_used_at, row.revoked_at
    )


class TokenStore:
    """The API tokens of one store."""

    def __init__(self, transactions: Transactions) -> None:
        self.transactions = transactions

    def create(self, user_id: int, name: str, scopes: tuple[Scope, ...]) -> tuple[str, ApiToken]:
        """A new token of the user's for ``scopes`` (at least one), named ``name`` (1 to 40
        characters): the token, shown this once, and its entry."""
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= NAME_LENGTH:
            raise StoreError(f"a token's name has 1 to {NAME_LENGTH} characters")
        if not scopes or any(scope not in SCOPES for scope in scopes):
            raise StoreError(f"a token grants one or more of the scopes {', '.join(SCOPES)}")
        token = TOKEN_PREFIX + token_urlsafe(32)
        with self.transactions.write() as session:
            need_account(session, user_id)
            live = session.scalars(
                select(ApiTokenRow.id).where(
                    ApiTokenRow.user_id == user_id, ApiTokenRow.revoked_at.is_(None)
                )
            ).all()
            if len(live) >= MAX_TOKENS:
                raise StoreError(f"at most {MAX_TOKENS} tokens at once: revoke one first")
            row = ApiTokenRow(
                user_id=user_id,
                token_hash=token_hash(token),
                name=name.strip(),
                scopes=" ".join(scope for scope in SCOPES if scope in scopes),
                created_at=self.transactions.now(),
                last_used_at=None,
                revoked_at=None,
            )
            session.add(row)
            session.flush()
            return token, _token(row)

    def list(self, user_id: int) -> list[ApiToken]:
        """The user's tokens, revoked ones too, newest first."""
        with self.transactions.read() as session:
            rows = session.scalars(
                select(ApiTokenRow)
                .where(ApiTokenRow.user_id == user_id)
                .order_by(ApiTokenRow.id.desc())
            ).all()
            return [_token(row) for row in rows]

    def revoke(self, user_id: int, token_id: int) -> None:
        """Revoke one of the user's tokens (from now on every request with it is refused);
        ``NotFoundError`` if he has no such token. Revoking twice changes nothing."""
        with self.transactions.write() as session:
            row = session.get(ApiTokenRow, token_id)
            if row is None or row.user_id != user_id:
                raise NotFoundError(f"you have no token {token_id}")
            if row.revoked_at is None:
                row.revoked_at = self.transactions.now()

    def use(self, token: str) -> TokenUse | None:
        """What ``token`` stands for (None: no such token), noting when it was last used (to
        the minute)."""
        if not isinstance(token, str) or not token.startswith(TOKEN_PREFIX):
            return None
        with self.transactions.read() as session:
            row = session.scalar(
                select(ApiTokenRow).where(ApiTokenRow.token_hash == token_hash(token))
            )
            if row is None:
                return None
            found = TokenUse(
                row.id, user_from_row(row.user), _scopes(row.scopes), row.revoked_at is not None
            )
            last = row.last_used_at
        now = self.transactions.now()
        if not found.revoked and (last is None or now - last >= USE_NOTED_EVERY):
            with self.transactions.write() as session:
                session.execute(
                    update(ApiTokenRow)
                    .where(ApiTokenRow.id == found.token_id)
                    .values(last_used_at=now)
                )
        return found
