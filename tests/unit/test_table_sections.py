"""Sections of statement-like tables (app.qa.tables.sections) and the checks that keep a table's reading to what it
says (app.qa.tables.question_fit): a total that names its section closes it, the block above the first heading is
named by the label column's header when a section repeats its labels, a total is never summed for a noun the table
does not say, prose printed above a table does not make it a table of changes, and a word a row's path repeats
counts once."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.matching import row_score
from app.qa.tables.model import TableData
from app.qa.tables.question_fit import measures_other, totals_unsaid
from app.qa.tables.shape import shape
from app.qa.tables.words import question_tokens

BALANCE_HEAD = ["Assets", "June 30, 2026", "December 31, 2025"]
BALANCE = TableData(
    id="balance",
    rows=[BALANCE_HEAD,
          ["Current Assets", "", ""], ["Cash", "0.4", "1.8"], ["Receivables", "92.3", "101.5"],
          ["Total current assets", "188.0", "237.0"],
          ["Deferred Charges and Other Assets", "", ""], ["Goodwill", "507.5", "507.5"],
          ["Total deferred charges and other assets", "633.3", "639.4"],
          ["Total Assets", "4,173.8", "3,994.8"]],
    columns=BALANCE_HEAD,
    header_rows=1,
)  # fmt: skip


def test_a_total_naming_its_section_closes_it() -> None:
    sh = shape(BALANCE)
    assert sh.sections[4] == "Current Assets" and sh.sections[7] == "Deferred Charges and Other Assets"
    assert 8 not in sh.sections and sh.name(8) == "Total Assets"
    got = cell_answer(BALANCE, "What were total assets on December 31, 2025?")
    assert got is not None and got.cell is not None
    assert (got.cell["row"], got.cell["value"]) == ("Total Assets", "3,994.8")


SEGMENT_HEAD = ["Firm ($ millions)", "3Q 2024", "3Q 2023"]
SEGMENTS = TableData(
    id="segments",
    rows=[SEGMENT_HEAD,
          ["Net revenues", "$15,383", "$13,273"], ["Compensation expense", "$6,733", "$5,935"],
          ["Institutional Securities", "", ""], ["Net revenues", "$6,815", "$5,669"],
          ["Wealth Management", "", ""], ["Net revenues", "$7,270", "$6,404"]],
    columns=SEGMENT_HEAD,
    header_rows=1,
)  # fmt: skip


def test_the_block_above_the_first_heading_is_named_by_the_label_header_when_a_section_repeats_it() -> None:
    sh = shape(SEGMENTS)
    assert sh.name(1) == "Firm / Net revenues" and sh.name(4) == "Institutional Securities / Net revenues"
    got = cell_answer(SEGMENTS, "What were the firm's net revenues in 3Q 2023?")
    assert got is not None and got.short_answer == "$13,273"
    # Labels no section repeats stay as they are: the header names the rows' kind, not a block.
    plain = TableData(id="p", rows=[["Country", "2020"], ["France", "1"], ["Asia", ""], ["Japan", "2"]],
                      columns=["Country", "2020"], header_rows=1)  # fmt: skip
    assert shape(plain).name(1) == "France"


def test_no_total_is_summed_for_a_noun_the_table_does_not_say() -> None:
    liabilities = TableData(id="l", rows=[["Liabilities", "2025"], ["Debt", "10"], ["Payables", "5"]],
                            columns=["Liabilities", "2025"], header_rows=1)  # fmt: skip
    assert totals_unsaid("What were the company's total assets in 2025?", liabilities)
    assert not totals_unsaid("What were the company's total liabilities in 2025?", liabilities)
    assert not totals_unsaid("What were the company's assets in 2025?", liabilities)  # no total asked
    assert not totals_unsaid("How many assets were held nationwide in 2025?", liabilities)  # no line item


def test_prose_above_a_table_does_not_make_it_a_table_of_changes() -> None:
    question = "What were the firm's net revenues in 3Q 2023?"
    above = {"durabl", "growth", "firm", "net", "revenu"}  # "… our focus on durable growth …" over the table
    assert measures_other(question, above)
    assert not measures_other(question, above, own={"firm", "net", "revenu", "3q", "2023"})


def test_a_word_a_row_path_repeats_names_it_no_better() -> None:
    question = question_tokens("What were total assets for the whole organization at the end of March 2026?")
    closed = row_score("Assets / Total assets", question)[0]
    deeper = row_score("Assets / Current assets / Total current assets", question)[0]
    assert closed > deeper
