"""Moderation: players' reports, operators' warnings, chat mutes and the engine-assisted mark.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the users' ``muted_until``, ``mute_reason`` and ``engine_assisted_at`` (nobody
    muted or marked), the rating history's ``counted`` (every result counted) and the
    ``reports`` and ``warnings`` tables."""
    op.add_column(
        "rating_history",
        sa.Column("counted", sa.Boolean(), nullable=False, server_default=sa.true()),
    )
    op.add_column("users", sa.Column("muted_until", sa.DateTime(timezone=True), nullable=True))
    op.add_column("users", sa.Column("mute_reason", sa.String(length=500), nullable=True))
    op.add_column(
        "users", sa.Column("engine_assisted_at", sa.DateTime(timezone=True), nullable=True)
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("reporter_id", sa.Integer(), nullable=False),
        sa.Column("subject_kind", sa.String(length=16), nullable=False),
        sa.Column("subject_user_id", sa.Integer(), nullable=False),
        sa.Column("subject_ref", sa.String(length=64), nullable=True),
        sa.Column("match_id", sa.String(length=16), nullable=True),
        sa.Column("quoted", sa.String(length=300), nullable=True),
        sa.Column("category", sa.String(length=16), nullable=False),
        sa.Column("text", sa.String(length=300), nullable=False),
        sa.Column("open_key", sa.String(length=120), nullable=True),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("closed_by", sa.String(length=64), nullable=True),
        sa.Column("resolution", sa.String(length=500), nullable=True),
        sa.ForeignKeyConstraint(
            ["reporter_id"],
            ["users.id"],
            name=op.f("fk_reports_reporter_id_users"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["subject_user_id"],
            ["users.id"],
            name=op.f("fk_reports_subject_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_reports")),
        sa.UniqueConstraint("open_key", name=op.f("uq_reports_open_key")),
    )
    op.create_index(op.f("ix_reports_at"), "reports", ["at"])
    op.create_index(op.f("ix_reports_reporter_id"), "reports", ["reporter_id"])
    op.create_table(
        "warnings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("by", sa.String(length=64), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_warnings_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_warnings")),
    )
    op.create_index(op.f("ix_warnings_user_id"), "warnings", ["user_id"])


def downgrade() -> None:
    """Drop the warnings, the reports, the history's ``counted`` and the users' mute and mark."""
    op.drop_index(op.f("ix_warnings_user_id"), table_name="warnings")
    op.drop_table("warnings")
    op.drop_index(op.f("ix_reports_reporter_id"), table_name="reports")
    op.drop_index(op.f("ix_reports_at"), table_name="reports")
    op.drop_table("reports")
    with op.batch_alter_table("rating_history") as batch:
        batch.drop_column("counted")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("engine_assisted_at")
        batch.drop_column("mute_reason")
        batch.drop_column("muted_until")
