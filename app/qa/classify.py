"""Structural vs content questions, by rules (no LLM needed).

A *structural* question names a part of the documents: a page ("page 4", "p. 4", "pages 2-3", "the last page"),
a table ("Table 2", "the second table on page 7", "table 1 of report.pdf"), or both ("difference between page 1
and table 2"). Everything else is a *content* question answered by retrieval. Document references (file name
or title, or a part of either distinctive in the collection) are recognised in both kinds, given the collection's
document names.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from app.llm import prompts

QuestionType = Literal["structural", "content"]
Intent = Literal["show", "summarise", "compare", "lookup"]

NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}  # fmt: skip
ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "last": -1, "final": -1, "penultimate": -2,
    "second-to-last": -2, "second to last": -2,
}  # fmt: skip
ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10,
         "xi": 11, "xii": 12}  # fmt: skip

# Longest alternatives first so "second to last" wins over "second".
_ORD = "|".join(sorted((re.escape(w) for w in ORDINAL_WORDS), key=len, reverse=True))
_ORD_NUM = r"(?:\d+(?:st|nd|rd|th))"
_NUM = r"(?:\d+|" + "|".join(NUMBER_WORDS) + r")"
_RANGE_SEP = r"\s*(?:-|–|—|to|through|and|&|,)\s*"

PAGE_RANGE = re.compile(rf"\b(?:pages|pp\.?)\s*({_NUM})(?:{_RANGE_SEP}({_NUM}))?", re.I)
PAGE_ONE = re.compile(rf"\b(?:page|pg\.?|p\.)\s*(?:no\.?\s*|number\s*|#\s*)?({_NUM})\b", re.I)
PAGE_ORDINAL = re.compile(rf"\b(?:the\s+)?({_ORD}|{_ORD_NUM})\s+page\b", re.I)
TABLE_ORDINAL = re.compile(
    rf"\b(?:the\s+)?({_ORD}|{_ORD_NUM})\s+table\b(?:\s+(?:on|of|in|from)\s+(?:page|p\.)\s*({_NUM}))?", re.I
)
# "Table 6.4", "Table 2-1", "Table: 5", "Table A4-12", "table IV", "table two"; optionally "on page 2".
_LABEL = (
    r"(?:[a-z]{0,2}(?:[.\-–](?=\d))?\d+(?:[.\-–]\d+)*[a-z]?(?![\w.\-–]\d)|[ivx]{1,4}\b|" + "|".join(NUMBER_WORDS) + r")"
)
# The words documents label tables with: "Table 2", and "Exhibit 5" (financial releases), "Schedule 2" (accounts).
TABLE_LABEL_WORDS = r"table|exhibit|schedule"
TABLE_LABEL = re.compile(
    rf"\b({TABLE_LABEL_WORDS})\s*[:#]?\s*(?:no\.?\s*|number\s*)?({_LABEL})"
    rf"(?:\s+(?:on|of|in|from)\s+(?:page|p\.)\s*({_NUM}))?",
    re.I,
)
# "the table about franchising", "the table on food sales": a table named by its caption words.
TABLE_ABOUT = re.compile(
    r"\b(?:the|a)\s+table\s+(?:about|on|of|showing|listing|titled|called|named|with|for|that shows)\s+"
    r"(?!(?:page|p\.|contents)\b)([^?.!;:,]{3,80})",
    re.I,
)
TABLE_ON_PAGE = re.compile(
    r"\b(?:the\s+|a\s+)?tables?\s+(?:(?:are|is)\s+(?:there\s+)?)?(?:on|of|in|from)\s+"
    rf"(?:(?:page|p\.)\s*({_NUM})\b|(?:the\s+)?({_ORD})\s+page\b)",
    re.I,
)
# "the table", "which table": mentions a table without naming one; unsure, not structural by itself.
TABLE_WORD = re.compile(r"\btables?\b", re.I)
TABLE_WORDS = frozenset({"table", "tables"})
# Words of "what is X about", "tell me what X covers": asking for the document as a whole, not for a fact in it.
OVERVIEW_VERBS = frozenset(
    "tell say says cover covers covered contain contains discuss discusses describe describes".split()
)
PAGE_WORD = re.compile(r"\bpages?\b", re.I)

SUMMARISE = re.compile(r"\b(summari[sz]e|summary|overview|outline|gist|main points?|key points?|about)\b", re.I)
COMPARE = re.compile(r"\b(differ(?:ence|ences|ent|s)?|compare|comparison|contrast|versus|vs\.?)\b", re.I)
SHOW = re.compile(r"\b(show|display|print|list|give|read|contents?|what(?:'s| is) (?:on|in))\b", re.I)
LOOKUP = re.compile(r"\b(what|which|how (?:many|much)|value|figure|number|amount|percentage|share|rate)\b", re.I)

STOPWORDS = frozenset(
    """a an the of in on at to for from by with and or is are was were be been what which who whom whose how many
    much does do did give show me tell value values cell row column col figure number amount entry listed
    page pages table tables p pp pg document doc file report pdf this that these those there it its as for
    according say says said please find look up reported given stated under for in into within"""
    .split()
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class DocumentName:
    """What a question may call a document: its file name (with or without extension) or its title."""

    id: str
    filename: str
    title: str | None = None


@dataclass(slots=True)
class TableRef:
    number: int | None  # "Table 2" / "the second table" -> 2; negative counts from the end; None = every table
    page: int | None = None  # "... on page 7"; negative counts from the end
    by_label: bool = False  # named as a label ("Table 2"): a caption "Table 2" wins over document order
    label: str | None = None  # the label's comparable key ("6.4", "2.1", "A4.12"); see app.qa.resolve.label_key
    caption: str | None = None  # caption words naming the table ("about franchising")
    word: str = "Table"  # what the question calls it ("Exhibit 5"): what a sentence saying it is missing says


@dataclass(slots=True)
class DocumentRef:
    document_id: str
    name: str
    # "filename": the file name with its extension ("eu-004.pdf"), or a name given as a file ("in the file
    # eu-004"); "stem": the file name without extension; "title": the document's title. Content retrieval is narrowed
    # to the document only for "filename" (see `explicit`): stems and titles of entity-named documents ("Gallu.txt")
    # occur in ordinary multi-hop questions and must not fence them in, unless the question calls them a document
    # (`called`). "part": a distinctive part of the title or file name ("the diesel report"), which never fences.
    # Structural questions accept all four.
    matched_by: str = "filename"
    # The question calls it a document ("the diesel engines manual", "the WARN report"): no entity is named so.
    called: bool = False

    @property
    def explicit(self) -> bool:
        """The question names the file as a file, or calls it a document: content retrieval may be restricted to it."""
        return self.matched_by == "filename" or self.called


@dataclass(slots=True)
class ParsedQuery:
    question: str
    question_type: QuestionType
    pages: list[int] = field(default_factory=list)  # 1-based; -1 = last page (per document)
    tables: list[TableRef] = field(default_factory=list)
    document: DocumentRef | None = None
    intent: Intent = "show"
    cell_terms: list[str] = field(default_factory=list)  # content words left for a cell look-up
    residual: str = ""  # the question with structural references and the document name removed
    confident: bool = True
    used_llm: bool = False
    # A structural question naming its document by a part several documents share: the sentence saying which
    # they are, answered instead of guessing one (see app.qa.pipeline.retrieve).
    ambiguous: str | None = None
    # "Summarise the WARN report", "what is eu-013.pdf about": the named document as a whole (structural).
    overview: bool = False


def normalise(text: str) -> str:
    """Lower-case, accents folded, punctuation to spaces, single-spaced."""
    if not text.isascii():  # ASCII has no accents to fold: skip the per-character pass (names of 50k documents)
        text = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.lower()
    text = re.sub(r"[^a-z0-9%]+", " ", text)
    return " ".join(text.split())


def _number(token: str) -> int | None:
    token = token.lower().strip()
    if token.isdigit():
        return int(token)
    if token in NUMBER_WORDS:
        return NUMBER_WORDS[token]
    if token in ORDINAL_WORDS:
        return ORDINAL_WORDS[token]
    if token in ROMAN:
        return ROMAN[token]
    m = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", token)
    return int(m.group(1)) if m else None


MATCH_PRIORITY = {"filename": 0, "stem": 1, "title": 2, "part": 3}
# A name the question calls a file: "in the file eu-004", "the pdf called X", "the eu-004 file". Matched on the
# normalised question (lower case, punctuation as spaces).
FILE_WORD_BEFORE = r"\b(?:file|pdf|document)(?: (?:named|called|titled))? "
FILE_WORD_AFTER = r" (?:file|pdf)\b"
# A stem that reads as a code ("eu-021", "us_018", "report-2019-v2": letters, digits and a joining - or _, no
# spaces) names a file even without its extension: no entity is called that, while titles of entity-named
# documents ("Gallu", "1998 FIFA World Cup") stay ordinary words of a content question.
CODE_LIKE_STEM = re.compile(r"(?=\S*\d)(?=\S*[A-Za-z])[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)+")
# A file name written with its extension: that name is matched whole or reported missing, never guessed by a part.
WRITTEN_FILE = re.compile(r"[\w)]\.(?:pdf|txt|md|docx?|html?)\b", re.I)

# Parts of names. A part is a run of at most PART_WORDS words of a title or of a file name's words that begins and
# ends with a word saying *which* document (not GENERIC), and is carried by at most SHARED_PART documents' names:
# carried by one it names that document; by two or three the question is ambiguous; by more it names none.
PART_WORDS = 4
SHARED_PART = 3
MIN_PART_WORD = 4  # a one-word part: "diesel", "retail"; "eu", "faa" or "tax" are too easily something else
GENERIC = STOPWORDS | frozenset(
    """report reports document documents file files annual final draft version edition volume vol part parts chapter
    section summary appendix annex data information overview introduction review study paper papers notice new
    general national international official public full rules rule no nr year years vs et al not all
    example sample test untitled copy""".split()
)  # fmt: skip
# Words that call what precedes them a document: "the retail report", "the diesel engines manual".
DOC_NOUNS = frozenset(
    """report reports manual manuals document doc paper file pdf study directive directives guide guidance brochure
    survey article publication handbook booklet leaflet factsheet bulletin newsletter catalogue spreadsheet
    dataset statistics notice regulation regulations proposal memo""".split()
)  # fmt: skip
DETERMINERS = frozenset("the a an this that of in from on".split())
# "page 3 of", "table 2 in the", "the last page of": what follows names the document the page or table is in.
PART_AFTER_REFERENCE = re.compile(
    r"\b(?:(?:page|pages|pp|p)(?: [a-z0-9]{1,8}){0,2}|(?:table|tables)(?: [a-z0-9]{1,8}){1,3}) (?:of|in|from)(?: the)?$"
)


def _stem(filename: str) -> str:
    """The file name without its extension ("eu-004.pdf" -> "eu-004")."""
    return re.sub(r"\.[A-Za-z0-9]{2,4}$", "", filename)


def _document_names(doc: DocumentName) -> list[tuple[str, str]]:
    stem = _stem(doc.filename)
    names = [(doc.filename, "filename")]
    if stem != doc.filename:
        names.append((stem, "stem"))
    if doc.title:
        names.append((doc.title, "title"))
    return [(n, by) for n, by in ((normalise(x), by) for x, by in names) if len(n) >= 3]


def _name_words(doc: DocumentName, names: list[tuple[str, str]]) -> list[list[str]]:
    """The words of the title (normalised in `names`) and of the file name ("dieselEngines_2020-v2.pdf" -> diesel
    engines 2020 v2)."""
    stem = _stem(doc.filename)
    stem = re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])", " ", stem)
    title = next((name for name, by in names if by == "title"), "")
    return [w for w in (title.split(), normalise(stem).split()) if w]


def _parts(words: list[str]) -> set[str]:
    """The runs of `words` that could name the document: see PART_WORDS."""
    # An edge word says which document: not generic, not a bare number. Flags computed once per word, since this
    # runs for every name of every document when a collection's names are built.
    edge = [w not in GENERIC and not w.isdigit() for w in words]
    found: set[str] = set()
    for i, word in enumerate(words):
        if not edge[i]:
            continue
        if len(word) >= MIN_PART_WORD and word.isalpha():
            found.add(word)
        for j in range(i + 1, min(i + PART_WORDS, len(words))):
            if edge[j]:
                found.add(" ".join(words[i : j + 1]))
    return found


def _derived(doc: DocumentName) -> tuple[list[tuple[str, str]], set[str]]:
    """A document's normalised names and the parts of its names (they depend on its file name and title only)."""
    names = _document_names(doc)
    return names, set().union(*(_parts(words) for words in _name_words(doc, names)))


