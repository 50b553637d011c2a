"""A row's name holds the numbers left of its label that are no running count (app.qa.tables.shape), and a
question's table and page labels name no row (app.qa.tables.words.question_tokens)."""

from __future__ import annotations

from app.qa.aggregate_intent import thresholds
from app.qa.answer import comparison_verdict
from app.qa.tablelayout import parse_number
from app.qa.tables.answer import answer
from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape
from app.qa.tables.words import question_tokens, without_document_names

FOLDS = TableData(
    id="t",
    rows=[
        ["K-fold", "Embedding", "Random Forest", "XGBoost"],
        ["3", "ANN", "0.7926", "0.8078"],
        ["3", "LSTM", "0.7606", "0.7671"],
        ["5", "ANN", "0.7952", "0.8111"],
        ["5", "LSTM", "0.7656", "0.7786"],
    ],
    caption="Table 2: F1 score of the models.",
    columns=["K-fold", "Embedding", "Random Forest", "XGBoost"],
    header_rows=1,
)
NUMBERED = TableData(
    id="n",
    rows=[["No.", "Item", "Cost"], ["1", "Pumps", "40"], ["2", "Valves", "25"], ["3", "Pipes", "12"]],
    columns=["No.", "Item", "Cost"],
    header_rows=1,
)


def test_a_key_number_left_of_the_label_tells_rows_of_one_label_apart() -> None:
    sh = shape(FOLDS)
    assert [sh.name(i) for i in sh.data(FOLDS.rows)] == ["3 / ANN", "3 / LSTM", "5 / ANN", "5 / LSTM"]
    got = cell_answer(FOLDS, "What is the Random Forest F1 score for 5-fold with ANN embedding?")
    assert got is not None and got.cell is not None and got.cell["value"] == "0.7952"


def test_a_running_number_is_no_part_of_a_row_name() -> None:
    sh = shape(NUMBERED)
    assert [sh.name(i) for i in sh.data(NUMBERED.rows)] == ["Pumps", "Valves", "Pipes"]


def test_the_labels_of_named_tables_and_pages_name_no_row() -> None:
    assert "2" not in question_tokens("What is the cost of valves in Table 2 on page 3?")
    assert "3" not in question_tokens("What is the cost of valves in Table 2 on page 3?")
    assert "5" in question_tokens("What is the F1 score for 5-fold in Table 2?")


LEVELS = TableData(
    id="l",
    rows=[
        ["Dataset", "Setting", "Model", "Method", "Accuracy", "F1"],
        ["", "Random", "Base-7B", "Regular", "83.29(±0.35)", "81.33(±0.41)"],
        ["", "", "", "Contrastive", "87.73(±0.40)", "87.16(±0.41)"],
        ["Objects", "Popular", "Base-7B", "Regular", "81.88(±0.48)", "80.06(±0.05)"],
        ["", "", "", "Contrastive", "85.38(±0.38)", "85.06(±0.37)"],
        ["", "Adversarial", "Base-7B", "Regular", "78.96(±0.52)", "77.57(±0.57)"],
        ["", "", "", "Contrastive", "80.88(±0.33)", "81.33(±0.34)"],
    ],
    caption="Table 1: Results on the benchmark.",
    columns=["Dataset", "Setting", "Model", "Method", "Accuracy", "F1"],
    header_rows=1,
)


def test_a_measurement_with_its_uncertainty_is_its_estimate() -> None:
    assert parse_number("83.29(±0.35)") == 83.29
    assert parse_number("0.712 ± 0.03") == 0.712
    assert parse_number("12 ± n/a") is None


def test_group_labels_of_a_hierarchy_of_row_labels_are_filled_down_into_each_rows_name() -> None:
    sh = shape(LEVELS)
    names = [sh.name(i) for i in sh.data(LEVELS.rows)]
    assert names[1] == "Random / Base-7B / Contrastive"
    assert names[5] == "Objects / Adversarial / Base-7B / Contrastive"
    got = cell_answer(LEVELS, "What is the F1 of the regular method in the adversarial setting?")
    assert got is not None and got.cell is not None and got.cell["value"] == "77.57(±0.57)"


