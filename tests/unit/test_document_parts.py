"""Documents named by a distinctive part of their title or file name ("page 3 of the diesel engines manual").

The names are the shared PDFs' real file names and the titles app.ingest.pdf gives them (see
tests/unit/test_ingest_pdf.py for the titles it asserts)."""

from __future__ import annotations

import pytest

from app.qa.classify.documents import DocumentNames
from app.qa.classify.find import find_document, resolve_document
from app.qa.classify.model import DocumentName
from app.qa.classify.question import classify

# The shared reports and tables, with the titles extract_pdf found (None where it found none).
SHARED = [
    DocumentName("diesel", "diesel_engines.pdf", "SECTION 2 DIESEL ENGINES"),
    DocumentName("eu004", "eu-004.pdf", "CHAPTER 6 – AN OVERVIEW OF MARKET STRUTURE BASED UPON EXISTING SOURCES"),
    DocumentName("eu013", "eu-013.pdf", "5.2. Continuing vocational education and training"),
    DocumentName("eu021", "eu-021.pdf", None),
    DocumentName("fedreg", "federal-register-2020-17221.pdf", "Proposed Rules Federal Register"),
    DocumentName("art", "issue-982-example.pdf", "Art in Machine Learning"),
    DocumentName("us018", "us-018.pdf", None),
    DocumentName("arrests", "12s0324.pdf", "Arrests by Sex and Age"),
    DocumentName(
        "bids",
        "Publication_of_award_of_Bids_for_Transport_Sector__August_2016.pdf",
        "PUBLICATION OF AWARD OF CONTRACTS UNDER THE TRANSPORT SECTOR PROJECT (P102000)",
    ),  # fmt: skip
    DocumentName("nnmb72", "clockwise_table_1.pdf", "NNMB 72 Rural-Third Repeat Survey 2011-12"),
    DocumentName("nnmb75", "twotables_2.pdf", "NNMB 75 Rural-Third Repeat Survey 2011-12"),
    DocumentName("edge", "edge_tol.pdf", "Key figures"),
    DocumentName("eu015", "eu-015.pdf", "Topics"),
    DocumentName("health", "health.pdf", "HEALTH SECTOR FINANCING BY CENTRE AND STATEs/UTs IN INDIA"),
    DocumentName("jal", "issue-53-example.pdf", "1.1 JAL Group International Passenger Traffic Data"),
    DocumentName("nics", "nics-background-checks-2015-11.pdf", "NICS Firearm Background Checks"),
    DocumentName("nicsr", "nics-background-checks-2015-11-rotated.pdf", None),
    DocumentName("mexican", "mexican_towns.pdf", None),
    DocumentName("senate", "senate-expenditures.pdf", None),
    DocumentName("vertical", "vertical_header.pdf", "REPUBLICIAN PARTY"),
]
NAMES = DocumentNames(SHARED)


@pytest.mark.parametrize(
    ("question", "document_id", "pages", "tables"),
    [
        ("Summarise page 5 of the vocational training report", "eu013", [5], []),
        ("What is on page 3 of the vocational education document?", "eu013", [3], []),
        ("Show page 2 of the machine learning paper", "art", [2], []),
        ("What is on page 2 of the federal register notice?", "fedreg", [2], []),
        ("Table 1 of the proposed rules", "fedreg", [], [1]),
        ("What is in the first table of the transport sector report?", "bids", [], [1]),
        ("Show table 1 of the health financing report", "health", [], [1]),
        ("page 1 of the passenger traffic data", "jal", [1], []),
        ("What is in table 2 of the firearm background checks?", "nics", [], [2]),
        ("Show table 1 of the senate expenditures", "senate", [], [1]),  # a part of the file name's words
        ("What is on page 2 of mexican towns", "mexican", [2], []),
        ("Summarise page 1 of the arrests report", "arrests", [1], []),
        ("Show page 4 of the Federal Register's notice", "fedreg", [4], []),
    ],
)
def test_structural_question_names_its_document_by_a_part(
    question: str, document_id: str, pages: list[int], tables: list[int]
) -> None:
    parsed = classify(question, NAMES)
    assert parsed.question_type == "structural"
    assert parsed.document is not None and parsed.document.document_id == document_id, parsed.document
    assert parsed.document.matched_by in ("part", "stem", "title")
    assert parsed.pages == pages and [t.number for t in parsed.tables] == tables
    assert parsed.ambiguous is None


