"""Shared fixtures: real SQLite files and a real PostgreSQL database (one per test run), schema by migrations."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import text
from sqlalchemy.orm import Session

from app.db.migrate import upgrade
from app.db.models import Base
from app.db.session import get_engine, get_sessionmaker
from app.settings import Settings

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("MDQA_SHARED_DATA", REPO_ROOT.parent / "shared" / "data"))
PDFS = SHARED_DATA / "pdfs"
MDQA_DATA = SHARED_DATA / "mdqa"
PG_ADMIN_DSN = os.environ.get("MDQA_TEST_PG_ADMIN", "host=127.0.0.1 port=5432 user=postgres dbname=test")
REDIS_URL = os.environ.get("MDQA_TEST_REDIS", "redis://127.0.0.1:6379/0")
# Starlette's TestClient sends `Host: testserver`; the app serves only its allowed hosts (DNS rebinding guard).
os.environ.setdefault("MDQA_ALLOWED_HOSTS", "127.0.0.1,localhost,::1,testserver")


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A fresh PostgreSQL database for this test run, so parallel runs never share rows."""
    name = f"mdqa_test_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_ADMIN_DSN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    upgrade(url)
    yield url
    get_engine(url).dispose()
    with psycopg.connect(PG_ADMIN_DSN, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _empty_all_tables(url: str) -> None:
    with get_engine(url).begin() as connection:
        names = ", ".join(f'"{t.name}"' for t in Base.metadata.sorted_tables)
        connection.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Each test using it runs twice: on a new SQLite file and on the run's PostgreSQL database (emptied)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'mdqa.db'}"
        upgrade(url)
        yield url
        get_engine(url).dispose()
    else:
        url = request.getfixturevalue("pg_url")
        _empty_all_tables(url)
        yield url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'mdqa.db'}"
    upgrade(url)
    yield url
    get_engine(url).dispose()


@pytest.fixture
def session(db_url: str) -> Iterator[Session]:
    s = get_sessionmaker(db_url)()
    try:
        yield s
    finally:
        s.rollback()
        s.close()


@pytest.fixture
def settings(db_url: str, tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path / "data", database_url=db_url)
