"""The two f's of a ligature glyph are both read (app/ingest/ligatures.py, printed_twice): a table's "Gini
coefficient" is not "Gini coeficient"; and a character beyond the 16-bit plane is read whole
(app/ingest/symbols.py, index_text): "Adjusted 𝑅2", not "Adjusted 2". reportlab sets neither, so the PDF is written
by hand: a Helvetica whose code 1 draws the "fi" glyph and reads, by its ToUnicode map, as "ff" (as TeX's fonts map
their "ff" glyph), and whose code 2 draws an R read as the mathematical italic 𝑅 (U+1D445, as unicode-math sets it)."""

from __future__ import annotations

from pathlib import Path

from app.ingest.ligatures import printed_twice
from app.ingest.page_geometry import Char
from tests.unit.pdf_pages import first_page_geometry


def _ligature_pdf(path: Path, words: list[tuple[int, int, bytes]]) -> None:
    cmap = (
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /L def "
        b"1 begincodespacerange <00> <FF> endcodespacerange "
        b"2 beginbfchar <01> <00660066> <02> <D835DC45> endbfchar "
        b"1 beginbfrange <20> <7E> <0020> endbfrange endcmap CMapName currentdict /CMap defineresource pop end end"
    )
    content = b"".join(b"BT /F1 12 Tf %d %d Td (" % (x, y) + t + b") Tj ET\n" for x, y, t in words)
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
        b" /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica"
        b" /Encoding << /Type /Encoding /Differences [1 /fi /R] >> /ToUnicode 6 0 R >>",
        b"<< /Length %d >>\nstream\n" % len(cmap) + cmap + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, obj in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + obj + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    path.write_bytes(bytes(out))


def test_both_fs_of_a_ligature_glyph_are_read(tmp_path: Path) -> None:
    path = tmp_path / "ligature.pdf"
    _ligature_pdf(path, [(72, 700, b"Gini coe\x01icient"), (72, 680, b"Di\x01erence in means")])
    lines = [ln.text for ln in first_page_geometry(path).lines]
    assert lines == ["Gini coefficient", "Difference in means"]


def test_a_character_beyond_the_16_bit_plane_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "math.pdf"
    _ligature_pdf(path, [(72, 700, b"Adjusted \x022    0.705"), (72, 680, b"Observations    482")])
    lines = [ln.text for ln in first_page_geometry(path).lines]
    assert lines[0].split() == ["Adjusted", "\U0001d4452", "0.705"]


def test_a_letter_printed_twice_a_little_apart_is_read_once() -> None:
    assert printed_twice(Char("B", 10.0, 5.0, 17.0, 15.0), Char("B", 10.4, 5.0, 17.4, 15.0))
    assert printed_twice(Char("f", 10.0, 5.0, 14.0, 15.0), Char("f", 10.4, 5.0, 14.4, 15.0))
    assert not printed_twice(Char("f", 10.0, 5.0, 14.0, 15.0), Char("f", 10.0, 5.0, 14.0, 15.0))
