"""Which answer-set questions the classifier fences into one document, and whether that document is an expected one.

Fencing (app.qa.classify: a file name, a code-like stem, a whole stem or title called a document) restricts content
retrieval to the named file, so a wrong fence loses the answer however good retrieval is. This classifies every
question of the given sets against the names (file names and extracted titles) of the shared PDFs. For the dev
split it lists each fenced question; for the test split it prints only the count of wrong fences (never the
questions: the test halves are not read).

    PYTHONPATH=$PWD .venv/bin/python benchmarks/answers/fence_check.py --split dev
    PYTHONPATH=$PWD .venv/bin/python benchmarks/answers/fence_check.py --split test
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from app.ingest.extracted import PdfError
from app.ingest.pdf import extract_pdf
from app.qa.classify.documents import DocumentNames
from app.qa.classify.model import DocumentName
from app.qa.classify.question import classify

HERE = Path(__file__).resolve().parent
PDFS = HERE.parents[1].parent / "shared" / "data" / "pdfs"
SETS = ["pdf_qa", "tables_fresh", "content_fresh", "content_fresh2", "content_fresh3", "content_fresh4", "tables_dev2",
        "content_dev"]


def shared_names() -> DocumentNames:
    names = []
    for folder in ("reports", "tables"):
        for path in sorted((PDFS / folder).glob("*.pdf")):
            try:
                title = extract_pdf(path, max_pages=2000).title
            except PdfError:
                title = None
            names.append(DocumentName(path.name, path.name, title))
    return DocumentNames(names)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--split", choices=["dev", "test"], default="dev")
    args = parser.parse_args()
    names = shared_names()
    asked = wrong = 0
    for name in SETS:
        for record in json.loads((HERE / f"{name}.json").read_text())["records"]:
            if record.get("split", "dev") != args.split:
                continue
            asked += 1
            parsed = classify(record["question"], names)
            expected = set(record.get("documents") or [])
            fenced = parsed.document is not None and parsed.document.explicit
            bad = fenced and bool(expected) and parsed.document.name not in expected  # type: ignore[union-attr]
            wrong += bad
            if args.split == "dev" and fenced:
                mark = "WRONG " if bad else ""
                print(f"{mark}{name} {record['id']}: {record['question']} -> {parsed.document.name}")  # type: ignore[union-attr]
    print(f"{args.split}: {asked} questions, fenced to a wrong document: {wrong}")


if __name__ == "__main__":
    main()
