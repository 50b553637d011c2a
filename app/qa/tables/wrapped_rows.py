"""A label wrapped onto the line below in a table set without rules between its rows: the data sheet prints
"VCE(sat)H | Source Output Saturation | IO = – 0.6 A | 1.4 | 1.8 | V" and, under it, only "Voltage (pins 3, 8, 13,
18)"; the extraction keeps each line as a row. Such a line continues the row above it: its words are joined to the
cells they stand under and the line is left empty, so that every row keeps its index (its cell boxes). A label set
on two lines centred on its row's one line of figures ("Old Solidity Versions" / "| 10 | Passed" / "Bugs") is the
label of that line."""

from __future__ import annotations

from collections.abc import Sequence

from app.qa.tablelayout import is_number, numbering


def unwrapped(rows: Sequence[Sequence[str]]) -> list[list[str]]:
    """The rows with each wrapped line joined to the row it continues (see the module's doc)."""
    out = [list(r) for r in rows]
    # The row the lines below may continue: a label and a figure beside it (not a row of column numbers, "1 | 2= | 3").
    continued: int | None = None
    for i, row in enumerate(out):
        if continued is not None and _continues(out[continued], row):
            out[continued] = [f"{a} {b}".strip() if b.strip() else a for a, b in zip(out[continued], row, strict=True)]
            out[i] = ["" for _ in row]
            continue
        labelled = bool(row) and bool(row[0].strip()) and any(is_number(c) for c in row[1:]) and not numbering(row)
        continued = i if labelled else None
    for i in range(1, len(out) - 1):
        above, row, below = out[i - 1], out[i], out[i + 1]
        if _label_only(above) and _label_only(below) and not row[0].strip() and any(is_number(c) for c in row):
            out[i] = [f"{above[0].strip()} {below[0].strip()}", *row[1:]]
            out[i - 1], out[i + 1] = ["" for _ in above], ["" for _ in below]
    return out


def _label_only(row: Sequence[str]) -> bool:
    """A line holding only a label, in the first column, and no figure."""
    return bool(row) and bool(row[0].strip()) and not is_number(row[0]) and not any(c.strip() for c in row[1:])


def _continues(above: Sequence[str], line: Sequence[str]) -> bool:
    """A line without a label or a figure whose every word stands under words of the row above (never under a
    figure, nor an empty cell), and that does not open an item of its own ("2.", "(b)", "2.2.1") nor a list ("…
    on the engine of:")."""
    filled = [k for k, cell in enumerate(line) if cell.strip()]
    if len(line) != len(above) or not filled or line[0].strip() or line[filled[-1]].rstrip().endswith(":"):
        return False  # a line ending on a colon opens a list of its own
    return all(above[k].strip() and not is_number(above[k]) and not is_number(line[k]) and not _item(line[k])
               for k in filled)  # fmt: skip


def _item(cell: str) -> bool:
    """A cell opening on an item's mark: "2.", "b.", "(iii)", "2.2.1" (not "19)", a wrapped list's end)."""
    first = cell.split(None, 1)[0]
    bare = first.strip("().")
    marked = first.endswith(".") or (first.startswith("(") and first.endswith(")"))
    if marked and bare.isalnum() and len(bare) <= 3:
        return True
    return "." in first and first.replace(".", "").isdecimal()
