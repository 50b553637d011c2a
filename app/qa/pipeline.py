"""ask(): analyse → resolve → retrieve → read → compose. A question of several parts (two lookups and their
arithmetic, a comparison, two questions in one) runs resolve → retrieve → read once per part, and compose joins the
readings; a list of documents is read from the collection as a whole. Knows nothing of HTTP, queues or templates.
"""

from __future__ import annotations

import time

from sqlalchemy.orm import Session

from app.db.vectors import graph_version
from app.llm.chat import LLMError
from app.llm.vector_cache import remembered
from app.qa.aggregate_intent import extreme_asked
from app.qa.analysis.coordination import names_documents_apart
from app.qa.analysis.llm import analyse_with_llm
from app.qa.analysis.model import QuestionAnalysis
from app.qa.analysis.parse import analyse
from app.qa.answer import Answer, bounded, combine, comparison_verdict, far_from_question, table_verdict
from app.qa.ask import AskOptions, AskResult, Cell, EvidenceNode, Retrieval
from app.qa.cite import add_footnotes, citations
from app.qa.compose import arithmetic_working
from app.qa.evidence import adopt_cited, retrieve, widen_for_reading
from app.qa.explain_graph import explain_answer, part_of
from app.qa.index import get_index
from app.qa.llm_reader import AnswerSink
from app.qa.paired_parts import aligned, read_as_pair
from app.qa.profiles import named_profiles
from app.qa.read.base import ReadTools
from app.qa.read.documents import documents_described, labelled_tables, which_documents
from app.qa.read.part_dates import with_part_dates
from app.qa.read.part_values import with_part_values, with_values_of_one_cell
from app.qa.read.registry import choose
from app.qa.read.stated_change import with_stated_change
from app.qa.resolve import FILE_NAME
from app.qa.targets import document_names, parse_question
from app.qa.tools import QueryVector, Tools, _ms
from app.settings import Settings

READERS = ("local", "openai")
ANALYSIS_TOKENS = 300  # the analysis JSON of a question of four parts fits


def read(
    analysis: QuestionAnalysis,
    retrieval: Retrieval,
    options: AskOptions,
    settings: Settings,
    tools: Tools,
    sink: AnswerSink | None = None,
) -> Answer:
    """The registered reader that accepts the evidence reads it (app.qa.read.registry)."""
    local = options.reader == "local"
    encoder = (lambda: tools.encoder(settings)) if local else None
    # Sentence vectors are remembered per encoder (a popular passage's sentences are embedded once), and the
    # question's vector is the retriever's (the same cache), so the reader encodes only new sentences.
    read_tools = ReadTools(
        encode=remembered(encoder()) if encoder is not None else None,
        question_vector=QueryVector(encoder, analysis.question) if encoder is not None else None,
        chat=(lambda: tools.chat_client(settings)) if settings.llm_configured or tools.chat is not None else None,
        sink=sink,
    )
    return choose(analysis, retrieval, options, read_tools).read(analysis, retrieval).answer()


def read_evidence(
    session: Session,
    collection_id: str,
    analysis: QuestionAnalysis,
    retrieval: Retrieval,
    options: AskOptions,
    settings: Settings,
    tools: Tools,
    sink: AnswerSink | None = None,
) -> Answer:
    """Read a retrieval (a whole question's or one part's): the further units, the reader, the notes its evidence
    marks, and the cited further units joined to the evidence."""
    widen_for_reading(session, collection_id, analysis.question, retrieval, options, settings, tools)
    answer = read(analysis, retrieval, options, settings, tools, sink)
    if options.reader == "local":
        # The LLM reader has the notes in its context already; the local one shows sentences as they stand.
        add_footnotes(session, answer)
    adopt_cited(retrieval, answer)
    return answer


