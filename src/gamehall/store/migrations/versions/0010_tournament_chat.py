"""Tournament chat: the lines said in each tournament's chat.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the ``tournament_chat`` table (no tournament has a line yet)."""
    op.create_table(
        "tournament_chat",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(length=400), nullable=False),
        sa.Column("said_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_tournament_chat_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_tournament_chat_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_chat")),
    )
    op.create_index(op.f("ix_tournament_chat_tournament_id"), "tournament_chat", ["tournament_id"])
    op.create_index(op.f("ix_tournament_chat_user_id"), "tournament_chat", ["user_id"])


def downgrade() -> None:
    """Drop the tournaments' chats."""
    op.drop_index(op.f("ix_tournament_chat_user_id"), table_name="tournament_chat")
    op.drop_index(op.f("ix_tournament_chat_tournament_id"), table_name="tournament_chat")
    op.drop_table("tournament_chat")
