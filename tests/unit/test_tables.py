"""Table rendering helpers and known cells from the real PDF collection."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.ingest.pdf import extract_pdf
from app.ingest.tables import is_degenerate, normalise_rows, rows_to_markdown

PDFS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "pdfs"



def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def cells_on_page(relpath: str, page: int) -> set[str]:
    doc = extract_pdf(PDFS / relpath, max_pages=100)
    return {norm(c) for t in doc.pages[page - 1].tables for r in t.rows for c in r}


def test_markdown_escapes_pipes_and_flattens_newlines() -> None:
    md = rows_to_markdown([["a|b", "c"], ["line1\nline2", ""]])
    assert md.splitlines() == ["| a\\|b | c |", "|---|---|", "| line1 line2 |  |"]


def test_markdown_pads_ragged_rows() -> None:
    assert rows_to_markdown([["h1", "h2"], ["x"]]).splitlines()[-1] == "| x |  |"


def test_normalise_rows_turns_none_into_empty_and_drops_empty_rows_and_columns() -> None:
    rows = normalise_rows([[None, "a", None], [None, None, None], [None, " b\n c ", None]])
    assert rows == [["a"], ["b c"]]


def test_degenerate_tables_are_recognised() -> None:
    assert is_degenerate([["only cell"]])
    assert is_degenerate([["", ""], ["", ""]])
    assert not is_degenerate([["Year", "Value"], ["2019", "12"], ["2020", "14"]])


@pytest.mark.parametrize(
    ("relpath", "page", "expected"),
    [
        # ruled (lattice) tables
        ("tables/us-030.pdf", 2, {"Cycle Name", "KI (1/km)", "Decreased Accel", "29.2%", "2145_1"}),
        ("reports/WARN-Report-for-7-1-2015-to-03-25-2016.pdf", 1, {"Maxim Integrated Product", "San Jose", "150"}),
        # whitespace columns (camelot stream)
        ("tables/health.pdf", 1, {"Andhra Pradesh", "47,824,589", "73,980,669"}),
        # horizontal rules only
        ("reports/us-018.pdf", 1, {"Alabama"}),
        # sideways table on an upright page
        ("tables/anticlockwise_table_2.pdf", 1, {"Modern method", "Traditional method", "Condom/"}),
    ],
)
def test_known_cells_are_found(relpath: str, page: int, expected: set[str]) -> None:
    missing = expected - cells_on_page(relpath, page)
    assert not missing


def test_tables_have_markdown_bbox_and_caption() -> None:
    doc = extract_pdf(PDFS / "tables" / "12s0324.pdf", max_pages=10)
    tables = doc.pages[0].tables
    assert len(tables) >= 2
    for t in tables:
        assert t.markdown.startswith("| ") and len(t.markdown.splitlines()) == len(t.rows) + 1
        x0, top, x1, bottom = t.bbox
        assert 0 <= x0 < x1 <= doc.pages[0].width and 0 <= top < bottom <= doc.pages[0].height
    assert any(t.caption and t.caption.startswith("Table 32") for t in tables)


def test_prose_pages_get_no_tables() -> None:
    doc = extract_pdf(PDFS / "reports" / "issue-982-example.pdf", max_pages=10)
    assert sum(len(p.tables) for p in doc.pages[:2]) == 0
