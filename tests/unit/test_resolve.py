"""Resolving named documents, pages and tables; the sentence said when one does not exist."""

from __future__ import annotations

import pytest

from app.qa.classify.model import TableRef
from app.qa.classify.question import classify, label_key
from app.qa.resolve import (
    DocInfo,
    Missing,
    TableInfo,
    caption_key,
    describe_labels,
    missing_file,
    missing_page,
    named_files,
    resolve_page,
    resolve_tables,
)

DOC = DocInfo("d1", "eu-004.pdf", 15)


def _tables() -> list[TableInfo]:
    pages = [2, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 14]
    out = []
    for i, page in enumerate(pages):
        on_page = pages[:i].count(page)
        out.append(TableInfo(f"t{i + 1}", "d1", page, on_page, i, caption=f"Table 6.{i + 1}: caption {i + 1}"))
    out[7] = TableInfo("t8", "d1", 9, 0, 7, caption="Table 6.8: Franchising across the member states")
    return out


@pytest.mark.parametrize(
    ("text", "key"),
    [("Table 6.4", "6.4"), ("Table 2-1", "2.1"), ("Table: 5", "5"), ("Table A4-12", "A4.12"), ("TABLE IV", "4"),
     ("table two", "2"), ("6.10", "6.10"), ("Table 03", "3"), ("Table about x", None), ("Table A-1", "A1"),
     ("Table B.12", "B12"), ("Table DC", "DC"), ("Table of", None), ("Table - 3", "3"), ("TABLE – 12", "12"),
     ("Table - about", None)],
)  # fmt: skip
def test_label_key(text: str, key: str | None) -> None:
    assert label_key(text) == key


def test_caption_key_reads_the_leading_label_only() -> None:
    assert caption_key("Table 6.10 Private Label Penetration") == "6.10"
    assert caption_key("Table 2-1. Simulated fuel savings") == "2.1"
    assert caption_key("Source: Table 3 of the census") is None
    assert caption_key("Table A-1. Coverage of target populations") == "A1"  # a letter series, then the number
    assert caption_key("Exhibit 5: Segment results") == "5"  # the label words of the questions' grammar
    assert caption_key(None) is None
    assert caption_key("Table - 3: BE & RE FY2025-26") == "3"  # a dash between the label word and its number


@pytest.mark.parametrize(
    ("question", "label", "number", "page"),
    [
        ("What is in Table 6.4 of eu-004.pdf?", "6.4", None, None),
        ("Show Table 2-1", "2.1", None, None),
        ("Table: 5 please", "5", 5, None),
        ("values of Table A4-12", "A4.12", None, None),
        ("Show Table A-1 of us-020.pdf", "A1", None, None),
        ("table 2 on page 2", "2", 2, 2),
        ("What does Table - 3 show?", "3", 3, None),
    ],
)
def test_classify_reads_table_labels(question: str, label: str, number: int | None, page: int | None) -> None:
    parsed = classify(question)
    assert parsed.question_type == "structural" and not parsed.pages
    assert [(t.label, t.number, t.page) for t in parsed.tables] == [(label, number, page)]


def test_classify_reads_caption_words_and_ordinals() -> None:
    about = classify("What does the table about franchising say about Austria?")
    assert about.tables[0].caption == "franchising about austria"
    second = classify("the second table on page 2")
    assert [(t.number, t.page, t.label) for t in second.tables] == [(2, 2, None)]


def test_label_resolution() -> None:
    tables = _tables()
    got = resolve_tables(TableRef(number=None, label="6.4", by_label=True), DOC, tables)
    assert not isinstance(got, Missing) and [t.id for t in got.tables] == ["t4"]
    ten = resolve_tables(TableRef(number=None, label="6.10", by_label=True), DOC, tables)
    assert not isinstance(ten, Missing) and [t.id for t in ten.tables] == ["t10"]  # not 6.1


def test_one_label_on_two_tables_of_a_page_gives_both_to_the_reader() -> None:
    tables = [TableInfo("r", "d1", 25, 0, 0, caption="Table 20. ODR configuration ODR 0000"),
              TableInfo("c", "d1", 25, 1, 1, caption="Table 20. ODR configuration"),
              TableInfo("n", "d1", 26, 0, 2, caption="Table 20 (continued)"),
              TableInfo("o", "d1", 27, 0, 3, caption="Table 21. Current")]  # fmt: skip
    sheet = DocInfo("d1", "sensor-datasheet.pdf", 40)
    got = resolve_tables(TableRef(number=None, label="20", by_label=True), sheet, tables)
    assert not isinstance(got, Missing) and [t.id for t in got.tables] == ["r", "c", "n"]
    on_page = resolve_tables(TableRef(number=None, label="20", page=25, by_label=True), sheet, tables)
    assert not isinstance(on_page, Missing) and [t.id for t in on_page.tables] == ["r", "c"]


def test_missing_label_says_which_exist() -> None:
    got = resolve_tables(TableRef(number=None, label="9.1", by_label=True), DOC, _tables())
    assert isinstance(got, Missing)
    assert got.message == "eu-004.pdf has no Table 9.1; its tables are 6.1 to 6.12."


