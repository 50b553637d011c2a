"""Table structure (label, joined column names, continuation link, cell boxes) and how page text was obtained

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 00:25:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("doc_tables") as batch:
        batch.add_column(sa.Column("label", sa.String(length=100), nullable=True))
        batch.add_column(sa.Column("columns", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("header_rows", sa.Integer(), nullable=False, server_default="1"))
        batch.add_column(sa.Column("continues_id", sa.String(length=32), nullable=True))
        batch.add_column(sa.Column("cell_boxes", sa.JSON(), nullable=True))
        batch.create_foreign_key(
            "fk_doc_tables_continues_id", "doc_tables", ["continues_id"], ["id"], ondelete="SET NULL"
        )
    with op.batch_alter_table("pages") as batch:
        batch.add_column(sa.Column("text_source", sa.String(length=8), nullable=False, server_default="pdf"))
    with op.batch_alter_table("documents") as batch:
        batch.add_column(sa.Column("text_source", sa.String(length=8), nullable=False, server_default="pdf"))


def downgrade() -> None:
    with op.batch_alter_table("documents") as batch:
        batch.drop_column("text_source")
    with op.batch_alter_table("pages") as batch:
        batch.drop_column("text_source")
    with op.batch_alter_table("doc_tables") as batch:
        batch.drop_constraint("fk_doc_tables_continues_id", type_="foreignkey")
        for name in ("cell_boxes", "continues_id", "header_rows", "columns", "label"):
            batch.drop_column(name)
