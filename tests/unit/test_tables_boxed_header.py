"""A data sheet's table: its header row drawn as boxes, its body rows set apart by rules across the table alone
(app/ingest/table_booktabs.py). The boxes' sides are no lattice's: the rules frame the table, every row is read."""

from __future__ import annotations

from app.ingest.passages import Line, Word
from app.ingest.table_booktabs import booktabs_tables

LEFT, RIGHT = 150.0, 545.0
COLUMNS = (150.0, 200.0, 300.0, 420.0, 470.0, 510.0)  # x of each column's text
ROWS = [
    ("Symbol", "Parameter", "Conditions", "Min", "Max", "Unit"),
    ("VBAT", "Battery voltage", "none", "2.7", "5.5", "V"),
    ("PVDD", "Host voltage", "VSS = 0 V", "1.6", "3.6", "V"),
    ("IHPD", "Power-down current", "VBAT = 5 V", "-", "2", "uA"),
    ("ITVDD", "Transmitter current", "During RF", "-", "150", "mA"),
]


def _h(y: float, x0: float = LEFT, x1: float = RIGHT) -> dict[str, object]:
    return {"orientation": "h", "x0": x0, "x1": x1, "top": y, "bottom": y, "width": x1 - x0, "height": 0.0}


def _v(x: float, top: float, bottom: float) -> dict[str, object]:
    return {"orientation": "v", "x0": x, "x1": x, "top": top, "bottom": bottom, "width": 0.0, "height": bottom - top}


def _line(y: float, cells: tuple[str, ...]) -> Line:
    words = []
    for x, cell in zip(COLUMNS, cells, strict=True):
        at = x + 2
        for word in cell.split():
            words.append(Word(word, (at, y, at + 5 * len(word), y + 8)))
            at += 5 * len(word) + 3
    return Line(words)


def test_a_header_drawn_as_boxes_over_rows_set_apart_by_rules_is_one_table() -> None:
    rules = [280.0, 295.0, 320.0, 345.0, 370.0, 395.0]  # top, under the header, under each body row
    edges = [_h(y) for y in rules]
    edges += [_v(x, 280.0, 295.0) for x in (LEFT, *COLUMNS[1:], RIGHT)]  # the header cells' sides
    lines = [_line(y + 4, row) for y, row in zip(rules, ROWS, strict=False)]
    tables = booktabs_tables(edges, lines, [])
    assert len(tables) == 1
    assert [row[0] for row in tables[0].rows] == ["Symbol", "VBAT", "PVDD", "IHPD", "ITVDD"]
    # A side that runs down through the body rows is a lattice's: the ruled finder reads that table.
    lattice = edges + [_v(x, 280.0, 395.0) for x in COLUMNS[1:]]
    assert booktabs_tables(lattice, lines, []) == []
