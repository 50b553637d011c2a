"""classify: a question's intent, pages, table and document, from rules (an LLM breaks ties when given)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence

from app.llm import prompts
from app.qa.answer_types import NUMBER_Q
from app.qa.classify.documents import DOC_NOUNS, GENERIC, DocumentNames
from app.qa.classify.find import ambiguity_message, resolve_document
from app.qa.classify.model import DocumentName, ParsedQuery, TableRef, normalise
from app.qa.classify.patterns import (
    COMPARE,
    LOOKUP,
    NUMBER_WORDS,
    ORDINAL,
    ORDINAL_WORDS,
    OVERVIEW_VERBS,
    PAGE_ONE,
    PAGE_RANGE,
    PAGE_WORD,
    ROMAN,
    SHOW,
    STOPWORDS,
    SUMMARISE,
    TABLE_ABOUT,
    TABLE_LABEL,
    TABLE_LABEL_JOIN,
    TABLE_LABEL_WORDS,
    TABLE_ON_PAGE,
    TABLE_WORD,
    TABLE_WORDS,
    Intent,
    shows,
)


def _number(token: str) -> int | None:
    token = token.lower().strip()
    if token.isdecimal():
        return int(token)
    if token in NUMBER_WORDS:
        return NUMBER_WORDS[token]
    if token in ORDINAL_WORDS:
        return ORDINAL_WORDS[token]
    if token in ROMAN:
        return ROMAN[token]
    return int(token[:-2]) if token[-2:] in ("st", "nd", "rd", "th") and token[:-2].isdecimal() else None


def label_key(text: str | None) -> str | None:
    """A comparable key for a table label: "Table 6.4" → "6.4", "Table 2-1" → "2.1", "Table IV" → "4"."""
    if not text:
        return None
    s = re.sub(rf"^\s*(?:{TABLE_LABEL_WORDS}){TABLE_LABEL_JOIN}", "", text.strip(), flags=re.I)
    s = s.strip().rstrip(".:;,)").strip()
    low = s.lower()
    if low in ROMAN:
        return str(ROMAN[low])
    if low in NUMBER_WORDS:
        return str(NUMBER_WORDS[low])
    if s.isalpha() and s.isupper() and len(s) <= 3:
        return s  # "Table DC": a series of capitals alone
    s = re.sub(r"\s*[.\-–—]\s*", ".", s)
    s = re.sub(r"^([A-Za-z]{1,2})\.(?=\d)", r"\1", s)  # "A-1" is "A1": a letter series, then the number
    if not re.fullmatch(r"[A-Za-z]{0,2}\d+(?:\.\d+)*[A-Za-z]?", s):
        return None
    return ".".join(str(int(p)) if p.isdecimal() else p.upper() for p in s.split("."))


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

    ordinals = list(ORDINAL.finditer(text))
    for m in (m for m in ordinals if m.group("table")):
        number, page = _number(m.group(1)), _number(m.group(3)) if m.group(3) else None
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
    for m in (m for m in ordinals if not m.group("table")):
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
    asked = [w for w in cell_terms if w not in TABLE_WORDS and not SUMMARISE.whole(w) and not SHOW.whole(w)]
    if document is not None and not tables and not pages and TABLE_WORD.said(residual) and not asked:
        tables.append(TableRef(number=None))
    # "Summarise the WARN report", "what is eu-013.pdf about": nothing asked but the named document itself.
    overview = (
        document is not None
        and document.explicit  # a bare entity title ("what is Gallu about") stays a content question
        and not tables
        and not pages
        and SUMMARISE.said(residual)
        and not [w for w in asked if w not in GENERIC and w not in DOC_NOUNS and w not in OVERVIEW_VERBS]
    )
    structural = bool(pages or tables or overview)
    if COMPARE.said(question) and len(pages) + len(tables) >= 2:
        intent: Intent = "compare"
    elif SUMMARISE.said(residual) and not cell_terms[2:]:
        intent = "summarise"
    elif tables and (LOOKUP.said(residual) or NUMBER_Q.said(residual)) and cell_terms:
        intent = "lookup"
    elif pages and not tables and cell_terms and not shows(residual):
        intent = "lookup"  # "what does page 4 say about X": a question about the page's content
    else:
        intent = "show" if not SUMMARISE.said(residual) else "summarise"

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
        confident=structural or not (TABLE_WORD.said(text) or PAGE_WORD.said(text)),
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
