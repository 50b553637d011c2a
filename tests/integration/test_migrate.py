"""Concurrent `mdqa migrate` runs on a fresh database: all succeed, the schema is applied once."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import create_engine, text

from tests.conftest import PG_ADMIN_DSN, REPO_ROOT

RUNNERS = 4

@pytest.fixture
def fresh_pg_url() -> Iterator[str]:
    name = f"mdqa_migrate_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_ADMIN_DSN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    yield f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    with psycopg.connect(PG_ADMIN_DSN, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

def _migrate_concurrently(url: str, data_dir: Path) -> list[subprocess.CompletedProcess[str]]:
    env = {**os.environ, "MDQA_DATABASE_URL": url, "MDQA_DATA_DIR": str(data_dir)}
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "app.cli", "migrate"],
            cwd=REPO_ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(RUNNERS)
    ]
    results = []
    for process in processes:
        out, err = process.communicate(timeout=180)
        results.append(subprocess.CompletedProcess(process.args, process.returncode, out, err))
    return results

@pytest.mark.postgres
def test_concurrent_migrate_postgres(fresh_pg_url: str, tmp_path: Path) -> None:
    results = _migrate_concurrently(fresh_pg_url, tmp_path)
    assert [r.returncode for r in results] == [0] * RUNNERS, [r.stderr[-2000:] for r in results]
    engine = create_engine(fresh_pg_url)
    try:
        with engine.connect() as connection:
            versions = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
            assert len(versions) == 1
            assert connection.execute(text("SELECT count(*) FROM documents")).scalar_one() == 0
    finally:
        engine.dispose()

def test_concurrent_migrate_sqlite(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    results = _migrate_concurrently(url, tmp_path)
    assert [r.returncode for r in results] == [0] * RUNNERS, [r.stderr[-2000:] for r in results]
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            versions = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
            assert len(versions) == 1
    finally:
        engine.dispose()
