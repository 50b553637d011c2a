"""Rule-based structural/content classification over many phrasings."""

from __future__ import annotations

import pytest

from app.qa.classify.find import find_document
from app.qa.classify.model import DocumentName, TableRef
from app.qa.classify.question import classify

DOCS = [
    DocumentName(id="d1", filename="us-020.pdf", title="Federal Highway Statistics"),
    DocumentName(id="d2", filename="annual_report_2020.pdf", title="Annual Report 2020"),
    DocumentName(id="d3", filename="twotables_2.pdf", title=None),
    DocumentName(id="d4", filename="diesel_engines.pdf", title="Rules for Diesel Engines"),
]

# (question, expected pages, expected tables as (number, page, by_label))
STRUCTURAL = [
    ("What is on page 4?", [4], []),
    ("Summarise page 5", [5], []),
    ("summarize page five", [5], []),
    ("Show me p. 4", [4], []),
    ("What does p.12 say?", [12], []),
    ("pages 2-3", [2, 3], []),
    ("Compare pages 2 and 3", [2, 3], []),
    ("Give me pp. 7-9", [7, 8, 9], []),
    ("pages 2 to 4 please", [2, 3, 4], []),
    ("What is on the last page?", [-1], []),
    ("Summarise the final page", [-1], []),
    ("What's on the first page?", [1], []),
    ("the second page", [2], []),
    ("What does the 3rd page say?", [3], []),
    ("page no. 6", [6], []),
    ("Show Table 2", [], [(2, None, True)]),
    ("table 2", [], [(2, None, True)]),
    ("What is in Table II?", [], [(2, None, True)]),
    ("table three", [], [(3, None, True)]),
    ("Table #4", [], [(4, None, True)]),
    ("the second table on page 7", [], [(2, 7, False)]),
    ("Show the first table", [], [(1, None, False)]),
    ("What is in the last table?", [], [(-1, None, False)]),
    ("the 2nd table on p. 3", [], [(2, 3, False)]),
    ("the table on page 3", [], [(None, 3, False)]),
    ("list the tables on page 1", [], [(None, 1, False)]),
    ("What tables are on the last page?", [], [(None, -1, False)]),
    ("What is the difference between page 1 and table 2?", [1], [(2, None, True)]),
    ("Compare table 1 and table 2", [], [(1, None, True), (2, None, True)]),
    ("What is the value for Kerala under Illiterate in table 1?", [], [(1, None, True)]),
    ("In table 1, how many households in Tamil Nadu are College?", [], [(1, None, True)]),
    ("Summarise page 1 and page 2", [1, 2], []),
    ("Explain the contents of page 10.", [10], []),
]


@pytest.mark.parametrize(("question", "pages", "tables"), STRUCTURAL)
def test_structural_phrasings(question: str, pages: list[int], tables: list[tuple]) -> None:
    parsed = classify(question, DOCS)
    assert parsed.question_type == "structural"
    assert parsed.pages == pages
    assert [(t.number, t.page, t.by_label) for t in parsed.tables] == tables


CONTENT = [
    "Who founded the company that makes the Diesel engine?",
    "What is the capital of France?",
    "When was the Eiffel Tower built?",
    "How many employees were laid off in 2015?",
    "Which state has the highest literacy rate?",
    "What does the report say about emissions?",
    "Who wrote Pride and Prejudice?",
    "Is the tablet version cheaper?",  # "tablet" is not "table"
    "What page rank algorithm did Google use?",
    "Explain the paging mechanism of the kernel",
]


@pytest.mark.parametrize("question", CONTENT)
def test_content_phrasings(question: str) -> None:
    parsed = classify(question, DOCS)
    assert parsed.question_type == "content", parsed


@pytest.mark.parametrize(
    ("question", "doc_id"),
    [
        ("table 1 of us-020.pdf", "d1"),
        ("What is on page 2 of annual_report_2020.pdf?", "d2"),
        ("Summarise page 3 of the Annual Report 2020", "d2"),
        ("the second table in twotables_2", "d3"),
        ("What does Rules for Diesel Engines say about cooling?", "d4"),
        ("page 1 of diesel engines", "d4"),
    ],
)
def test_document_references(question: str, doc_id: str) -> None:
    parsed = classify(question, DOCS)
    assert parsed.document is not None and parsed.document.document_id == doc_id


def test_document_name_digits_are_not_pages() -> None:
    parsed = classify("table 1 of us-020.pdf", DOCS)
    assert parsed.pages == [] and [(t.number, t.page) for t in parsed.tables] == [(1, None)]
    parsed = classify("What is on page 2 of annual_report_2020.pdf?", DOCS)
    assert parsed.pages == [2]


def test_document_reference_alone_is_content() -> None:
    parsed = classify("What does Rules for Diesel Engines say about cooling?", DOCS)
    assert parsed.question_type == "content"
    assert "cooling" in parsed.cell_terms


def test_longest_document_name_wins() -> None:
    docs = [DocumentName("a", "report.pdf"), DocumentName("b", "report_2021.pdf")]
    ref, rest = find_document("page 2 of report_2021.pdf", docs)
    assert ref is not None and ref.document_id == "b"
    assert "2021" not in rest