@dataclass(frozen=True, slots=True)
class PartMatch:
    """The documents a distinctive part of a name in the question points to: one, or several (ambiguous)."""

    part: str
    documents: tuple[DocumentName, ...]
    noun: str | None = None  # the document word after the part ("report"), removed with it


class DocumentNames:
    """A collection's document names, normalised once, looked up by the question's word n-grams.

    Building it is linear in the documents; a look-up costs (question words x longest name) dictionary probes, so
    a folder of 50k documents adds microseconds per question, not a scan. Distinctive parts of names ("diesel
    engines" of diesel_engines.pdf, "retail" of a title) are n-grams in a second dictionary, probed the same way.
    """

    def __init__(self, documents: Sequence[DocumentName]) -> None:
        self.by_name: dict[str, list[tuple[str, DocumentName]]] = {}
        self.longest = 0
        # part -> the documents carrying it, or None once more than SHARED_PART do (then it names none).
        self.by_part: dict[str, list[DocumentName] | None] = {}
        # What `updated` needs: every document by id, how many names have each word count, and the carriers of the
        # parts that name none (a removal can bring one back to SHARED_PART carriers).
        self.documents: dict[str, DocumentName] = {}
        self._lengths: dict[int, int] = {}
        self._crowded: dict[str, list[DocumentName]] = {}
        self._shared: set[tuple[int, str]] | None = None  # (table, key) lists still shared with the names updated
        for doc in documents:
            self._add(doc)

    def updated(self, documents: Sequence[DocumentName]) -> DocumentNames:
        """The names of `documents` (the collection a little later), made from these by adding and removing the
        documents that changed: a collection's names are needed again at every graph version, and building them
        whole cost ~1.7 CPU-s at 46k documents. These names are left as they are (other questions may hold them)."""
        wanted = {doc.id: doc for doc in documents}
        removed = [doc for doc_id, doc in self.documents.items() if wanted.get(doc_id) != doc]
        added = [doc for doc_id, doc in wanted.items() if self.documents.get(doc_id) != doc]
        if len(wanted) != len(documents) or 4 * (len(removed) + len(added)) > len(wanted) + 64:
            return DocumentNames(documents)
        new = DocumentNames(())
        new.by_name, new.by_part, new.longest = dict(self.by_name), dict(self.by_part), self.longest
        new.documents, new._lengths, new._crowded = dict(self.documents), dict(self._lengths), dict(self._crowded)
        new._shared = set()  # every list is shared with self until copied
        for doc in removed:
            new._remove(doc)
        for doc in added:
            new._add(doc)
        new._shared = None
        return new

    def _own(self, table: dict, key: str) -> list:
        """`table[key]`'s list, copied first if `self` shares it with the names it was updated from."""
        values = table[key]
        if self._shared is not None and (id(table), key) not in self._shared:
            values = table[key] = list(values)
            self._shared.add((id(table), key))
        return values

    def _add(self, doc: DocumentName) -> None:
        self.documents[doc.id] = doc
        names, parts = _derived(doc)
        for name, by in names:
            if name in self.by_name:
                self._own(self.by_name, name).append((by, doc))
            else:
                self.by_name[name] = [(by, doc)]
                if self._shared is not None:
                    self._shared.add((id(self.by_name), name))
            words = len(name.split())
            self._lengths[words] = self._lengths.get(words, 0) + 1
            self.longest = max(self.longest, words)
        for part in parts:
            if part not in self.by_part:
                self.by_part[part] = [doc]
                if self._shared is not None:
                    self._shared.add((id(self.by_part), part))
            elif self.by_part[part] is None:
                self._own(self._crowded, part).append(doc)
            else:
                carriers = self._own(self.by_part, part)
                carriers.append(doc)
                if len(carriers) > SHARED_PART:
                    self.by_part[part] = None
                    self._crowded[part] = carriers
                    if self._shared is not None:
                        self._shared.add((id(self._crowded), part))

    def _remove(self, doc: DocumentName) -> None:
        """Take a document out (the lists it was in are replaced by new ones, so none is shared any more)."""
        del self.documents[doc.id]
        names, parts = _derived(doc)
        for name, _ in names:
            words = len(name.split())
            self._lengths[words] -= 1
            if not self._lengths[words]:
                del self._lengths[words]
            if name not in self.by_name:
                continue  # a name it has twice (stem and title): gone with the first
            entries = [entry for entry in self.by_name[name] if entry[1].id != doc.id]
            self._replace(self.by_name, name, entries)
        self.longest = max(self._lengths, default=0)
        for part in parts:
            if part in self._crowded:
                carriers = [d for d in self._crowded[part] if d.id != doc.id]
                if len(carriers) > SHARED_PART:
                    self._replace(self._crowded, part, carriers)
                    continue
                del self._crowded[part]
            else:
                carriers = [d for d in self.by_part.get(part) or [] if d.id != doc.id]
            self._replace(self.by_part, part, carriers)

    def _replace(self, table: dict, key: str, values: list) -> None:
        if values:
            table[key] = values
            if self._shared is not None:
                self._shared.add((id(table), key))
        else:
            table.pop(key, None)

    def find(self, norm_question: str) -> tuple[str, str, DocumentName] | None:
        """(name, matched_by, document) for the longest name in the question; file names, then stems, win ties."""
        words = norm_question.split()
        for size in range(min(self.longest, len(words)), 0, -1):
            found = [
                (name, by, doc)
                for start in range(len(words) - size + 1)
                for name in [" ".join(words[start : start + size])]
                for by, doc in self.by_name.get(name, [])
            ]
            if found:
                longest = max(len(f[0]) for f in found)
                found = [f for f in found if len(f[0]) == longest]
                return min(found, key=lambda f: (MATCH_PRIORITY.get(f[1], 9), f[2].id))
        return None

    def find_part(self, norm_question: str) -> PartMatch | None:
        """The documents a part of a name in the question names, the longest part winning.

        A part counts only where the question uses it as a name: before a document word after a determiner ("the
        retail report", "of the diesel engines manual") or after a page or table reference ("page 5 of vocational
        training"). A word of a title met anywhere else ("how many engines…") is content, not a name."""
        words = norm_question.split()
        hits: list[tuple[int, int, str, list[DocumentName], str | None]] = []
        for size in range(min(PART_WORDS, len(words)), 0, -1):
            for start in range(len(words) - size + 1):
                part = " ".join(words[start : start + size])
                carriers = self.by_part.get(part)
                if not carriers:
                    continue
                rest = words[start + size : start + size + 2]
                if rest[:1] == ["s"]:  # "the federal register's notice"
                    rest = [f"s {rest[1]}"] if len(rest) > 1 and rest[1] in DOC_NOUNS else []
                after = rest[0] if rest else None
                before = words[start - 1] if start > 0 else None
                if after is not None and after.split()[-1] in DOC_NOUNS and (before is None or before in DETERMINERS):
                    hits.append((size, len(part), part, carriers, after))
                elif PART_AFTER_REFERENCE.search(" ".join(words[max(0, start - 6) : start])):
                    hits.append((size, len(part), part, carriers, None))
        if not hits:
            return None
        # Each document scored by its longest part found: a longer, more specific part wins; a tie is ambiguous.
        best: dict[str, tuple[int, int, str, str | None]] = {}
        docs: dict[str, DocumentName] = {}
        for size, length, part, carriers, noun in hits:
            for doc in carriers:
                docs[doc.id] = doc
                if (size, length) > best.get(doc.id, (0, 0, "", None))[:2]:
                    best[doc.id] = (size, length, part, noun)
        top = max(score[:2] for score in best.values())
        winners = sorted((doc_id for doc_id, score in best.items() if score[:2] == top), key=lambda d: docs[d].filename)
        _, _, part, noun = best[winners[0]]
        return PartMatch(part=part, documents=tuple(docs[d] for d in winners), noun=noun)