def test_part_and_its_document_word_leave_the_residual() -> None:
    parsed = classify("Summarise page 5 of the vocational education report", NAMES)
    assert parsed.document is not None and parsed.document.matched_by == "part"
    assert "vocational" not in parsed.residual and "report" not in parsed.residual
    assert parsed.intent == "summarise" and not {"vocational", "education", "report"} & set(parsed.cell_terms)


def test_whole_stem_with_a_document_word_is_a_name_not_cell_words() -> None:
    parsed = classify("page 3 of the diesel engines manual", NAMES)
    assert parsed.document is not None and parsed.document.document_id == "diesel"
    assert parsed.pages == [3] and parsed.intent == "show" and parsed.cell_terms == []


def test_longer_part_wins_over_a_shared_shorter_one() -> None:
    # "survey" is in both NNMB titles; "nnmb 75 rural" only in twotables_2.pdf's.
    parsed = classify("Show table 7 of the NNMB 75 rural survey", NAMES)
    assert parsed.document is not None and parsed.document.document_id == "nnmb75"


@pytest.mark.parametrize(
    ("question", "files"),
    [
        ("What is on page 1 of the background checks report?", ["nics-background-checks-2015-11-rotated.pdf",
                                                                   "nics-background-checks-2015-11.pdf"]),
        ("Show table 6 of the repeat survey", ["clockwise_table_1.pdf", "twotables_2.pdf"]),
    ],
)  # fmt: skip
def test_part_shared_by_two_documents_picks_neither(question: str, files: list[str]) -> None:
    parsed = classify(question, NAMES)
    assert parsed.question_type == "structural" and parsed.document is None
    assert parsed.ambiguous is not None
    assert all(f in parsed.ambiguous for f in files)
    assert parsed.ambiguous.count(".") == len(files) + 1  # one sentence: the file names' dots and its full stop


def test_ambiguous_part_in_a_content_question_is_only_content() -> None:
    parsed = classify("What does the repeat survey report say about Kerala?", NAMES)
    assert parsed.question_type == "content" and parsed.document is None and parsed.ambiguous is None


@pytest.mark.parametrize(
    "question",
    [
        "What relative humidity do the ambient reference conditions for diesel engine power assume?",
        "How many engines does the aircraft have?",
        "What share of vocational training is funded by the state?",
        "Which member state had the most inhabitants per food outlet?",
        "Who created the chatbot ELIZA in the machine learning era?",
        "What are the key figures for health spending in India?",  # title words, not used as a name
        "Which table lists the passenger traffic?",
        "What does the table about transport contracts show?",
    ],
)
def test_title_words_in_a_content_question_name_no_document(question: str) -> None:
    parsed = classify(question, NAMES)
    assert parsed.document is None or parsed.document.matched_by != "part", parsed.document


@pytest.mark.parametrize(
    "question",
    [
        "What is on page 3 of eu-099.pdf?",  # a file written out: found whole or missing, never guessed
        "Show table 1 of the report",  # generic words name nothing
        "What is on page 2 of the annual data report?",
        "Summarise page 4 of the 2011 survey",  # a year right after the reference: not read as a name
    ],
)
def test_no_part_match(question: str) -> None:
    parsed = classify(question, NAMES)
    assert parsed.document is None and parsed.ambiguous is None


def test_whole_name_wins_over_parts_and_find_document_is_unchanged() -> None:
    ref, rest = find_document("What is in Table 1 of diesel_engines.pdf?", NAMES)
    assert ref is not None and ref.matched_by == "filename" and "diesel" not in rest
    ref, _ = find_document("Summarise page 1 of the Art in Machine Learning", NAMES)
    assert ref is not None and ref.matched_by == "title"


