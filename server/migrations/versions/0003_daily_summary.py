"""A seat's choice of one daily summary instead of a push per move (issue 41), kept with
its push subscriptions.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "push_subscriptions",
        sa.Column("daily", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    with op.batch_alter_table("push_subscriptions") as batch:  # SQLite rebuilds the table
        batch.drop_column("daily")
