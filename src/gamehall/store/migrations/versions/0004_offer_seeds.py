"""Seeks and challenges: the maker's own fair-dice seed, added to the match when the offer is
accepted (the accepter gives his with the acceptance).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("seeks", "challenges")


def upgrade() -> None:
    """Add the nullable ``seed`` column to both tables (a plain ADD COLUMN, also on SQLite):
    the offers made before have none."""
    for table in TABLES:
        op.add_column(table, sa.Column("seed", sa.String(200), nullable=True))


def downgrade() -> None:
    """Drop the columns (in a batch, which SQLite needs to drop one)."""
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.drop_column("seed")
