"""extract_pdf over the real PDF collection: page counts, errors, scans, passages and boxes."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from app.ingest.extracted import CorruptPdf, ExtractedDocument, NoText, PasswordRequired, TooManyPages, WrongPassword
from app.ingest.ocr import make_ocr
from app.ingest.pdf import extract_pdf
from app.ingest.titles import looks_like_heading
from app.settings import OcrSettings

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
PDFS = DATA / "pdfs"
# Loaded unconditionally: without the shared corpus these tests must fail, not quietly parametrise over nothing.
MANIFEST: list[dict[str, Any]] = json.loads((PDFS / "manifest.json").read_text())["files"]


def pdf_path(entry: dict[str, Any]) -> Path:
    return PDFS / entry["file"].removeprefix("shared/data/pdfs/")


def by_tag(tag: str) -> list[dict[str, Any]]:
    return [e for e in MANIFEST if tag in e.get("tags", [])]


OPENABLE = [e for e in MANIFEST if "password" not in e]
# Without OCR these have no text at all (scans, a blank page): extraction says so (NoText).
NO_TEXT = {"image.pdf", "issue-203-decimalize.pdf", "empty.pdf"}


@cache
def extracted(name: str) -> ExtractedDocument:
    # Each file is extracted once per test session; several tests look at the same result.
    entry = next(e for e in MANIFEST if e["file"].endswith("/" + name))
    return extract_pdf(pdf_path(entry), max_pages=1000)


def name_of(entry: dict[str, Any]) -> str:
    return entry["file"].rsplit("/", 1)[1]


@pytest.mark.parametrize("entry", [e for e in OPENABLE if name_of(e) not in NO_TEXT], ids=name_of)
def test_every_openable_pdf_extracts_with_its_page_count(entry: dict[str, Any]) -> None:
    doc = extracted(name_of(entry))
    assert doc.page_count == entry["pages"] == len(doc.pages)
    assert [p.number for p in doc.pages] == list(range(1, entry["pages"] + 1))


@pytest.mark.parametrize("entry", by_tag("encrypted"), ids=name_of)
def test_encrypted_pdfs_ask_for_a_password(entry: dict[str, Any]) -> None:
    with pytest.raises(PasswordRequired):
        extract_pdf(pdf_path(entry), max_pages=1000)


def test_truncated_pdf_is_corrupt(tmp_path: Path) -> None:
    data = (PDFS / "reports" / "eu-021.pdf").read_bytes()
    broken = tmp_path / "truncated.pdf"
    broken.write_bytes(data[: len(data) // 2])
    with pytest.raises(CorruptPdf):
        extract_pdf(broken, max_pages=1000)


def test_text_file_renamed_pdf_is_corrupt(tmp_path: Path) -> None:
    fake = tmp_path / "notes.pdf"
    fake.write_text("just some notes, not a PDF\n" * 20)
    with pytest.raises(CorruptPdf, match="not a PDF"):
        extract_pdf(fake, max_pages=1000)


def test_empty_file_is_corrupt(tmp_path: Path) -> None:
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    with pytest.raises(CorruptPdf):
        extract_pdf(empty, max_pages=1000)


def test_too_many_pages_is_checked_before_work() -> None:
    progress: list[tuple[int, int]] = []
    with pytest.raises(TooManyPages, match="23"):
        extract_pdf(PDFS / "reports" / "diesel_engines.pdf", max_pages=5, on_progress=lambda *a: progress.append(a))
    assert progress == []


def test_progress_is_reported_after_each_page() -> None:
    progress: list[tuple[int, int]] = []
    extract_pdf(PDFS / "tables" / "us-030.pdf", max_pages=10, on_progress=lambda d, n: progress.append((d, n)))
    assert progress == [(1, 3), (2, 3), (3, 3)]


def test_malformed_pdf_is_repaired_and_extracted() -> None:
    doc = extracted("malformed-from-issue-932.pdf")
    assert doc.pages[0].has_text_layer


@pytest.mark.parametrize("entry", by_tag("scanned") + by_tag("empty-page"), ids=name_of)
def test_documents_without_any_text_say_so_when_ocr_is_off(entry: dict[str, Any]) -> None:
    with pytest.raises(NoText, match="no text found: .* OCR is turned off"):
        extract_pdf(pdf_path(entry), max_pages=1000)


def test_blank_page_stays_without_text_even_with_ocr() -> None:
    # No image on the page: nothing for OCR to read, so it is not even tried; the document says "no text".
    with pytest.raises(NoText, match="its page has no text layer, and OCR read no text"):
        extract_pdf(PDFS / "edge_cases" / "empty.pdf", max_pages=10, ocr=make_ocr(OcrSettings()))


@pytest.mark.parametrize(
    ("name", "password"),
    [("health_protected.pdf", "userpass"), ("password-example.pdf", "test"), ("encrypted.pdf", "userpassword")],
)
def test_encrypted_pdfs_open_with_their_password_only(name: str, password: str) -> None:
    path = PDFS / "edge_cases" / name
    doc = extract_pdf(path, max_pages=100, password=password)
    assert doc.pages and sum(len(p.passages) + len(p.tables) for p in doc.pages) > 0
    assert all(p.text_source == "pdf" and p.has_text_layer for p in doc.pages)
    with pytest.raises(WrongPassword) as wrong:
        extract_pdf(path, max_pages=100, password=password + "x")
    assert "wrong password" in str(wrong.value) and password not in str(wrong.value)


def test_titles_are_headings_never_fragments_or_running_headers() -> None:
    # eu-013 starts mid-list ("These general objectives were developed to:"); its largest heading is 5.2.
    assert extracted("eu-013.pdf").title == "5.2. Continuing vocational education and training"
    # eu-021's top lines are running headers (alternating on odd and even pages) and its page 1 has no
    # heading of its own: no title rather than a header or a figure caption.
    title = extracted("eu-021.pdf").title
    assert title not in ("Presentation of Findings", "Healthy Students Healthy Lives")
    assert title is None
    assert extracted("diesel_engines.pdf").title == "SECTION 2 DIESEL ENGINES"
    assert extracted("eu-004.pdf").title.startswith("CHAPTER 6")  # type: ignore[union-attr]


def test_rotated_page_is_measured_as_displayed() -> None:
    page = extracted("m27.pdf").pages[0]  # /Rotate 90 on a portrait letter page
    assert (page.width, page.height) == (792.0, 612.0)
    assert page.passages or page.tables


@pytest.mark.parametrize("name", ["issue-982-example.pdf", "federal-register-2020-17221.pdf", "eu-021.pdf"])
def test_passages_respect_word_limits(name: str) -> None:
    doc = extracted(name)
    counts = [len(p.text.split()) for page in doc.pages for p in page.passages if not p.margin]
    assert all(c <= 80 for c in counts)
    # A passage shorter than min_words is a region of its own (a caption, a heading set apart, the
    # end of a column): rare in running text. Running headers kept once are passages apart, one line each.
    assert sum(c < 10 for c in counts) <= 0.12 * len(counts), counts
    headers = [p.text for page in doc.pages for p in page.passages if p.margin]
    assert len(headers) <= 4 and all(len(h.split()) <= 30 for h in headers), headers


def test_running_header_is_kept_once_on_the_first_page_it_appears() -> None:
    # "PRIMARY ELECTION, AUGUST 7, 2018" heads every page of the election results: it is the only place the date
    # of the election is written. It is kept on page 1, as a passage of its own, and on no later page.
    doc = extracted("vertical_header.pdf")
    found = [(page.number, p.text, p.margin) for page in doc.pages for p in page.passages if "PRIMARY" in p.text]
    assert found == [(1, "PRIMARY ELECTION, AUGUST 7, 2018", True)]
    # The Federal Register's running head gives the date; the sentence cut by the page break is whole and
    # holds no header.
    fr = extracted("federal-register-2020-17221.pdf")
    texts = [p.text for page in fr.pages for p in page.passages]
    assert any(t.startswith("Federal Register / Vol. 85, No. 152 / Thursday, August 6, 2020") for t in texts)
    assert not any("Federal Register / Vol." in t and "proposes" in t for t in texts)
    assert any("proposes to require operators to conduct an AOA sensor system test" in t for t in texts)


REPORTS = [e for e in MANIFEST if e["file"].startswith("shared/data/pdfs/reports/")]


@pytest.mark.parametrize("entry", REPORTS, ids=name_of)
def test_passage_boxes_cover_one_compact_region(entry: dict[str, Any]) -> None:
    # A passage never joins lines across a figure, a table, a column change or the page margins,
    # so its highlight box stays far smaller than the page (the reports hold no single block of
    # text that tall).
    for page in extracted(name_of(entry)).pages:
        for p in page.passages:
            assert p.bbox[3] - p.bbox[1] <= 0.45 * page.height, (page.number, p.bbox, p.text[:80])


def test_running_headers_and_page_numbers_stay_out_of_passages() -> None:
    doc = extracted("eu-021.pdf")  # alternating headers "Healthy Students Healthy Lives ____ 20"
    headers = ("Healthy Students Healthy Lives", "Presentation of Findings")
    kept = []
    for page in doc.pages:
        assert any(h in page.text for h in headers)  # still in the page text
        for p in page.passages:
            if p.margin:  # kept once, as a passage apart (test_running_header_is_kept_once_…)
                kept.append(p.text)
                continue
            assert not p.text.startswith(headers) and "_____" not in p.text, (page.number, p.text[:80])
            assert p.text.split()[-1] != str(page.number + 16), (page.number, p.text[-40:])
    assert sorted(kept) == sorted(headers)
    # The page number at the bottom of eu-004 page 2 is not glued to the caption at its top.
    page = extracted("eu-004.pdf").pages[1]
    assert "41" in page.text.split()
    assert page.passages[0].text.startswith("Table 6.1: Size of the market")
    # A footer repeating on every page (with the page number in it) is gone from all passages.
    for page in extracted("us-018.pdf").pages:
        assert not any("Projections of Education Statistics to 2021 5" in p.text for p in page.passages if not p.margin)


@pytest.mark.parametrize("name", ["issue-982-example.pdf", "diesel_engines.pdf", "us-018.pdf", "m27.pdf"])
def test_boxes_lie_within_their_page(name: str) -> None:
    for page in extracted(name).pages:
        for box in [p.bbox for p in page.passages] + [t.bbox for t in page.tables]:
            x0, top, x1, bottom = box
            assert 0 <= x0 <= x1 <= page.width + 0.01 and 0 <= top <= bottom <= page.height + 0.01


def test_two_column_paper_reads_each_column_top_to_bottom() -> None:
    # In a two-column page the passages run down the left column, then down the right one:
    # their vertical position only goes back up when the passage moves to the right.
    page = extracted("issue-982-example.pdf").pages[2]
    boxes = [p.bbox for p in page.passages]
    assert len(boxes) >= 4
    for prev, cur in zip(boxes, boxes[1:], strict=False):
        assert cur[1] >= prev[1] - 5 or cur[0] > prev[0] + 100, (prev, cur)


def test_passage_text_comes_from_the_page_text() -> None:
    page = extracted("eu-021.pdf").pages[0]
    flat = " ".join(page.text.split())
    for p in page.passages:
        assert p.text.split()[0] in flat


def test_title_from_metadata_or_first_heading() -> None:
    assert extracted("issue-982-example.pdf").title == "Art in Machine Learning"
    assert extracted("12s0324.pdf").title == "Arrests by Sex and Age"  # metadata
    # A file name in the metadata is not a title: image.pdf's "Sample Dexa Report.PDF" gives way to the
    # largest type that OCR read on the page.
    scanned = extract_pdf(PDFS / "edge_cases" / "image.pdf", max_pages=10, ocr=make_ocr(OcrSettings()))
    assert scanned.title and not scanned.title.lower().endswith(".pdf")


def test_a_heading_cut_from_a_longer_line_is_no_title() -> None:
    # The malformed scan's largest OCR'd line is a piece of a bracketed phrase: no title beats a fragment.
    scanned = extract_pdf(
        PDFS / "edge_cases" / "malformed-from-issue-932.pdf", max_pages=10, ocr=make_ocr(OcrSettings())
    )
    assert scanned.title is None or scanned.title.count("(") == scanned.title.count(")")
    assert looks_like_heading("Table of Contents (Draft)")
    assert not looks_like_heading("TAZ ZAFR, ARLER)")


def test_a_word_hyphenated_at_a_line_end_is_read_whole() -> None:
    # pdfium marks the hyphen a line break made ("cer\ufffetificate"): the word is whole again, not "cer tificate".
    text = " ".join(p.text for page in extracted("diesel_engines.pdf").pages for p in page.passages)
    assert "The maximum period of validity of a type approval certificate is 5 years." in text
    assert not re.search(r"\b(?:cer tificate|con structed|indi vidual|vari ation)\b", text)


def test_a_sentence_cut_by_a_page_break_is_read_whole_on_the_next_page() -> None:
    pages = extracted("federal-register-2020-17221.pdf").pages
    carried = [p.text for p in pages[1].passages if "189 fatalities" in p.text]
    assert carried == [
        "Background On October 29, 2018, a Boeing Model 737–8 airplane operated by Lion Air (Lion Air Flight 610) "
        "was involved in an accident after takeoff from Soekarno Hatta International Airport in Jakarta, Indonesia, "
        "resulting in 189 fatalities."
    ]
    # The running footer after the cut word ("VerDate Sep<11>2014 …", a printer's slug, not kept even once) is not
    # taken for its second part.
    assert not any("VerDate" in p.text for page in pages for p in page.passages)
