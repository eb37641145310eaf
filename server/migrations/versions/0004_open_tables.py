"""Open tables (issue 41): the tables listed for anyone to sit down at, with who listed
them (a client address key, for the limit per client) and their game and time per move
("Play now" picks the oldest that fits).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "open_tables",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("client", sa.String(64), nullable=False),
        sa.Column("preset", sa.String(20), nullable=False),
        sa.Column("move_time", sa.Integer, nullable=False),
        sa.Column("listed", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_open_tables_client", "open_tables", ["client"])
    op.create_index("ix_open_tables_listed", "open_tables", ["listed"])


def downgrade() -> None:
    op.drop_index("ix_open_tables_listed", "open_tables")
    op.drop_index("ix_open_tables_client", "open_tables")
    op.drop_table("open_tables")
