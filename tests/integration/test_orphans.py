"""No process outlives `mdqa serve` or `mdqa worker`, however they end (issue 34, part 3): a `kill -9` mid-ingestion
leaves neither the extraction worker nor multiprocessing's resource tracker behind, a killed worker leaves no pool
process, and a start reaps what a killed run recorded."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.child_processes import RECORD, reap_orphans, start_time
from app.settings import Settings
from tests.conftest import PDFS, REPO_ROOT
from tests.integration.stuck_support import free_port
from tests.integration.test_celery_workers import scaled, start_worker  # noqa: F401 (a fixture)

# Hundreds of pages: still being extracted when the server is killed.
BIG_PDF = PDFS / "reports" / "federal-register-2020-17221.pdf"


def _descendants(root: int) -> dict[int, int]:
    """{pid: start time} of every process below `root`, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    out: dict[int, int] = {}
    todo = list(children.get(root, []))
    while todo:
        pid = todo.pop()
        started = start_time(pid)
        if started is not None:
            out[pid] = started
        todo.extend(children.get(pid, []))
    return out


def _recorded(data_dir: Path) -> set[int]:
    path = data_dir / RECORD
    return {int(line.split()[2]) for line in path.read_text().splitlines()} if path.exists() else set()


def _alive(processes: dict[int, int]) -> dict[int, int]:
    return {pid: started for pid, started in processes.items() if start_time(pid) == started}


@pytest.fixture
def leftovers() -> Iterator[dict[int, int]]:
    """Processes a test saw; whatever of them is still running at the end is killed, so a failure leaks nothing."""
    seen: dict[int, int] = {}
    yield seen
    for pid in _alive(seen):
        os.kill(pid, signal.SIGKILL)


def _serve(data_dir: Path, port: int) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MDQA_")}
    env["MDQA_ALLOWED_HOSTS"] = "127.0.0.1,localhost"
    return subprocess.Popen(
        [sys.executable, "-m", "app.cli", "serve", "--port", str(port), "--data-dir", str(data_dir)],
        cwd=REPO_ROOT,
        env=env,
        stdout=(data_dir.parent / "serve.log").open("ab"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def _wait_until(check, timeout: float, what: str):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if value := check():
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def test_kill_9_of_serve_mid_ingestion_leaves_no_process(tmp_path: Path, leftovers: dict[int, int]) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = _serve(data_dir, port)
    try:

        def healthy() -> bool:
            try:
                return httpx.get(f"{base}/healthz", timeout=2).status_code == 200
            except httpx.HTTPError:
                return server.poll() is not None  # it died: stop waiting, the next assert says so

        _wait_until(healthy, 120, "the server to answer")
        assert server.poll() is None, (tmp_path / "serve.log").read_text()
        cid = httpx.post(f"{base}/api/collections", json={"name": "killed"}, timeout=30).json()["id"]
        files = [("files", (BIG_PDF.name, BIG_PDF.read_bytes(), "application/pdf"))]
        upload = httpx.post(f"{base}/api/collections/{cid}/documents", files=files, timeout=60)
        assert upload.status_code == 202, upload.text
        document = upload.json()["documents"][0]["id"]

        def extracting() -> dict[int, int] | None:
            status = httpx.get(f"{base}/api/documents/{document}", timeout=5).json()["status"]
            found = _descendants(server.pid)
            # The extraction worker (started: it has recorded itself) and the resource tracker, mid-ingestion.
            ready = status == "processing" and len(found) >= 2 and set(found) <= _recorded(data_dir)
            return found if ready else None

        children = _wait_until(extracting, 120, "the extraction to start")
        leftovers.update(children)
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
    # Within a few seconds, every process of the run is gone (the poll is 0.5 s; the tracker follows its writers).
    deadline = time.monotonic() + 10
    while _alive(children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _alive(children) == {}, f"left behind: {_alive(children)} of {children}"
    # The run recorded them, so a start would have reaped any that could not end themselves.
    assert set(children) <= _recorded(data_dir)


def test_a_start_reaps_the_children_a_killed_run_recorded(tmp_path: Path, leftovers: dict[int, int]) -> None:
    orphan = subprocess.Popen(["sleep", "60"])
    kept = subprocess.Popen(["sleep", "60"])
    dead_owner = subprocess.Popen(["true"])
    dead_owner.wait()
    for process in (orphan, kept):
        leftovers[process.pid] = start_time(process.pid)  # type: ignore[assignment]
    me = os.getpid()
    record = tmp_path / RECORD
    record.parent.mkdir(parents=True)
    record.write_text(
        # An owner that is gone (its pid, with a start time no running process has), and one that runs (this test).
        f"{dead_owner.pid} 1 {orphan.pid} {start_time(orphan.pid)}\n"
        f"{me} {start_time(me)} {kept.pid} {start_time(kept.pid)}\n"
        # A recorded child whose pid now belongs to another process (another start time): never killed.
        f"{dead_owner.pid} 1 {kept.pid} 1\n"
    )
    assert reap_orphans(tmp_path) == [orphan.pid]
    assert orphan.wait(timeout=5) == -signal.SIGKILL
    assert kept.poll() is None
    # The live owner's record stays; the reaped ones are gone.
    assert record.read_text().split() == [str(me), str(start_time(me)), str(kept.pid), str(start_time(kept.pid))]
    kept.kill()
    kept.wait()


def test_kill_9_of_worker_leaves_no_pool_process(
    scaled: Settings,  # noqa: F811 (the imported fixture)
    tmp_path: Path,
    leftovers: dict[int, int],
) -> None:
    """`mdqa worker`'s Celery pool (forked children) ends with the worker's main process."""
    worker = start_worker(scaled, tmp_path / "worker.log")
    try:

        def pool_started() -> dict[int, int] | None:
            found = _descendants(worker.pid)
            assert worker.poll() is None, (tmp_path / "worker.log").read_text()
            return found if found and set(found) <= _recorded(scaled.data_dir) else None

        children = _wait_until(pool_started, 120, "the worker's pool to start")
        leftovers.update(children)
    finally:
        worker.send_signal(signal.SIGKILL)  # the main process alone, as `kill -9 <pid>` does
        worker.wait(timeout=10)
    deadline = time.monotonic() + 10
    while _alive(children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _alive(children) == {}, f"left behind: {_alive(children)} of {children}"