def _strip_name(question: str, norm_q: str, name: str, extension: bool = True) -> str:
    """The question without `name`, so its digits ("us-020.pdf") are not read as page numbers."""
    words = name.split()
    suffix = r"(?:\.[A-Za-z0-9]{2,4})?" if extension else ""
    pattern = r"\b" + r"[^A-Za-z0-9]+".join(re.escape(w) for w in words) + suffix + r"\b"
    stripped = re.sub(pattern, " ", question, count=1, flags=re.I)
    if stripped == question:  # accents or odd spacing defeated the pattern: fall back to the normalised text
        stripped = norm_q.replace(f" {name} ", " ")
    return stripped


def ambiguity_message(match: PartMatch) -> str:
    """One sentence naming the documents an ambiguous part could be."""
    files = [d.filename for d in match.documents]
    listed = ", ".join(files[:-1]) + f" or {files[-1]}"
    return f"“{match.part}” could name {listed}; please say which."


def resolve_document(
    question: str, documents: Sequence[DocumentName] | DocumentNames
) -> tuple[DocumentRef | None, str, PartMatch | None]:
    """The document the question names, the question without that name, and a part naming several documents.

    A whole name (file name, stem, title; the longest wins) is looked for first; a distinctive part of a name only
    when there is none and the question writes no file name (a file written out is found whole or is missing)."""
    names = documents if isinstance(documents, DocumentNames) else DocumentNames(documents)
    norm_q = f" {normalise(question)} "
    found = names.find(norm_q)
    if found is None:
        if WRITTEN_FILE.search(question):
            return None, question, None
        part = names.find_part(norm_q)
        if part is None:
            return None, question, None
        if len(part.documents) > 1:
            return None, question, part
        doc = part.documents[0]
        name = f"{part.part} {part.noun}" if part.noun else part.part
        # A part is one or a few words of a title ("education" of "Continuing vocational education and training"):
        # often the question's topic as much as a name, so even "the education report" does not fence on it.
        ref = DocumentRef(document_id=doc.id, name=doc.filename, matched_by="part")
        return ref, _strip_name(question, norm_q, name, extension=False), None
    name, by, doc = found
    if by != "filename" and re.search(
        FILE_WORD_BEFORE + re.escape(name) + r"\b|\b" + re.escape(name) + FILE_WORD_AFTER, norm_q
    ):
        by = "filename"  # "in the file eu-004": named as a file, as explicit as "eu-004.pdf"
    if by == "stem" and CODE_LIKE_STEM.fullmatch(_stem(doc.filename)):
        by = "filename"  # "the eu-021 survey": a code names the file as surely as "eu-021.pdf"
    if by != "filename" and (m := re.search(rf" {re.escape(name)} (\w+) ", norm_q)) and m.group(1) in DOC_NOUNS:
        name = f"{name} {m.group(1)}"  # "the diesel engines manual": the document word goes with the name
    # "in the diesel engines manual", "the WARN report": the user calls it a document, so it fences like a file name.
    called = name.split()[-1] in DOC_NOUNS and re.search(rf"\b(?:the|this|that) {re.escape(name)} ", norm_q) is not None
    ref = DocumentRef(document_id=doc.id, name=doc.filename, matched_by=by, called=called)
    return ref, _strip_name(question, norm_q, name), None


