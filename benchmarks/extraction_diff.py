"""Does this tree extract every PDF exactly as another git revision does? A check for speed work
that must not change the output.

Both versions run in fresh subprocesses over every PDF under DATA_DIR (recursively): each dumps,
per file, the title, and per page the text, the passages (text, box) and the tables (rows, cell
boxes, bbox, caption, label, column names, header rows, continuation), or the error a file fails
with. The two dumps are compared file by file; the first differences are printed and the exit
status is 1 when there are any. The other revision defaults to HEAD (the last commit, so
uncommitted changes are checked against it).

    .venv/bin/python benchmarks/extraction_diff.py [--ref HEAD] [--keep DIR] [DATA_DIR]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]

CHILD = """
import dataclasses, json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from app.ingest.pdf import extract_pdf
out = {}
data = Path(sys.argv[2])
for f in sorted(data.rglob("*.pdf")):
    try:
        doc = extract_pdf(f, max_pages=10_000)
        out[str(f.relative_to(data))] = dataclasses.asdict(doc)
    except Exception as exc:
        out[str(f.relative_to(data))] = {"error": f"{type(exc).__name__}: {exc}"}
Path(sys.argv[3]).write_text(json.dumps(out, ensure_ascii=False, sort_keys=True))
"""


def dump(root: Path, data: Path, target: Path) -> dict[str, Any]:
    subprocess.run([sys.executable, "-c", CHILD, str(root), str(data), str(target)], check=True)
    result: dict[str, Any] = json.loads(target.read_text())
    return result


def differences(old: Any, new: Any, where: str = "") -> list[str]:
    """Paths at which the two dumps differ (the first few per container)."""
    if type(old) is not type(new):
        return [f"{where}: {old!r} -> {new!r}"]
    if isinstance(old, dict):
        out: list[str] = []
        for key in sorted(set(old) | set(new)):
            if key not in old or key not in new:
                out.append(f"{where}/{key}: only in {'new' if key in new else 'old'}")
            else:
                out += differences(old[key], new[key], f"{where}/{key}")
        return out
    if isinstance(old, list):
        if len(old) != len(new):
            return [f"{where}: length {len(old)} -> {len(new)}"]
        return [d for i, (a, b) in enumerate(zip(old, new, strict=True)) for d in differences(a, b, f"{where}[{i}]")]
    return [] if old == new else [f"{where}: {old!r} -> {new!r}"]


def summary(dumped: dict[str, Any]) -> str:
    pages = tables = passages = 0
    for doc in dumped.values():
        for page in doc.get("pages", []):
            pages += 1
            tables += len(page["tables"])
            passages += len(page["passages"])
    return f"{len(dumped)} files, {pages} pages, {tables} tables, {passages} passages"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ref", default="HEAD", help="the other revision (default: HEAD)")
    parser.add_argument("--keep", default=None, help="write both dumps into this folder")
    parser.add_argument("data", nargs="?", default=str(REPO.parent / "shared" / "data" / "pdfs"))
    args = parser.parse_args()
    data = Path(args.data)
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(REPO), "archive", args.ref, "app"], check=True, capture_output=True)
        with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
            tar.extractall(Path(tmp) / "old", filter="data")
        keep = Path(args.keep) if args.keep else Path(tmp)
        keep.mkdir(parents=True, exist_ok=True)
        old = dump(Path(tmp) / "old", data, keep / "old.json")
        new = dump(REPO, data, keep / "new.json")
    print(f"old = {args.ref}: {summary(old)}")
    print(f"new = this tree: {summary(new)}")
    found = differences(old, new)
    for line in found[:40]:
        print(line)
    if found:
        print(f"{len(found)} differences")
        return 1
    print("identical")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
