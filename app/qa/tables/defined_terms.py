"""The short forms a document defines in its prose ("total nitrogen (TN)"): its tables use them in headers and row
labels ("tn wetlands") without the caption defining them again, while a question spells the term out. The question
is read in the table's own terms: the long form replaced by the short one, so no word of it ("total") reads as an
operation or names another row."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from sqlalchemy import select
from sqlalchemy.orm import object_session

from app.db.models import Document, Passage
from app.qa.tables.abbreviations import parenthesised
from app.qa.tables.model import TableData

CACHED_DOCUMENTS = 256  # one mapping per document recently read; its text does not change once ingested

_cache: OrderedDict[tuple[str, str, int], Mapping[str, str]] = OrderedDict()
_lock = threading.Lock()
_NONE: Mapping[str, str] = MappingProxyType({})


def defined_in(texts: Iterable[str]) -> Mapping[str, str]:
    """Short form → long form of each parenthesised definition in `texts`; a short form given two different long
    forms is dropped, as it names nothing surely."""
    found: dict[str, str] = {}
    clashing: set[str] = set()
    for text in texts:
        for short, long in parenthesised(text):
            if found.setdefault(short, long).lower() != long.lower():
                clashing.add(short)
    return MappingProxyType({s: lf for s, lf in found.items() if s not in clashing})


def document_abbreviations(document: Document) -> Mapping[str, str]:
    """The definitions in `document`'s passages, read once per document (by id, content hash and passage count)."""
    session = object_session(document)
    if session is None or not document.id:
        return _NONE
    key = (document.id, document.sha256 or "", document.passage_count or 0)
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    texts = session.scalars(select(Passage.text).where(Passage.document_id == document.id))
    found = defined_in(t for t in texts if "(" in t)
    with _lock:
        _cache[key] = found
        while len(_cache) > CACHED_DOCUMENTS:
            _cache.popitem(last=False)
    return found


def in_own_terms(table: TableData, question: str) -> str:
    """`question` with each long form its table's document defines replaced by the short form the table says it in,
    where the table never spells it out: "what does the total nitrogen model reach" of rows "tn / wetlands" asks
    for the TN model, neither a total nor a row of another model that shares the word "total" ("tp" of "total
    phosphorus")."""
    spelled_out = [(short, long) for short, long in table.defined.items() if _whole_at(question, long) is not None]
    if not spelled_out:
        return question  # most questions spell out no term the document defines: the table is not read
    said = {_bare(w).lower() for row in table.rows for cell in row for w in cell.split()}
    said |= {_bare(w).lower() for name in table.columns or () for w in name.split()}
    spelled = " ".join(" ".join(cell.split()) for row in table.rows for cell in row).lower()
    for short, long in spelled_out:
        at = _whole_at(question, long)
        if at is not None and short.lower() in said and long.lower() not in spelled:
            question = f"{question[:at]}{short}{question[at + len(long) :]}"
    return question


def _bare(word: str) -> str:
    return word.strip("()[],;:.*")


def _whole_at(text: str, phrase: str) -> int | None:
    """Where `phrase` stands in `text` as whole words, case aside; None when it does not."""
    low, wanted = text.lower(), phrase.lower()
    at = low.find(wanted)
    while at != -1:
        end = at + len(wanted)
        if (at == 0 or not low[at - 1].isalnum()) and (end == len(low) or not low[end].isalnum()):
            return at
        at = low.find(wanted, at + 1)
    return None
