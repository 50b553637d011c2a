"""Stored tables (DocTable rows) read as `TableData`: their continuations on the next pages appended, labels read
from their page's caption lines when they were extracted without one, and the evidence node that cites them."""

from __future__ import annotations

import re

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import DocTable, Document, Page, Passage
from app.qa.ask import EvidenceNode
from app.qa.classify.patterns import TABLE_LABEL
from app.qa.classify.question import label_key
from app.qa.resolve import caption_key
from app.qa.tablelayout import parse_number
from app.qa.tables.defined_terms import document_abbreviations
from app.qa.tables.glued_labels import repaired
from app.qa.tables.model import TableAnswer, TableData, same_columns
from app.qa.tables.render import markdown
from app.qa.tables.shape import shape
from app.qa.tables.words import tokens
from app.qa.tables.wrapped_rows import unwrapped
from app.settings_reading import TableReadingSettings

Inferred = dict[str, tuple[str, str]]  # table id -> (label, caption) read from its page's text


def table_label(table: DocTable, limits: TableReadingSettings = TableReadingSettings()) -> str:
    named = table.caption or table.label or f"Table {table.index_in_document + 1}"
    return " ".join(named.split())[: limits.table_label_chars]


def table_node(
    table: DocTable,
    document: Document,
    hop: int = 0,
    data: TableData | None = None,
    limits: TableReadingSettings = TableReadingSettings(),
) -> EvidenceNode:
    """A table's evidence node; `data` (the table with its continuations) gives the whole table's markdown."""
    caption = table.caption or (data.caption if data is not None else None)
    named = " ".join((caption or table_label(table, limits)).split())[: limits.table_label_chars]
    label = f"{named} ({document.filename} p. {table.page_number})"
    body = markdown(data, limits) if data is not None else table.markdown
    text = f"{caption}\n\n{body}" if caption else body
    return EvidenceNode(table.id, "table", document.id, table.page_number, label, text, hop, 1.0)


def tables_of(session: Session, document: Document) -> list[DocTable]:
    query = select(DocTable).where(DocTable.document_id == document.id).order_by(DocTable.index_in_document)
    return list(session.scalars(query))


# A caption line in a page's text: "Table 14. Actual and …", "Table 1 : Document …" (a capital after the label, so
# "Table 6.2 is confined …" and "Source: table 14, p.18" in running text are not captions).
CAPTION_LINE = re.compile(
    r"(?m)^[ \t]*(?:Table|TABLE|Exhibit|EXHIBIT|Schedule|SCHEDULE)[ \t]*(?:[:#]|[-–—](?=[ \t]*\d))?[ \t]*"
    r"([A-Z]{0,2}(?:[.\-–](?=\d))?\d+(?:[.\-–]\d+)*[a-z]?)[ \t]*[.:]?[ \t]+"
    r"([A-Z(].*)$"
)


def infer_labels(
    session: Session, tables: list[DocTable], limits: TableReadingSettings = TableReadingSettings()
) -> Inferred:
    """Labels for tables extracted without a caption, from the caption lines of their page's text: the page's
    captions not already carried by a labelled table, in order, given to its unlabelled tables in order. A caption
    that is only its label ("Exhibit 6") is read with the title lines under it on the page; and a page's first table
    that continues the previous page's under the label of a later table carries no label."""
    bare = [t for t in tables if not t.label and caption_key(t.caption) is None]
    plain = [t for t in tables if t.label and " ".join((t.caption or t.label).split()) == " ".join(t.label.split())]
    inferred: Inferred = {}
    if bare or plain:
        document_id = (bare or plain)[0].document_id
        numbers = sorted({t.page_number for t in [*bare, *plain]})
        rows = session.execute(
            select(Page.number, Page.text).where(Page.document_id == document_id, Page.number.in_(numbers))
        )
        texts = {number: text for number, text in rows}
        for number in sorted({t.page_number for t in bare}):
            on_page = sorted((t for t in tables if t.page_number == number), key=lambda t: t.index_on_page)
            taken = {k for t in on_page if (k := label_key(t.label) if t.label else caption_key(t.caption))}
            found = CAPTION_LINE.finditer(texts.get(number) or "")
            lines = [(label_key(m.group(1)), m.group(0).strip()) for m in found]
            free = [(k, line) for k, line in lines if k and k not in taken]
            unlabelled = [t for t in on_page if t in bare]
            for table, (key, line) in zip(unlabelled, free, strict=False):
                inferred[table.id] = (f"Table {key}", " ".join(line.split()))
        for table in plain:
            title = title_under_label(table, texts.get(table.page_number) or "", limits)
            if title:
                inferred[table.id] = (str(table.label), f"{' '.join(str(table.label).split())} {title}")
    inferred.update(continued_under_another_label(tables))
    inferred.update(captions_of_cells(tables))
    inferred.update({t.id: ("", "") for t in tables if lists_tables(t)})
    return inferred


