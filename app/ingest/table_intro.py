"""Lines of the text above a table that the whitespace reading took in as its first rows: the sentence that introduces
the table ("The following table presents … during the quarter / ended December 31, 2022:") and the end of the
paragraph before it ("shareholders.”"). Each stands in one cell of a row of its own; left in, it became the header
every column was named by."""

from __future__ import annotations

from app.ingest.table_words import Grid

# A sentence's end, closing quotes and brackets aside.
CLOSERS = "”’\"')]"
# An introducing sentence is prose: at least this many words over its rows.
MIN_INTRO_WORDS = 8
# At most this many rows of it.
MAX_INTRO_ROWS = 3


def split_intro_rows(grid: Grid) -> str | None:
    """Take out of the grid its leading one-cell rows that are prose: one row that opens in lower case and ends a
    sentence (the tail of the paragraph above, dropped), then a run ending in a colon (the sentence that introduces
    the table, returned as its caption). Two rows at least are left."""
    texts = _leading_texts(grid)
    if texts and len(grid.rows) > 3 and _sentence_tail(texts[0]):
        del grid.rows[0], grid.boxes[0]
        texts = _leading_texts(grid)
    for n in range(1, len(texts) + 1):
        run = texts[:n]
        if run[-1].rstrip(CLOSERS).endswith(":") and sum(len(t.split()) for t in run) >= MIN_INTRO_WORDS:
            if len(grid.rows) - n < 2:
                return None
            del grid.rows[:n], grid.boxes[:n]
            return " ".join(run)[:400]
    return None


def _leading_texts(grid: Grid) -> list[str]:
    """The text of each leading row that has one filled cell."""
    texts = []
    for row in grid.rows[:MAX_INTRO_ROWS]:
        filled = [c.strip() for c in row if c.strip()]
        if len(filled) != 1:
            break
        texts.append(filled[0])
    return texts


def _sentence_tail(text: str) -> bool:
    """ "shareholders.”", "version 2.0 of our framework, we also include …": words that open in lower case and end a
    sentence (a table's first row neither continues a sentence nor ends one)."""
    return text[:1].islower() and text.rstrip(CLOSERS).endswith((".", "!", "?"))
