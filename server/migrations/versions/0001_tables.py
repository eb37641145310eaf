"""The first schema: tables, seats by token hash, moves, deadlines, push subscriptions,
the server's settings.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("match_no", sa.Integer, nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("deadline", sa.BigInteger, nullable=True),
        sa.Column("ended", sa.String(16), nullable=True),
        sa.Column("move_time", sa.Integer, nullable=False),
        sa.Column("created", sa.BigInteger, nullable=False),
        sa.Column("updated", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("token_hash", sa.String(32), nullable=False, unique=True),
    )
    op.create_table(
        "moves",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("match_no", sa.Integer, primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("action", sa.String(40), nullable=False),
        sa.Column("at", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "deadlines",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("due", sa.BigInteger, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
    )
    op.create_index("ix_deadlines_due", "deadlines", ["due"])
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("endpoint", sa.Text, nullable=False),
        sa.Column("p256dh", sa.String(120), nullable=False),
        sa.Column("auth", sa.String(40), nullable=False),
        sa.Column("lang", sa.String(4), nullable=False),
        sa.Column("created", sa.BigInteger, nullable=False),
        sa.UniqueConstraint("table_id", "seat", "endpoint"),
    )
    op.create_table(
        "settings",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for name in ("settings", "push_subscriptions", "deadlines", "moves", "seats", "tables"):
        op.drop_table(name)
