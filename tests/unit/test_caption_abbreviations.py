"""Abbreviations a table's caption defines are written out in its headers (app.qa.tables.abbreviations), so a question
spelling the word out names the column; a mean or total of figures the question never named is not read."""

from __future__ import annotations

from app.qa.tables.abbreviations import caption_abbreviations, written_out
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
