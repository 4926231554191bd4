"""Competition: tournaments (entries, pairings' matches), ratings and their history; the rated
flag of matches and challenges.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _when(name: str, *, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    """Add the competition's tables and the rated flags."""
    for table in ("matches", "challenges"):  # a plain ADD COLUMN, also on SQLite
        op.add_column(
            table, sa.Column("rated", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("game", sa.String(length=16), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("grace_seconds", sa.Integer(), nullable=False),
        _when("starts_at", nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("state", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("created_by", sa.Integer(), nullable=True),
        _when("created_at"),
        _when("updated_at"),
        sa.ForeignKeyConstraint(
            ["created_by"],
            ["users.id"],
            name=op.f("fk_tournaments_created_by_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournaments")),
    )
    op.create_index(op.f("ix_tournaments_status"), "tournaments", ["status"])
    op.create_index(op.f("ix_tournaments_created_by"), "tournaments", ["created_by"])
    op.create_index(op.f("ix_tournaments_created_at"), "tournaments", ["created_at"])
    op.create_table(
        "tournament_entries",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        _when("joined_at"),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_tournament_entries_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_tournament_entries_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("tournament_id", "user_id", name=op.f("pk_tournament_entries")),
    )
    op.create_index(op.f("ix_tournament_entries_user_id"), "tournament_entries", ["user_id"])
    op.create_table(
        "tournament_games",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("leg", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.String(length=16), nullable=False),
        _when("created_at"),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_tournament_games_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_tournament_games_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "tournament_id", "round", "board", "leg", name=op.f("pk_tournament_games")
        ),
        sa.UniqueConstraint("match_id", name=op.f("uq_tournament_games_match_id")),
    )
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=16), nullable=False),
        sa.Column("ratings", sa.JSON(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        _when("updated_at"),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_ratings_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", "game", name=op.f("pk_ratings")),
    )
    op.create_index(op.f("ix_ratings_rating"), "ratings", ["rating"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=16), nullable=False),
        _when("at"),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("match_id", sa.String(length=16), nullable=True),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_rating_history_match_id_matches"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_rating_history_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_history")),
    )
    op.create_index(op.f("ix_rating_history_user_id"), "rating_history", ["user_id"])
    op.create_index(op.f("ix_rating_history_match_id"), "rating_history", ["match_id"])


def downgrade() -> None:
    """Drop the competition's tables and the rated flags."""
    op.drop_table("rating_history")
    op.drop_table("ratings")
    op.drop_table("tournament_games")
    op.drop_table("tournament_entries")
    op.drop_table("tournaments")
    for table in ("challenges", "matches"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("rated")
