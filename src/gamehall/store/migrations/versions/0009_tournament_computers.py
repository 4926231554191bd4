"""Tournament computers: the house engines a tournament's director entered, one per level.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the ``tournament_computers`` table (no tournament has a computer yet)."""
    op.create_table(
        "tournament_computers",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("level", sa.String(length=32), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_tournament_computers_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("tournament_id", "level", name=op.f("pk_tournament_computers")),
    )


def downgrade() -> None:
    """Drop the tournaments' computers."""
    op.drop_table("tournament_computers")
