"""Finding the document a question names (a file name, a code-like stem, a title, a part of a name)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.qa.classify.documents import (
    DOC_NOUNS,
    FILE_WORD_AFTER,
    FILE_WORD_BEFORE,
    DocumentNames,
    PartMatch,
    code_like,
    file_stem,
    writes_file,
)
from app.qa.classify.model import DocumentName, DocumentRef, normalise


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
        if writes_file(question):
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
    if by == "stem" and code_like(file_stem(doc.filename)):
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
