"""OCR of pages without a text layer (Tesseract): text, boxes in PDF points, the page and document marks."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
from rapidfuzz.distance import Levenshtein

from app.ingest.ocr import make_ocr, ocr_lines, parse_tsv
from app.ingest.page_geometry import read_page_geometry
from app.ingest.pdf import extract_pdf
from app.ingest.pdfium import render_page
from app.settings import OcrSettings

PDFS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "pdfs"


def test_ocr_can_be_turned_off() -> None:
    assert make_ocr(OcrSettings(enabled=False)) is None
    assert make_ocr(OcrSettings()) is not None  # scripts/setup.sh installs tesseract-ocr


def test_tsv_words_keep_their_lines_and_drop_noise() -> None:
    tsv = "\n".join(
        [
            "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
            "4\t1\t1\t1\t1\t0\t10\t10\t200\t20\t-1\t",
            "5\t1\t1\t1\t1\t1\t10\t10\t50\t20\t96.5\tHello",
            "5\t1\t1\t1\t1\t2\t70\t10\t60\t20\t91.0\tworld",
            "5\t1\t1\t1\t2\t1\t10\t40\t30\t20\t12.0\t~~",
            "5\t1\t2\t1\t1\t1\t10\t90\t40\t20\t88.0\tNext",
        ]
    )
    words = parse_tsv(tsv, min_confidence=30)
    assert [w.text for w in words] == ["Hello", "world", "Next"]
    assert words[0].bbox == (10, 10, 60, 30)
    lines = ocr_lines(words, scale=0.5)  # pixels → points at half the resolution
    assert [ln.text for ln in lines] == ["Hello world", "Next"]
    assert lines[0].words[1].bbox == (35.0, 5.0, 65.0, 15.0)
    assert lines[1].new_block  # another block of the engine


def test_ocr_reads_a_rendered_text_page_with_boxes_where_the_words_are() -> None:
    # A text PDF drawn to an image: the truth is its own text layer and the positions of its lines.
    path = PDFS / "reports" / "eu-013.pdf"
    engine = make_ocr(OcrSettings())
    assert engine is not None
    image = render_page(path, 1, engine.dpi / 72)
    lines = ocr_lines(engine.read(image), 72 / engine.dpi)
    doc = pdfium.PdfDocument(str(path))
    try:
        geometry = read_page_geometry(doc[0])
    finally:
        doc.close()
    a = " ".join(geometry.text.split())
    b = " ".join(" ".join(ln.text for ln in lines).split())
    assert Levenshtein.distance(a, b) / len(a) < 0.05
    # Each line is found where the PDF prints it (within a few points).
    truth = {ln.text: ln.bbox for ln in geometry.lines}
    heading = "5.2. Continuing vocational education and training"
    found = next(ln for ln in lines if ln.text == heading)
    for got, want in zip(found.bbox, truth[heading], strict=True):
        assert abs(got - want) < 4, (found.bbox, truth[heading])


def test_a_scanned_page_is_read_and_marked_ocr() -> None:
    doc = extract_pdf(PDFS / "edge_cases" / "image.pdf", max_pages=10, ocr=make_ocr(OcrSettings()))
    assert doc.text_source == "ocr"
    (page,) = doc.pages
    assert page.text_source == "ocr" and not page.has_text_layer
    assert "Integrative Health and Sports Performance" in page.text
    assert re.search(r"Telephone: 937-433-0909", page.text)
    assert len(page.passages) >= 5
    for p in page.passages:
        x0, top, x1, bottom = p.bbox
        assert 0 <= x0 < x1 <= page.width and 0 <= top < bottom <= page.height
    head = next(p for p in page.passages if p.text.startswith("Integrative Health"))
    assert head.bbox[1] < 0.15 * page.height  # the letterhead is at the top of the page
