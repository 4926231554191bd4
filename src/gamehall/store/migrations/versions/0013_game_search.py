"""The game search: how each match ended and a renju match's opening rule in columns of their
own, indexed with the game, so that a search filters on them without reading the JSON.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_MATCHES = sa.table(
    "matches",
    sa.column("id", sa.String()),
    sa.column("game", sa.String()),
    sa.column("status", sa.String()),
    sa.column("settings", sa.JSON()),
    sa.column("summary", sa.JSON()),
    sa.column("end_reason", sa.String()),
    sa.column("opening", sa.String()),
)


def _opening(game: object, settings: object) -> str | None:
    if game != "renju":
        return None
    options = settings.get("options") if isinstance(settings, dict) else None
    opening = options.get("opening") if isinstance(options, dict) else None
    return opening if isinstance(opening, str) else "center"


def _end_reason(status: object, summary: object) -> str | None:
    reason = summary.get("end_reason") if isinstance(summary, dict) else None
    return reason[:32] if status == "over" and isinstance(reason, str) else None


def upgrade() -> None:
    """Add ``matches.end_reason`` and ``matches.opening``, filled in from each match's summary
    and settings (read in Python: the two databases read JSON differently; the SQL written
    offline leaves them empty), and index them and the game."""
    op.add_column("matches", sa.Column("end_reason", sa.String(length=32), nullable=True))
    op.add_column("matches", sa.Column("opening", sa.String(length=16), nullable=True))
    if not op.get_context().as_sql:
        _fill()
    op.create_index(op.f("ix_matches_game"), "matches", ["game"])
    op.create_index(op.f("ix_matches_end_reason"), "matches", ["end_reason"])
    op.create_index(op.f("ix_matches_opening"), "matches", ["opening"])


def _fill() -> None:
    """Write each stored match's search columns."""
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(
            _MATCHES.c.id,
            _MATCHES.c.game,
            _MATCHES.c.status,
            _MATCHES.c.settings,
            _MATCHES.c.summary,
        )
    ).all()
    for match_id, game, status, settings, summary in rows:
        opening, reason = _opening(game, settings), _end_reason(status, summary)
        if opening is not None or reason is not None:
            connection.execute(
                _MATCHES.update()
                .where(_MATCHES.c.id == match_id)
                .values(opening=opening, end_reason=reason)
            )


def downgrade() -> None:
    """Drop the search's columns and indexes."""
    op.drop_index(op.f("ix_matches_opening"), table_name="matches")
    op.drop_index(op.f("ix_matches_end_reason"), table_name="matches")
    op.drop_index(op.f("ix_matches_game"), table_name="matches")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("opening")
        batch.drop_column("end_reason")