def lists_tables(table: DocTable) -> bool:
    """Two or more of its rows open with other table labels ("Table - 1: … at a Glance 2"): a contents page's list of
    tables, whose labels are its rows' and none its own."""
    opened = {caption_key(" ".join(str(c or "") for c in row)) for row in table.rows or []}
    return len(opened - {None}) >= 2


def captions_of_cells(tables: list[DocTable]) -> Inferred:
    """A table whose "caption" is a sentence inside one of its own cells, after other words ("… units of measure.
    Table 1: Changed "TABLE 4.2-1" to "Table 1."" in a revision history): the sentence names another table, so this
    one carries no label (a caption set as the table's first cell starts that cell)."""
    borrowed: Inferred = {}
    for table in tables:
        caption = " ".join((table.caption or "").split())
        if caption and caption_key(caption) is not None:
            cells = (" ".join(cell.split()) for row in table.rows for cell in row)
            if any(cell.find(caption) > 0 for cell in cells):
                borrowed[table.id] = ("", "")
    return borrowed


def title_under_label(table: DocTable, text: str, limits: TableReadingSettings = TableReadingSettings()) -> str:
    """The lines under a table's label line on its page, up to the table's own first words or the line introducing
    it ("Exhibit 6 / Sales by Category / The following tables set forth …:"): what the table shows, which a caption
    that is only the label does not say. "" when the label stands on no line of its own."""
    lines = [" ".join(line.split()) for line in text.splitlines()]
    key = label_key(str(table.label))
    # The line as the page sets it, which may differ from the stored label ("Table - 3" stored as "Table 3").
    at = next((i for i, line in enumerate(lines) if TABLE_LABEL.fullmatch(line) and label_key(line) == key), None)
    if key is None or at is None:
        return ""
    start = at + 1
    header_rows = max(table.header_rows or 0, 1)
    opening = set(tokens(" ".join(str(c or "") for r in (table.rows or [])[: header_rows + 1] for c in r)))
    title: list[str] = []
    for line in lines[start : start + limits.title_max_lines]:
        words = set(tokens(line))
        if not line or (words and words <= opening):
            break  # the table begins
        title.append(line)
        if line.endswith(":"):
            break  # the sentence that introduces the table ("… by primary category:")
    return " ".join(title)


def _row_names(table: DocTable) -> list[str]:
    """The row labels of a table (blank header lines aside)."""
    names = (" ".join(str(r[0] or "").split()) for r in table.rows or [] if r)
    return [n for n in names if n]


