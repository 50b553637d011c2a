"""A table's line of column names read whole into one cell is cut into the columns it stands over
(app/ingest/table_names_above.py): the caption above no longer takes it for its last line, and the first row of
figures is no header."""

from __future__ import annotations

from app.ingest.passages import Line, Word
from app.ingest.table_captions import finish_table
from app.ingest.table_names_above import take_names_above
from app.ingest.table_words import Grid

HEIGHT = 10.0
# Each column's figures: x of the cell's left and right edge.
COLUMNS = [(150.0, 190.0), (222.0, 235.0), (288.0, 321.0), (377.0, 409.0), (448.0, 454.0)]


def _words(text: str, x: float, y: float, space: float = 4.0) -> list[Word]:
    out = []
    for word in text.split():
        out.append(Word(word, (x, y, x + 5 * len(word), y + HEIGHT)))
        x += 5 * len(word) + space
    return out


def _names_line(y: float, names: list[tuple[str, float]]) -> Line:
    return Line([w for text, x in names for w in _words(text, x, y)])


def _grid(names: Line, caption: list[Line]) -> Grid:
    body = [["0.25", "118.6", "0.8408", "0.0021", "3"], ["0.50", "8.18", "0.8410", "0.0020", "3"],
            ["0.75", "1.82", "0.8409", "0.0021", "3"]]  # fmt: skip
    rows = [[ln.text, "", "", "", ""] for ln in caption] + [[names.text, "", "", "", ""]] + body
    boxes: list[list[tuple[float, float, float, float] | None]] = [
        [ln.bbox, None, None, None, None] for ln in [*caption, names]
    ]
    for k in range(len(body)):
        y = names.bbox[3] + 6 + 14 * k
        boxes.append([(x0, y, x1, y + HEIGHT) for x0, x1 in COLUMNS])
    top = min(b[1] for r in boxes for b in r if b)
    return Grid(rows, boxes, (70.0, top, 541.0, boxes[-1][0][3]))  # type: ignore[index]


NAMES = [("Noise σ", 150.0), ("ε (mean)", 205.0), ("Test acc (mean)", 263.0), ("Test acc (std)", 357.0),
         ("runs", 440.0)]  # fmt: skip


def test_a_line_of_names_read_into_one_cell_is_cut_into_the_columns_below() -> None:
    names = _names_line(100.0, NAMES)
    grid = _grid(names, [])
    assert take_names_above(grid, [names])
    assert grid.rows[0] == ["Noise σ", "ε (mean)", "Test acc (mean)", "Test acc (std)", "runs"]
    assert grid.boxes[0][4] is not None


def test_the_caption_keeps_its_own_lines_and_the_table_its_header() -> None:
    caption = [Line(_words("Table 4: DP-SGD aggregated accounting (three seeds per σ;", 72.0, 60.0)),
               Line(_words("batch=128; epochs=15).", 72.0, 74.0))]  # fmt: skip
    names = _names_line(100.0, NAMES)
    table = finish_table(0, _grid(names, caption), [*caption, names])
    assert table.caption is not None and table.caption.endswith("epochs=15).")
    assert table.header_rows == 1
    assert table.columns is not None and table.columns[1] == "ε (mean)"


def test_prose_or_a_name_spanning_two_columns_is_not_cut() -> None:
    prose = Line(_words("steps in each of the runs were averaged over three seeds here", 150.0, 100.0))
    grid = _grid(prose, [])
    assert not take_names_above(grid, [prose])
    assert grid.rows[0][0] == prose.text
    spanning = _names_line(100.0, [("Noise σ", 150.0), ("ε (mean) and test accuracy", 205.0), ("runs", 440.0)])
    assert not take_names_above(_grid(spanning, []), [spanning])
