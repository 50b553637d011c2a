"""What the classifier returns: the documents it knows, the table and document named, the parsed query."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from app.qa.classify.patterns import Intent, QuestionType


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
    # "Table 5 of the Transformer paper" where two papers fit the description alike: their ids, the only documents
    # a named table is looked for in.
    among: tuple[str, ...] = ()


def normalise(text: str) -> str:
    """Lower-case, accents folded, punctuation to spaces, single-spaced."""
    if not text.isascii():  # ASCII has no accents to fold: skip the per-character pass (names of 50k documents)
        text = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.lower()
    text = re.sub(r"[^a-z0-9%]+", " ", text)
    return " ".join(text.split())
