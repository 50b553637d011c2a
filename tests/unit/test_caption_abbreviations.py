"""Abbreviations a table's caption defines are written out in its headers (app.qa.tables.abbreviations), so a question
spelling the word out names the column; a mean or total of figures the question never named is not read."""

from __future__ import annotations

from app.qa.tables.abbreviations import caption_abbreviations, caption_initialisms, written_out
from app.qa.tables.aggregate import aggregate_answer
from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.model import TableData


def test_a_caption_defines_its_short_forms_by_the_fewest_words_that_spell_them() -> None:
    assert caption_abbreviations("Table 2: Mean accuracy (ACC) and AUC of the models") == {"ACC": "accuracy"}
    assert caption_abbreviations("Table 3: Mean absolute error (MAE) and root mean squared error (RMSE)") == {
        "MAE": "Mean absolute error", "RMSE": "root mean squared error"}  # fmt: skip
    # Not a definition: a unit, a one-letter name, a word the letters do not spell.
    assert caption_abbreviations("Table 1: GDP (USD) per model (M), in percent (%)") == {}
    assert caption_abbreviations(None) == {}


def test_a_defined_short_form_is_written_out_in_a_header_once() -> None:
    defined = {"ACC": "accuracy"}
    assert written_out("Individual / ACC", defined) == "Individual / ACC (accuracy)"
    assert written_out("ACC accuracy", defined) == "ACC accuracy"
    assert written_out("AUC", defined) == "AUC"


MODELS = TableData(
    id="m",
    rows=[["Model", "Total / ACC", "Total / AUC"], ["Naive Bayes", "0.856", "0.942"], ["KNN", "0.884", "0.921"],
          ["SVM", "0.904", "0.924"]],  # fmt: skip
    caption="TABLE II: Mean accuracy (ACC) and AUC of the classifiers",
    columns=["Model", "Total / ACC", "Total / AUC"],
    header_rows=1,
)


def test_a_column_named_by_its_abbreviation_is_read_when_the_word_is_spelled_out() -> None:
    got = cell_answer(MODELS, "What accuracy did the KNN classifier reach?")
    assert got is not None and got.cell is not None and got.cell["value"] == "0.884"


CORRELATIONS = TableData(
    id="c",
    rows=[["Pearson r", "Permission"], ["0.837", "READ_PHONE_STATE"], ["0.645", "READ_SMS"], ["-0.112", "CAMERA"]],
    caption="TABLE I: Correlation between permissions and class",
    columns=["Pearson r", "Permission"],
    header_rows=1,
)


def test_no_mean_of_a_column_the_question_never_named() -> None:
    assert aggregate_answer(CORRELATIONS, "What is the mean permission count of benign apps?") is None
    got = aggregate_answer(CORRELATIONS, "Which permission is the most strongly correlated?")
    assert got is not None and "READ_PHONE_STATE" in got.body


def test_a_caption_legend_defines_its_short_forms_one_for_one() -> None:
    assert caption_abbreviations(
        "Table 2: Results on MSR-VTT, where B@4, R, M, and C denote BLEU-4, ROUGE-L, METEOR, and CIDEr respectively."
    ) == {"B@4": "BLEU-4", "R": "ROUGE-L", "M": "METEOR", "C": "CIDEr"}
    assert caption_abbreviations("Table 4: Regression of returns. PE: price-earnings ratio; MV = market value") == {
        "PE": "price-earnings ratio", "MV": "market value"}  # fmt: skip
    # Not a legend: a verb over words of text, lists that do not pair, a note's colon.
    assert caption_abbreviations("Table 5: Bold numbers denote the best result") == {}
    assert caption_abbreviations("Table 6: A, B and C denote the two settings") == {}
    assert caption_abbreviations("Table 7: Sales. Note: figures are in millions") == {}


CAPTIONING = TableData(
    id="v",
    rows=[["Method", "B@4", "M", "R", "C"], ["RecNet", "39.1", "26.6", "59.3", "42.7"],
          ["Ours", "42.0", "28.1", "61.6", "48.3"]],  # fmt: skip
    caption="Table 1: Comparison on MSR-VTT. B@4, M, R and C denote BLEU-4, METEOR, ROUGE-L and CIDEr, respectively.",
    columns=["Method", "B@4", "M", "R", "C"],
    header_rows=1,
)

REGRESSION = TableData(
    id="r",
    rows=[["", "Estimate", "Std. error"], ["(Intercept)", "0.212", "0.031"], ["PE", "0.0041", "0.0012"],
          ["MV", "0.0173", "0.0040"]],  # fmt: skip
    caption="Table 3: Regression of monthly return. PE: price-earnings ratio; MV: market value",
    columns=["", "Estimate", "Std. error"],
    header_rows=1,
)


def test_a_column_or_row_a_legend_names_is_read_when_the_question_spells_it_out() -> None:
    got = cell_answer(CAPTIONING, "What CIDEr score does the proposed method (Ours) reach?")
    assert got is not None and got.cell is not None and got.cell["value"] == "48.3"
    got = cell_answer(REGRESSION, "What is the estimate for the price-earnings ratio?")
    assert got is not None and got.cell is not None and got.cell["value"] == "0.0041"


def test_a_header_short_form_is_the_initials_of_a_run_of_caption_words() -> None:
    assert caption_initialisms("TABLE 7 Regulatory breadth index", ["Rank", "State", "RBI"]) == {
        "RBI": "Regulatory breadth index"}  # fmt: skip
    assert caption_initialisms("Table 2: GDP per capita by country", ["Country", "GDP"]) == {}
    rows = [["Rank", "State", "RBI"], ["1", "Tennessee", "82.78"], ["2", "Oregon", "82.60"], ["50", "Idaho", "9.00"]]
    table = TableData(id="r", rows=rows, caption="TABLE 7 Regulatory breadth index", columns=rows[0], header_rows=1)
    got = aggregate_answer(table, "Which state has the lowest regulatory breadth index score?")
    assert got is not None and "Idaho" in got.body
