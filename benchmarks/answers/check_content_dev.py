"""Re-verify benchmarks/answers/content_dev.json against the PDFs (pdfplumber text, whitespace collapsed).

Each answer part must occur on one of the record's evidence pages (any alternative); for a "which documents"
record (no pages) every listed file must exist and hold the topic word, and no other file may hold it.

    .venv/bin/python benchmarks/answers/check_content_dev.py [--pdfs /work/shared/data/pdfs]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
# "Which documents mention Ireland?" → the word whose files make the list (the record's notes quote it).
QUOTED = re.compile(r"'([^']+)' occurs")


def _norm(text: str) -> str:
    return " ".join(text.replace("–", "-").replace("−", "-").split()).lower()


@cache
def page_texts(path: Path) -> tuple[str, ...]:
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        return tuple(_norm(page.extract_text() or "") for page in pdf.pages)


def check(records: list[dict], pdfs: list[Path]) -> list[str]:
    by_name = {p.name: p for p in pdfs}
    errors = []
    for r in records:
        if r["pages"]:
            for part in r["answers"]:
                found = any(
                    _norm(a) in page_texts(by_name[doc])[p - 1]
                    for doc, pages in r["pages"].items() for p in pages for a in part
                )  # fmt: skip
                if not found:
                    errors.append(f"{r['id']}: {part} not on {r['pages']}")
            continue
        m = QUOTED.search(r["notes"])
        if not m:
            errors.append(f"{r['id']}: a document list without the quoted word in its notes")
            continue
        word = _norm(m.group(1))
        holding = sorted(name for name, path in by_name.items() if any(word in t for t in page_texts(path)))
        if holding != sorted(r["documents"]):
            errors.append(f"{r['id']}: {word!r} is in {holding}, the record lists {sorted(r['documents'])}")
    return errors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pdfs", type=Path, default=Path("/work/shared/data/pdfs"))
    args = parser.parse_args()
    records = json.loads((HERE / "content_dev.json").read_text(encoding="utf-8"))["records"]
    pdfs = sorted((args.pdfs / "reports").glob("*.pdf")) + sorted((args.pdfs / "tables").glob("*.pdf"))
    errors = check(records, pdfs)
    for e in errors:
        print(e)
    print(f"{len(records)} records, {len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