def find_document(question: str, documents: Sequence[DocumentName] | DocumentNames) -> tuple[DocumentRef | None, str]:
    """The document the question names (longest name wins) and the question without that name."""
    document, text, _ = resolve_document(question, documents)
    return document, text


def label_key(text: str | None) -> str | None:
    """A comparable key for a table label: "Table 6.4" → "6.4", "Table 2-1" → "2.1", "Table IV" → "4"."""
    if not text:
        return None
    s = re.sub(rf"^\s*(?:{TABLE_LABEL_WORDS}|tab\.)\s*[:#]?\s*(?:no\.?\s*|number\s*)?", "", text.strip(), flags=re.I)
    s = s.strip().rstrip(".:;,)").strip()
    low = s.lower()
    if low in ROMAN:
        return str(ROMAN[low])
    if low in NUMBER_WORDS:
        return str(NUMBER_WORDS[low])
    s = re.sub(r"\s*[.\-–—]\s*", ".", s)
    s = re.sub(r"^([A-Za-z]{1,2})\.(?=\d)", r"\1", s)  # "A-1" is "A1": a letter series, then the number
    if not re.fullmatch(r"[A-Za-z]{0,2}\d+(?:\.\d+)*[A-Za-z]?", s):
        return None
    return ".".join(str(int(p)) if p.isdigit() else p.upper() for p in s.split("."))


