"""Column heads set off their figures (app.ingest.table_head_shift): the head of a column without figures goes, every
line of it, to the headless column of figures beneath it; a head over a headed column stays where it is."""

from __future__ import annotations

from app.ingest.extracted import BBox
from app.ingest.table_head_shift import align_heads
from app.ingest.table_words import Grid


def _grid(rows: list[list[str]], lefts: list[float], widths: list[float]) -> Grid:
    boxes: list[list[BBox | None]] = [
        [None if not cell else (lefts[j], 20.0 * i, lefts[j] + widths[j], 20.0 * i + 10.0) for j, cell in enumerate(r)]
        for i, r in enumerate(rows)
    ]
    return Grid([list(r) for r in rows], boxes, (0.0, 0.0, 500.0, 20.0 * len(rows)))


def test_heads_set_off_their_figures_go_over_them() -> None:
    # Figures at columns 1 and 3; their heads cut apart from them at columns 2 ("Typ") and 4 (two lines).
    rows = [["", "", "Time [ms]", "", "Rate"], ["Setting", "", "Typ", "", "Min"],
            ["Low power", "5.5", "", "181.8", ""], ["High resolution", "19.5", "", "51.3", ""],
            ["Ultra high", "37.5", "", "26.7", ""]]  # fmt: skip
    grid = _grid(rows, [0.0, 150.0, 160.0, 230.0, 240.0], [120.0, 40.0, 40.0, 40.0, 40.0])
    align_heads(grid)
    assert [r[:5] for r in grid.rows[:2]] == [["", "Time [ms]", "", "Rate", ""], ["Setting", "Typ", "", "Min", ""]]
    assert grid.boxes[1][2] is None and grid.boxes[1][1] is not None


def test_a_head_over_a_headed_column_or_one_line_of_a_stacked_head_stays() -> None:
    # Column 2's head stands over column 1's figures, but column 1 has a head of its own: nothing moves.
    rows = [["", "2022", "Three months", ""], ["Item", "", "", "2023"], ["Sales", "10", "", "12"],
            ["Costs", "4", "", "5"]]  # fmt: skip
    grid = _grid(rows, [0.0, 150.0, 160.0, 230.0], [120.0, 40.0, 40.0, 40.0])
    before = [list(r) for r in grid.rows]
    align_heads(grid)
    assert grid.rows == before


def test_heads_over_their_figures_stay() -> None:
    rows = [["Setting", "Typ", "Max"], ["Low power", "5.5", "6.4"], ["High resolution", "19.5", "22.5"]]
    grid = _grid(rows, [0.0, 150.0, 230.0], [120.0, 40.0, 40.0])
    align_heads(grid)
    assert grid.rows[0] == ["Setting", "Typ", "Max"]
