"""A question asking what a table shows that names no table by label ("What does the statistical table in the
Comptroller's report show?"): answered by the best retrieved table, titled by its caption or, when it has none, by
the heading of its page that shares most words with its cells, then the table itself. Such a question asks for no
value, so ranked sentences (a row flattened into text) would answer it with one cell of the table."""

from __future__ import annotations

from dataclasses import dataclass

from app.qa.analysis.describe import asks_description, lexicon
from app.qa.analysis.grammar import parse
from app.qa.analysis.model import QuestionAnalysis
from app.qa.answer import finish
from app.qa.ask import AskOptions, EvidenceNode, Retrieval
from app.qa.read.base import Reading, ReadTools, from_answer
from app.qa.read.local import context
from app.qa.read.shapes import table_block
from app.qa.tables.words import tokens


def asks_table_description(question: str) -> bool:
    """What a table shows, asked of a table called by a noun ("the statistical table"), not by a label."""
    nouns = lexicon()["table_nouns"]
    return asks_description(question) and any(t.lower_ in nouns for t in parse(" ".join(question.split())))


def _captioned(node: EvidenceNode) -> bool:
    caption, sep, table = node.text.partition("\n\n")
    return bool(sep and caption.strip() and table.lstrip().startswith("|"))


def page_heading(table: EvidenceNode, passages: list[EvidenceNode]) -> EvidenceNode | None:
    """The passage of the table's page whose words its cells hold the largest share of (a title names what the
    table's rows and columns measure): None when no passage shares a word. Only
    words count: a number or a letter on its own (a fax number set in spaced digits) is in every table's cells."""
    cells = _words(table.text)
    # A running head (the same text on several pages) names the report, not the table on one of its pages.
    pages_of: dict[str, set[int | None]] = {}
    for passage in passages:
        if passage.document_id == table.document_id:
            pages_of.setdefault(" ".join(passage.text.split()), set()).add(passage.page)
    best, best_share = None, 0.0
    for passage in passages:
        if passage.document_id != table.document_id or passage.page != table.page:
            continue
        text = " ".join(passage.text.split())
        if len(pages_of[text]) > 1 or text.endswith(SENTENCE_ENDS):
            continue  # a sentence is body text, no title
        words = _words(passage.text)
        share = len(words & cells) / len(words) if words else 0.0
        if share > best_share:
            best, best_share = passage, share
    return best


DASHES = ("—", "–")
SENTENCE_ENDS = (".", "!", "?")


def closed_dashes(text: str) -> str:
    """`text` on one line, a dash set against the next word but apart from the one before ("Balances —Governmental",
    how a PDF's text layer often spaces a title's em dash) closed up on both sides as the page shows it."""
    out: list[str] = []
    for word in text.split():
        if out and word.startswith(DASHES) and len(word) > 1:
            out[-1] += word
        else:
            out.append(word)
    return " ".join(out)


def _words(text: str) -> set[str]:
    return {t for t in tokens(text) if t.isalpha() and len(t) > 1}


@dataclass(slots=True)
class TableShowReader:
    """What a table called by a noun shows: its title and the table."""

    tools: ReadTools
    name: str = "table_show"

    def accepts(self, analysis: QuestionAnalysis, evidence: Retrieval, options: AskOptions) -> bool:
        if options.reader != "local" or evidence.question_type != "content" or evidence.table_answers:
            return False
        return any(n.kind == "table" for n in context(evidence).nodes) and asks_table_description(analysis.question)

    def read(self, analysis: QuestionAnalysis, evidence: Retrieval) -> Reading:
        ctx = context(evidence)
        marker_of = ctx.marker_of
        tables = [n for n in ctx.nodes if n.kind == "table" and n.node_id in marker_of]
        table = max(tables, key=lambda n: n.score)
        block = table_block(table.text, marker_of[table.node_id])
        if not _captioned(table):
            passages = [n for n in ctx.nodes if n.kind == "passage" and n.node_id in marker_of]
            heading = page_heading(table, passages)
            if heading is not None:
                title = closed_dashes(heading.text)
                block = f"**{title}** [{marker_of[heading.node_id]}]: {table.label}\n\n{block}"
        return from_answer(self.name, finish(block, ctx.items, ctx.nodes, 0), no_answer=0.0)