def test_plain_number_is_a_position_only_when_no_table_has_a_label() -> None:
    seventh = resolve_tables(TableRef(number=7, label="7", by_label=True), DOC, _tables())
    assert isinstance(seventh, Missing) and seventh.message == "eu-004.pdf has no Table 7; its tables are 6.1 to 6.12."
    plain = [TableInfo(f"p{i}", "d1", 1, i, i, caption=f"Table {i + 1}: x") for i in range(3)]
    missing = resolve_tables(TableRef(number=7, label="7", by_label=True), DOC, plain)
    assert isinstance(missing, Missing) and missing.message == "eu-004.pdf has no Table 7; its tables are 1, 2 and 3."
    unlabelled = [TableInfo(f"u{i}", "d1", 1, i, i, caption="Literacy by state") for i in range(3)]
    second = resolve_tables(TableRef(number=2, label="2", by_label=True), DOC, unlabelled, lambda: frozenset({"2"}))
    assert not isinstance(second, Missing) and [t.id for t in second.tables] == ["u1"]


def test_unlabelled_tables_have_no_numbered_table_the_text_never_speaks_of() -> None:
    # A form or a datasheet whose tables carry no labels and whose pages never say "Table 3": asked for its Table 3,
    # it has none (its third table is a guess), and the answer says what it holds instead.
    unlabelled = [TableInfo(f"u{i}", "d1", 1, i, i, caption=None) for i in range(4)]
    third = resolve_tables(TableRef(number=3, label="3", by_label=True), DOC, unlabelled, lambda: frozenset({"1"}))
    assert isinstance(third, Missing)
    assert third.message == "eu-004.pdf has no Table 3; its tables are 4 unlabelled tables."


def test_labels_from_the_label_field_win_over_captions() -> None:
    tables = [TableInfo("a", "d1", 1, 0, 0, caption="Growth by state", label="Table 2-1")]
    got = resolve_tables(TableRef(number=None, label="2.1", by_label=True), DOC, tables)
    assert not isinstance(got, Missing) and got.tables[0].id == "a"


def test_ordinal_on_a_page() -> None:
    tables = _tables()
    second = resolve_tables(TableRef(number=2, page=2), DOC, tables)
    assert not isinstance(second, Missing) and [t.id for t in second.tables] == ["t2"]
    # "table 2 on page 2": no table labelled 2 there, so the second table of the page.
    labelled = resolve_tables(TableRef(number=2, page=2, label="2", by_label=True), DOC, tables)
    assert not isinstance(labelled, Missing) and [t.id for t in labelled.tables] == ["t2"]
    third = resolve_tables(TableRef(number=3, page=2), DOC, tables)
    assert isinstance(third, Missing) and third.message == "Page 2 of eu-004.pdf has 2 tables, not a 3rd."
    none = resolve_tables(TableRef(number=None, page=5), DOC, tables)
    assert isinstance(none, Missing) and none.message.startswith("Page 5 of eu-004.pdf has no table")
    beyond = resolve_tables(TableRef(number=None, page=40), DOC, tables)
    assert isinstance(beyond, Missing) and beyond.message == "eu-004.pdf has 15 pages; there is no page 40."


def test_caption_words() -> None:
    got = resolve_tables(TableRef(number=None, caption="franchising say austria"), DOC, _tables())
    assert not isinstance(got, Missing) and got.tables[0].id == "t8"
    nothing = resolve_tables(TableRef(number=None, caption="wine exports"), DOC, _tables())
    assert isinstance(nothing, Missing) and "6.1 to 6.12" in nothing.message


def test_continuations_are_not_counted_as_tables() -> None:
    tables = [TableInfo("a", "d1", 1, 0, 0, caption="Table 1: x"), TableInfo("b", "d1", 2, 0, 1, continues_id="a"),
              TableInfo("c", "d1", 3, 0, 2, caption="Table 2: y")]  # fmt: skip
    second = resolve_tables(TableRef(number=2), DOC, tables)
    assert not isinstance(second, Missing) and second.tables[0].id == "c"
    assert describe_labels(tables) == "Tables 1 and 2"


def test_pages() -> None:
    assert resolve_page(1, DOC) == 1 and resolve_page(-1, DOC) == 15 and resolve_page(16, DOC) is None
    assert resolve_page(99999999999999999999, DOC) is None
    assert missing_page(40, DOC, []).message == "eu-004.pdf has 15 pages; there is no page 40."
    parsed = classify("What is on page 99999999999999999999 of the report?")
    assert parsed.pages == [99999999999999999999]


def test_named_files_and_missing_file() -> None:
    assert named_files("What does the table on page 3 of eu-021.pdf show?") == ["eu-021.pdf"]
    assert named_files("compare report_2020.PDF and x") == ["report_2020.PDF"]
    assert named_files("what is on page 3?") == []
    docs = [DocInfo("a", "eu-004.pdf", 15), DocInfo("b", "diesel_engines.pdf", 20)]
    got = missing_file("eu-021.pdf", docs)
    assert got.message.startswith("There is no ready document named eu-021.pdf in this collection.")
    assert "eu-004.pdf" in got.message and "diesel_engines.pdf" not in got.message
    processing = missing_file("eu-021.pdf", docs, "processing")
    assert "(it is processing, not ready)" in processing.message


def test_a_chapter_table_numbered_with_a_spaced_dash_is_keyed_by_both_numbers() -> None:
    # stored with the label cut at the first space ("Table 3"); the caption says the whole label
    table = TableInfo("t", "d", 28, 2, 12, caption="Table 3 – 3 Crashes by Weather", label="Table 3")
    assert table.key == "3.3"
    assert TableInfo("u", "d", 5, 0, 1, caption="Table 3 – 2019 population", label="Table 3").key == "3"
    assert TableInfo("v", "d", 5, 0, 1, caption="Table 4 – 2", label="Table 7").key == "7"
