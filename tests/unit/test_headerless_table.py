"""A table whose first row is already data (a model's estimates: term | estimate) has no header: no column is named
by one of its values, and every row, the first included, can be read."""

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape

ESTIMATES = TableData(
    id="t",
    rows=[["(Intercept)", "−18.205"], ["BA", "586.508"], ["DefEff", "24.200"], ["ERA", "−16.557"], ["R2", "0.721"]],
    caption="Table 3: Model of team wins per season, posterior estimates",
    label="Table 3",
)


def test_a_first_row_of_figures_heads_no_column() -> None:
    sh = shape(ESTIMATES)
    assert sh.header_rows == 0
    assert "−18.205" not in sh.columns


def test_a_headerless_tables_cells_are_read_and_named_by_their_row_alone() -> None:
    got = cell_answer(ESTIMATES, "What is the posterior estimate for DefEff in Table 3?")
    assert got is not None and got.cell is not None
    assert (got.cell["row"], got.cell["value"], got.cell["column"]) == ("DefEff", "24.200", "")
    first = cell_answer(ESTIMATES, "What is the estimate of the intercept in Table 3?")
    assert first is not None and first.cell is not None and first.cell["value"] == "−18.205"


def test_a_first_row_of_figures_over_an_unnamed_label_column_heads_the_columns() -> None:
    shares = TableData(
        id="s",
        rows=[["", "1997", "1995*", "1980**"], ["UK", "42.3", "29", "22"], ["France", "18.2", "16", "11"]],
        caption="Table 6: Own-label shares by country (%)",
        label="Table 6",
    )
    assert shape(shares).header_rows == 1
    got = cell_answer(shares, "What was the own-label share in France in 1980?")
    assert got is not None and got.cell is not None and got.cell["value"] == "11"
