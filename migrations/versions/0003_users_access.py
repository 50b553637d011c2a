"""Users, API tokens and login sessions, collection owners and members, audit events

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 03:40:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.String(length=32), primary_key=True),
        sa.Column("name", sa.String(length=64), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("is_admin", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.String(length=32), primary_key=True),
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_api_tokens_user_id", "api_tokens", ["user_id"])
    op.create_table(
        "collection_members",
        sa.Column("collection_id", sa.String(length=32), primary_key=True),
        sa.Column("user_id", sa.String(length=32), primary_key=True),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.ForeignKeyConstraint(["collection_id"], ["collections.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_collection_members_user_id", "collection_members", ["user_id"])
    op.create_table(
        "audit_events",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("user_id", sa.String(length=32), nullable=True),
        sa.Column("user_name", sa.String(length=64), nullable=False),
        sa.Column("action", sa.String(length=32), nullable=False),
        sa.Column("collection_id", sa.String(length=32), nullable=True),
        sa.Column("target", sa.Text(), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
    )
    op.create_index("ix_audit_events_at", "audit_events", ["at"])
    op.create_index("ix_audit_events_user_id", "audit_events", ["user_id"])
    op.create_index("ix_audit_events_action", "audit_events", ["action"])
    with op.batch_alter_table("collections") as batch:
        batch.add_column(sa.Column("owner_id", sa.String(length=32), nullable=True))
        batch.create_foreign_key("fk_collections_owner_id", "users", ["owner_id"], ["id"], ondelete="SET NULL")
        batch.create_index("ix_collections_owner_id", ["owner_id"])


def downgrade() -> None:
    with op.batch_alter_table("collections") as batch:
        batch.drop_index("ix_collections_owner_id")
        batch.drop_constraint("fk_collections_owner_id", type_="foreignkey")
        batch.drop_column("owner_id")
    op.drop_table("audit_events")
    op.drop_table("collection_members")
    op.drop_table("api_tokens")
    op.drop_table("users")