def _range(a: int, b: int | None) -> list[int]:
    if b is None or b < a or b - a > 50:
        return [a] if b is None or b < a else [a, b]
    return list(range(a, b + 1))


def classify(
    question: str,
    documents: Sequence[DocumentName] | DocumentNames = (),
    llm: Callable[[str], str] | None = None,
) -> ParsedQuery:
    """Parse `question`. `llm` (prompt -> text) is asked only when the rules are unsure (a bare "the table")."""
    document, text, ambiguous = resolve_document(question, documents)
    spans: list[tuple[int, int]] = []
    pages: list[int] = []
    tables: list[TableRef] = []

    def taken(m: re.Match[str]) -> bool:
        return any(m.start() < e and s < m.end() for s, e in spans)

    for m in TABLE_ORDINAL.finditer(text):
        number, page = _number(m.group(1)), _number(m.group(2)) if m.group(2) else None
        tables.append(TableRef(number=number, page=page))
        spans.append(m.span())
    for m in TABLE_ON_PAGE.finditer(text):
        if not taken(m):
            tables.append(TableRef(number=None, page=_number(m.group(1) or m.group(2))))
            spans.append(m.span())
    for m in TABLE_LABEL.finditer(text):
        if not taken(m) and (key := label_key(m.group(2))) is not None:
            page = _number(m.group(3)) if m.group(3) else None
            word = m.group(1).capitalize()
            tables.append(TableRef(number=_number(m.group(2)), page=page, by_label=True, label=key, word=word))
            spans.append(m.span())
    if not tables:
        for m in TABLE_ABOUT.finditer(text):
            words = " ".join(w for w in normalise(m.group(1)).split() if w not in STOPWORDS)
            if words:
                tables.append(TableRef(number=None, caption=words))
                spans.append((m.start(), m.start(1)))  # the caption words stay for the cell look-up
    for m in PAGE_RANGE.finditer(text):
        if not taken(m):
            a = _number(m.group(1))
            b = _number(m.group(2)) if m.group(2) else None
            if a is not None:
                pages.extend(_range(a, b))
                spans.append(m.span())
    for m in PAGE_ORDINAL.finditer(text):
        if not taken(m) and (n := _number(m.group(1))) is not None:
            pages.append(n)
            spans.append(m.span())
    for m in PAGE_ONE.finditer(text):
        if not taken(m) and (n := _number(m.group(1))) is not None:
            pages.append(n)
            spans.append(m.span())

    residual = text
    for s, e in sorted(spans, reverse=True):
        residual = residual[:s] + " " + residual[e:]
    residual = " ".join(residual.split())
    cell_terms = [w for w in normalise(residual).split() if w not in STOPWORDS and not w.isdigit()]
    pages = list(dict.fromkeys(p for p in pages if p != 0))

    # "what is in the table of us-030.pdf", "show the mexican towns table": nothing asked but the document's tables.
    asked = [w for w in cell_terms if w not in TABLE_WORDS and not SUMMARISE.fullmatch(w) and not SHOW.fullmatch(w)]
    if document is not None and not tables and not pages and TABLE_WORD.search(residual) and not asked:
        tables.append(TableRef(number=None))
    # "Summarise the WARN report", "what is eu-013.pdf about": nothing asked but the named document itself.
    overview = (
        document is not None
        and document.explicit  # a bare entity title ("what is Gallu about") stays a content question
        and not tables
        and not pages
        and SUMMARISE.search(residual) is not None
        and not [w for w in asked if w not in GENERIC and w not in DOC_NOUNS and w not in OVERVIEW_VERBS]
    )
    structural = bool(pages or tables or overview)
    if COMPARE.search(question) and len(pages) + len(tables) >= 2:
        intent: Intent = "compare"
    elif SUMMARISE.search(residual) and not cell_terms[2:]:
        intent = "summarise"
    elif tables and LOOKUP.search(residual) and cell_terms:
        intent = "lookup"
    elif pages and not tables and cell_terms and not SHOW.search(residual):
        intent = "lookup"  # "what does page 4 say about X": a question about the page's content
    else:
        intent = "show" if not SUMMARISE.search(residual) else "summarise"

    parsed = ParsedQuery(
        question=question,
        question_type="structural" if structural else "content",
        pages=pages,
        tables=tables,
        document=document,
        intent=intent,
        cell_terms=cell_terms,
        residual=residual,
        # A table or page word we could not resolve ("the table about literacy") leaves the rules unsure.
        confident=structural or not (TABLE_WORD.search(text) or PAGE_WORD.search(text)),
        ambiguous=ambiguity_message(ambiguous) if ambiguous is not None and structural else None,
        overview=overview,
    )
    if not parsed.confident and llm is not None:
        return _ask_llm(parsed, llm)
    return parsed


LLM_PROMPT = prompts.CLASSIFY


def _ask_llm(parsed: ParsedQuery, llm: Callable[[str], str]) -> ParsedQuery:
    """Ask the LLM to settle an unsure case; any malformed reply keeps the rule-based reading."""
    try:
        reply = llm(LLM_PROMPT.format(question=parsed.question))
        m = re.search(r"\{.*\}", reply, re.S)
        data = json.loads(m.group(0)) if m else {}
        pages = [int(p) for p in data.get("pages", []) if isinstance(p, int) and p != 0]
        tables = [
            TableRef(number=t.get("number"), page=t.get("page")) for t in data.get("tables", []) if isinstance(t, dict)
        ]
    except Exception:  # noqa: BLE001 - an LLM hiccup must not fail the question
        parsed.used_llm = True
        return parsed
    parsed.used_llm = True
    if data.get("structural") and (pages or tables):
        parsed.question_type = "structural"
        parsed.pages, parsed.tables = pages, tables
    parsed.confident = True
    return parsed
