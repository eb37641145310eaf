"""Accounts by passkey: accounts, their credentials, the ceremonies' challenges, the
signed-in sessions and the seats that belong to an account.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
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
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("created", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "credentials",
        sa.Column("id", sa.String(1400), primary_key=True),
        _account(),
        sa.Column("public_key", sa.Text, nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False),
        sa.Column("created", sa.BigInteger, nullable=False),
        sa.Column("used", sa.BigInteger, nullable=True),
    )
    op.create_index("ix_credentials_account_id", "credentials", ["account_id"])
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("challenge", sa.String(100), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("expires", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_challenges_expires", "challenges", ["expires"])
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        _account(),
        sa.Column("expires", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    op.create_table(
        "account_seats",
        _account(primary_key=True),
        sa.Column("token_hash", sa.String(32), primary_key=True),
        sa.Column("token", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(24), nullable=False),
        sa.Column("added", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_account_seats_table_id", "account_seats", ["table_id"])


def downgrade() -> None:
    for name in ("account_seats", "sessions", "challenges", "credentials", "accounts"):
        op.drop_table(name)
