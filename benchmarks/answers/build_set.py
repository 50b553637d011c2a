"""Build (and re-verify) an answer set from its question file: the one builder of every blind set.

A question file (`benchmarks/answers/sets/<name>/questions.json`, format `mdqa-question-file/1`) holds what its
writer read off the PDFs: the questions, their answer parts, evidence pages and notes, the PDFs' provenance. This
builder derives the rest once — each record's answer-set kind from its category, the split (ids sorted by sha256 and
alternately assigned dev/test within each category, so it depends on the ids alone) — and writes
`benchmarks/answers/<name>.json` for `mdqa eval`. `--check` rebuilds and compares with the committed file, and
verifies it against the PDFs:

- every PDF's sha256 equals its recorded provenance (when the file records sources);
- every answer part of a read question occurs on one of its evidence pages (pdfplumber text; computed answers of the
  `aggregate` and `arithmetic` categories are exempt, their inputs are in the notes);
- a "which documents" list over a word (`list_word`) names exactly the files whose text holds the word;
- a blind set's question repeats no run of five words of its evidence pages;
- no answer repeats an answer of an earlier set (`earlier`) for a question citing the same document page.

    .venv/bin/python benchmarks/answers/build_set.py benchmarks/answers/sets/nd1/questions.json          # write
    .venv/bin/python benchmarks/answers/build_set.py benchmarks/answers/sets/nd1/questions.json --check  # verify
    .venv/bin/python benchmarks/answers/build_set.py --all --check                                        # every set
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SETS = HERE / "sets"
QUESTION_FORMAT = "mdqa-question-file/1"
ANSWER_FORMAT = "mdqa-pdf-answers/1"

# A question's category (what a user asks for) → the answer-set kind that says how it is scored.
KIND_OF = {
    "cell": "cell",
    "table_show": "table",
    "aggregate": "aggregate",
    "arithmetic": "multi",
    "comparison": "multi",
    "two_document": "multi",
    "one_document": "multi",
    "list": "multi",
    "missing": "missing",
    "content": "content",
    "unanswerable": "unanswerable",
}
COMPUTED = {"aggregate", "arithmetic"}
_WORD = re.compile(r"\w+")
# Sets built before list words had their own field quote the word in their notes: "'belgium' occurs".
_QUOTED = re.compile(r"'([^']+)' occurs")
_DASHES = str.maketrans({"–": "-", "—": "-", "−": "-", "‐": "-"})


def _norm(text: str) -> str:
    return " ".join(text.translate(_DASHES).split()).lower()


@cache
def page_texts(path: Path) -> tuple[str, ...]:
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        return tuple(_norm(page.extract_text() or "") for page in pdf.pages)


def split_of(ids: Iterable[str]) -> dict[str, str]:
    ordered = sorted(ids, key=lambda qid: hashlib.sha256(qid.encode()).hexdigest())
    return {qid: ("dev" if i % 2 == 0 else "test") for i, qid in enumerate(ordered)}


def _resolve(folder: str, near: Path) -> Path:
    near = near.resolve()
    for base in (near.parent, *near.parents, Path.cwd()):
        if (base / folder).is_dir():
            return base / folder
    raise SystemExit(f"PDF folder {folder!r} not found beside {near} or its parents (fetch it: see its sources)")


def folders_of(qfile: dict[str, Any]) -> list[str]:
    return list(qfile.get("folders") or [qfile["pdf_folder"]])


def pdfs_of(qfile: dict[str, Any], path: Path) -> dict[str, Path]:
    found = {p.name: p for folder in folders_of(qfile) for p in sorted(_resolve(folder, path).glob("*.pdf"))}
    return found


def _kind(question: dict[str, Any]) -> str:
    return str(question.get("kind") or KIND_OF[question["category"]])


def build(qfile: dict[str, Any]) -> dict[str, Any]:
    """The answer set of a question file: records in the question file's order, split derived from the ids."""
    groups: dict[str, list[str]] = {}
    for q in qfile["questions"]:
        groups.setdefault(q.get("category") or _kind(q), []).append(q["id"])
    splits = {qid: split for ids in groups.values() for qid, split in split_of(ids).items()}
    records = []
    for q in qfile["questions"]:
        kind = _kind(q)
        record: dict[str, Any] = {"id": q["id"], "kind": kind}
        if q.get("category"):
            record["category"] = q["category"]
        record |= {
            "question": q["question"],
            "answers": q.get("answers") or [],
            "expect_missing": kind == "missing",
            "documents": q.get("documents") or [],
            "pages": q.get("pages") or {},
            "table_label": q.get("table_label"),
            "required_values": q.get("required_values") or [],
            "short_answer_expected": q.get("short_answer_expected"),
        }
        for key in ("named_document", "missing", "list_word"):
            if key in q:
                record[key] = q[key]
        record |= {"notes": q.get("notes", ""), "split": splits[q["id"]]}
        records.append(record)
    return {
        "format": ANSWER_FORMAT,
        "description": qfile["description"],
        "collection": {"folders": folders_of(qfile)},
        "records": records,
    }