TUNED = TableData(
    id="f",
    rows=[["", "Models", "F1 score"], ["/", "Boosted trees", "0.7510"], ["Fine-tuned", "Boosted trees", "0.7528"],
          ["/", "Ensemble", "0.7512"], ["Fine-tuned", "Ensemble", "0.7532"]],  # fmt: skip
    caption="Table 3: F1 score of the fine-tuned models.",
    columns=["", "Models", "F1 score"],
    header_rows=1,
)


def test_rows_of_one_label_are_told_apart_by_the_words_beside_it() -> None:
    got = cell_answer(TUNED, "What is the F1 score of the fine-tuned ensemble?")
    assert got is not None and got.cell is not None and got.cell["value"] == "0.7532"


def test_the_adjective_a_question_asks_with_names_its_measure() -> None:
    assert set(question_tokens("How accurate is the random forest?")) & set(question_tokens("Accuracy"))
    assert set(question_tokens("How much faster is the new engine?")) & set(question_tokens("Speed (km/h)"))


MATRIX = TableData(
    id="m",
    rows=[["", "MassTransit", "BusRouts", "UrbanRail"], ["MassTransit", "1.000", "0.153", "0.098"],
          ["BusRouts", "0.153", "1.000", "0.893"], ["UrbanRail", "0.098", "0.893", "1.000"]],
    caption="Table 5, Covariance-Matrix",
    columns=["", "MassTransit", "BusRouts", "UrbanRail"],
    header_rows=1,
)  # fmt: skip


def test_two_names_that_are_both_rows_and_columns_of_a_symmetric_matrix_name_one_cell() -> None:
    got = cell_answer(MATRIX, "What is the entry for BusRouts and UrbanRail in Table 5?")
    assert got is not None and got.cell is not None and got.cell["value"] == "0.893", got
    # Read either way round, the two cells differ: two readings, and the answer says so instead of choosing.
    skew = TableData(id="s", rows=[*MATRIX.rows[:2], ["BusRouts", "0.153", "1.000", "0.5"], MATRIX.rows[3]],
                     caption=MATRIX.caption, columns=MATRIX.columns, header_rows=1)  # fmt: skip
    other = cell_answer(skew, "What is the entry for BusRouts and UrbanRail in Table 5?")
    assert other is not None and other.cell is None, other


EXPENSES = TableData(
    id="e",
    rows=[["Expense", "Amount", "% of Total"], ["Insurance", "$36,452", "69.2%"], ["Payroll", "$5,836", "11.1%"],
          ["Total", "$52,702", "100%"]],
    columns=["Expense", "Amount", "% of Total"],
    header_rows=1,
)  # fmt: skip


def test_no_column_named_an_amount_asked_reads_the_amounts_and_a_share_asked_the_percentages() -> None:
    spent = cell_answer(EXPENSES, "How much was spent on Insurance?")
    assert spent is not None and spent.cell is not None and spent.cell["value"] == "$36,452", spent
    share = cell_answer(EXPENSES, "What percentage went to Payroll?")
    assert share is not None and share.cell is not None and share.cell["value"] == "11.1%", share
    two = TableData(id="x", rows=[["Item", "2022", "2023"], ["Insurance", "1", "2"]], columns=["Item", "2022", "2023"],
                    header_rows=1)  # fmt: skip
    assert cell_answer(two, "How much was spent on Insurance?") is None  # two columns of amounts: no guess


def test_a_column_named_by_a_letter_and_a_word_is_named_by_the_question() -> None:
    table = TableData(id="p", rows=[["Model", "Statistic", "p-value"], ["Matern GP", "-4.75", "2.01E-6"],
                                    ["RBF GP", "-18.82", "5.04E-79"]],
                      columns=["Model", "Statistic", "p-value"], header_rows=1)  # fmt: skip
    got = cell_answer(table, "What is the p-value for Matern GP?")
    assert got is not None and got.cell is not None and got.cell["value"] == "2.01E-6", got


