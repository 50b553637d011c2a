"""Build benchmarks/answers/pdf_qa.json from questions.py, and (--check) verify every answer against the PDFs.

    python benchmarks/answers/build_pdf_qa.py            # write pdf_qa.json (split derived from the ids)
    python benchmarks/answers/build_pdf_qa.py --check    # re-verify the committed file against the shared PDFs

The check reads each evidence page with pdfplumber and requires, per record kind:
- cell/content/multi/table: one acceptable string of every answer part on one of its evidence pages;
- aggregate: the answer re-derived from the manifest's expected table rows (or listed as manual), and the row
  label on the evidence page;
- missing: the named page beyond the page count, the named table label absent from every caption of the
  document, or the named file absent from the collection;
- multi questions that list documents: the distinguishing word found in exactly those files.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
OUT = HERE / "pdf_qa.json"
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "pdfs"
FOLDERS = ("reports", "tables")
FORMAT = "mdqa-pdf-answers/1"


def split_of(ids_of_kind: list[str]) -> dict[str, str]:
    """Sort a kind's ids by sha256, then alternate dev/test: balanced per kind and fixed by the ids alone."""
    ordered = sorted(ids_of_kind, key=lambda qid: hashlib.sha256(qid.encode()).hexdigest())
    return {qid: ("dev" if i % 2 == 0 else "test") for i, qid in enumerate(ordered)}


def build() -> dict[str, Any]:
    sys.path.insert(0, str(HERE))
    from questions import QUESTIONS

    ids = [q["id"] for q in QUESTIONS]
    if len(ids) != len(set(ids)):
        raise SystemExit("duplicate ids")
    splits: dict[str, str] = {}
    for kind in sorted({q["kind"] for q in QUESTIONS}):
        splits.update(split_of([q["id"] for q in QUESTIONS if q["kind"] == kind]))
    records = []
    for q in QUESTIONS:
        record = {k: v for k, v in q.items() if k != "compute"}
        record["split"] = splits[q["id"]]
        records.append(record)
    return {
        "format": FORMAT,
        "description": "Questions with verified answers over the shared PDFs; ask them against ONE collection "
        "holding every PDF of shared/data/pdfs/reports and shared/data/pdfs/tables. See README.md.",
        "collection": {"folders": [f"shared/data/pdfs/{f}" for f in FOLDERS]},
        "records": records,
    }


# ---- verification ---------------------------------------------------------------------------------------


def norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("(cid:129)", " ")
    text = re.sub(r"[\u2010-\u2015\u2212]", "-", text)
    return re.sub(r"\s+", " ", text).lower()


@cache
def page_texts(path: Path) -> list[str]:
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def find(data: Path, name: str) -> Path | None:
    for folder in FOLDERS:
        if (data / folder / name).exists():
            return data / folder / name
    return None


def on_pages(data: Path, doc: str, pages: list[int] | None, needle: str) -> bool:
    path = find(data, doc)
    assert path is not None, doc
    texts = page_texts(path)
    wanted = pages or range(1, len(texts) + 1)
    squeezed = norm(needle).replace(" ", "")
    # columns of multi-column pages interleave in the extracted text: the words of a name may be lines apart
    spread = re.compile(r".{0,120}?".join(re.escape(w) for w in norm(needle).split()), re.S)
    return any(
        squeezed in norm(texts[p - 1]).replace(" ", "") or spread.search(norm(texts[p - 1])) for p in wanted
    )


def number(cell: str, dot_thousands: bool = False) -> float | None:
    cell = cell.strip().replace(" ", "").replace(",", "").rstrip("*%")
    if dot_thousands:
        cell = cell.replace(".", "")
    try:
        return float(cell)
    except ValueError:
        return None


def recompute(spec: dict[str, Any], manifest: dict[str, Any]) -> str:
    if "manual" in spec:
        return spec.get("expect", "manual")
    doc, index = spec["table"]
    entry = next(f for f in manifest["files"] if f["file"].endswith("/" + doc))
    rows = entry["expected_tables"][index]["rows"]
    if spec["op"] == "max_column":
        header, row = rows[0], rows[spec["row"]]
        values = [(number(v), h) for h, v in zip(header[1:], row[1:], strict=True)]
        return max((v, h) for v, h in values if v is not None)[1]
    pairs: list[tuple[float, str]] = []
    label = ""
    for row in rows:
        if row[0].strip():
            label = row[0].strip()
        if spec.get("only_rows_with") and row[spec["only_rows_with"]["col"]] != spec["only_rows_with"]["value"]:
            continue
        if not spec.get("label_from_previous") and row[0].strip() in spec.get("skip_rows", []):
            continue
        value = number(row[spec["col"]], spec.get("decimal_dot_thousands", False))
        if value is not None:
            pairs.append((value, label if spec.get("label_from_previous") else row[0].strip()))
    if spec["op"] == "max":
        return max(pairs)[1]
    if spec["op"] == "min":
        return min(pairs)[1]
    if spec["op"] == "sum":
        return f"{sum(v for v, _ in pairs):g}"
    if spec["op"] == "count_above":
        return str(sum(1 for v, _ in pairs if v > spec["threshold"]))
    raise ValueError(spec["op"])


