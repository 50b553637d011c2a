"""A title over a block of columns that repeats ("VAL Set" over "BLEU | chrF | chrF++ | TER", "TEST Set" over the
same four): the page centres each title over its block, so the extractor put it over one column of it only, and the
others of the block were named like the other block's ("BLEU" twice). Each title names every column of its block."""

from __future__ import annotations

from collections.abc import Sequence

MIN_BLOCK = 2  # a block of one column is just a column under its title


def _blocks(bottom: list[str]) -> list[tuple[int, int]]:
    """(start, end) of each block of the first run of at least two blocks of the same names in `bottom`."""
    width = len(bottom)
    for size in range(MIN_BLOCK, width // 2 + 1):
        for start in range(width - 2 * size + 1):
            block = bottom[start : start + size]
            if not all(block):
                continue
            count = 1
            while bottom[start + count * size : start + (count + 1) * size] == block:
                count += 1
            if count >= 2:
                return [(start + k * size, start + (k + 1) * size) for k in range(count)]
    return []


def titles_over_blocks(columns: list[str], heads: Sequence[Sequence[str]]) -> list[str]:
    """`columns` with each block's title (one cell of a header row above the last, inside the block, a different
    title for each block) said in every column of its block."""
    if len(heads) < 2:
        return columns
    spans = _blocks([cell.strip() for cell in heads[-1]])
    out = list(columns)
    for row in heads[:-1] if spans else ():
        titles = [[row[c].strip() for c in range(a, min(b, len(row))) if row[c].strip()] for a, b in spans]
        if not all(len(t) == 1 for t in titles) or len({t[0] for t in titles}) != len(spans):
            continue
        for (a, b), (title,) in zip(spans, titles, strict=True):
            for c in range(a, min(b, len(out))):
                if title not in out[c].split(" / "):
                    out[c] = f"{title} / {out[c]}" if out[c] else title
    return out
