"""Operators: the users' operator mark and ban, and the record of what operators did.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the users' ``operator``, ``banned_at`` and ``ban_reason`` (nobody an operator or
    banned) and the ``operator_actions`` table."""
    op.add_column(
        "users", sa.Column("operator", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("users", sa.Column("banned_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("users", sa.Column("ban_reason", sa.String(length=200), nullable=True))
    op.create_table(
        "operator_actions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("by", sa.String(length=64), nullable=False),
        sa.Column("action", sa.String(length=16), nullable=False),
        sa.Column("subject", sa.String(length=64), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_operator_actions")),
    )
    op.create_index(op.f("ix_operator_actions_at"), "operator_actions", ["at"])


def downgrade() -> None:
    """Drop the record and the users' operator mark and ban."""
    op.drop_index(op.f("ix_operator_actions_at"), table_name="operator_actions")
    op.drop_table("operator_actions")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("ban_reason")
        batch.drop_column("banned_at")
        batch.drop_column("operator")
