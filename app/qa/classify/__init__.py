"""Structural vs content questions, by rules (no LLM needed).

A *structural* question names a part of the documents: a page ("page 4", "p. 4", "pages 2-3", "the last page"),
a table ("Table 2", "the second table on page 7", "table 1 of report.pdf"), or both ("difference between page 1
and table 2"). Everything else is a *content* question answered by retrieval. Document references (file name
or title, or a part of either distinctive in the collection) are recognised in both kinds, given the collection's
document names.
"""

from __future__ import annotations

from app.qa.classify.documents import DocumentNames
from app.qa.classify.find import find_document, resolve_document
from app.qa.classify.model import DocumentName, DocumentRef, ParsedQuery, TableRef, normalise
from app.qa.classify.patterns import STOPWORDS, Intent
from app.qa.classify.question import classify, label_key

__all__ = [
    "DocumentName", "DocumentNames", "DocumentRef", "Intent", "ParsedQuery", "STOPWORDS", "TableRef",
    "classify", "find_document", "label_key", "normalise", "resolve_document",
]
