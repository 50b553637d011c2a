"""A regression table (an estimate over its standard error in brackets, stars of significance) starts its body at the
first row of estimates: the rows above it (dependent variable, model names, column numbers) are its header."""

from app.ingest.table_text import _is_data_row, header_row_count

STARGAZER = [
    ["", "", "Dependent", "variable:"],
    ["", "", "Labour Income", "Total Income"],
    ["", "", "(1)", "(2)"],
    ["Micro Credit", "", "69.49 (287.28)", "−27.16 (280.36)"],
    ["Cash Grant", "", "387.62 (337.32)", "254.03 (329.20)"],
    ["Constant", "", "1,256.71∗∗∗ (209.35)", "1,267.34∗∗∗ (204.31)"],
]


def test_an_estimate_over_its_standard_error_is_a_figure() -> None:
    assert _is_data_row(STARGAZER[3]) and _is_data_row(STARGAZER[5])
    assert not _is_data_row(["Note", "", "(see text)", "(below)"])  # words in brackets are no estimate


def test_the_header_of_a_regression_table_runs_to_its_first_estimates() -> None:
    assert header_row_count(STARGAZER) == 3