def _found(answer: str, pages: Sequence[str]) -> bool:
    sys.path.insert(0, str(ROOT))
    from app.eval.answerset import contains

    # pdfplumber drops the spaces of some two-column pages ("Dec.20,2018"): the answer is still printed there.
    squeezed = _norm(answer).replace(" ", "")
    return any(_norm(answer) in text or contains(text, answer) or squeezed in text.replace(" ", "") for text in pages)


def answer_errors(records: Sequence[dict[str, Any]], pdfs: dict[str, Path]) -> list[str]:
    errors = []
    for r in records:
        if r.get("category") in COMPUTED or r["kind"] in ("missing", "unanswerable"):
            continue
        for doc in r["documents"]:
            if doc not in pdfs:
                errors.append(f"{r['id']}: {doc} is not in the collection")
        if r.get("list_word"):
            word = _norm(r["list_word"])
            holding = sorted(n for n, p in pdfs.items() if any(word in t for t in page_texts(p)))
            if holding != sorted(r["documents"]):
                errors.append(f"{r['id']}: {word!r} is in {holding}, the record lists {sorted(r['documents'])}")
            continue
        if not r["pages"] or r.get("category") == "list":  # a list's parts are file names, not page text
            continue
        texts = [page_texts(pdfs[d])[p - 1] for d, ps in r["pages"].items() if d in pdfs for p in ps]
        for part in r["answers"]:
            if not any(_found(a, texts) for a in part):
                errors.append(f"{r['id']}: {part} is not on {r['pages']}")
    return errors


def copied_runs(records: Sequence[dict[str, Any]], pdfs: dict[str, Path], run: int = 5) -> list[str]:
    """Questions that repeat `run` consecutive words of one of their evidence pages."""
    errors = []
    for r in records:
        words = _WORD.findall(r["question"].lower())
        grams = {tuple(words[i : i + run]) for i in range(len(words) - run + 1)}
        for doc, ps in r["pages"].items():
            for p in ps:
                text = _WORD.findall(page_texts(pdfs[doc])[p - 1])
                seen = {tuple(text[i : i + run]) for i in range(len(text) - run + 1)}
                errors += [f"{r['id']}: {' '.join(g)!r} is copied from {doc} p{p}" for g in sorted(grams & seen)]
    return errors


def _key(text: str) -> str:
    text = re.sub(r"(?<=\d)[, ](?=\d{3}\b)", "", text.lower().translate(_DASHES))
    return " ".join(text.split())


