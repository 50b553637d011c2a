from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from app.commands import add_data_dir, settings_from


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("ingest", help="upload PDF files or folders into a collection and wait")
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--collection", required=True, help="collection name (created if missing)")
    parser.add_argument("--no-wait", action="store_true", help="queue and return (scaled mode)")
    parser.add_argument(
        "--password-stdin",
        action="store_true",
        help="read a password for the encrypted PDFs among the files from the first line of standard input",
    )
    add_data_dir(parser)
    parser.set_defaults(handler=run)


def _pdf_files(paths: list[Path]) -> list[tuple[Path, str]]:
    """(file, display path relative to the folder given) for every PDF under the paths."""
    out: list[tuple[Path, str]] = []
    for path in paths:
        if path.is_dir():
            for file in sorted(path.rglob("*")):
                if file.is_file() and file.suffix.lower() == ".pdf":
                    out.append((file, f"{path.name}/{file.relative_to(path).as_posix()}"))
        elif path.is_file():
            out.append((path, path.name))
        else:
            print(f"mdqa ingest: {path} does not exist", file=sys.stderr)
    return out


def run(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from app.db.migrate import upgrade
    from app.db.session import session_scope
    from app.queue import make_queue
    from app.services.collections import create_collection, find_collection_by_name
    from app.services.documents import upload_files

    settings = settings_from(args)
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    url = settings.resolved_database_url
    upgrade(url)
    files = _pdf_files(args.paths)
    if not files:
        print("mdqa ingest: no PDF files found", file=sys.stderr)
        return 2
    password = (sys.stdin.readline().rstrip("\r\n") or None) if args.password_stdin else None
    queue = make_queue(settings)
    queue.start(recover=False)
    with session_scope(url) as session:
        collection = find_collection_by_name(session, args.collection) or create_collection(session, args.collection)
        handles = [(label, file.open("rb")) for file, label in files]
        try:
            result = upload_files(session, settings, queue, collection.id, handles, password=password)
        finally:
            for _, handle in handles:
                handle.close()
        ids = [f.document.id for f in result.files if not f.duplicate or f.document.status == "queued"]
        duplicates = [
            (f.uploaded_as, f.document.path, f.document.status) for f in result.files if f.duplicate
        ]
    for rejected in result.rejected:
        print(f"rejected {rejected.filename}: {rejected.detail}", file=sys.stderr)
    for uploaded_as, existing, status in duplicates:
        same = "" if uploaded_as == existing else f" as {existing}"
        print(f"already in this collection{same}: {uploaded_as} ({status})")
    if not result.files:
        print(f"mdqa ingest: every file was rejected ({len(result.rejected)})", file=sys.stderr)
        queue.stop()
        return 1
    if args.no_wait and not queue.runs_here:
        print(f"queued {len(ids)} documents in collection {args.collection!r}")
        queue.stop()
        return 0
    try:
        failed = _wait(url, ids, tqdm)
    finally:
        queue.stop()
    return 1 if failed else 0


def _wait(url: str, ids: list[str], tqdm: Any) -> int:
    from app.db.session import session_scope
    from app.services.documents import states_of

    bar = tqdm(total=len(ids), unit="doc", desc="ingesting")
    done: set[str] = set()
    failed = 0
    while len(done) < len(ids):
        with session_scope(url) as session:
            states = states_of(session, ids)
        for state in states:
            if state.id not in done and state.status in ("ready", "failed"):
                done.add(state.id)
                bar.update(1)
                if state.status == "failed":
                    failed += 1
                    bar.write(f"failed {state.filename}: {state.error}")
        if len(states) < len(ids):  # deleted meanwhile
            done |= set(ids) - {s.id for s in states}
        time.sleep(0.3)
    bar.close()
    print(f"{len(ids) - failed} ready, {failed} failed")
    return failed
