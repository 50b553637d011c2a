"""OCR candidates compared: Debian's Tesseract (CLI, TSV word boxes) and RapidOCR (PyPI wheel with its models).

Two kinds of input:
- text PDFs rendered to images, where the true text is the page's own text layer: character error rate
  (Levenshtein distance / true length, whitespace collapsed, and again with whitespace removed so reading
  order between columns matters less) and word recall (share of true words the OCR text holds);
- the real scans in edge_cases/ (no truth): characters recognised, share of CJK characters, a sample.

Each engine runs in its own child process, so its peak memory (ru_maxrss of the child and its own children,
i.e. the tesseract processes) is its own. One thread per engine (the deployment has 2 shared cores).

    .venv/bin/python benchmarks/ocr_compare.py [--pages 8] [--dpi 300]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
PDFS = REPO.parent / "shared" / "data" / "pdfs"
SCANS = [PDFS / "edge_cases" / "image.pdf", PDFS / "edge_cases" / "issue-203-decimalize.pdf"]
# Text PDFs with known text: the first pages of the reports, in a fixed order (no choice by result).
TEXT_PDFS = sorted((PDFS / "reports").glob("*.pdf"))


def _render(pdf: Path, index: int, dpi: int):  # type: ignore[no-untyped-def]
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[index]
        text = page.get_textpage().get_text_range()
        image = page.render(scale=dpi / 72).to_pil().convert("RGB")
        page.close()
        return image, text
    finally:
        doc.close()


def _tesseract(image, lang: str) -> str:  # type: ignore[no-untyped-def]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "page.png"
        image.save(path)
        out = subprocess.run(
            ["tesseract", str(path), "-", "-l", lang, "--psm", "3", "tsv"],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "OMP_THREAD_LIMIT": "1"},
        ).stdout
    lines: dict[tuple[str, ...], list[str]] = {}
    for row in out.splitlines()[1:]:
        cols = row.split("\t")
        if len(cols) == 12 and cols[0] == "5" and cols[11].strip() and float(cols[10]) >= 0:
            lines.setdefault(tuple(cols[1:5]), []).append(cols[11])
    return "\n".join(" ".join(words) for words in lines.values())


_rapid = None


def _rapidocr(image) -> str:  # type: ignore[no-untyped-def]
    global _rapid
    import numpy as np
    from rapidocr_onnxruntime import RapidOCR

    if _rapid is None:
        _rapid = RapidOCR(intra_op_num_threads=1, inter_op_num_threads=1)
    result, _ = _rapid(np.asarray(image))
    return "\n".join(item[1] for item in result or [])


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _child(engine: str, pages: int, dpi: int) -> dict:
    from rapidfuzz.distance import Levenshtein

    def ocr(image, lang: str) -> str:  # type: ignore[no-untyped-def]
        return _tesseract(image, lang) if engine.startswith("tesseract") else _rapidocr(image)

    eng_lang = "eng"
    cjk_lang = "chi_sim" if engine == "tesseract+chi_sim" else "eng"
    rows = []
    seconds = 0.0
    for pdf in TEXT_PDFS[:pages]:
        image, truth = _render(pdf, 0, dpi)
        t0 = time.perf_counter()
        got = ocr(image, eng_lang)
        seconds += time.perf_counter() - t0
        a, b = _norm(truth), _norm(got)
        true_words = Counter(re.findall(r"\w+", truth.lower()))
        got_words = Counter(re.findall(r"\w+", got.lower()))
        rows.append(
            {
                "file": pdf.name,
                "chars": len(a),
                "cer": Levenshtein.distance(a, b) / max(len(a), 1),
                "cer_nospace": Levenshtein.distance(a.replace(" ", ""), b.replace(" ", "")) / max(len(a), 1),
                "word_recall": sum((true_words & got_words).values()) / max(sum(true_words.values()), 1),
            }
        )
    scans = []
    scan_seconds = 0.0
    scan_pages = 0
    for pdf in SCANS:
        import pypdfium2 as pdfium

        n = len(pdfium.PdfDocument(str(pdf)))
        for index in range(n):
            image, _ = _render(pdf, index, dpi)
            t0 = time.perf_counter()
            got = ocr(image, cjk_lang if "203" in pdf.name else eng_lang)
            scan_seconds += time.perf_counter() - t0
            scan_pages += 1
            chars = _norm(got)
            cjk = sum("\u4e00" <= ch <= "\u9fff" for ch in chars)
            scans.append({"file": f"{pdf.name} p{index + 1}", "chars": len(chars), "cjk": cjk, "sample": chars[:70]})
    self_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    child_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {
        "engine": engine,
        "text_pages": rows,
        "text_pages_per_s": len(rows) / seconds,
        "scans": scans,
        "scan_pages_per_s": scan_pages / scan_seconds,
        "peak_mb": round(max(self_mb, child_mb), 1),
        "peak_self_mb": round(self_mb, 1),
        "peak_child_mb": round(child_mb, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", type=int, default=8, help="text PDFs (first page each) with known text")
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--engines", default="tesseract,tesseract+chi_sim,rapidocr")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(_child(args.child, args.pages, args.dpi)))
        return
    results = []
    for engine in args.engines.split(","):
        out = subprocess.run(
            [sys.executable, __file__, "--child", engine, "--pages", str(args.pages), "--dpi", str(args.dpi)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        results.append(json.loads(out.strip().splitlines()[-1]))
    print(f"text PDFs rendered at {args.dpi} dpi, first page of each of {args.pages}; one thread per engine\n")
    print("| engine | CER | CER (no spaces) | word recall | text pages/s | scan pages/s | peak MB |")
    print("|---|---|---|---|---|---|---|")
    for r in results:
        rows = r["text_pages"]
        total = sum(x["chars"] for x in rows)
        cer = sum(x["cer"] * x["chars"] for x in rows) / total
        cer_ns = sum(x["cer_nospace"] * x["chars"] for x in rows) / total
        recall = sum(x["word_recall"] for x in rows) / len(rows)
        print(
            f"| {r['engine']} | {cer:.1%} | {cer_ns:.1%} | {recall:.1%} | {r['text_pages_per_s']:.2f} "
            f"| {r['scan_pages_per_s']:.2f} | {r['peak_mb']:.0f} |"
        )
    print("\nper text page CER:")
    print("| file | chars | " + " | ".join(r["engine"] for r in results) + " |")
    print("|---|---|" + "---|" * len(results))
    for i, row in enumerate(results[0]["text_pages"]):
        cells = " | ".join(f"{r['text_pages'][i]['cer']:.1%}" for r in results)
        print(f"| {row['file']} | {row['chars']} | {cells} |")
    print("\nscans (no truth): characters recognised / CJK characters, and the start of the text")
    print("| page | " + " | ".join(r["engine"] for r in results) + " |")
    print("|---|" + "---|" * len(results))
    for i, row in enumerate(results[0]["scans"]):
        cells = " | ".join(
            f"{r['scans'][i]['chars']} / {r['scans'][i]['cjk']}: {r['scans'][i]['sample'][:40]!r}" for r in results
        )
        print(f"| {row['file']} | {cells} |")


if __name__ == "__main__":
    main()