def test_a_quantity_with_its_unit_symbol_is_a_number() -> None:
    assert parse_number("325 V DC") == 325.0 and parse_number("20 µs") == 20.0 and parse_number("-5 mV") == -5.0
    assert parse_number("12 apples") is None and parse_number("2023 Q1") is None
    assert parse_number("$") is None and parse_number(" ") is None  # nothing left once the sign is read


LAB = TableData(
    id="l",
    rows=[["", "Required", "Calculated", "Achieved?"], ["Overshoot", "< 30%", "5%", "Yes"],
          ["Damping Ratio", "> 0.1", "0.7", "Yes"]],
    caption="Table 1: Required Specifications to Gain Results",
    columns=["", "Required", "Calculated", "Achieved?"],
    header_rows=1,
)  # fmt: skip


def test_what_a_table_shows_asked_with_more_words_than_its_name_is_the_table_itself() -> None:
    got = answer(LAB, "What does Table 1 in the PID control lab report for the assembly-line cart show?", "lookup")
    assert got.kind == "table" and "Required Specifications" in got.body, got
    missing = answer(LAB, "What is the rise time of the cart in Table 1?", "lookup")
    assert missing.kind == "not_found", missing  # a cell asked for and not there is said missing, as before


def test_a_headers_shorthand_for_typical_is_the_questions_word() -> None:
    sheet = TableData(id="d", rows=[["Parameter", "MIN.", "TYP.", "MAX."], ["UVA responsivity", "-", "0.93", "-"],
                                    ["UVB responsivity", "-", "2.1", "-"]],
                      columns=["Parameter", "MIN.", "TYP.", "MAX."], header_rows=1)  # fmt: skip
    got = cell_answer(sheet, "What is the typical UVB responsivity?")
    assert got is not None and got.cell is not None and got.cell["value"] == "2.1", got


def test_a_count_given_with_its_per_cent_is_compared_by_the_per_cent_against_a_per_cent() -> None:
    verdict = comparison_verdict(["Overshoot", "Heteroscedastic"], ["5%", "53 (5.3%)"])
    assert verdict == "Heteroscedastic (5.3%) is higher than Overshoot (5%).", verdict
    assert comparison_verdict(["A", "B"], ["12", "53 (5.3%)"]) == "B (53 (5.3%)) is higher than A (12)."


def test_what_a_table_shows_is_the_table_even_when_a_row_shares_a_word_of_the_documents_description() -> None:
    table = TableData(id="v", rows=[["Category", "Number of Variables"], ["Triage evaluation", "13"],
                                    ["Historical labs", "379"]],
                      caption="Table 1: Variable categories", columns=["Category", "Number of Variables"],
                      header_rows=1)  # fmt: skip
    got = answer(table, "What does Table 1 in the report on admission at emergency department triage show?", "lookup")
    assert got.kind == "table" and "Variable categories" in got.body, got


def test_a_column_of_letter_codes_keys_the_rows_and_the_names_beside_it_label_them() -> None:
    table = TableData(id="c", rows=[["Code", "Industry", "Felten Score"], ["J", "ICT services", "0.886"],
                                    ["P", "Education", "0.793"], ["K", "Finance & insurance", "0.931"]],
                      columns=["Code", "Industry", "Felten Score"], header_rows=1)  # fmt: skip
    got = cell_answer(table, "What is the Felten Score of Education?")
    assert got is not None and got.cell is not None and got.cell["value"] == "0.793", got
    assert shape(table).label_column == 1
    words = TableData(id="w", rows=[["Item", "Kind", "Cost"], ["Pumps", "Steel pipes and valves", "40"]],
                      columns=["Item", "Kind", "Cost"], header_rows=1)  # fmt: skip
    assert shape(words).label_column == 0  # a column of names, however short, labels its rows


