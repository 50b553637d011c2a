"""One name per column of a table: its header rows' cells, top to bottom, joined with " / "; a cell spanning
several columns names each of them (by its box, or as the one label over a block of names repeated below it)."""

from __future__ import annotations

from collections.abc import Sequence

from app.ingest.extracted import BBox
from app.ingest.table_words import Grid

# A label is centred over a block when its middle lies within this share of the block's width (first to last column
# middle) of the block's middle; a wrapped name's line over one of two columns lies half the width away.
CENTRED_SHARE = 0.25


def joined_columns(grid: Grid, header_rows: int) -> list[str] | None:
    """One name per column: the header rows' cells top to bottom joined with " / "; a header
    cell that spans several columns (its box reaches over their centres, on either side) names
    each of them."""
    if header_rows == 0 or not grid.rows:
        return None
    ncols = len(grid.rows[0])
    centres: list[float | None] = []
    for j in range(ncols):
        xs = sorted((b[0] + b[2]) / 2 for r in grid.boxes[header_rows:] if (b := r[j]) is not None)
        centres.append(xs[len(xs) // 2] if xs else None)
    names: list[list[str]] = [[] for _ in range(ncols)]
    # Only under a header of two rows: in a taller one a label over a block cannot be told from a wrapped name's line.
    blocks = repeated_blocks(grid.rows[1]) if header_rows == 2 else []
    for i in range(header_rows):
        row, boxes = grid.rows[i], grid.boxes[i]
        for k, text in enumerate(row):
            if not text:
                continue
            covered = [k]
            box = boxes[k]
            for j in range(k + 1, ncols):
                c = centres[j]
                if row[j] or box is None or c is None or c > box[2] + 1:
                    break
                covered.append(j)
            for j in range(k - 1, -1, -1):
                c = centres[j]
                if row[j] or box is None or c is None or c < box[0] - 1:
                    break
                covered.insert(0, j)
            block = next((b for b in blocks if k in b), None)
            if i < header_rows - 1 and block is not None and _over(box, block, centres) and set(covered) <= set(block):
                covered = list(block)  # the one label centred over a block of names repeated below names all of them
            for j in covered:
                if not names[j] or names[j][-1] != text:
                    names[j].append(text)
    return [" / ".join(n) for n in names]


def _over(box: BBox | None, block: range, centres: Sequence[float | None]) -> bool:
    """`box` is centred over the block's columns (a spanning label), not over one of them (a wrapped name's line)."""
    first, last = centres[block[0]], centres[block[-1]]
    if box is None or first is None or last is None:
        return False
    return abs((box[0] + box[2]) / 2 - (first + last) / 2) <= CENTRED_SHARE * (last - first)


def repeated_blocks(names: Sequence[str]) -> list[range]:
    """The blocks of columns whose names repeat side by side ("NQ TriviaQA WQ" under "Top-20", again under
    "Top-100"): the longest run of two or more names said again at once up to the last column, one range per
    repeat; none without."""
    n = len(names)
    for size in range(n // 2, 1, -1):
        for start in range(n - 2 * size + 1):
            block = list(names[start : start + size])
            if not all(block):
                continue
            count = 1
            while list(names[start + count * size : start + (count + 1) * size]) == block:
                count += 1
            if count >= 2 and start + count * size == n:  # the blocks run to the last column
                return [range(start + k * size, start + (k + 1) * size) for k in range(count)]
    return []
