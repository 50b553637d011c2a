"""Resolve what a question names (a document, a page, a table) against what the collection holds.

Pure: it works on small descriptions of documents and tables that the structural path reads from the database.
When the named thing does not exist, the result is a one-sentence `Missing` that says what does exist ("eu-004.pdf
has 15 pages"), so the answer never comes silently from another document.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from app.qa.classify.model import TableRef, normalise
from app.qa.classify.patterns import FILE_NAME, TABLE_LABEL
from app.qa.classify.question import label_key
from app.qa.tables.words import a_year

__all__ = ["FILE_NAME", "label_key"]

MAX_LISTED = 8


@dataclass(frozen=True, slots=True)
class DocInfo:
    id: str
    filename: str
    page_count: int
    title: str | None = None


@dataclass(frozen=True, slots=True)
class TableInfo:
    id: str
    document_id: str
    page: int
    index_on_page: int
    index_in_document: int
    caption: str | None = None
    label: str | None = None  # as stored (null on tables extracted before labels existed)
    continues_id: str | None = None

    @property
    def key(self) -> str | None:
        """The table's own label as a comparable key ("6.4"), from `label` or else parsed from the caption."""
        stored = label_key(self.label) if self.label else caption_key(self.caption)
        spaced = spaced_caption_key(self.caption)
        return spaced if spaced and (stored is None or spaced.startswith(f"{stored}.")) else stored

    @property
    def shown_label(self) -> str:
        key = self.key
        return f"Table {key}" if key else f"table {self.index_in_document + 1}"


@dataclass(frozen=True, slots=True)
class Missing:
    """A named document, page or table that does not exist, and the sentence that says so."""

    message: str
    document_id: str | None = None  # the named document, cited by nothing but kept for the answer's context


@dataclass(slots=True)
class TableMatch:
    tables: list[TableInfo] = field(default_factory=list)
    how: str = ""  # label | ordinal | page | caption | all
    note: str | None = None  # said beside the answer


def caption_key(caption: str | None) -> str | None:
    """The key of the label a caption starts with ("Table 6.4:", "TABLE 2-1.", "Exhibit 5"): the questions' grammar."""
    m = TABLE_LABEL.match((caption or "").lstrip())
    return label_key(m.group(2)) if m else None


DASHES = ("-", "–", "—")


def spaced_caption_key(caption: str | None) -> str | None:
    """ "Table 3 – 3 Crashes by Weather" → "3.3": a chapter's table numbered with a dash set apart by spaces, which
    the label (read up to the first space: "Table 3") cuts short; a year after the dash is no number of the label."""
    words = (caption or "").split()[:4]
    if len(words) < 4 or words[0].lower().rstrip(".") not in ("table", "tab", "exhibit", "schedule"):
        return None
    chapter, dash, number = words[1], words[2], words[3].rstrip(".:;,")
    if not (chapter.isdecimal() and dash in DASHES and number.isdecimal()) or a_year(number):
        return None
    return f"{chapter}.{number}"


def _natural(key: str) -> list[tuple[int, object]]:
    return [(0, int(p)) if p.isdecimal() else (1, p) for p in key.split(".")]


def describe_labels(tables: Sequence[TableInfo]) -> str:
    """ "6.1 to 6.12", "1, 2 and 3", or the count when the tables carry no label."""
    keys = list(dict.fromkeys(k for t in tables if t.continues_id is None and (k := t.key)))
    if not keys:
        return f"{len(tables)} unlabelled table{'s' if len(tables) != 1 else ''}"
    keys.sort(key=_natural)
    if len(keys) > 4:
        return f"Tables {keys[0]} to {keys[-1]}"
    if len(keys) == 1:
        return f"Table {keys[0]}"
    return "Tables " + ", ".join(keys[:-1]) + f" and {keys[-1]}"


def named_files(question: str) -> list[str]:
    """File names written in the question."""
    return [m.group(1) for m in FILE_NAME.finditer(question)]


def missing_file(name: str, documents: Sequence[DocInfo], status: str | None = None) -> Missing:
    """ "There is no document named eu-021.pdf in this collection" and the closest names that do exist."""
    reason = f" (it is {status}, not ready)" if status else ""
    message = f"There is no ready document named {name} in this collection{reason}."
    names = [d.filename for d in documents]
    close = [n for n, score, _ in process.extract(name, names, scorer=fuzz.ratio, limit=3) if score >= 60]
    if close:
        message += f" Similar names: {', '.join(close)}."
    elif names:
        shown = ", ".join(sorted(names)[:MAX_LISTED])
        more = f" and {len(names) - MAX_LISTED} more" if len(names) > MAX_LISTED else ""
        message += f" It holds {len(names)} document{'s' if len(names) != 1 else ''}: {shown}{more}."
    return Missing(message)


def resolve_page(number: int, document: DocInfo) -> int | None:
    """1-based page; negative counts from the end; None when the document has no such page."""
    count = document.page_count
    n = count + 1 + number if number < 0 else number
    return n if 1 <= n <= count else None


def page_phrase(number: int) -> str:
    if number == -1:
        return "a last page"
    if number < 0:
        return f"a page {-number} from the end"
    return f"a page {number}"


def missing_page(number: int, document: DocInfo | None, documents: Sequence[DocInfo]) -> Missing:
    if document is not None:
        pages = f"{document.page_count} page{'s' if document.page_count != 1 else ''}"
        return Missing(f"{document.filename} has {pages}; there is no page {number}.", document.id)
    longest = max((d.page_count for d in documents), default=0)
    return Missing(f"No document in this collection has {page_phrase(number)}; the longest has {longest} pages.")


