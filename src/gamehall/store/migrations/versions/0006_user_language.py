"""Users: the language a player chose for the hall (none: his browser's is used).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-05
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the nullable ``language`` column (a plain ADD COLUMN, also on SQLite)."""
    op.add_column("users", sa.Column("language", sa.String(16), nullable=True))


def downgrade() -> None:
    """Drop the column (in a batch, which SQLite needs to drop one)."""
    with op.batch_alter_table("users") as batch:
        batch.drop_column("language")
