"""Child processes (the extraction pool of `mdqa serve`, the Celery pool of `mdqa worker`) that never outlive their
parent, however it ends, and a record of them so that a later start reaps what a killed run left.

A `kill -9` of the parent runs none of its shutdown code: a pool worker blocked on its job pipe (it holds a copy of
the pipe's write end, so it never reads an end of file) waited forever, and with it multiprocessing's resource
tracker, which waits for every holder of its pipe to go. So each child watches its parent itself
(`watch_parent`): a thread that sees the parent's pid change (the child re-parented) ends the child at once; the
tracker then reads its end of file and exits. Linux's PR_SET_PDEATHSIG is not used: it fires when the *thread*
that started the child ends, and a pool's workers are started by whichever thread first submitted a job.

Belt and braces, for a child stopped or stuck where no thread runs: every child is recorded in
`<data dir>/run/children` with its owner (pid and start time, so a reused pid is never mistaken for it), and
`reap_orphans`, called when `mdqa serve` or `mdqa worker` starts, kills the recorded children whose owner is gone.
Linux only (it reads /proc); elsewhere the record is skipped and the watch thread alone does the work.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

log = logging.getLogger(__name__)

# How often a child looks at its parent: the longest an orphan lives on.
PARENT_POLL_S = 0.5
RECORD = Path("run") / "children"
PROC = Path("/proc")


def start_time(pid: int) -> int | None:
    """The process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), None if it is gone."""
    try:
        stat = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    # The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ")".
    fields = stat[stat.rindex(")") + 2 :].split()
    if fields[0] == "Z":  # a zombie has ended; only its parent's wait is missing
        return None
    return int(fields[19])


def is_running(pid: int, started: int) -> bool:
    return start_time(pid) == started


@contextlib.contextmanager
def _locked(data_dir: Path) -> Iterator[Path]:
    path = data_dir / RECORD
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_suffix(".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield path
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def record_child(data_dir: Path, pid: int, owner: int) -> None:
    """Note child `pid` of process `owner` (both running now) so that a later start can reap it."""
    child_started, owner_started = start_time(pid), start_time(owner)
    if child_started is None or owner_started is None:
        return
    with _locked(data_dir) as path, open(path, "a") as record:
        record.write(f"{owner} {owner_started} {pid} {child_started}\n")


def _records(path: Path) -> list[tuple[int, int, int, int]]:
    try:
        lines = path.read_text().splitlines()
    except FileNotFoundError:
        return []
    out = []
    for line in lines:
        parts = line.split()
        if len(parts) == 4 and all(p.isdigit() for p in parts):
            owner, owner_started, pid, started = (int(p) for p in parts)
            out.append((owner, owner_started, pid, started))
    return out


def reap_orphans(data_dir: Path) -> list[int]:
    """Kill the recorded children whose owner is no longer running (a run killed with no chance to stop them);
    keep the records of live owners. Returns the pids killed."""
    if not PROC.is_dir():
        return []
    killed: list[int] = []
    with _locked(data_dir) as path:
        kept = []
        for owner, owner_started, pid, started in _records(path):
            if is_running(owner, owner_started):
                if is_running(pid, started):
                    kept.append((owner, owner_started, pid, started))
                continue
            if is_running(pid, started):
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)
        path.write_text("".join(f"{a} {b} {c} {d}\n" for a, b, c, d in kept))
    if killed:
        log.warning("stopped %d process(es) left behind by an earlier run: %s", len(killed), killed)
    return killed


def watch_parent(parent_pid: int, data_dir: str | None = None) -> None:
    """In a child process (a pool initializer, Celery's worker_process_init): end this process as soon as
    `parent_pid` is no longer its parent, and record it under `data_dir` for `reap_orphans`."""
    if os.getppid() != parent_pid:  # the parent died while this process was starting
        os._exit(1)
    if data_dir is not None and PROC.is_dir():
        try:
            record_child(Path(data_dir), os.getpid(), parent_pid)
        except OSError as exc:  # a read-only data directory must not stop extraction
            log.warning("cannot record the child process: %s", exc)
    threading.Thread(target=_watch, args=(parent_pid,), name="mdqa-parent-watch", daemon=True).start()


def _watch(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(PARENT_POLL_S)
    # No cleanup to run: the parent that wanted this process's work is gone (os._exit skips the atexit hooks that
    # would wait on pipes nobody reads).
    os._exit(1)


def record_resource_tracker(data_dir: Path) -> None:
    """Record multiprocessing's resource tracker (started by a spawn pool) as a child of this process."""
    if not PROC.is_dir():
        return
    from multiprocessing import resource_tracker

    # Its pid is private to the module: read defensively, so another Python only loses the record.
    pid = getattr(getattr(resource_tracker, "_resource_tracker", None), "_pid", None)
    if isinstance(pid, int):
        record_child(data_dir, pid, os.getpid())
