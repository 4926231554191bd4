"""The social side: who follows and who blocks whom, and private messages.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _pair(table: str, first: str, second: str) -> None:
    """A table of pairs of users (``first`` does something to ``second``) and when."""
    op.create_table(
        table,
        sa.Column(first, sa.Integer(), nullable=False),
        sa.Column(second, sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            [first], ["users.id"], name=op.f(f"fk_{table}_{first}_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            [second], ["users.id"], name=op.f(f"fk_{table}_{second}_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint(first, second, name=op.f(f"pk_{table}")),
    )
    op.create_index(op.f(f"ix_{table}_{second}"), table, [second])


def upgrade() -> None:
    """Add the ``follows``, ``blocks`` and ``private_messages`` tables (all empty)."""
    _pair("follows", "follower_id", "followed_id")
    _pair("blocks", "blocker_id", "blocked_id")
    op.create_table(
        "private_messages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("sender_id", sa.Integer(), nullable=False),
        sa.Column("recipient_id", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(length=500), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("read_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["sender_id"],
            ["users.id"],
            name=op.f("fk_private_messages_sender_id_users"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["recipient_id"],
            ["users.id"],
            name=op.f("fk_private_messages_recipient_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_private_messages")),
    )
    op.create_index(
        "ix_private_messages_pair", "private_messages", ["sender_id", "recipient_id", "id"]
    )
    op.create_index("ix_private_messages_unread", "private_messages", ["recipient_id", "read_at"])


def downgrade() -> None:
    """Drop the private messages, the blocks and the follows."""
    op.drop_index("ix_private_messages_unread", table_name="private_messages")
    op.drop_index("ix_private_messages_pair", table_name="private_messages")
    op.drop_table("private_messages")
    for table, second in (("blocks", "blocked_id"), ("follows", "followed_id")):
        op.drop_index(op.f(f"ix_{table}_{second}"), table_name=table)
        op.drop_table(table)
