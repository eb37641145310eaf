"""Ratings: one per signed-in person and rule set, and the history of each.

Revision ID: 0005
Revises: 0004 (it rates the accounts of 0002)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def _account(primary_key: bool = False) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(
        "account_id",
        sa.String(32),
        sa.ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
        primary_key=primary_key,
    )


def upgrade() -> None:
    op.create_table(
        "ratings",
        _account(primary_key=True),
        sa.Column("rules", sa.String(24), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _account(),
        sa.Column("rules", sa.String(24), nullable=False),
        sa.Column("table_id", sa.String(24), nullable=False),
        sa.Column("match_no", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_rating_history_account_id", "rating_history", ["account_id"])


def downgrade() -> None:
    op.drop_table("rating_history")
    op.drop_table("ratings")
