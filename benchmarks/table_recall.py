"""Cell recall of extract_pdf's tables against the manifest's expected tables.

A non-empty expected cell counts as recovered when a table extracted from the same page holds a
cell with the same text after whitespace normalisation. Files needing a password are skipped.

    .venv/bin/python benchmarks/table_recall.py [DATA_DIR]   # default ../shared/data/pdfs
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from app.ingest.model import PasswordRequired  # noqa: E402
from app.ingest.pdf import extract_pdf  # noqa: E402


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def expected_cells(entry: dict) -> dict[int, list[str]]:
    """page → list of expected non-empty cells (a multiset: repeated values count each time)."""
    by_page: dict[int, list[str]] = defaultdict(list)
    for table in entry.get("expected_tables") or []:
        for row in table.get("rows") or []:
            by_page[table["page"]].extend(norm(c) for c in row if norm(c))
    return by_page


def main() -> int:
    data_dir = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO.parent / "shared" / "data" / "pdfs"
    manifest = json.loads((data_dir / "manifest.json").read_text())
    total_found = total_expected = 0
    lines: list[str] = []
    started = time.perf_counter()
    for entry in manifest["files"]:
        by_page = expected_cells(entry)
        if not by_page:
            continue
        path = data_dir / entry["file"].removeprefix("shared/data/pdfs/")
        try:
            doc = extract_pdf(path, max_pages=10_000)
        except PasswordRequired:
            print(f"{path.name}: skipped (password)")
            continue
        found = expected = 0
        for page_no, cells in by_page.items():
            got = {norm(c) for t in doc.pages[page_no - 1].tables for r in t.rows for c in r}
            found += sum(1 for c in cells if c in got)
            expected += len(cells)
        n_tables = sum(len(p.tables) for p in doc.pages)
        total_found += found
        total_expected += expected
        line = f"| {path.name} | {expected} | {found} | {found / expected:.1%} | {n_tables} |"
        lines.append(line)
        print(f"{path.name}: {found}/{expected} = {found / expected:.1%} ({n_tables} tables extracted)")
    elapsed = time.perf_counter() - started
    recall = total_found / total_expected if total_expected else 0.0
    print(f"\noverall: {total_found}/{total_expected} = {recall:.1%} in {elapsed:.1f} s\n")
    print("| file | expected cells | recovered | recall | tables extracted |\n|---|---|---|---|---|")
    print("\n".join(lines))
    print(f"| **all** | {total_expected} | {total_found} | **{recall:.1%}** | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
