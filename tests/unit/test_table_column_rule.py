"""A whitespace table ruled only under its head and down between its label column and its figures (a paper's
``l|cccc`` tabular with one rule under the header): kept as a table, without the page's running head above it
(app.ingest.table_column_rule, table_stream.framed)."""

from __future__ import annotations

from app.ingest.extracted import BBox
from app.ingest.table_stream import framed
from app.ingest.table_text import RulingLine
from app.ingest.table_words import Grid

ROWS = [["Journal of Applied Topics", "", "", "33"], ["", "Model A", "Model B", "Model C"],
        ["Iterations", "38", "18", "30"], ["Total time", "4527.1 min", "142.6 min", "14.3 min"],
        ["Time per iteration", "119.1 min", "7.9 min", "0.5 min"], ["Log-likelihood", "-7.11", "-7.10", "-6.81"]]
TOPS = [75.0, 110.0, 124.0, 138.0, 152.0, 166.0]
LEFTS = [115.0, 250.0, 330.0, 410.0]


def _grid() -> Grid:
    boxes: list[list[BBox | None]] = [
        [None if not cell else (LEFTS[j], TOPS[i], LEFTS[j] + 60.0, TOPS[i] + 9.0) for j, cell in enumerate(row)]
        for i, row in enumerate(ROWS)
    ]
    return Grid([list(r) for r in ROWS], boxes, (115.0, 75.0, 470.0, 175.0))


def _edge(orientation: str, x0: float, top: float, x1: float, bottom: float) -> RulingLine:
    return {"orientation": orientation, "x0": x0, "top": top, "x1": x1, "bottom": bottom}  # type: ignore[return-value]


UNDER_HEAD = (122.0, 115.0, 470.0)
# The rule down between the labels and the figures, drawn row by row.
DOWN = [_edge("v", 244.0, y, 244.0, y + 14.0) for y in (109.0, 123.0, 137.0, 151.0, 165.0)]


def test_a_table_ruled_under_its_head_and_between_its_columns_is_kept_without_the_running_head() -> None:
    grid = _grid()
    assert framed([grid], [UNDER_HEAD], DOWN) == [grid]
    assert grid.rows[0] == ["", "Model A", "Model B", "Model C"] and len(grid.rows) == 5
    assert grid.bbox[1] >= 100.0


def test_without_the_rule_down_or_the_rule_under_the_head_there_is_no_frame() -> None:
    assert framed([_grid()], [UNDER_HEAD], []) == []
    assert framed([_grid()], [], DOWN) == []
    # A rule down only part of the rows (a figure's axis beside some of them) frames nothing.
    assert framed([_grid()], [UNDER_HEAD], DOWN[:2]) == []
