"""Answers read from tables: finding the named row and column, aggregates over columns, the table as Markdown, and
the stored tables read with their continuations."""
