"""Engines and sessions: SQLite (WAL, foreign keys on) or PostgreSQL, from one URL.

`session_scope` is the one place that commits a unit of work. Work that must follow the commit (sending a job
that has to find its committed row) is registered with `after_commit` and runs once the commit succeeded: an
action that raises is the caller's error, while what was committed stays committed. A rollback drops them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker


def _configure_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()


@lru_cache(maxsize=8)
def get_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        db_path = url.split("///", 1)[-1]
        if db_path and db_path != ":memory:":
            Path(db_path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        _configure_sqlite(engine)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)


class UnitOfWork(Session):
    """A Session that runs the actions registered with `after_commit` once its transaction has committed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._after_commit: list[Callable[[], object]] = []

    def commit(self) -> None:
        super().commit()
        # Taken before running: an action that raises leaves none behind to run at a later commit.
        actions, self._after_commit = self._after_commit, []
        for action in actions:
            action()

    def rollback(self) -> None:
        self._after_commit = []
        super().rollback()

    def close(self) -> None:
        self._after_commit = []
        super().close()


def after_commit(session: Session, action: Callable[[], object]) -> None:
    """Run `action` when `session`'s transaction commits (in order of registration), never if it rolls back."""
    if not isinstance(session, UnitOfWork):
        raise TypeError("after_commit needs a session made by get_sessionmaker / session_scope")
    session._after_commit.append(action)


@lru_cache(maxsize=8)
def get_sessionmaker(url: str) -> sessionmaker[Session]:
    return sessionmaker(bind=get_engine(url), class_=UnitOfWork, expire_on_commit=False)


@contextmanager
def session_scope(url: str) -> Iterator[Session]:
    """A session that commits on success and rolls back on error."""
    session = get_sessionmaker(url)()
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()