def several(
    session: Session,
    collection_id: str,
    analysis: QuestionAnalysis,
    options: AskOptions,
    settings: Settings,
    tools: Tools,
) -> tuple[Retrieval, Answer] | None:
    """Content questions that are several (two parts, a comparison) or ask for a list of documents: each part
    retrieved and read on its own, with its own citations. None for every other question (asked whole)."""
    if analysis.label is not None:
        return labelled_tables(session, collection_id, analysis.label)
    if analysis.predicate is not None:
        return documents_described(session, collection_id, analysis.predicate, settings, tools, analysis.kind)
    if not analysis.several:
        return None
    if analysis.coordinated and not _two_documents(session, collection_id, analysis, settings):
        return None  # co-authors, "Spain and Portugal": one thing asked about, answered whole
    version = graph_version(session, collection_id)
    parsed = parse_question(session, collection_id, analysis.question, options, settings, tools, version)
    # "Which documents have a table about the weather?" names no table: its caption words are the list's topic.
    named = parsed.document is not None or parsed.pages or any(t.label or t.number for t in parsed.tables)
    # Two values of named tables ("how much higher is A than B, according to Table 2"; "which fits better, column 3
    # of Table 1 in X or of Table 3 in Y") are two lookups: each part keeps its table's name, so each is read from
    # that table, and compose does the arithmetic or gives the verdict.
    compares = analysis.arithmetic is not None or analysis.comparison is not None
    two_values = compares and len(analysis.parts) == 2 and not parsed.pages
    if parsed.question_type != "content" and not (analysis.in_tables and not named) and not two_values:
        return None  # a named page or table: the structural path answers it whole
    if analysis.topic is not None:
        return which_documents(session, collection_id, analysis.topic, settings, tools, version, analysis.in_tables)
    answered: list[tuple[str, Answer]] = []
    cells: list[tuple[str, Cell] | None] = []  # the table cell each part's answer was read from
    nodes: list[EvidenceNode] = []
    seen: set[str] = set()
    timings: dict[str, float] = {}
    llm_calls = int(parsed.used_llm)
    retrievals: list[Retrieval] = []
    for part in analysis.parts:
        asked = part.question
        retrieval = retrieve(session, collection_id, asked, options, settings, tools)
        if part.unscoped is not None and _weak(retrieval):
            # The document this part was given from another part does not seem to answer it ("In twotables_2.pdf,
            # what share … and what was Rajasthan's debt …?"): the whole collection is asked, and the answer says so.
            wider = retrieve(session, collection_id, part.unscoped, options, settings, tools)
            if not _weak(wider):
                asked, retrieval = part.unscoped, wider
        part_answer = read_evidence(session, collection_id, analyse(asked), retrieval, options, settings, tools)
        if asked != part.question and part.scope is not None:
            # a file is named as it is spelled ("twotables_2.pdf"); a description opens the sentence ("The survey")
            said = part.scope if FILE_NAME.fullmatch(part.scope) else part.scope[:1].upper() + part.scope[1:]
            part_answer.text = f"{_NOT_IN_FILE.format(file=said)}\n\n{part_answer.text}"
        answered.append((part.label, part_answer))
        cells.append(_cell_read(retrieval, part_answer))
        retrievals.append(retrieval)
        llm_calls += retrieval.llm_calls
        for key, value in retrieval.timings_ms.items():
            timings[key] = round(timings.get(key, 0.0) + value, 2)
    if options.reader == "local" and not aligned(cells):
        paired = read_as_pair(session, collection_id, analysis, retrievals, settings.answer)
        for k, retrieval in enumerate(paired or []):
            label = answered[k][0]
            answered[k] = (label, read(analyse(analysis.parts[k].question), retrieval, options, settings, tools))
            cells[k] = _cell_read(retrieval, answered[k][1])
            retrievals[k] = retrieval
    if options.reader == "local" and analysis.arithmetic is not None:
        answered = with_part_dates(answered, analysis.arithmetic.unit)  # "how many days passed between A and B"
    if options.reader == "local" and not all(cells) and (analysis.arithmetic or analysis.comparison is not None):
        following = [n for r in retrievals for n in r.windows]
        questions = [p.question for p in analysis.parts]
        unit = analysis.arithmetic.unit if analysis.arithmetic is not None else ""
        limits = settings.answer.part_values
        valued = with_part_values(answered, questions, following, limits, unit, cell_read=any(cells))
        # a value read from a sentence replaces the cell its part read
        cells = [None if new is not old else cell for new, old, cell in zip(valued, answered, cells, strict=True)]
        answered = valued
    if options.reader == "local" and compares and cells[0] is not None and cells[0] == cells[1]:
        answered, cells = _values_of_one_cell(answered, [p.question for p in analysis.parts], cells, settings)
    for retrieval in retrievals:
        for n in retrieval.nodes:
            if n.node_id not in seen:
                seen.add(n.node_id)
                nodes.append(n)
    joined = Retrieval(question_type="content", nodes=nodes, llm_calls=llm_calls, timings_ms=timings)
    joined.cells = [read[1] for read in cells if read is not None]
    answer = compose(analysis, answered, cells)
    parts = [
        part_of(retrieval, part_answer, label, analysis.parts[k].question)
        for k, (retrieval, (label, part_answer)) in enumerate(zip(retrievals, answered, strict=True))
    ]
    # A comparison's chains meet in its verdict, the first paragraph compose wrote.
    verdict = answer.text.split("\n\n", 1)[0][:200] if analysis.comparison is not None else None
    index = get_index(session, collection_id, None, settings.retrieval.ann_threshold)
    joined.explanation = explain_answer(index, analysis.question, parts, settings.retrieval.explain_max_hops, verdict)
    return joined, answer