def continued_under_another_label(tables: list[DocTable]) -> Inferred:
    """The first table of a page that was given the label of a later table on the same page (a label between two
    tables read as both's) but continues the previous page's last table, the same row labels down its first column
    ("Fiscal 2022", 1st to 4th Quarter: stores, then square feet): the label is the later table's, so it carries
    none. Its header is its own (square feet, not stores), so it is not read as more rows of the previous one."""
    pages: dict[int, list[DocTable]] = {}
    for t in sorted(tables, key=lambda t: (t.page_number, t.index_on_page)):
        pages.setdefault(t.page_number, []).append(t)
    moved: Inferred = {}
    for number, on_page in pages.items():
        first, before = on_page[0], pages.get(number - 1)
        key = label_key(first.label)
        if key is None or not before or not any(label_key(t.label) == key for t in on_page[1:]):
            continue
        names = _row_names(first)
        if label_key(before[-1].label) != key and len(names) > 1 and names == _row_names(before[-1]):
            moved[first.id] = ("", "")
    return moved


def upper_part(
    table: DocTable, all_tables: list[DocTable], limits: TableReadingSettings = TableReadingSettings()
) -> DocTable | None:
    """The table a rule across `table` cut off its top, extracted as a table of its own: unlabelled, on the same
    page, with the same left and right edges and as many columns, ending about one of `table`'s rows above it (a
    table of its own stands further off, or has other edges)."""
    if not table.label or not table.rows or len(table.bbox) != 4:
        return None
    x0, top, x1, bottom = table.bbox
    gap = limits.split_max_gap_rows * (bottom - top) / len(table.rows)
    width = len(table.rows[0])
    tolerance = limits.split_edge_tolerance
    for other in all_tables:
        if other.id == table.id or other.page_number != table.page_number or other.label or not other.rows:
            continue
        if len(other.bbox) != 4 or caption_key(other.caption) is not None or len(other.rows[0]) != width:
            continue
        ox0, _, ox1, obottom = other.bbox
        if abs(ox0 - x0) <= tolerance and abs(ox1 - x1) <= tolerance and 0 <= top - obottom <= gap:
            return other
    return None


def headers_above(
    table: DocTable, all_tables: list[DocTable], limits: TableReadingSettings = TableReadingSettings()
) -> DocTable | None:
    """The nearest table above a table with no header row on its page, with as many columns, a header row of its
    own and about the same left and right edges (`borrowed_header_edge_share` of the width); None otherwise."""
    if table.header_rows or table.label or not table.rows or len(table.bbox) != 4:
        return None
    x0, top, x1, _ = table.bbox
    width = len(table.rows[0])
    tolerance = limits.borrowed_header_edge_share * (x1 - x0)
    above = [t for t in all_tables if t.page_number == table.page_number and t.id != table.id and len(t.bbox) == 4
             and t.bbox[3] <= top]  # fmt: skip
    if not above:
        return None
    nearest = max(above, key=lambda t: t.bbox[3])
    ox0, _, ox1, _ = nearest.bbox
    same = nearest.rows and len(nearest.rows[0]) == width and nearest.header_rows and nearest.columns
    return nearest if same and abs(ox0 - x0) <= tolerance and abs(ox1 - x1) <= tolerance else None


def _led_by(data: TableData, source: DocTable, rows: int) -> None:
    """``data`` led by the first ``rows`` rows of ``source`` (with their boxes) and named by its columns."""
    data.rows = _rows(source)[:rows] + data.rows
    data.columns = list(source.columns) if source.columns else None
    data.header_rows = source.header_rows if source.columns else None
    boxes = source.cell_boxes
    data.cell_boxes = [list(r) for r in boxes[:rows]] + data.cell_boxes if boxes and data.cell_boxes else None


def cell_text(value: object) -> str:
    """A stored cell as a question reads it: a figure whose groups the page set apart after their commas ("$1, 200",
    as some PDFs space them) is the figure ("$1,200"); any other text is kept as it is."""
    text = str(value or "")
    groups = text.split(", ")[1:]
    if not groups or not all(len(g) >= 3 and g[:3].isdecimal() and not g[3:4].isdecimal() for g in groups):
        return text  # "Notes 1, 2": no thousands
    closed = text.replace(", ", ",")
    return closed if parse_number(closed) is not None else text


