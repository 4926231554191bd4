"""Puzzles: the puzzles made from the matches, the solvers' puzzle ratings and their attempts.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the ``puzzles``, ``puzzle_ratings`` and ``puzzle_attempts`` tables (empty)."""
    op.create_table(
        "puzzles",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("game", sa.String(length=16), nullable=False),
        sa.Column("themes", sa.String(length=200), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Integer(), nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_puzzles")),
        sa.UniqueConstraint("key", name=op.f("uq_puzzles_key")),
    )
    op.create_index(op.f("ix_puzzles_game"), "puzzles", ["game"], unique=False)
    op.create_index(op.f("ix_puzzles_rating"), "puzzles", ["rating"], unique=False)
    op.create_table(
        "puzzle_ratings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_puzzle_ratings_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_puzzle_ratings")),
    )
    op.create_table(
        "puzzle_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("puzzle_id", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Boolean(), nullable=False),
        sa.Column("rating_before", sa.Float(), nullable=False),
        sa.Column("rating_after", sa.Float(), nullable=False),
        sa.Column("puzzle_rating_after", sa.Float(), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["puzzle_id"],
            ["puzzles.id"],
            name=op.f("fk_puzzle_attempts_puzzle_id_puzzles"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_puzzle_attempts_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_puzzle_attempts")),
        sa.UniqueConstraint("user_id", "puzzle_id", name=op.f("uq_puzzle_attempts_user_id")),
    )
    op.create_index(
        op.f("ix_puzzle_attempts_answered_at"), "puzzle_attempts", ["answered_at"], unique=False
    )
    op.create_index(
        op.f("ix_puzzle_attempts_user_id"), "puzzle_attempts", ["user_id"], unique=False
    )


def downgrade() -> None:
    """Drop the puzzles and everything kept of them."""
    op.drop_table("puzzle_attempts")
    op.drop_table("puzzle_ratings")
    op.drop_index(op.f("ix_puzzles_rating"), table_name="puzzles")
    op.drop_index(op.f("ix_puzzles_game"), table_name="puzzles")
    op.drop_table("puzzles")
