"""cProfile of the ingestion job over a folder, one document after the other in the main thread (cProfile sees
only its own thread), SQLite in a fresh data dir. Prints the cumulative profile; see docs/benchmarks.md (issue 14).

    PYTHONPATH=. .venv/bin/python benchmarks/ingest_profile.py [folder]
"""

from __future__ import annotations

import cProfile
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


class _Collect:
    def __init__(self) -> None:
        self.ids: list[str] = []

    def submit(self, document_id: str) -> None:
        self.ids.append(document_id)


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/work/shared/data/pdfs/reports")
    data = Path(tempfile.mkdtemp(prefix="mdqa-profile-"))
    os.environ["MDQA_DATA_DIR"] = str(data)
    os.environ["MDQA_DEVICE"] = "cpu"
    from app.db.migrate import upgrade
    from app.db.session import session_scope
    from app.services.collections import create_collection
    from app.services.documents import upload_files
    from app.services.ingestion import process_document
    from app.settings import get_settings

    settings = get_settings()
    upgrade(settings.resolved_database_url)
    queue = _Collect()
    with session_scope(settings.resolved_database_url) as session:
        collection = create_collection(session, "profile")
        session.commit()
        handles = [(f.name, f.open("rb")) for f in sorted(folder.glob("*.pdf"))]
        upload_files(session, settings, queue, collection.id, handles)  # type: ignore[arg-type]
    profile = cProfile.Profile()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    profile.enable()
    for document_id in queue.ids:
        process_document(settings, document_id)
    profile.disable()
    print(f"CPU {time.process_time() - cpu0:.1f} s, wall {time.perf_counter() - wall0:.1f} s")
    pstats.Stats(profile).sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
