"""Table recall of mdqa's extraction beside camelot stream, on every table set, in one run.

Sets (each an EXPECTED list of {file, page, rows}, scored by ../shared/tools/table_score.py, imported, not copied):

- ``manifest``: the shared PDF manifest's expected tables (../shared/data/pdfs/manifest.json; files needing a
  password, and partial truths without rows, are skipped). Its target (strict row recall ≥ 97%, no file at zero)
  is defined by the older, more lenient measure of this script, still printed for this set as "manifest strict"
  (an expected row of ≥ 2 non-empty cells counts when an extracted row on its page holds them in order, whitespace
  and dot leaders removed: the references are extractor outputs with layout artefacts);
- ``icdar``: ICDAR 2013, the development half kept in ../shared/data/tables-icdar2013 (a held-out figure: no rule
  may be tuned to one of its files);
- ``papers-dev``: the research-paper set's dev half (benchmarks/tables/papers, PDFs in /work/papers-tables-pdfs);
  ``papers-test`` only with ``--test`` (run once, at the end, never for tuning);
- ``papers2-dev``: the second research-paper set's dev half (benchmarks/tables/papers2, PDFs in
  /work/papers2-tables-pdfs); ``papers2-test`` only with ``--test`` and only when named in ``--sets`` (``--test``
  alone adds ``papers-test``, not ``papers2-test``).

Both extractors read the same pages: every page that holds an expected table. mdqa through
``app.ingest.pdf.extract_page_tables``, which reads a page with the function ingestion reads it with (text geometry,
ruled tables, camelot stream where the detector asks for it, captioned tables); camelot with
``camelot.read_pdf(flavor="stream")`` and its defaults, once per file for those pages. CPU time is
``time.process_time`` around each extractor's calls, per set (mdqa's includes reading the page's text and rules, as
ingestion pays it; camelot's includes its own PDF parse). "labels right" (sets whose tables carry a label, the papers
set): the expected tables held best by a found table that has the document's label ("Table C.1"); camelot gives none.

    .venv/bin/python benchmarks/table_recall.py [--sets manifest,icdar,papers-dev] [--test] [--json OUT]
        [--misses SET] [--extractors mdqa,camelot]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import sys
import time
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from app.ingest.extracted import PasswordRequired  # noqa: E402
from app.ingest.pdf import extract_page_tables  # noqa: E402

SHARED = REPO.parent / "shared"
PAPERS = REPO / "benchmarks" / "tables" / "papers"
PAPER_PDFS = Path("/work/papers-tables-pdfs")
PAPERS2 = REPO / "benchmarks" / "tables" / "papers2"
PAPER2_PDFS = Path("/work/papers2-tables-pdfs")
Extracted = dict[str, list[dict[str, Any]]]  # file → [{page, rows}]


def _scorer() -> Any:
    spec = importlib.util.spec_from_file_location("table_score", SHARED / "tools" / "table_score.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------------------------------------
# The sets
# ------------------------------------------------------------------------------------------------


def manifest_set() -> tuple[list[dict], dict[str, Path]]:
    data_dir = SHARED / "data" / "pdfs"
    manifest = json.loads((data_dir / "manifest.json").read_text())
    expected: list[dict] = []
    paths: dict[str, Path] = {}
    for entry in manifest["files"]:
        # partial truths (a few named cells, no rows) are not tables to score
        tables = [t for t in entry.get("expected_tables") or [] if t.get("rows")]
        if not tables or entry.get("password"):
            continue
        path = data_dir / entry["file"].removeprefix("shared/data/pdfs/")
        paths[path.name] = path
        expected += [{"file": path.name, "page": t["page"], "rows": t["rows"]} for t in tables]
    return expected, paths


def file_set(expected_json: Path, pdf_dir: Path) -> tuple[list[dict], dict[str, Path]]:
    expected = json.loads(expected_json.read_text())
    return expected, {t["file"]: pdf_dir / t["file"] for t in expected}


SETS: dict[str, Callable[[], tuple[list[dict], dict[str, Path]]]] = {
    "manifest": manifest_set,
    "icdar": lambda: file_set(
        SHARED / "data" / "tables-icdar2013" / "expected.json", SHARED / "data" / "tables-icdar2013" / "pdfs"
    ),
    "papers-dev": lambda: file_set(PAPERS / "expected_dev.json", PAPER_PDFS),
    "papers-test": lambda: file_set(PAPERS / "expected_test.json", PAPER_PDFS),
    "papers2-dev": lambda: file_set(PAPERS2 / "expected_dev.json", PAPER2_PDFS),
    "papers2-test": lambda: file_set(PAPERS2 / "expected_test.json", PAPER2_PDFS),
}


# ------------------------------------------------------------------------------------------------
# The extractors: file, pages → [{page, rows}]
# ------------------------------------------------------------------------------------------------


def mdqa_tables(path: Path, pages: Sequence[int]) -> list[dict]:
    found = extract_page_tables(path, pages)
    return [{"page": p, "rows": t.rows, "label": t.label} for p in pages for t in found[p]]


def camelot_tables(path: Path, pages: Sequence[int]) -> list[dict]:
    import camelot

    try:
        tables = camelot.read_pdf(str(path), pages=",".join(map(str, pages)), flavor="stream", suppress_stdout=True)
    except Exception as exc:  # a failure is no table, as for any extractor
        print(f"  camelot failed on {path.name}: {exc}", file=sys.stderr)
        return []
    return [{"page": int(t.page), "rows": t.df.values.tolist()} for t in tables]


EXTRACTORS: dict[str, Callable[[Path, Sequence[int]], list[dict]]] = {"mdqa": mdqa_tables, "camelot": camelot_tables}


def labels_right(expected: list[dict], found: Extracted, scorer: Any) -> tuple[int, int]:
    """Of the expected tables that carry a label ("Table C.1"; a part such as " (left)" left out): how many are held
    best (most of their cells) by a found table with that label. Extractors that give no labels score 0."""
    hit = total = 0
    for t in expected:
        if not t.get("label"):
            continue
        total += 1
        want = [scorer.norm(c) for r in t["rows"] for c in r if scorer.norm(c)]
        best, most = None, 0
        for x in found.get(t["file"], []):
            if x["page"] != t["page"]:
                continue
            cells = {scorer.norm(c) for r in x["rows"] for c in r if scorer.norm(c)}
            held = sum(c in cells for c in want)
            if held > most:
                best, most = x, held
        label = t["label"].split(" (")[0].casefold()
        hit += best is not None and (best.get("label") or "").casefold() == label
    return hit, total


# ------------------------------------------------------------------------------------------------
# The older manifest measure (the target's definition), kept for the manifest set only
# ------------------------------------------------------------------------------------------------

_RTL = re.compile(r"[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


def squeeze(text: str) -> str:
    """All whitespace and dot leaders removed; right-to-left text as its sorted letters after NFKC (the references
    hold presentation forms in visual order, the extraction base letters in logical order)."""
    text = re.sub(r"\.{2,}", "", re.sub(r"\s+", "", str(text or "")))
    if _RTL.search(text):
        text = "".join(sorted(unicodedata.normalize("NFKC", text).replace(" ", "")))
    return text


def _holds_in_order(extracted: Sequence[str], expected: Sequence[str]) -> bool:
    it = iter(extracted)
    return all(any(cell == got for got in it) for cell in expected)


def manifest_strict(expected: list[dict], found: Extracted) -> tuple[int, int, dict[str, list[int]]]:
    """Rows found, rows expected, and both per file."""
    hit = total = 0
    per_file: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for t in expected:
        got = [[squeeze(c) for c in r if squeeze(c)] for x in found.get(t["file"], []) if x["page"] == t["page"]
               for r in x["rows"]]  # fmt: skip
        for row in t["rows"]:
            cells = [squeeze(c) for c in row if squeeze(c)]
            if len(cells) < 2:
                continue
            ok = any(_holds_in_order(r, cells) for r in got)
            hit += ok
            total += 1
            per_file[t["file"]][0] += ok
            per_file[t["file"]][1] += 1
    return hit, total, dict(per_file)


# ------------------------------------------------------------------------------------------------


def run_set(name: str, extractors: list[str], scorer: Any, misses: bool) -> dict[str, dict]:
    expected, paths = SETS[name]()
    pages: dict[str, list[int]] = defaultdict(list)
    for t in expected:
        if t["page"] not in pages[t["file"]]:
            pages[t["file"]].append(t["page"])
    by_file: dict[str, list[dict]] = defaultdict(list)
    for t in expected:
        by_file[t["file"]].append(t)
    out: dict[str, dict] = {}
    for ex in extractors:
        found: Extracted = {}
        cpu = 0.0
        for f in sorted(pages):
            c0 = time.process_time()
            try:
                found[f] = EXTRACTORS[ex](paths[f], sorted(pages[f]))
            except PasswordRequired:
                found[f] = []
            cpu += time.process_time() - c0
        total: dict[str, int] = defaultdict(int)
        per_file: dict[str, dict[str, int]] = {}
        for f in sorted(by_file):
            s = scorer.score(by_file[f], found.get(f, []))
            per_file[f] = {k: s[k] for k in ("rows", "rows_hit", "cells", "cells_hit", "tables", "tables_hit")}
            for k, v in per_file[f].items():
                total[k] += v
            if misses:
                print(f"[{name} {ex}] {f}: rows {s['rows_hit']}/{s['rows']}, tables {s['tables_hit']}/{s['tables']}")
                for page, row in s["missed"]:
                    print(f"    missed p.{page}: {row}")
        result = dict(total, cpu_s=round(cpu, 2), files=len(pages), pages=sum(len(p) for p in pages.values()),
                      tables_found=sum(len(v) for v in found.values()))  # fmt: skip
        labels = labels_right(expected, found, scorer)
        if labels[1]:
            result.update(labels_hit=labels[0], labels=labels[1])
        if name == "manifest":
            hit, n, strict_by_file = manifest_strict(expected, found)
            zero = sorted(f for f, (h, rows) in strict_by_file.items() if rows and not h)
            result.update(manifest_strict_hit=hit, manifest_strict_rows=n, manifest_strict_zero=zero,
                          manifest_strict_by_file=strict_by_file)  # fmt: skip
        out[ex] = result | {"by_file": per_file}
        print(f"{name} {ex}: {_line(result)}", file=sys.stderr)
    return out


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}%" if b else "–"


def _line(r: dict) -> str:
    return (
        f"strict rows {_pct(r['rows_hit'], r['rows'])} ({r['rows_hit']}/{r['rows']}), "
        f"cells {_pct(r['cells_hit'], r['cells'])}, tables {r['tables_hit']}/{r['tables']}, {r['cpu_s']} CPU-s"
    )


def markdown(results: dict[str, dict[str, dict]]) -> str:
    lines = [
        "| set | extractor | files / pages | strict row recall | cell recall | tables detected | tables found "
        "| labels right | CPU s | manifest strict (target ≥ 97%) |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, by_ex in results.items():
        for ex, r in by_ex.items():
            legacy = ""
            labels = f"{r['labels_hit']}/{r['labels']}" if "labels" in r else ""
            if "manifest_strict_rows" in r:
                legacy = _pct(r["manifest_strict_hit"], r["manifest_strict_rows"]) + (
                    f" ({r['manifest_strict_hit']}/{r['manifest_strict_rows']}"
                    + (f"; at zero: {', '.join(r['manifest_strict_zero'])}" if r["manifest_strict_zero"] else "")
                    + ")"
                )
            lines.append(
                f"| {name} | {ex} | {r['files']} / {r['pages']} "
                f"| **{_pct(r['rows_hit'], r['rows'])}** ({r['rows_hit']}/{r['rows']}) "
                f"| {_pct(r['cells_hit'], r['cells'])} ({r['cells_hit']}/{r['cells']}) "
                f"| {_pct(r['tables_hit'], r['tables'])} ({r['tables_hit']}/{r['tables']}) "
                f"| {r['tables_found']} | {labels} | {r['cpu_s']:.1f} | {legacy} |"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default="manifest,icdar,papers-dev", help="comma-separated: " + ", ".join(SETS))
    parser.add_argument("--test", action="store_true", help="also score the papers set's test half (once, at the end)")
    parser.add_argument("--extractors", default="mdqa,camelot")
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    parser.add_argument("--misses", default="", help="comma-separated sets whose missed rows to print, per file")
    args = parser.parse_args(argv)
    sets = [s.strip() for s in args.sets.split(",") if s.strip()]
    if "papers-test" in sets and not args.test:
        parser.error("the papers test half is scored only with --test")
    if "papers2-test" in sets and not args.test:
        parser.error("the papers2 test half is scored only with --test")
    if args.test and "papers-test" not in sets:
        sets.append("papers-test")
    extractors = [e.strip() for e in args.extractors.split(",") if e.strip()]
    scorer = _scorer()
    misses = {s.strip() for s in args.misses.split(",")}
    started = time.perf_counter()
    results = {name: run_set(name, extractors, scorer, name in misses) for name in sets}
    wall = time.perf_counter() - started
    print(f"\nTable recall by table_score.py's measure, mdqa beside camelot stream, {wall:.0f} s wall; both read every "
          "page that holds an expected table\n")  # fmt: skip
    print(markdown(results))
    if args.json is not None:
        args.json.write_text(json.dumps({"wall_s": round(wall, 1), "sets": results}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
