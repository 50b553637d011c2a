"""Questions that name pages or tables: fetched straight from their rows, a named table read from its cells."""
