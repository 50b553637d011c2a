"""The question analysed once: every reading of its text the later stages need, in the order they take precedence
(a table label over a listed word over a listed meaning over arithmetic over parts)."""

from __future__ import annotations

from dataclasses import replace

from app.qa.analysis.coordination import alternative_parts, coordinated_parts
from app.qa.analysis.counted import counted_than, subject_counted_than
from app.qa.analysis.elapsed import elapsed_question
from app.qa.analysis.followup import still_compares, without_value_follow_up
from app.qa.analysis.listing import concept_predicate, kind_of, without_collection_scope
from app.qa.analysis.margins import margin_question
from app.qa.analysis.model import QuestionAnalysis
from app.qa.analysis.operation import Arithmetic, arithmetic_question, lexicon
from app.qa.analysis.shared_head import shared_head_question
from app.qa.analysis.sums import sum_question
from app.qa.answer_types import expected_type
from app.qa.decompose.compare import comparative
from app.qa.decompose.patterns import Part
from app.qa.decompose.split import split_question
from app.qa.documents_question import documents_with_label, which_documents_in_tables, which_documents_topic

# The shapes that list documents: a scope naming the whole collection is dropped from their question.
LISTS = frozenset({"labelled_tables", "documents_by_word", "documents_by_meaning"})


def analyse(question: str) -> QuestionAnalysis:
    expected = expected_type(question)
    listed = without_collection_scope(question)
    if listed != question:
        analysis = analyse(listed)
        if analysis.shape in LISTS:
            return replace(analysis, question=question)
    label = documents_with_label(question)
    if label is not None:
        return QuestionAnalysis(question, "labelled_tables", expected, label=label)
    topic = which_documents_topic(question)
    if topic is not None:
        in_tables = which_documents_in_tables(question)
        return QuestionAnalysis(question, "documents_by_word", expected, topic=topic, in_tables=in_tables)
    predicate = concept_predicate(question)
    if predicate is not None:
        return QuestionAnalysis(question, "documents_by_meaning", expected, predicate=predicate,
                                kind=kind_of(predicate))  # fmt: skip
    arithmetic = (subject_counted_than(question) or arithmetic_question(question) or counted_than(question)
                  or margin_question(question) or sum_question(question) or elapsed_question(question)
                  or shared_head_question(question))  # fmt: skip
    if arithmetic is not None:
        return QuestionAnalysis(question, "arithmetic", expected, arithmetic=arithmetic, parts=arithmetic.parts,
                                comparison=comparative(question))  # fmt: skip
    # Read as its first part: the highest or lowest thing is answered with its value.
    first = without_value_follow_up(question)
    if first is not None:
        return QuestionAnalysis(first, "single", expected_type(first))
    parts = split_question(question)
    alternatives = alternative_parts(question)
    if parts and not (alternatives and all(still_compares(p.question) for p in parts)):
        return _parts(question, expected, tuple(parts), comparative(question))
    if alternatives:
        return _parts(question, expected, alternatives[0], alternatives[1])
    coordinated = coordinated_parts(question)
    if coordinated:
        return _parts(question, expected, coordinated, comparative(question), coordinated=True)
    return QuestionAnalysis(question, "single", expected, change=asks_change(question))


def asks_change(question: str) -> bool:
    """"By how much does the budget raise the limit?": a change asked with a verb of change and no two values named."""
    said = " ".join(question.lower().replace("?", " ").split())
    words = set(said.split())
    return any(f"{ask} " in f"{said} " for ask in lexicon()["change_asks"]) and bool(words & lexicon()["changes"])


def _parts(
    question: str, expected: str, parts: tuple[Part, ...], comparison: str | None, coordinated: bool = False
) -> QuestionAnalysis:
    """Parts read on their own; two set apart by a difference noun before "between" ("the difference between the GLUE
    scores of A and B") are two values, one less the other (compose falls back to both readings when either reads no
    value)."""
    words = question.lower().split()
    named = next((k for k, w in enumerate(words) if w in lexicon()["differences"]), None)
    if len(parts) == 2 and named is not None and "between" in words[named + 1 :]:
        arithmetic = Arithmetic("difference", (parts[0], parts[1]))
        return QuestionAnalysis(question, "arithmetic", expected, arithmetic=arithmetic, parts=parts)
    return QuestionAnalysis(question, "parts", expected, parts=parts, comparison=comparison, coordinated=coordinated)
