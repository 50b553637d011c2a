"""Column names as questions say them: a Greek letter by its name, a name set in two cells read whole, and a
document described by a participle after its kind noun."""

from app.qa.analysis.described import descriptions
from app.qa.read.cells import rank_cells
from app.qa.tables.answer import best_answer
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape
from app.qa.tables.words import tokens


def test_a_greek_letter_is_named_by_its_name() -> None:
    assert tokens("ρ 95% CI τ") == ["rho", "95", "percent", "ci", "tau"]
    table = TableData(id="g", rows=[["Dimension", "ρ", "τ"], ["Order", "0.724", "0.537"], ["Beauty", "0.565", "0.392"]])
    hits = rank_cells(table, shape(table), "What is the Spearman rho for Order?", "number")
    assert hits[0].value == "0.724"


def test_a_short_name_over_an_empty_column_ends_the_name_of_the_figures_beside_it() -> None:
    table = TableData(
        id="s",
        rows=[["Dataset", "Model pair", "Spearman", "r"], ["California", "RF-GBM", "0.929", ""],
              ["", "RF-XGB", "0.881", ""]],
        columns=["Dataset", "Model pair", "Spearman", "r"],
        header_rows=1,
    )  # fmt: skip
    assert shape(table).columns[2:] == ["Spearman r", ""]


def test_a_participle_after_the_kind_noun_opens_a_description() -> None:
    (found,) = descriptions("In Table 1 of the study comparing SHAP and LIME stability, what is the AUC?")
    assert found.words == ("shap", "lime", "stability")


def test_a_header_shorthand_for_a_word_that_names_no_content_names_nothing() -> None:
    # "Avg. Length of Docs": "Docs" is "document", a word a question says of its documents, not of a column; kept, the
    # header would hold a word no question can match and "the average document length" would cover two thirds of it
    assert tokens("Avg. Length of Docs") == tokens("average length")
    rows = [["Language", "#train", "Avg. Length of Docs"], ["ar", "1,817", "9,428"], ["ru", "1,864", "9,723"],
            ["en", "10,000", "3,308"]]  # fmt: skip
    table = TableData("t", rows, "Table 8: Specifications of the dataset.", "Table 8", None, 1)
    found = best_answer(table, "Which language has the longest average document length, and what is it?")
    assert found is not None and found.short_answer is not None and found.short_answer.startswith("ru")


def test_a_name_of_capitalised_words_is_also_said_by_its_initials() -> None:
    rows = [["", "2024", "2025"]]
    for section, figures in (("North America", ("86,341", "81,358", "4,983")), ("AWS", ("29,267", "17,720", "11,547")),
                             ("Consolidated", ("155,667", "137,262", "18,405"))):  # fmt: skip
        rows += [[section, "", ""]] + [[name, "1", f] for name, f in zip(("Net sales", "Operating expenses",
                                                                          "Operating income"), figures, strict=True)]
    table = TableData("t", rows, "Segment Information", None, ["", "2024", "2025"], 1)
    for question in ("What were the operating expenses of Amazon Web Services in 2025?",
                     "In 2025, what were the operating expenses of Amazon Web Services?"):  # fmt: skip
        found = best_answer(table, question)  # the name whole, at the question's end too
        assert found is not None and found.short_answer == "17,720", question