@pytest.mark.parametrize(
    ("question", "intent"),
    [
        ("Summarise page 5", "summarise"),
        ("Give an overview of page 2", "summarise"),
        ("What is the difference between page 1 and table 2?", "compare"),
        ("What is the value for Kerala under Illiterate in table 1?", "lookup"),
        ("How high is Kerala under Illiterate in table 1?", "lookup"),  # a number asked for
        ("How is table 1 organised?", "show"),
        ("Show Table 2", "show"),
        ("What is on page 4?", "show"),
    ],
)
def test_intent(question: str, intent: str) -> None:
    assert classify(question, DOCS).intent == intent


def test_cell_terms_keep_row_and_column_words() -> None:
    parsed = classify("What is the value for Andhra Pradesh under Illiterate in table 1?", DOCS)
    assert parsed.cell_terms == ["andhra", "pradesh", "illiterate"]
    assert "table" not in parsed.residual.lower()


def test_bare_table_word_is_unsure_and_llm_can_settle_it() -> None:
    parsed = classify("Which table mentions literacy?", DOCS)
    assert parsed.question_type == "content" and not parsed.confident

    calls: list[str] = []

    def llm(prompt: str) -> str:
        calls.append(prompt)
        return 'Sure: {"structural": true, "pages": [], "tables": [{"number": 1, "page": null}]}'

    parsed = classify("Which table mentions literacy?", DOCS, llm=llm)
    assert len(calls) == 1 and parsed.used_llm
    assert parsed.question_type == "structural" and parsed.tables == [TableRef(number=1, page=None)]


def test_llm_not_called_when_rules_are_sure_and_garbage_is_ignored() -> None:
    def boom(prompt: str) -> str:
        raise AssertionError("must not be called")

    assert classify("Show table 2", DOCS, llm=boom).question_type == "structural"
    parsed = classify("Which table mentions literacy?", DOCS, llm=lambda p: "no idea")
    assert parsed.question_type == "content" and parsed.used_llm


def test_document_matched_by_title_or_filename() -> None:
    by_title = classify("What does Rules for Diesel Engines say about cooling?", DOCS).document
    by_file = classify("What does diesel_engines.pdf say about cooling?", DOCS).document
    assert by_title is not None and by_title.matched_by == "title"
    assert by_file is not None and by_file.matched_by == "filename"


ENTITY_DOCS = [
    DocumentName("g", "Gallu.txt"),
    DocumentName("b", "Boston.txt", title="Boston"),
    DocumentName("e", "eu-004.pdf", title="EU budget report"),
    DocumentName("f", "1998 FIFA World Cup.txt"),
]


@pytest.mark.parametrize(
    "question",
    [
        "If Gallu is a demon, what is the name of the text it appears in?",
        "Which river flows through Boston and also through Cambridge?",
        "Who scored in the final of the 1998 FIFA World Cup?",  # digits in an entity's name: still an entity
    ],
)
def test_bare_stem_or_title_does_not_fence_content(question: str) -> None:
    parsed = classify(question, ENTITY_DOCS)
    assert parsed.question_type == "content"
    assert parsed.document is not None and not parsed.document.explicit
    assert parsed.document.matched_by in ("stem", "title")


@pytest.mark.parametrize(
    ("question", "document_id"),
    [
        ("What does eu-004.pdf say about farming?", "e"),
        ("In Gallu.txt, what is a demon?", "g"),
        ("What is said about farming in the file eu-004?", "e"),
        ("In the document called Gallu, what is a demon?", "g"),
        ("What does the eu-004 pdf say about farming?", "e"),
        ("What does eu-004 say about farming?", "e"),  # a code-like stem names the file without ".pdf"
        ("What did the EU budget report say about farming?", "e"),  # a title the question calls a report
        ("How many students took part in the EU-004 survey?", "e"),
    ],
)
def test_file_named_as_file_fences_content(question: str, document_id: str) -> None:
    parsed = classify(question, ENTITY_DOCS)
    assert parsed.question_type == "content"
    assert parsed.document is not None and parsed.document.document_id == document_id
    assert parsed.document.explicit


@pytest.mark.parametrize(
    ("question", "document_id", "pages", "tables"),
    [
        ("Show table 1 of eu-004", "e", [], [1]),
        ("What is on page 3 of the EU budget report?", "e", [3], []),
        ("Summarise page 2 of Gallu", "g", [2], []),
    ],
)
def test_structural_matches_stem_and_title(
    question: str, document_id: str, pages: list[int], tables: list[int]
) -> None:
    parsed = classify(question, ENTITY_DOCS)
    assert parsed.question_type == "structural"
    assert parsed.document is not None and parsed.document.document_id == document_id
    assert parsed.pages == pages and [t.number for t in parsed.tables] == tables


@pytest.mark.parametrize(
    ("question", "word", "key"),
    [
        ("What does Exhibit 5 in the release show?", "Exhibit", "5"),
        ("What is in schedule 2-1 of the accounts?", "Schedule", "2.1"),
        ("Show me Table 4.", "Table", "4"),
    ],
)
def test_tables_labelled_exhibit_or_schedule_are_named_tables(question: str, word: str, key: str) -> None:
    parsed = classify(question)
    assert parsed.question_type == "structural"
    assert [(t.word, t.label, t.by_label) for t in parsed.tables] == [(word, key, True)]