def test_parts_are_dictionary_entries_and_common_ones_are_dropped() -> None:
    docs = [DocumentName(str(i), f"survey_{i}.pdf", f"Household survey of region {i}") for i in range(10)]
    docs.append(DocumentName("x", "retail_outlets.pdf", "Retail outlets of Europe"))
    names = DocumentNames(docs)
    assert names.by_part["household survey"] is None  # ten documents carry it: it names none
    assert [d.id for d in names.by_part["retail outlets"] or []] == ["x"]
    ref, _, ambiguous = resolve_document("page 2 of the household survey report", names)
    assert ref is None and ambiguous is None
    ref, _, _ = resolve_document("page 2 of the retail outlets report", names)
    assert ref is not None and ref.document_id == "x"


def test_camel_case_and_separators_split_file_names() -> None:
    names = DocumentNames([DocumentName("a", "QuarterlyRevenue_Forecast-v2.pdf"), DocumentName("b", "other.pdf")])
    ref, _, _ = resolve_document("What is on page 4 of the revenue forecast report?", names)
    assert ref is not None and ref.document_id == "a" and ref.matched_by == "part"


@pytest.mark.parametrize(
    ("question", "document_id"),
    [
        ("What is in the senate expenditures table?", "senate"),
        ("Show the mexican towns table", "mexican"),
        ("What is in the table of eu-013.pdf?", "eu013"),
        ("Summarise the tables in us-018.pdf", "us018"),
    ],
)
def test_the_table_of_a_named_document_is_its_tables(question: str, document_id: str) -> None:
    """A bare "the table" of a named document, with nothing else asked, is a whole-table request for that document."""
    parsed = classify(question, NAMES)
    assert parsed.question_type == "structural"
    assert parsed.document is not None and parsed.document.document_id == document_id
    assert [(t.number, t.page, t.label) for t in parsed.tables] == [(None, None, None)]


@pytest.mark.parametrize(
    "question",
    ["Which table in us-018.pdf has Texas?", "What does the table in eu-021.pdf say about back pain?"],
)
def test_a_table_question_with_content_words_stays_a_content_question(question: str) -> None:
    parsed = classify(question, NAMES)
    assert parsed.question_type == "content" and not parsed.tables


@pytest.mark.parametrize(
    ("question", "document_id"),
    [
        ("What does the diesel engines manual say about crankshaft strength?", "diesel"),
        ("In the Art in Machine Learning paper, who created ELIZA?", "art"),
        ("What does the Proposed Rules Federal Register notice say about the MEL?", "fedreg"),
    ],
)
def test_a_name_called_a_document_fences_content(question: str, document_id: str) -> None:
    """A whole stem or title called a document ("the ... manual/paper/notice") fences content retrieval like a file
    name."""
    parsed = classify(question, NAMES)
    assert parsed.question_type == "content"
    assert parsed.document is not None and parsed.document.document_id == document_id
    assert parsed.document.explicit


@pytest.mark.parametrize(
    "question",
    [
        "How many engines does the diesel rule allow?",
        "Which machine learning methods make art?",
        # A part of a title is often the topic as much as a name: even called a document it does not fence.
        "In the machine learning paper, who created ELIZA?",
        "What does the federal register notice say about the MEL?",
    ],
)
def test_words_of_a_name_used_as_content_do_not_fence(question: str) -> None:
    parsed = classify(question, NAMES)
    assert parsed.document is None or not parsed.document.explicit


@pytest.mark.parametrize(
    ("question", "document_id"),
    [
        ("What is eu-013.pdf about?", "eu013"),
        ("Summarise the diesel engines manual", "diesel"),
        ("Give me an overview of us-018.pdf", "us018"),
        ("What is the Proposed Rules Federal Register notice about?", "fedreg"),
    ],
)
def test_a_named_document_asked_for_as_a_whole_is_an_overview(question: str, document_id: str) -> None:
    parsed = classify(question, NAMES)
    assert parsed.question_type == "structural" and parsed.overview
    assert parsed.document is not None and parsed.document.document_id == document_id
    assert not parsed.pages and not parsed.tables


@pytest.mark.parametrize(
    "question",
    [
        "What does the diesel engines manual say about crankshafts?",  # a fact in it
        "Summarise page 3 of eu-013.pdf",  # a page of it
        "Which documents are about India?",  # no document named
        "What is Art in Machine Learning about?",  # a bare title: an entity as much as a document
    ],
)
def test_other_questions_are_no_overview(question: str) -> None:
    assert not classify(question, NAMES).overview
