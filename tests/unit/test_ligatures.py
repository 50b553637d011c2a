"""Glyphs pdfium marks without a character, read as a join or the ligature that makes a word (app.ingest.ligatures)."""

from __future__ import annotations

from app.ingest.ligatures import MARK, repaired, vocabulary
from app.ingest.page_geometry import clean_text


def test_the_bundled_vocabulary_is_read() -> None:
    assert {"financial", "passages", "effective"} <= vocabulary()


def test_a_mark_inside_a_word_is_a_cut_when_the_join_is_a_word() -> None:
    assert repaired(f"pas{MARK}sages") == "passages"


def test_a_mark_is_the_ligature_that_makes_a_word() -> None:
    assert repaired(f"e{MARK}ective") == "effective"
    assert repaired(f"signi{MARK}cant") == "significant"
    assert repaired(f"{MARK}rst,") == "first,"
    assert repaired(f"({MARK}scal") == "(fiscal"
    assert repaired(f"{MARK}ows") == "flows"


def test_an_unknown_word_keeps_the_join() -> None:
    assert repaired(f"ENNOID{MARK}BMS") == "ENNOIDBMS"


def test_page_text_is_repaired_across_a_line_break() -> None:
    text = "the \uffferst weeks of\n\ufffescal 2023 were signi\ufffe\ncant"
    assert clean_text(text) == "the first weeks of\nfiscal 2023 were significant"
