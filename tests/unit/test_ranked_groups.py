"""Rows under a ranked row: where a key column left of the labels is filled on some rows and empty on the rows below
them, each filled row heads the empty ones (app.qa.tables.shape)."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape

HEAD = ["Rank", "State", "Population", "Lower Bound"]
STATES = TableData(
    id="states",
    rows=[HEAD,
          ["1", "Florida", "1,067,747", "40,998"], ["", "School Age", "227,430", "9,666"],
          ["", "College Age", "111,046", "3,634"],
          ["2", "New York", "1,081,110", "7,350"], ["", "School Age", "215,141", "1,102"],
          ["", "College Age", "121,084", "670"]],
    columns=HEAD,
    header_rows=1,
)  # fmt: skip


def test_rows_with_an_empty_rank_belong_to_the_ranked_row_above() -> None:
    sh = shape(STATES)
    assert sh.name(6) == "New York / College Age" and sh.sections[6] == "New York"
    assert sh.name(4).endswith("New York")
    got = cell_answer(STATES, "What is the lower bound for college age youth moving to New York?")
    assert got is not None and got.short_answer == "670"


def test_a_table_whose_first_row_has_no_rank_is_left_as_it_is() -> None:
    rows = [HEAD, ["", "United States", "5,450,472", "114,396"], ["1", "Florida", "1,067,747", "40,998"],
            ["2", "Texas", "196,460", "5,276"], ["", "Other", "3,000", "20"]]  # fmt: skip
    sh = shape(TableData(id="t", rows=rows, columns=HEAD, header_rows=1))
    assert sh.name(4) == "Other" and 4 not in sh.sections


def test_group_labels_spanning_their_rows_make_no_row_a_part_of_the_first() -> None:
    head = ["Measure", "Road", "Episode", "N", "Mean"]
    rows = [head, ["Lane offset (m)", "Straight", "Asleep", "117", "0.160"], ["", "", "Awake", "231", "0.142"],
            ["", "Curve", "Asleep", "34", "0.209"], ["Speed (km/h)", "Straight", "Asleep", "117", "26.363"],
            ["", "", "Awake", "231", "26.576"]]  # fmt: skip
    sh = shape(TableData(id="t", rows=rows, columns=head, header_rows=1))
    assert sh.name(2) == "Lane offset (m) / Straight / Awake" and 2 not in sh.sections
    assert sh.name(5) == "Speed (km/h) / Straight / Awake"


YEARLY_HEAD = ["", "Month", "North", "South", "Total"]
YEARLY = TableData(
    id="arrivals",
    rows=[YEARLY_HEAD,
          ["2018", "", "365,660", "198,718", "870,309"], ["2019", "", "367,020", "205,998", "894,389"],
          ["2020", "", "58,062", "25,316", "146,905"],
          ["2020", "January", "29,886", "11,316", "65,386"], ["", "February", "16,690", "8,242", "46,343"]],
    columns=YEARLY_HEAD,
    header_rows=1,
)  # fmt: skip


def test_years_left_of_the_labels_name_their_rows_and_date_the_months_below() -> None:
    sh = shape(YEARLY)
    assert sh.name(2) == "2019" and sh.name(5) == "2020 / February"
    got = cell_answer(YEARLY, "How many visitors came from the North in 2019?")
    assert got is not None and got.cell is not None and got.cell["value"] == "367,020"
    february = cell_answer(YEARLY, "How many visitors came from the South in February 2020?")
    assert february is not None and february.cell is not None and february.cell["value"] == "8,242"
