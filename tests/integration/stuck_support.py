"""Own Redis and PostgreSQL servers on free loopback ports (so they can be stopped and started again), and the checks
the stuck-document tests share: waiting on the database itself, and counting duplicated rows."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Sequence
from glob import glob
from pathlib import Path

import psycopg
from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError

from app.db.models import Document
from app.db.session import get_engine


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for_port(port: int, up: bool, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                if up:
                    return
        except OSError:
            if not up:
                return
        time.sleep(0.1)
    raise AssertionError(f"port {port} did not go {'up' if up else 'down'} within {timeout} s")


class OwnRedis:
    """A redis-server of this test alone, without persistence (what it held is gone after a stop)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self._process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_for_port(self.port, up=True)

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            self._process.wait(timeout=30)
        self._process = None
        _wait_for_port(self.port, up=False)


class OwnPostgres:
    """A PostgreSQL cluster of this test alone (initdb into a temporary directory), run as the `postgres` user
    when the tests run as root, since the server refuses to run as root."""

    def __init__(self) -> None:
        bins = sorted(glob("/usr/lib/postgresql/*/bin/initdb"))
        found = shutil.which("initdb") or (bins[-1] if bins else None)
        if found is None:
            raise RuntimeError("initdb not found (PostgreSQL server binaries are needed for this test)")
        self.bin = Path(found).parent
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="mdqa-pg-"))
        self.data = self.dir / "data"
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/mdqa"
        self._as_postgres = os.geteuid() == 0
        if self._as_postgres:
            shutil.chown(self.dir, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8")

    def _run(self, tool: str, *args: str) -> None:
        command = [str(self.bin / tool), *args]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)

    def start(self) -> None:
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.dir} -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.dir / "log"), "-w", "start")

    def stop(self) -> None:
        # fast: the server closes every connection at once, as a restart or a failover does to the app.
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def create_database(self) -> None:
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True) as c:
            c.execute("CREATE DATABASE mdqa")

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):  # already stopped
            self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def statuses(url: str, document_ids: Sequence[str]) -> dict[str, tuple[str, int]]:
    """{id: (status, attempts)} read from the database itself (the API answers 503 while it is down)."""
    with get_engine(url).connect() as connection:
        rows = connection.execute(
            select(Document.id, Document.status, Document.attempts).where(Document.id.in_(list(document_ids)))
        ).all()
    return {row[0]: (row[1], row[2]) for row in rows}


def wait_done(url: str, document_ids: Sequence[str], timeout: float) -> dict[str, tuple[str, int]]:
    """Until every document is `ready` or `failed`; the database may still be coming back."""
    deadline = time.monotonic() + timeout
    seen: dict[str, tuple[str, int]] = {}
    while time.monotonic() < deadline:
        try:
            seen = statuses(url, document_ids)
        except DBAPIError:
            seen = {}
        if len(seen) == len(document_ids) and all(s in ("ready", "failed") for s, _ in seen.values()):
            return seen
        time.sleep(0.5)
    raise AssertionError(f"not done within {timeout} s: {seen}")


def _repeated(table: str, key: str) -> str:
    return f"SELECT count(*) FROM (SELECT 1 FROM {table} GROUP BY {key} HAVING count(*) > 1) AS repeated"


def duplicate_rows(url: str) -> dict[str, int]:
    """Rows that a second run of the same job would have duplicated, and rows nothing points to; all 0 if sound."""
    checks = {
        "pages": _repeated("pages", "document_id, number"),
        "passages": _repeated("passages", 'document_id, "index"'),
        "tables": _repeated("doc_tables", "document_id, index_in_document"),
        "edges": _repeated("edges", "source, target, kind"),
        # Counts on the document match its rows: no passage from an earlier attempt is left over.
        "passage_count": "SELECT count(*) FROM documents d WHERE d.status = 'ready' AND d.passage_count <> "
        "(SELECT count(*) FROM passages p WHERE p.document_id = d.id)",
        "page_count": "SELECT count(*) FROM documents d WHERE d.status = 'ready' AND d.page_count <> "
        "(SELECT count(*) FROM pages p WHERE p.document_id = d.id)",
        # Every passage has its one graph node, and no node outlives its row.
        "passage_nodes": "SELECT count(*) FROM passages p LEFT JOIN nodes n ON n.id = p.id WHERE n.id IS NULL",
        "orphan_nodes": "SELECT count(*) FROM nodes n WHERE n.kind = 'passage' "
        "AND NOT EXISTS (SELECT 1 FROM passages p WHERE p.id = n.id)",
    }
    with get_engine(url).connect() as connection:
        return {name: int(connection.execute(text(sql)).scalar_one()) for name, sql in checks.items()}
