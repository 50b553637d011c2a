"""Column names as questions say them: a Greek letter by its name, a name set in two cells read whole, and a
document described by a participle after its kind noun."""

from app.qa.analysis.described import descriptions
from app.qa.read.cells import rank_cells
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
