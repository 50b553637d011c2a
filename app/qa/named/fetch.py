"""Structural questions: fetch the named pages and tables straight from their rows.

"page 4" is page 4 of the named document, or of every ready document when none is named ("the last page" is each
document's own last page). "Table 2" is the table captioned "Table 2" when one exists, else the second table in
document order. A page comes back as its page node (hop 0) with its passages and tables under it (hop 1).
"""

from __future__ import annotations

from itertools import islice

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.db.models import DocTable, Document, Page, Passage
from app.qa.ask import EvidenceNode, Retrieval
from app.qa.classify.model import ParsedQuery, TableRef
from app.qa.named.documents import DOCUMENT_ORDER, doc_info, ready_conditions
from app.qa.named.tables import FoundTable, resolve_table_ref, table_answers
from app.qa.resolve import DocInfo, Missing, missing_page, resolve_page
from app.qa.tables.stored import CAPTION_LINE, answering_part, table_data, table_node, tables_of
from app.settings_reading import TableReadingSettings


def _page_nodes(session: Session, document: Document, page: Page, limits: TableReadingSettings) -> list[EvidenceNode]:
    number = page.number
    name = document.filename
    nodes = [EvidenceNode(page.id, "page", document.id, number, f"{name} p. {number}", page.text, 0, 1.0)]
    passages = session.scalars(
        select(Passage).where(Passage.document_id == document.id, Passage.page_number == number).order_by(Passage.index)
    )
    for p in passages:
        nodes.append(
            EvidenceNode(
                p.id, "passage", document.id, number, f"{name} p. {number}", p.text, 1, 1.0, page.id, "contains"
            )  # fmt: skip
        )
    tables = list(
        session.scalars(
            select(DocTable)
            .where(DocTable.document_id == document.id, DocTable.page_number == number)
            .order_by(DocTable.index_on_page)
        )
    )
    every = tables_of(session, document) if tables else []
    for t in tables:
        node = table_node(t, document, hop=1, data=table_data(t, document, every, limits=limits), limits=limits)
        node.parent, node.edge_kind = page.id, "contains"
        nodes.append(node)
    return nodes


def _caption_only(
    session: Session, document: Document | None, ref: TableRef, limits: TableReadingSettings
) -> tuple[EvidenceNode, str] | None:
    """A labelled table the text layer holds only as its caption ("Table 3: Singular trajectories …" over a grid of
    plots): the caption's passage, so the question is answered by what the table shows, not called missing."""
    if document is None or ref.label is None:
        return None
    said = f"{ref.word} {ref.label}"
    as_lines = _caption_in_page(session, document, said, ref.label, limits)
    if as_lines is not None:
        return as_lines
    passages = session.scalars(
        select(Passage)
        .where(Passage.document_id == document.id, Passage.text.istartswith(said, autoescape=True))
        .order_by(Passage.page_number, Passage.index)
        .limit(limits.max_tables)
    )
    caption = next((p for p in passages if _captions(p.text.splitlines()[0] if p.text else "", ref.label)), None)
    if caption is None:
        return None
    node = EvidenceNode(caption.id, "passage", document.id, caption.page_number,
                        f"{document.filename} p. {caption.page_number}", caption.text, 0, 1.0)  # fmt: skip
    note = (f"{said} of {document.filename} is in the PDF as its caption only (its body is an image or a drawing), "
            f"so none of its cells can be read.")  # fmt: skip
    return node, note


def _caption_in_page(
    session: Session, document: Document, said: str, label: str, limits: TableReadingSettings
) -> tuple[EvidenceNode, str] | None:
    """A labelled table whose caption opens a line of its page while no table was read there ("Table 1.3: Escaping
    sequences" under lines the extractor took for text): the caption and those lines, what the table says."""
    pages = session.scalars(
        select(Page)
        .where(Page.document_id == document.id, Page.text.contains(said, autoescape=True))
        .order_by(Page.number)
        .limit(limits.max_tables)
    )
    for page in pages:
        lines = [" ".join(line.split()) for line in page.text.splitlines()]
        # A caption's line ("Table 1.3: Escaping sequences"), not prose that opens on the label ("Table 5 shows …").
        at = next((k for k, line in enumerate(lines) if line.startswith(said) and _captions(line, label)), None)
        if at is None:
            continue
        # The table's lines: the run of short lines that are no sentences beside its caption, above or below it.
        above, below = _table_lines(lines[:at][::-1], limits)[::-1], _table_lines(lines[at + 1 :], limits)
        body = above if len(above) >= len(below) else below
        if len(body) < MIN_TABLE_LINES:
            continue  # the caption alone (a grid of plots): no table of text beside it
        text = "\n".join([lines[at], *body])
        node = EvidenceNode(page.id, "page", document.id, page.number, f"{document.filename} p. {page.number}",
                            text, 0, 1.0)  # fmt: skip
        return node, f"{said} of {document.filename} was not read as a table; its lines on the page are shown."
    return None


def _captions(line: str, label: str) -> bool:
    """ "Table 1.3: Escaping sequences" captions Table 1.3; "Table 4 lists the registers" is prose."""
    m = CAPTION_LINE.match(" ".join(line.split()))
    return m is not None and m.group(1) == label


MIN_TABLE_LINES = 2  # a header and a row: fewer lines beside a caption are no table of text


def _table_lines(lines: list[str], limits: TableReadingSettings) -> list[str]:
    run: list[str] = []
    for line in lines[: limits.caption_page_lines]:
        if not line or line.endswith(".") or len(line.split()) > limits.caption_line_words:
            break
        run.append(line)
    return run


