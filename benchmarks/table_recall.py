"""Strict row recall and cell recall of extract_pdf's tables against the manifest's expected tables.

Two measures, per file and in total (files needing a password are skipped):

- **strict row recall**: an expected *data row* (a row with at least two non-empty cells; a row
  with one cell is a title, section or footnote line) counts only when some table extracted from
  the same page has a row that holds the same non-empty cells in the same order (the expected
  cells are an ordered subsequence of that row's non-empty cells, each extracted cell used once).
  Cells compare with all whitespace and dot leaders removed, because the reference outputs keep
  layout artefacts such as "N\\net Asset Value" for "Net Asset Value" (right-to-left cells compare
  as their sorted letters after NFKC: the references hold visual-order presentation forms);
- **cell recall**: a non-empty expected cell counts when a table extracted from the same page holds
  a cell with the same text after whitespace normalisation, wherever it sits (a multiset: repeated
  values count each time).

    .venv/bin/python benchmarks/table_recall.py [DATA_DIR] [--misses]   # default ../shared/data/pdfs
"""

from __future__ import annotations

import json
import re
import sys
import time
import unicodedata
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from app.ingest.extracted import PasswordRequired  # noqa: E402
from app.ingest.pdf import extract_pdf  # noqa: E402


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


_RTL = re.compile(r"[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


def squeeze(text: str) -> str:
    """All whitespace and dot leaders ("Total . . . .") removed: how many dots a leader has is
    an artefact of the reference extractor, not content. Right-to-left text compares as its
    sorted letters after NFKC: the references hold presentation forms in visual order, the
    extraction base letters in logical order."""
    text = re.sub(r"\.{2,}", "", re.sub(r"\s+", "", text))
    if _RTL.search(text):
        text = "".join(sorted(unicodedata.normalize("NFKC", text).replace(" ", "")))
    return text


def expected_cells(entry: dict) -> dict[int, list[str]]:
    """page → list of expected non-empty cells (a multiset: repeated values count each time)."""
    by_page: dict[int, list[str]] = defaultdict(list)
    for table in entry.get("expected_tables") or []:
        for row in table.get("rows") or []:
            by_page[table["page"]].extend(norm(c) for c in row if norm(c))
    return by_page


def expected_data_rows(entry: dict) -> dict[int, list[list[str]]]:
    """page → the expected rows with at least two non-empty cells, as their non-empty cells."""
    by_page: dict[int, list[list[str]]] = defaultdict(list)
    for table in entry.get("expected_tables") or []:
        for row in table.get("rows") or []:
            cells = [squeeze(c) for c in row if squeeze(c)]
            if len(cells) >= 2:
                by_page[table["page"]].append(cells)
    return by_page


def holds_in_order(extracted: Sequence[str], expected: Sequence[str]) -> bool:
    """The expected cells appear among the extracted row's cells, in the same order."""
    it = iter(extracted)
    return all(any(cell == got for got in it) for cell in expected)


def row_matches(expected: list[str], extracted_rows: list[list[str]]) -> bool:
    return any(holds_in_order(r, expected) for r in extracted_rows)


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    show_misses = "--misses" in sys.argv
    data_dir = Path(args[0]) if args else REPO.parent / "shared" / "data" / "pdfs"
    manifest = json.loads((data_dir / "manifest.json").read_text())
    totals = [0, 0, 0, 0]  # rows found, rows expected, cells found, cells expected
    lines: list[str] = []
    started = time.perf_counter()
    for entry in manifest["files"]:
        by_page = expected_cells(entry)
        if not by_page:
            continue
        rows_by_page = expected_data_rows(entry)
        path = data_dir / entry["file"].removeprefix("shared/data/pdfs/")
        try:
            doc = extract_pdf(path, max_pages=10_000)
        except PasswordRequired:
            print(f"{path.name}: skipped (password)")
            continue
        found = expected = rows_found = rows_expected = 0
        for page_no, cells in by_page.items():
            tables = doc.pages[page_no - 1].tables
            got = {norm(c) for t in tables for r in t.rows for c in r}
            found += sum(1 for c in cells if c in got)
            expected += len(cells)
            extracted_rows = [[squeeze(c) for c in r if squeeze(c)] for t in tables for r in t.rows]
            for row in rows_by_page.get(page_no, []):
                rows_expected += 1
                if row_matches(row, extracted_rows):
                    rows_found += 1
                elif show_misses:
                    print(f"  miss p{page_no}: {row}")
        n_tables = sum(len(p.tables) for p in doc.pages)
        for i, v in enumerate((rows_found, rows_expected, found, expected)):
            totals[i] += v
        row_recall = rows_found / rows_expected if rows_expected else 1.0
        lines.append(
            f"| {path.name} | {rows_expected} | {rows_found} | {row_recall:.1%} "
            f"| {expected} | {found} | {found / expected:.1%} | {n_tables} |"
        )
        print(
            f"{path.name}: rows {rows_found}/{rows_expected} = {row_recall:.1%}, "
            f"cells {found}/{expected} = {found / expected:.1%} ({n_tables} tables extracted)"
        )
    elapsed = time.perf_counter() - started
    rf, re_, cf, ce = totals
    print(f"\noverall: strict rows {rf}/{re_} = {rf / re_:.1%}, cells {cf}/{ce} = {cf / ce:.1%} in {elapsed:.1f} s\n")
    print(
        "| file | expected data rows | rows recovered | strict row recall | expected cells | cells recovered "
        "| cell recall | tables extracted |\n|---|---|---|---|---|---|---|---|"
    )
    print("\n".join(lines))
    print(f"| **all** | {re_} | {rf} | **{rf / re_:.1%}** | {ce} | {cf} | **{cf / ce:.1%}** | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