def test_a_superlative_word_that_is_part_of_a_named_row_asks_for_that_row_not_an_extreme() -> None:
    table = TableData(id="h", rows=[["Latency (ms)", "HBase", "Cassandra"], ["Minimum update Latency", "7", "747"],
                                    ["Minimum read Latency", "507", "1099"], ["Maximum read Latency", "24418", "9307"]],
                      columns=["Latency (ms)", "HBase", "Cassandra"], header_rows=1)  # fmt: skip
    got = answer(table, "What is HBase's Minimum read Latency?", "lookup")
    assert got.cell is not None and got.cell["value"] == "507", got
    lowest = answer(table, "Which latency is the minimum for HBase?", "lookup")
    assert lowest.kind == "aggregate" and "7" in lowest.body, lowest  # an extreme asked for is still an aggregate


def test_a_column_of_statistics_with_a_bound_and_scientific_notation_is_a_column_of_values() -> None:
    assert parse_number("2.01E-6") == 2.01e-6 and parse_number("E5") is None
    stats = TableData(id="s", rows=[["Statistic", "Value of the Statistic"], ["p-value", "< 2.2e-16"],
                                    ["Multiple R-squared", "0.9334"]],
                      columns=["Statistic", "Value of the Statistic"], header_rows=1)  # fmt: skip
    got = cell_answer(stats, "How high is the Multiple R-squared?")
    assert got is not None and got.cell is not None and got.cell["value"] == "0.9334", got


def test_a_zero_padded_row_key_is_the_number_it_pads() -> None:
    table = TableData(id="z", rows=[["Position", "Voltage (V)", "Current (mA)"], ["000", "1.10", "20.5"],
                                    ["045", "1.25", "22.0"], ["090", "1.40", "23.9"], ["180", "1.55", "25.1"]],
                      caption="Table 3: Readings by position", columns=["Position", "Voltage (V)", "Current (mA)"],
                      header_rows=1)  # fmt: skip
    got = cell_answer(table, "What is the current at position 90?")
    assert got is not None and got.cell is not None and got.cell["value"] == "23.9", got
    got = cell_answer(table, "What is the voltage at position 0?")
    assert got is not None and got.cell is not None and got.cell["value"] == "1.10", got


def test_the_numbers_of_a_file_name_in_the_question_name_no_row() -> None:
    asked = question_tokens("What is the cost of valves in us-018.pdf?")
    assert "18" not in asked and "018" not in asked and "us" not in asked, asked
    assert "valv" in " ".join(question_tokens("What is the cost of valves in us-018.pdf?"))


def test_a_column_of_mixed_codes_keys_the_rows_even_with_a_named_row_above_them() -> None:
    table = TableData(id="x", rows=[["Command (hex)", "Action", "Delay (ms)"], ["Power on", "Start-up", "500"],
                                    ["0x40", "Read sensor data", "1"], ["0x7E", "Leave calibration mode", "50"],
                                    ["0x82", "Restart the processor", "500"], ["0xE1", "Read from memory", "10"]],
                      columns=["Command (hex)", "Action", "Delay (ms)"], header_rows=1)  # fmt: skip
    assert shape(table).label_column == 1
    got = cell_answer(table, "What is the delay of leave calibration mode?")
    assert got is not None and got.cell is not None and got.cell["value"] == "50", got


def test_a_header_whose_words_were_set_as_one_is_named_by_the_two_words() -> None:
    table = TableData(id="j", rows=[["Method", "Citysmall", "Citylarge"], ["M1", "2.69", "176.75"],
                                    ["M2", "4.91", "264.77"]],
                      caption="Table 3: Run time (s)", columns=["Method", "Citysmall", "Citylarge"],
                      header_rows=1)  # fmt: skip
    got = cell_answer(table, "What is the City large run time of M2?")
    assert got is not None and got.cell is not None and got.cell["value"] == "264.77", got


def test_a_number_inside_a_word_sets_no_threshold() -> None:
    assert thresholds("In Table 3 of the paper on matching over 3D objects, what is the time of M2?") == []
    found = thresholds("Which rows are above 40 million, and which over 5%?")
    assert [(t.direction, t.number, t.scale) for t in found] == [("above", "40", "million"), ("above", "5%", None)]