def _named_pages(
    session: Session, collection_id: str, document_id: str | None, number: int, limit: int
) -> list[tuple[Page, Document]]:
    """Page `number` (negative: from the end) of each ready document, in document order, at most `limit`.

    One joined query with a limit: "page 1" over a folder of 10k PDFs reads a dozen rows, not 10k documents.
    """
    target = Page.number == number if number > 0 else Page.number == Document.page_count + 1 + number
    rows = session.execute(
        select(Page, Document)
        .join(Document, Page.document_id == Document.id)
        .where(*ready_conditions(collection_id, document_id), target)
        .order_by(*DOCUMENT_ORDER)
        .limit(limit)
    )
    return [(page, document) for page, document in rows]


def fetch(
    session: Session, collection_id: str, parsed: ParsedQuery, limits: TableReadingSettings = TableReadingSettings()
) -> Retrieval:
    """The evidence a structural question names, in the order it names it (pages, then tables).

    A page or table that does not exist gives no evidence and `missing`, the sentence that says what does
    exist; a question about one table gets `table_answers` (and `cell`) read from its cells. At most `max_pages`
    pages: "page 1" over a folder of 300 PDFs must stay a readable answer."""
    retrieval = Retrieval(question_type="structural", nodes=[])
    document = session.get(Document, parsed.document.document_id) if parsed.document is not None else None
    document_id = document.id if document is not None else None
    if parsed.overview and document is not None:
        return _overview(session, document, limits)
    nodes: list[EvidenceNode] = []
    notes: list[str] = []
    missing: list[str] = []
    pages_taken = 0
    longest: int | None = None
    for number in parsed.pages:
        if pages_taken >= limits.max_pages:
            break
        if document is not None:
            if resolve_page(number, doc_info(document)) is None:
                missing.append(missing_page(number, doc_info(document), []).message)
                continue
        else:
            if longest is None:
                most_pages = select(func.max(Document.page_count)).where(*ready_conditions(collection_id, None))
                longest = session.scalar(most_pages) or 0
            if abs(number) > longest:  # never sent to the database: "page 99999999999999999999" overflows it
                missing.append(missing_page(number, None, [DocInfo("", "", longest)]).message)
                continue
        for page, doc in _named_pages(session, collection_id, document_id, number, limits.max_pages - pages_taken):
            nodes.extend(_page_nodes(session, doc, page, limits))
            pages_taken += 1
    found: list[FoundTable] = []
    for ref in parsed.tables:
        resolved = resolve_table_ref(session, collection_id, document, ref, notes, limits, parsed.among)
        if isinstance(resolved, Missing):
            caption = _caption_only(session, document, ref, limits)
            if caption is None:
                missing.append(resolved.message)
            elif caption[0].node_id not in {n.node_id for n in nodes}:
                nodes.append(caption[0])
                notes.append(caption[1])
            continue
        for f in resolved:
            if len(found) < limits.max_tables and all(g.table.id != f.table.id for g in found):
                found.append(f)
    seen = {n.node_id for n in nodes}
    for f in found:
        if f.table.id not in seen:
            nodes.append(table_node(f.table, f.document, data=f.data, limits=limits))
            seen.add(f.table.id)
    retrieval.nodes = nodes
    if missing and not nodes:
        retrieval.missing = " ".join(dict.fromkeys(missing))
        return retrieval
    notes.extend(missing)
    if notes:
        retrieval.notes = list(dict.fromkeys(notes))
    if found and not parsed.pages:
        answers = table_answers(found, parsed, limits)
        if answers:
            retrieval.table_answers = answers
            cells = [a.cell for a in answers if a.cell]
            if len(answers) == 1 and cells:
                retrieval.cell = cells[0]
                answered = next((f for f in found if f.table.id == answers[0].table_id), None)
                if answered is not None:
                    part = answering_part(
                        session, answered.table, answered.document, answered.data, answers[0], limits
                    )
                    retrieval.nodes = [part if n.node_id == answered.table.id else n for n in retrieval.nodes]
    return retrieval


def _overview(session: Session, document: Document, limits: TableReadingSettings) -> Retrieval:
    """A named document as a whole: what it is (pages, tables), how it opens, and its tables by caption."""
    passages = session.scalars(
        select(Passage)
        .where(Passage.document_id == document.id)
        .order_by(Passage.page_number, Passage.index)
        .execution_options(yield_per=limits.overview_passages * 8)  # a long document's passages are not all read
    )
    # Its opening passages of some substance: a running header or a title line alone says nothing of the content.
    substantial = (p for p in passages if len(p.text.split()) >= limits.overview_min_words)
    opening = list(islice(substantial, limits.overview_passages))
    passages.close()
    tables = tables_of(session, document)
    name = document.filename
    nodes = [
        EvidenceNode(p.id, "passage", document.id, p.page_number, f"{name} p. {p.page_number}", p.text, 0, 1.0)
        for p in opening
    ]
    nodes += [table_node(t, document, limits=limits) for t in tables[: limits.max_tables]]
    pages = f"{document.page_count} page{'s' if document.page_count != 1 else ''}"
    count = f"{len(tables)} table{'s' if len(tables) != 1 else ''}"
    title = f" “{' '.join(document.title.split())}”" if document.title else ""
    retrieval = Retrieval(question_type="structural", nodes=nodes, intent="summarise")
    retrieval.overview = f"**{document.filename}**{title}: {pages}, {count}."
    return retrieval
