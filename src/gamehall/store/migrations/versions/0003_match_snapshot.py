"""Matches: the latest snapshot of the match beside its log, so that loading a match restores
it and replays only the events after it.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the nullable ``snapshot`` column (a plain ADD COLUMN, also on SQLite): the matches
    stored before have none, and are replayed from their log until their next snapshot."""
    op.add_column("matches", sa.Column("snapshot", sa.JSON(none_as_null=True), nullable=True))


def downgrade() -> None:
    """Drop the column (in a batch, which SQLite needs to drop one)."""
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("snapshot")