def _ordinal(n: int) -> str:
    if n < 0:
        return "last" if n == -1 else f"{-n}th from last"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def caption_score(words: str, caption: str | None) -> tuple[int, int]:
    """(leading question words found in the caption, all such words): "franchising say about Austria" names the
    table captioned "Franchising across the member states" by its first word."""
    if not caption:
        return 0, 0
    cap = normalise(caption).split()

    def hit(word: str) -> bool:
        return word in cap or (len(word) > 3 and any(fuzz.ratio(word, c) >= 85 for c in cap if len(c) > 3))

    found = [hit(w) for w in words.split()]
    leading = next((i for i, f in enumerate(found) if not f), len(found))
    return leading, sum(found)


def resolve_tables(
    ref: TableRef,
    document: DocInfo,
    tables: Sequence[TableInfo],
    mentioned: Callable[[], frozenset[str]] = frozenset,
) -> TableMatch | Missing:
    """The tables of `document` that `ref` names, or what the document holds instead.

    A label ("Table 6.4") matches the table's own label; "Table 2" is the second table only when the document's
    tables carry no labels at all and its text speaks of a Table 2 (`mentioned`: the label keys its pages say, as
    "see Table 2" does of a table whose caption was not extracted; asked only then); else it is missing: a form or a
    datasheet that never numbers its tables has no Table 2, and a guess would answer from the wrong table. An ordinal
    ("the second table") counts in document order, or on the named page."""
    tables = sorted(tables, key=lambda t: t.index_in_document)
    heads = [t for t in tables if t.continues_id is None] or tables
    name = document.filename
    if not tables:
        return Missing(f"{name} has no tables.", document.id)
    if ref.page is not None:
        page = resolve_page(ref.page, document)
        if page is None:
            return missing_page(ref.page, document, [document])
        on_page = sorted((t for t in tables if t.page == page), key=lambda t: t.index_on_page)
        if not on_page:
            pages = sorted({t.page for t in tables})
            listed = ", ".join(str(p) for p in pages[:MAX_LISTED]) + (" …" if len(pages) > MAX_LISTED else "")
            return Missing(f"Page {page} of {name} has no table; its tables are on page{'s' if len(pages) > 1 else ''} "
                           f"{listed}.", document.id)  # fmt: skip
        if ref.number is None and ref.label is None:
            return TableMatch(on_page, "page")
        if ref.label is not None:
            labelled = [t for t in on_page if t.key == ref.label]
            if labelled:
                return TableMatch(labelled, "label")  # one label twice on a page: the reader tells which answers
        number = ref.number if ref.number is not None else _int(ref.label)
        if number is None:
            return Missing(f"Page {page} of {name} has no {ref.word} {ref.label}; it has {describe_labels(on_page)}.",
                           document.id)  # fmt: skip
        position = len(on_page) + 1 + number if number < 0 else number
        if 1 <= position <= len(on_page):
            return TableMatch([on_page[position - 1]], "ordinal")
        count = len(on_page)
        return Missing(f"Page {page} of {name} has {count} table{'s' if count != 1 else ''}, not a {_ordinal(number)}.",
                       document.id)  # fmt: skip
    if ref.caption:
        scored = sorted(((caption_score(ref.caption, t.caption), t) for t in heads), key=lambda x: x[0], reverse=True)
        if scored and scored[0][0][0] >= 1:
            return TableMatch([scored[0][1]], "caption")
        return Missing(f"{name} has no table about “{ref.caption}”; its tables are {describe_labels(heads)}.",
                       document.id)  # fmt: skip
    if ref.label is not None:
        labelled = [t for t in tables if t.key == ref.label]
        if labelled:
            # One label twice on a page: a caption labels one table, the other took it by mistake (a register
            # description above "Table 20. ODR configuration"); both are read and the reader tells which answers.
            run = [t for t in labelled if t.page == labelled[0].page]
            # The same label on the following pages ("Table 14 (continued)") is the same table.
            for t in labelled[len(run) :]:
                if t.page == run[-1].page + 1:
                    run.append(t)
            return TableMatch(run, "label")
        number = _int(ref.label)
        unlabelled = not any(t.key for t in heads)
        if number is not None and 1 <= number <= len(heads) and unlabelled and ref.label in mentioned():
            # Tables without labels of their own: "Table 2" can only mean the second one.
            return TableMatch([heads[number - 1]], "ordinal")
        return Missing(f"{name} has no {ref.word} {ref.label}; its tables are {_strip_tables(describe_labels(heads))}.",
                       document.id)  # fmt: skip
    if ref.number is None:
        return TableMatch(list(heads), "all")
    position = len(heads) + 1 + ref.number if ref.number < 0 else ref.number
    if 1 <= position <= len(heads):
        return TableMatch([heads[position - 1]], "ordinal")
    return Missing(f"{name} has {len(heads)} table{'s' if len(heads) != 1 else ''}, not a {_ordinal(ref.number)}.",
                   document.id)  # fmt: skip


def _strip_tables(text: str) -> str:
    return text.removeprefix("Tables ") if text.startswith("Tables ") else text.removeprefix("Table ")


def _int(key: str | None) -> int | None:
    return int(key) if key is not None and key.isdecimal() else None
