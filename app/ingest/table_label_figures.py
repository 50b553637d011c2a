"""A ruled grid whose rules cut no column between a row's label and its first figure: statements that box each row
from margin to margin and rule only above their subtotals read "Research and development 9,381" | "7,707". Such a
grid is cut into columns again from the page's words (app/ingest/tables.py)."""

from __future__ import annotations

from collections.abc import Sequence

from app.ingest.extracted import BBox
from app.ingest.passages import Word
from app.ingest.table_text import _NUMERIC, _holds_figure, _numeric_value
from app.ingest.table_words import Grid

# At least this many rows, and this share of the rows with figures, hold a label with a figure set a column gap
# (this many text heights or more) after its last word.
MIN_LABELS_WITH_FIGURES = 3
LABELS_WITH_FIGURES_SHARE = 0.5
COLUMN_GAP_HEIGHTS = 2.0
_SIGNS = frozenset("$€£¥")


def labels_hold_figures(grid: Grid, words: Sequence[Word]) -> bool:
    """Most rows with figures hold, in their label cell, a plain figure set a column's gap after the label's last
    word (a currency sign may stand between), the row's other cells figures too."""
    with_figures = [k for k, row in enumerate(grid.rows) if row and _holds_figure(row)]
    words = [w for w in words if _inside(w.bbox, grid.bbox) and w.text not in _SIGNS]  # once per grid, not per row
    held = 0
    for k in with_figures:
        row, box = grid.rows[k], grid.boxes[k][0]
        if box is None or not all(_numeric_value(c) for c in row[1:] if c):
            continue
        held += _figure_after_gap([w for w in words if _inside(w.bbox, box)])
    return held >= MIN_LABELS_WITH_FIGURES and held >= LABELS_WITH_FIGURES_SHARE * len(with_figures)


def _figure_after_gap(cell: list[Word]) -> bool:
    """The label's words, then one plain figure or more ("Net income 10,431 17,127": two columns read into the
    label's), the first a column gap after the last word."""
    cell = sorted(cell, key=lambda w: w.bbox[0])
    last = max((k for k, w in enumerate(cell) if any(c.isalpha() for c in w.text)), default=None)
    if last is None or last + 1 >= len(cell) or not all(_NUMERIC.match(w.text) for w in cell[last + 1 :]):
        return False
    first = cell[last + 1]
    return first.bbox[0] - cell[last].bbox[2] >= COLUMN_GAP_HEIGHTS * (first.bbox[3] - first.bbox[1])


def _inside(word: BBox, cell: BBox) -> bool:
    x, y = (word[0] + word[2]) / 2, (word[1] + word[3]) / 2
    return cell[0] <= x <= cell[2] and cell[1] <= y <= cell[3]
