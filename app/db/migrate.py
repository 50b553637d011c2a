"""Apply Alembic migrations: the only way the schema is created or changed.

Web processes and every worker migrate at start, so concurrent runs must not race: on PostgreSQL they queue on an
advisory lock held for the migration's transaction; on SQLite (one machine by nature) on a lock file beside the
database. The second runner then finds the schema at head and does nothing.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, text

from app.db.session import get_engine

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"
# Any constant shared by every mdqa process; "mdqa" in ASCII.
ADVISORY_LOCK_KEY = 0x6D647161


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


@contextmanager
def _sqlite_file_lock(url: str) -> Iterator[None]:
    db_path = url.split("///", 1)[-1]
    if not db_path or db_path == ":memory:":
        yield
        return
    lock_path = Path(db_path + ".migrate-lock")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with lock_path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _lock_postgres(connection: Connection) -> None:
    # Transaction-scoped: released by the commit (or rollback) that ends the migration.
    connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": ADVISORY_LOCK_KEY})


def upgrade(url: str) -> None:
    config = alembic_config(url)
    engine = get_engine(url)
    if engine.dialect.name == "sqlite":
        with _sqlite_file_lock(url), engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
        return
    with engine.begin() as connection:
        _lock_postgres(connection)
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
