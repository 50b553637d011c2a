"""Inserting a row unless a unique key already holds one, in one statement on SQLite and PostgreSQL alike.

A unique-key race (two requests storing the same key at once) then needs neither a savepoint nor a rollback of the
caller's transaction: the loser's insert waits for the winner's commit and does nothing, and the caller reads the
winner's row. (A SAVEPOINT would not do on SQLite: pysqlite opens no transaction before it, so its RELEASE commits.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import DeclarativeBase, Session


def insert_unless_present(
    session: Session, model: type[DeclarativeBase], values: dict[str, Any], key: Sequence[str]
) -> Any | None:
    """Insert a `model` row of `values` (column defaults applied) unless one with the same unique `key` columns
    exists; the new row's primary key, or None when the key was taken."""
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = (
        insert(model)
        .values(**values)
        .on_conflict_do_nothing(index_elements=list(key))
        .returning(*model.__mapper__.primary_key)
    )
    row = session.execute(statement).first()
    return None if row is None else row[0]