def check(data: Path) -> list[str]:
    sys.path.insert(0, str(HERE))
    from questions import QUESTIONS

    manifest = json.loads((data / "manifest.json").read_text())
    committed = json.loads(OUT.read_text())
    rebuilt = build()
    problems: list[str] = []
    if committed["records"] != rebuilt["records"]:
        problems.append("pdf_qa.json differs from questions.py: rebuild it")
    collection = sorted(p.name for f in FOLDERS for p in (data / f).glob("*.pdf"))
    by_id = {q["id"]: q for q in QUESTIONS}
    for record in committed["records"]:
        qid, kind = record["id"], record["kind"]
        if kind == "missing":
            what = record["missing"]
            named = record["named_document"]
            if "file" in what and what["file"] in collection:
                problems.append(f"{qid}: {what['file']} exists")
            if named:
                texts = page_texts(find(data, named))
                if "page" in what and (what["page"] <= len(texts) or what["pages"] != len(texts)):
                    problems.append(f"{qid}: {named} has {len(texts)} pages")
                if "table_label" in what:
                    caption = re.compile(re.escape(norm(what["table_label"])) + r"\s*[.:]")
                    for n, text in enumerate(texts, 1):
                        for line in text.split("\n"):
                            if caption.match(norm(line)):
                                problems.append(f"{qid}: caption {line!r} on page {n}")
            continue
        for doc in record["documents"]:
            if doc not in collection:
                problems.append(f"{qid}: unknown document {doc}")
        if kind == "aggregate":
            spec = by_id[qid]["compute"]
            got = recompute(spec, manifest)
            if got != spec["expect"]:
                problems.append(f"{qid}: recomputed {got!r}, expected {spec['expect']!r}")
            doc = record["documents"][0]
            if not any(on_pages(data, doc, record["pages"][doc], a) for a in record["answers"][0]) and not any(
                a.isdigit() for a in record["answers"][0]
            ):
                problems.append(f"{qid}: {record['answers'][0]} not on the evidence page")
            continue
        if kind == "multi" and not any(record["pages"].values()):
            # a list of documents: the question's distinguishing word must occur in exactly those files
            word = {"multi-04": "Kerala", "multi-08": "737 MAX", "multi-09": "Finland"}.get(qid)
            if word:
                holders = sorted(n for n in collection if on_pages(data, n, None, word))
                if holders != sorted(record["documents"]):
                    problems.append(f"{qid}: {word!r} occurs in {holders}")
            else:  # page counts
                big = sorted(n for n in collection if len(page_texts(find(data, n))) > 15)
                if big != sorted(record["documents"]):
                    problems.append(f"{qid}: >15 pages: {big}")
            continue
        stems = {d.removesuffix(".pdf") for d in record["documents"]}
        for part in record["answers"]:
            if any(a.removesuffix(".pdf") in stems for a in part):
                continue  # the part is a file name: checked by being cited, not by page text
            if not any(on_pages(data, doc, record["pages"].get(doc), a) for doc in record["documents"] for a in part):
                problems.append(f"{qid}: none of {part} on the evidence pages")
        if record["table_label"] and kind in ("cell", "table"):
            doc = record["documents"][0]
            if not on_pages(data, doc, record["pages"][doc], record["table_label"]):
                problems.append(f"{qid}: {record['table_label']} not on the evidence page")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="verify pdf_qa.json against the PDFs")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="shared/data/pdfs")
    args = parser.parse_args()
    if args.check:
        problems = check(args.data)
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problem(s)")
        raise SystemExit(1 if problems else 0)
    data = build()
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    counts: dict[tuple[str, str], int] = {}
    for r in data["records"]:
        counts[(r["kind"], r["split"])] = counts.get((r["kind"], r["split"]), 0) + 1
    print(f"{len(data['records'])} records -> {OUT}")
    for (kind, split), n in sorted(counts.items()):
        print(f"  {kind:10} {split:5} {n}")


if __name__ == "__main__":
    main()