def _rows(table: DocTable) -> list[list[str]]:
    return unwrapped([[cell_text(c) for c in r] for r in table.rows or []])


def table_data(
    table: DocTable,
    document: Document,
    all_tables: list[DocTable],
    inferred: Inferred | None = None,
    same_label: list[DocTable] | None = None,
    limits: TableReadingSettings = TableReadingSettings(),
) -> TableData:
    """The table with its continuations on the following pages appended (the same table, never another): those
    linked by `continues_id`, or `same_label` (the same label repeated on the next pages, "Table 14 (continued)")."""
    label, caption = (inferred or {}).get(table.id, (table.label, table.caption))
    data = TableData(
        id=table.id,
        rows=_rows(table),
        caption=" ".join(caption.split()) if caption else None,
        label=label,
        columns=list(table.columns) if table.columns else None,
        header_rows=table.header_rows if table.columns else None,
        cell_boxes=[list(r) for r in table.cell_boxes] if table.cell_boxes else None,
        where=f"{document.filename} p. {table.page_number}",
        defined=document_abbreviations(document),
    )
    upper = upper_part(table, all_tables, limits)
    if upper is not None:
        # The rows above the rule that split the table lead; its own first row is a data row like theirs.
        _led_by(data, upper, len(upper.rows or []))
    above = headers_above(table, all_tables, limits) if upper is None else None
    if above is not None and above.columns:
        # A statement's block without a header row ("Effective tax rate | 15.5% | 15.8%" under the operating expenses
        # by period): the columns above name its columns.
        _led_by(data, above, above.header_rows or 0)
    by_parent = {t.continues_id: t for t in all_tables if t.continues_id}
    current, seen = table.id, {table.id}
    while (nxt := by_parent.get(current)) is not None and nxt.id not in seen:
        more = TableData(
            id=nxt.id,
            rows=_rows(nxt),
            columns=list(nxt.columns) if nxt.columns else None,
            header_rows=nxt.header_rows if nxt.columns else None,
            cell_boxes=[list(r) for r in nxt.cell_boxes] if nxt.cell_boxes else None,
        )
        if not data.extend(more, limits):
            break  # columns of its own: a table of its own (read when named), never rows under these headers
        current = nxt.id
        seen.add(nxt.id)
    for nxt in same_label or []:
        if nxt.id not in seen:
            data.extend(TableData(id=nxt.id, rows=_rows(nxt),
                                  header_rows=data.header_rows if data.columns else None,
                                  columns=data.columns), limits)  # fmt: skip
            seen.add(nxt.id)
    repaired(data)
    pages_spanned(data, document, [*all_tables, *(same_label or [])])
    return data


def pages_spanned(data: TableData, document: Document, tables: list[DocTable]) -> None:
    """ "us-020.pdf pp. 4–5" for a table read with its continuations: a cell of a later part is on a later page."""
    if data.continued:
        pages = {t.id: t.page_number for t in tables}
        first, last = pages.get(data.id), pages.get(data.continued[-1])
        if first is not None and last is not None and last != first:
            data.where = f"{document.filename} pp. {first}–{last}"


def answering_part(
    session: Session,
    table: DocTable,
    document: Document,
    data: TableData,
    got: TableAnswer,
    limits: TableReadingSettings = TableReadingSettings(),
) -> EvidenceNode:
    """The table's evidence node, cited as the part (the first page or a continuation) that holds the answered cell:
    the citation opens the page the cell is on, where the viewer draws its box."""
    part = table
    if got.cell and got.cell["node_id"] != table.id:
        part = session.get(DocTable, got.cell["node_id"]) or table
    got.table_id = part.id
    return table_node(part, document, data=data, limits=limits)


