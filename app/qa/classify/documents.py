"""DocumentNames: each document's names (file name, stem, title) and the parts of them a question may say."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from app.qa.analysis.phrases import WORD
from app.qa.classify.model import DocumentName, normalise
from app.qa.classify.patterns import STOPWORDS
from app.settings import get_settings

MATCH_PRIORITY = {"filename": 0, "stem": 1, "title": 2, "part": 3}


# A name the question calls a file: "in the file eu-004", "the pdf called X", "the eu-004 file". Matched on the
# normalised question (lower case, punctuation as spaces).
FILE_WORD_BEFORE = r"\b(?:file|pdf|document)(?: (?:named|called|titled))? "


FILE_WORD_AFTER = r" (?:file|pdf)\b"


# A stem that reads as a code ("eu-021", "us_018", "report-2019-v2": letters, digits and a joining - or _, no
# spaces) names a file even without its extension: no entity is called that, while titles of entity-named
# documents ("Gallu", "1998 FIFA World Cup") stay ordinary words of a content question.
def code_like(stem: str) -> bool:
    parts = stem.replace("_", "-").split("-")
    return (len(parts) > 1 and all(p.isascii() and p.isalnum() for p in parts)
            and any(c.isdigit() for c in stem) and any(c.isalpha() for c in stem))  # fmt: skip


# A file name written with its extension: that name is matched whole or reported missing, never guessed by a part.
FILE_EXTENSIONS = frozenset({"pdf", "txt", "md", "doc", "docx", "htm", "html"})


def writes_file(question: str) -> bool:
    return any(
        (question[i - 1].isalnum() or question[i - 1] in "_)")
        and (extension := WORD.match(question, i + 1)) is not None
        and extension.group(0).lower() in FILE_EXTENSIONS
        for i, c in enumerate(question) if c == "." and i > 0
    )  # fmt: skip


# Parts of names (settings: answer.content). A part is a run of at most part_words words of a title or of a file
# name's words that begins and ends with a word saying *which* document (not GENERIC), and is carried by at most
# shared_part documents' names: carried by one it names that document; by two or three the question is ambiguous; by
# more it names none. min_part_word: the letters of a one-word part at least ("diesel", "retail"; "eu", "faa" or
# "tax" are too easily something else).


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
PAGE_REFERENCE = frozenset({"page", "pages", "pp", "p"})
TABLE_REFERENCE = frozenset({"table", "tables"})
MAX_REFERENCE_WORDS = 8  # a page's or table's number or name: "3", "iv", "a4"


def _after_reference(words: list[str]) -> bool:
    """The normalised words before a part end on a page or table reference: "page 3 of", "table 2 in the"."""
    said = words[:-1] if words[-1:] == ["the"] else words
    if not said or said[-1] not in ("of", "in", "from"):
        return False
    before = said[:-1]
    for k in range(min(len(before), 4)):
        # "%table" is the word "table" after a per cent sign
        head, named = before[-k - 1].rsplit("%", 1)[-1], before[len(before) - k :]
        if not all(len(w) <= MAX_REFERENCE_WORDS and w.isascii() and w.isalnum() for w in named):
            return False
        if (head in PAGE_REFERENCE and k <= 2) or (head in TABLE_REFERENCE and k >= 1):
            return True
    return False


def file_stem(filename: str) -> str:
    """The file name without its extension ("eu-004.pdf" -> "eu-004")."""
    stem, dot, extension = filename.rpartition(".")
    return stem if dot and 1 < len(extension) < 5 and extension.isascii() and extension.isalnum() else filename


def _document_names(doc: DocumentName) -> list[tuple[str, str]]:
    stem = file_stem(doc.filename)
    names = [(doc.filename, "filename")]
    if stem != doc.filename:
        names.append((stem, "stem"))
    if doc.title:
        names.append((doc.title, "title"))
    return [(n, by) for n, by in ((normalise(x), by) for x, by in names) if len(n) >= 3]


def _name_words(doc: DocumentName, names: list[tuple[str, str]]) -> list[list[str]]:
    """The words of the title (normalised in `names`) and of the file name ("dieselEngines_2020-v2.pdf" -> diesel
    engines 2020 v2)."""
    stem = file_stem(doc.filename)
    stem = re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])", " ", stem)
    title = next((name for name, by in names if by == "title"), "")
    return [w for w in (title.split(), normalise(stem).split()) if w]


def _parts(words: list[str]) -> set[str]:
    """The runs of `words` that could name the document: see part_words."""
    # An edge word says which document: not generic, not a bare number. Flags computed once per word, since this
    # runs for every name of every document when a collection's names are built.
    limits = get_settings().answer.content
    edge = [w not in GENERIC and not w.isdigit() for w in words]
    found: set[str] = set()
    for i, word in enumerate(words):
        if not edge[i]:
            continue
        if len(word) >= limits.min_part_word and word.isalpha():
            found.add(word)
        for j in range(i + 1, min(i + limits.part_words, len(words))):
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
        # part -> the documents carrying it, or None once more than shared_part do (then it names none).
        self.by_part: dict[str, list[DocumentName] | None] = {}
        # What `updated` needs: every document by id, how many names have each word count, and the carriers of the
        # parts that name none (a removal can bring one back to shared_part carriers).
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
                if len(carriers) > get_settings().answer.content.shared_part:
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
                if len(carriers) > get_settings().answer.content.shared_part:
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
        for size in range(min(get_settings().answer.content.part_words, len(words)), 0, -1):
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
                elif _after_reference(words[max(0, start - 6) : start]):
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