def compose(
    analysis: QuestionAnalysis, answered: list[tuple[str, Answer]], cells: list[tuple[str, Cell] | None]
) -> Answer:
    """The parts' answers joined, led by the arithmetic's working or the comparison's verdict."""
    answer = combine(answered)
    worked = arithmetic_working(analysis.arithmetic, answered, cells, answer) if analysis.arithmetic else None
    if worked:
        answer.text = f"{worked}\n\n{answer.text}"
    elif analysis.comparison is not None:
        labels = [label for label, _ in answered]
        compared = analysis.comparison
        # "the higher maximum operating temperature": of a range read, its upper bound is compared
        extreme = extreme_asked(analysis.question)
        shorts = [bounded(a.short_answer, extreme) for _, a in answered]
        read = [None if c is None else (c[0], _bounded_cell(c[1], extreme)) for c in cells]
        verdict = comparison_verdict(labels, shorts, compared)
        verdict = verdict or table_verdict(labels, read, compared, _documents_apart(answered, cells))
        if verdict:
            answer.text = f"{verdict}\n\n{answer.text}"
    return answer


def _values_of_one_cell(
    answered: list[tuple[str, Answer]], questions: list[str], cells: list[tuple[str, Cell] | None], settings: Settings
) -> tuple[list[tuple[str, Answer]], list[tuple[str, Cell] | None]]:
    """Both parts read one cell: its two values, when it says each beside its own part's words, are theirs."""
    assert cells[0] is not None
    table_id, cell = cells[0]
    table = next((n for n in answered[0][1].cited if n.node_id == table_id), None)
    if table is None:
        return answered, cells
    valued = with_values_of_one_cell(answered, questions, table, cell["value"], settings.answer.part_values)
    return (answered, cells) if valued is answered else (valued, [None, None])


def _bounded_cell(cell: Cell, extreme: str | None) -> Cell:
    out = cell.copy()
    out["value"] = bounded(cell["value"], extreme) or ""
    return out


def _documents_apart(answered: list[tuple[str, Answer]], cells: list[tuple[str, Cell] | None]) -> bool:
    """Each part's cell read from a table of another document (the two things compared live in two documents)."""
    documents = set()
    for (_, part_answer), read in zip(answered, cells, strict=True):
        node = next((n for n in part_answer.cited if read is not None and n.node_id == read[0]), None)
        if node is None:
            return False
        documents.add(node.document_id)
    return len(documents) == len(cells)


