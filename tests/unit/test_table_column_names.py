"""One name per column (app/ingest/table_column_names.py): a label over a block of names repeated below it names
every column of its block, wherever in the block it stands and however narrow its box."""

from __future__ import annotations

from app.ingest.table_column_names import joined_columns, repeated_blocks
from app.ingest.table_words import Grid

LOWER = ["Model", "NQ", "TQA", "WQ", "NQ", "TQA", "WQ"]


def _box(x: float, width: float = 20.0) -> tuple[float, float, float, float]:
    return (x, 0.0, x + width, 10.0)


def test_names_repeated_side_by_side_make_blocks() -> None:
    assert repeated_blocks(LOWER) == [range(1, 4), range(4, 7)]
    assert repeated_blocks(["Year", "2019", "2020", "2021"]) == []


def test_one_label_over_a_block_names_every_column_of_it() -> None:
    upper = ["", "", "Top-20", "", "", "Top-100", ""]  # each set over the middle, or the start, of its block
    body = ["BM25", "59.1", "66.9", "55.0", "73.7", "76.7", "71.1"]
    xs = [10.0 + 40 * k for k in range(7)]
    grid = Grid(
        rows=[upper, LOWER, body],
        boxes=[[_box(x) if t else None for x, t in zip(xs, upper, strict=True)],
               [_box(x) for x in xs], [_box(x) for x in xs]],
        bbox=(10.0, 0.0, 290.0, 30.0),
    )  # fmt: skip
    assert joined_columns(grid, 2) == ["Model", "Top-20 / NQ", "Top-20 / TQA", "Top-20 / WQ", "Top-100 / NQ",
                                       "Top-100 / TQA", "Top-100 / WQ"]  # fmt: skip