def test_a_column_of_sub_labels_is_part_of_the_rows_name_and_no_column_to_read() -> None:
    rows = [["Task", "Metric", "Baseline", "Optimized"]] + [
        [task if k == 0 else "", m, f"0.{7 + k}{n}", f"0.{5 + k}{n}"]
        for n, task in enumerate(["Graphs", "Voxels", "Logic"]) for k, m in enumerate("VUR")
    ]  # fmt: skip
    table = TableData(id="s", rows=rows, caption="Table 2: Results", columns=rows[0], header_rows=1)
    assert 1 in shape(table).labels
    got = cell_answer(table, "What is the Baseline value of metric U for Graphs in Table 2?")
    assert got is not None and got.cell is not None and got.cell["value"] == "0.80", got


def test_a_row_is_named_by_a_columns_header_said_with_its_value() -> None:
    rows = [["Client", "Total Samples", "Pattern"], ["1", "4,607", "Class"], ["2", "4,632", ""],
            ["3", "7,513", "Class"], ["4", "240", "Class"]]  # fmt: skip
    table = TableData(id="k", rows=rows, caption="Table 1: Clients", columns=rows[0], header_rows=1)
    got = cell_answer(table, "How large is the Total Samples for Client 3 in Table 1?")
    assert got is not None and got.cell is not None and got.cell["value"] == "7,513", got


def test_a_row_labelled_by_a_symbol_is_named_by_the_words_of_the_column_beside_it() -> None:
    rows = [["Symbol", "Meaning", "Value", "", "Unit"], ["Qcap", "Battery capacity", "25", "", "Ah"],
            ["", "", "", "3", ""], ["m", "Battery mass", "0.72", "", "kg"], ["Cp", "Specific heat capacity", "1100", "",
            "J/(kg K)"], ["Tamb", "Ambient temperature", "313.15", "", "K"]]  # fmt: skip
    table = TableData(id="m", rows=rows, caption="Table 1: Parameters", columns=rows[0], header_rows=1)
    got = cell_answer(table, "What is the Value for Specific heat capacity in Table 1?")
    assert got is not None and got.cell is not None and got.cell["value"] == "1100", got


def test_the_words_of_a_documents_description_name_no_column() -> None:
    rows = [["Species", "# Genes", "Fluidity"], ["E. coli", "39,372", "0.278"],
            ["Helicobacter pylori", "3,069", "0.135"]]  # fmt: skip
    table = TableData(id="g", rows=rows, caption="Table 1. Genes and fluidity", columns=rows[0], header_rows=1)
    question = "In Table 1 of the thesis on how gene structure shapes pangenomes, what is the Fluidity of E. coli?"
    got = cell_answer(table, without_document_names(question))
    assert got is not None and got.cell is not None and got.cell["value"] == "0.278", got
    assert "gene" not in question_tokens(question)


SPEC = TableData(
    id="s",
    rows=[
        ["Parameter", "Conditions", "Min", "Typ", "Max", "Units"],
        ["Output range", "MODE=0", "", "±2", "", "V"],
        ["", "MODE=1", "", "±4", "", "V"],
        ["", "MODE=2", "", "±8", "", "V"],
        ["Word length", "", "", "12", "", "bits"],
        ["Gain", "MODE=0", "", "410", "", "mV/V"],
        ["", "MODE=1", "", "205", "", "mV/V"],
        ["Gain drift", "25°C", "-2", "", "+2", "%"],
    ],
    columns=["Parameter", "Conditions", "Min", "Typ", "Max", "Units"],
    header_rows=1,
)


def test_rows_of_figures_under_a_label_continue_it_named_by_their_condition() -> None:
    sh = shape(SPEC)
    assert [sh.name(i) for i in sh.data(SPEC.rows)] == [
        "Output range / MODE=0", "Output range / MODE=1", "Output range / MODE=2", "Word length",
        "Gain / MODE=0", "Gain / MODE=1", "Gain drift",
    ]  # fmt: skip
    got = cell_answer(SPEC, "What is the typical gain in MODE=1?")
    assert got is not None and got.cell is not None and got.cell["value"] == "205"
