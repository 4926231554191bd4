"""Analyses: a finished match's analysis, computed once and stored with it (its result as
JSON, each decision's review frame, how deep it looked, the seats' headline figures for the
profiles, when it was made).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-05
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the ``analyses`` table, one row a match at most."""
    op.create_table(
        "analyses",
        sa.Column("match_id", sa.String(length=16), nullable=False),
        sa.Column("game", sa.String(length=16), nullable=False),
        sa.Column("depth", sa.Float(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column("frames", sa.JSON(), nullable=False),
        sa.Column("figure_0", sa.Float(), nullable=True),
        sa.Column("figure_1", sa.Float(), nullable=True),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_analyses_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("match_id", name=op.f("pk_analyses")),
    )
    op.create_index(op.f("ix_analyses_made_at"), "analyses", ["made_at"])


def downgrade() -> None:
    """Drop the table and what it holds."""
    op.drop_index(op.f("ix_analyses_made_at"), table_name="analyses")
    op.drop_table("analyses")
