"""What asking produces: plain data shared by the retrievers, the readers, the API, the CLI and `mdqa eval`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, TypedDict

from app.vocabulary import ReaderName, RetrieverName, ScorerName, SeedRankerName

if TYPE_CHECKING:
    from app.qa.classify.patterns import Intent
    from app.qa.explain import Explanation
    from app.qa.tables.model import TableAnswer


@dataclass(slots=True)
class AskOptions:
    retriever: RetrieverName = "kgp"
    scorer: ScorerName = "embedding"
    budget: int = 10
    branching: int = 3
    reader: ReaderName = "local"
    seed_ranker: SeedRankerName = "hybrid"
    seeds: int | None = None  # KGP seed passages; None = settings.retrieval.seeds


@dataclass(slots=True)
class EvidenceNode:
    """A node the retriever visited, in evidence order; (parent, edge_kind, hop) make the evidence path."""

    node_id: str
    kind: str  # document | page | table | passage
    document_id: str
    page: int | None
    label: str
    text: str
    hop: int  # 0 for seeds / directly fetched nodes
    score: float
    parent: str | None = None
    edge_kind: str | None = None  # kind of the graph edge parent -> node


class Cell(TypedDict):
    """The table cell an answer was read from (the ask response's `cell`)."""

    node_id: str
    row: str
    column: str
    value: str
    bbox: list[float] | None


@dataclass(slots=True)
class Retrieval:
    question_type: Literal["structural", "content"]
    nodes: list[EvidenceNode]
    llm_calls: int = 0
    timings_ms: dict[str, float] = field(default_factory=dict)
    # What the question asks done with the evidence (classify.Intent): the reader's shape of answer.
    intent: Intent = "lookup"
    # The sentence that says a named document, page or table does not exist (answered as such, from no evidence).
    missing: str | None = None
    # Sentences the structural rules add to the answer (e.g. a named table found under another label).
    notes: list[str] = field(default_factory=list)
    # What the named or best-matching tables said, read from their cells; the cell when there is exactly one.
    table_answers: list[TableAnswer] = field(default_factory=list)
    cell: Cell | None = None
    # Every cell the answer was read from: the one cell, or each part's (two values of an arithmetic or a comparison).
    cells: list[Cell] = field(default_factory=list)
    # A named document asked for as a whole: its one-line description ("eu-013.pdf: 12 pages, 9 tables"); the
    # nodes are its opening passages and its tables.
    overview: str | None = None
    # Content questions: the best cosine between the question and the retrieved passages and tables. Low when the
    # documents hold nothing on the question, however the evidence was chosen (app.qa.answer hedges below a floor).
    relevance: float | None = None
    # Content questions: per name the question gives, its words that few units or none hold (seeds.rare_names).
    rare_names: tuple[frozenset[str], ...] = ()
    # The file a content question named as a file: retrieval (and what the reader reads beyond it) stays inside it.
    document_id: str | None = None
    # Units the built-in reader reads beyond `nodes` (app.qa.pipeline.widen_for_reading); those its answer cites
    # join `nodes` after the answer, so the evidence path shows where every cited unit came from.
    reading_extra: list[EvidenceNode] = field(default_factory=list)
    # The passage that follows each read passage (its "next" edge; `parent` is the passage it follows): not ranked,
    # only read on from a shown sentence that ends its passage (app.qa.reader.completion). Cited ones join `nodes`.
    windows: list[EvidenceNode] = field(default_factory=list)
    # Content answers: the DAG from the question to the cited units (app.qa.explain), the evidence's first view.
    explanation: Explanation | None = None


@dataclass(slots=True)
class Citation:
    marker: int
    node_id: str
    kind: str
    document_id: str
    filename: str
    page: int | None
    text: str


@dataclass(slots=True)
class AskResult:
    question: str
    question_type: Literal["structural", "content"]
    answer: str
    citations: list[Citation]
    retrieval: Retrieval
    llm_calls: int
    timings_ms: dict[str, float]
    short_answer: str | None = None  # the direct answer (a date, number, name, yes/no) when the reader found one
    candidate: str | None = None  # the built-in reader's best span, shown or not (for evaluation, not for users)