_NOT_IN_FILE = "{file} does not seem to answer this part. From the other documents:"


def _cell_read(retrieval: Retrieval, answer: Answer) -> tuple[str, Cell] | None:
    """(table node id, cell) when `answer` was read from one cell of a table (a lookup, or a total's cell)."""
    got = retrieval.table_answers[0] if len(retrieval.table_answers) == 1 else None
    if got is None or got.cell is None or not any(n.node_id == got.table_id for n in answer.cited):
        return None
    return got.table_id, got.cell


def _two_documents(session: Session, collection_id: str, analysis: QuestionAnalysis, settings: Settings) -> bool:
    """Each coordinated part's names are said on the first page (or in the file name or title) of some documents, and
    not of the same ones: "the Kroger and the McDonald's releases" are two documents, "Tresset and Fol Leymarie" the
    two authors of one."""
    index = get_index(session, collection_id, None, settings.retrieval.ann_threshold)
    names = document_names(session, collection_id)
    profiles = named_profiles(index, names, settings.answer)
    return names_documents_apart(analysis.parts, [(p.document_id, p.words) for p in profiles.profiles])


def _weak(retrieval: Retrieval) -> bool:
    return not retrieval.nodes or far_from_question(retrieval)


def _analysis(question: str, options: AskOptions, settings: Settings, tools: Tools) -> tuple[QuestionAnalysis, int]:
    """The question analysed by the LLM when it is the chosen reader (the rules as its fallback), else by the rules;
    with the LLM calls made."""
    if options.reader != "openai" or not settings.llm_configured or not settings.answer.llm_analysis:
        return analyse(question), 0
    client = tools.chat_client(settings)
    return analyse_with_llm(question, lambda prompt: client.complete(prompt, max_tokens=ANALYSIS_TOKENS))


def ask(
    session: Session,
    collection_id: str,
    question: str,
    options: AskOptions,
    settings: Settings,
    tools: Tools | None = None,
    sink: AnswerSink | None = None,
) -> AskResult:
    """analyse → resolve → retrieve → read → compose. Raises LLMError when the chosen LLM cannot be reached (the
    caller decides what to say).

    `sink`: the LLM reader streams its answer into it as it is written (the local reader does not stream)."""
    tools = tools or Tools()
    total = time.perf_counter()
    if options.reader not in READERS:
        raise LLMError(f"unknown reader {options.reader!r}: local or openai")
    start = time.perf_counter()
    analysis, analysis_calls = _analysis(question, options, settings, tools)
    found = several(session, collection_id, analysis, options, settings, tools)
    if found is not None:
        retrieval, answer = found
    else:
        retrieval = retrieve(session, collection_id, analysis.question, options, settings, tools)
        start = time.perf_counter()
        answer = read_evidence(session, collection_id, analysis, retrieval, options, settings, tools, sink)
        if analysis.change and options.reader == "local":
            answer = with_stated_change(answer)  # "by how much does it raise X": X's values before and after
    if retrieval.explanation is None and retrieval.question_type == "content" and retrieval.missing is None:
        # A question read whole, or a list of documents: one chain from the question to what the answer cites.
        index = get_index(session, collection_id, None, settings.retrieval.ann_threshold)
        hops = settings.retrieval.explain_max_hops
        retrieval.explanation = explain_answer(index, question, [part_of(retrieval, answer)], hops)
    timings = {**retrieval.timings_ms, "answer": _ms(start), "total": _ms(total)}
    return AskResult(
        question=question,
        question_type=retrieval.question_type,
        answer=answer.text,
        citations=citations(session, answer.cited),
        retrieval=retrieval,
        llm_calls=analysis_calls + retrieval.llm_calls + answer.llm_calls,
        timings_ms=timings,
        short_answer=answer.short_answer,
        candidate=answer.candidate,
    )