def earlier_overlaps(records: Sequence[dict[str, Any]], earlier: Sequence[str]) -> list[str]:
    """Answers an earlier set already accepts for a question citing the same page; list words asked before."""
    on_page: dict[tuple[str, int], dict[str, str]] = {}
    words: dict[str, str] = {}
    for name in earlier:
        for r in json.loads((HERE / name).read_text(encoding="utf-8"))["records"]:
            quoted = _QUOTED.search(r.get("notes") or "") if not r.get("pages") else None
            word = r.get("list_word") or (quoted.group(1) if quoted else None)
            if word:
                words[_key(word)] = f"{name}:{r['id']}"
            for doc, pages in (r.get("pages") or {}).items():
                for p in pages:
                    for a in (a for part in r["answers"] for a in part):
                        on_page.setdefault((doc, p), {})[_key(a)] = f"{name}:{r['id']}"
    errors = []
    for r in records:
        if r.get("list_word"):
            asked = words.get(_key(r["list_word"]))
            errors += [f"{r['id']}: the list word {r['list_word']!r} was asked by {asked}"] if asked else []
            continue
        for doc, ps in r["pages"].items():
            for p, a in ((p, a) for p in ps for part in r["answers"] for a in part):
                hit = on_page.get((doc, p), {}).get(_key(a))
                errors += [f"{r['id']}: {a!r} on {doc} p{p} is already an answer of {hit}"] if hit else []
    return errors


def source_errors(qfile: dict[str, Any], pdfs: dict[str, Path]) -> list[str]:
    sources = qfile.get("sources")
    if not sources:
        return []
    unlisted = sorted(set(pdfs) - {s["file"] for s in sources})
    errors = [f"{name}: in the PDF folder but not in sources" for name in unlisted]
    for s in sources:
        path = pdfs.get(s["file"])
        if path is None:
            errors.append(f"{s['file']}: missing from the PDF folder (fetch {s['repo']}@{s['commit']}:{s['path']})")
        elif hashlib.sha256(path.read_bytes()).hexdigest() != s["sha256"]:
            errors.append(f"{s['file']}: sha256 differs from its recorded provenance")
    return errors


def check(qfile: dict[str, Any], built: dict[str, Any], pdfs: dict[str, Path]) -> list[str]:
    records = built["records"]
    ids = [r["id"] for r in records]
    errors = [f"{qid}: the id is used twice" for qid in sorted({i for i in ids if ids.count(i) > 1})]
    errors += [f"{q['id']}: unknown category {q['category']!r}" for q in qfile["questions"]
               if q.get("category") and q["category"] not in KIND_OF]  # fmt: skip
    errors += source_errors(qfile, pdfs)
    errors += answer_errors(records, pdfs)
    if qfile.get("blind"):
        errors += copied_runs([r for r in records if r["pages"]], pdfs)
    errors += earlier_overlaps(records, qfile.get("earlier") or [])
    return errors


def out_path(question_path: Path) -> Path:
    return HERE / f"{question_path.parent.name}.json"


def run_one(question_path: Path, check_only: bool) -> int:
    qfile = json.loads(question_path.read_text(encoding="utf-8"))
    if qfile.get("format") != QUESTION_FORMAT:
        raise SystemExit(f"{question_path}: not a question file (format {QUESTION_FORMAT})")
    built = build(qfile)
    out = out_path(question_path)
    errors = check(qfile, built, pdfs_of(qfile, question_path))
    if check_only:
        committed = json.loads(out.read_text(encoding="utf-8")) if out.exists() else None
        errors = ([] if committed == built else [f"{out.name} differs from what its question file builds"]) + errors
    else:
        out.write_text(json.dumps(built, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for e in errors:
        print(f"{out.name}: {e}")
    print(f"{out.name}: {len(built['records'])} records, {len(errors)} errors")
    return 1 if errors else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("questions", type=Path, nargs="*", help="question files (sets/<name>/questions.json)")
    parser.add_argument("--all", action="store_true", help="every question file under benchmarks/answers/sets/")
    parser.add_argument("--check", action="store_true", help="verify the committed answer set instead of writing it")
    args = parser.parse_args()
    paths = sorted(SETS.glob("*/questions.json")) if args.all else args.questions
    if not paths:
        parser.error("name a question file or give --all")
    return max(run_one(path, args.check) for path in paths)


if __name__ == "__main__":
    sys.exit(main())
