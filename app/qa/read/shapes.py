"""How named pages, tables and whole documents are shown: grouped by what was named, tables kept as tables."""

from __future__ import annotations

import numpy as np

from app.qa.ask import Retrieval
from app.qa.excerpt import excerpt
from app.qa.extractive_reader.items import ContextItem, Encode
from app.qa.extractive_reader.scoring import central_sentences, extractive_answer
from app.text.sentences import split_sentences

OVERVIEW_SENTENCES = 2  # of each opening passage in a document's overview


def structural_text(
    question: str,
    retrieval: Retrieval,
    items: list[ContextItem],
    encode: Encode | None,
    intent: str,
    question_vector: np.ndarray | None = None,
) -> str:
    by_id = {n.node_id: n for n in retrieval.nodes}
    if intent == "lookup":
        return extractive_answer(question, items, encode, question_vector)
    # Group the context by what was named: each page (its passages and tables) and each table on its own.
    groups: dict[str, list[ContextItem]] = {}
    for item in items:
        node = by_id[item.node_id]
        key = node.parent if node.parent and node.edge_kind == "contains" else node.node_id
        groups.setdefault(key, []).append(item)
    parts = []
    for key, group in groups.items():
        head = by_id[key].label if key in by_id else ""
        # Tables stay tables (caption, then a Markdown table), never flattened into sentences of `|` text.
        tables = [i for i in group if i.kind == "table"]
        prose = [i for i in group if i.kind != "table"]
        body = ""
        if prose:
            limit = 3 if intent in ("summarise", "compare") else 5
            body = central_sentences(prose, encode, limit=limit)
        blocks = [f"{head}: {body}" if head and body else body or (f"{head}:" if head else "")]
        blocks += [table_block(by_id[t.node_id].text, t.marker) for t in tables]
        parts.append("\n\n".join(b for b in blocks if b))
    return "\n\n".join(parts)


def overview_text(retrieval: Retrieval, items: list[ContextItem]) -> str:
    """A document as a whole: its description, the first sentences of its opening passages, its tables listed by
    caption (each cited; a whole table is one question away: "what is in Table 6 of …")."""
    by_id = {n.node_id: n for n in retrieval.nodes}
    opening = " ".join(f"{_opening(i.text)} [{i.marker}]" for i in items if i.kind == "passage")
    tables = [f"- {by_id[i.node_id].label} [{i.marker}]" for i in items if i.kind == "table"]
    blocks = [retrieval.overview or "", f"It opens: {opening}" if opening else ""]
    if tables:
        blocks.append("Its tables:\n\n" + "\n".join(tables))
    return "\n\n".join(b for b in blocks if b)


def _opening(text: str) -> str:
    """The first sentence(s) of a passage, cut to an excerpt: an overview lists several, none may be a wall."""
    head = " ".join(split_sentences(text)[:OVERVIEW_SENTENCES]) or text
    return excerpt(head, 0, 0)[0]


def table_block(text: str, marker: int) -> str:
    """A table node's text (caption, blank line, Markdown table) with its marker after the caption."""
    caption, sep, table = text.partition("\n\n")
    if not sep or not table.lstrip().startswith("|"):
        return f"[{marker}]\n\n{text}"
    return f"**{' '.join(caption.split())}** [{marker}]\n\n{table}"