def page_text(session: Session, table: DocTable) -> str:
    """The text of the table's page and the prose of its document's first page: a cover names the document's maker
    and product ("InvenSense", "MPU-6050") where no later page repeats them; the first page's tables name their own
    rows, not the document."""
    query = select(Page.text).where(Page.document_id == table.document_id, Page.number == table.page_number)
    cover = select(Passage.text).where(Passage.document_id == table.document_id, Passage.page_number == 1)
    return " ".join([session.scalar(query) or "", *session.scalars(cover)])


def heading_above(session: Session, table: DocTable, limits: TableReadingSettings = TableReadingSettings()) -> str:
    """The text of the passage right above a table on its page when it reads as the table's heading, else ''.

    A heading close above a table without a caption of its own names it ("1.1 JAL Group International Passenger
    Traffic Data" over a table headed "Pax | y.o.y(%) | RPK …"); longer text is a paragraph, not a heading."""
    if not table.bbox:
        return ""
    top = table.bbox[1]
    query = select(Passage.text, Passage.bbox).where(
        Passage.document_id == table.document_id, Passage.page_number == table.page_number
    )
    reach = top + limits.heading_overlap
    above = [(bbox[3], text) for text, bbox in session.execute(query) if bbox and bbox[3] <= reach]
    if not above:
        return ""
    bottom, text = max(above)
    close = top - bottom <= limits.heading_gap
    return text if close and len(text.split()) <= limits.heading_max_words else ""


def own_label(table: DocTable, inferred: Inferred) -> str | None:
    label, caption = inferred.get(table.id, (table.label, table.caption))
    return label or caption


def with_continuations(
    table: DocTable,
    document: Document,
    every: list[DocTable],
    inferred: Inferred,
    limits: TableReadingSettings = TableReadingSettings(),
) -> tuple[DocTable, TableData, bool]:
    """The table with the tables of the next pages that carry its label ("Table A-1 …—Continued"), or the first table
    of such a run when `table` continues one: one table, its rows read together (a highest value over the whole of
    it), and whether `table` is a later part with the same columns read alone. A continuation whose columns are
    others, or whose rows are another group ("Benchmarking education systems" under "Education system"), stays a
    table of its own."""
    key = label_key(own_label(table, inferred))
    if key is None:
        return table, table_data(table, document, every, inferred, limits=limits), False
    run = sorted((t for t in every if label_key(own_label(t, inferred)) == key), key=lambda t: t.index_in_document)
    at = next(k for k, t in enumerate(run) if t.id == table.id)
    start = at
    while start > 0 and run[start - 1].page_number == run[start].page_number - 1:
        start -= 1
    head = run[start]
    data = table_data(head, document, every, inferred, limits=limits)
    group: str | None = None
    for k in range(start + 1, len(run)):
        nxt = run[k]
        if nxt.page_number != run[k - 1].page_number + 1 or nxt.id in data.continued:
            break
        rows = _rows(nxt)
        more = repaired(TableData(id=nxt.id, rows=rows, columns=list(nxt.columns) if nxt.columns else None,
                                  header_rows=nxt.header_rows if nxt.columns else None))  # fmt: skip
        # Compared as read (the stored header of a continuation may be its repeated caption): the same columns.
        head_shape, more_shape = shape(data, limits), shape(more, limits)
        mine, theirs = head_shape.columns, more_shape.columns
        if len(mine) != len(theirs) or not same_columns(mine, theirs, limits):
            break
        rows_of = [set(tokens(sh.columns[sh.label_column].split(" / ")[-1])) if sh.columns else set()
                   for sh in (head_shape, more_shape)]  # fmt: skip
        if rows_of[0] and rows_of[0] < rows_of[1]:
            group = nxt.id  # its rows are another group ("Benchmarking education systems"): counted apart
            break
        data.extend(TableData(id=nxt.id, rows=rows, header_rows=more_shape.header_rows), limits)
    pages_spanned(data, document, every)
    if head.id != table.id and table.id not in data.continued:
        # Read alone; a part with the first part's columns answers after it, one with columns of its own does not.
        return table, table_data(table, document, every, inferred, limits=limits), table.id == group
    return head, data, False
