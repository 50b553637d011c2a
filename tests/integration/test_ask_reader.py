"""Content questions over real PDFs ingested through the real path, answered by the built-in reader through the
pipeline: "which documents" lists, two-part questions answered part by part, cited evidence sentences."""

from __future__ import annotations

import re

import pytest
from sqlalchemy.orm import Session

from app.qa import confidence
from app.qa.answer import NO_VALUE_OF_TYPE, WEAK_EVIDENCE
from app.qa.ask import AskOptions
from app.qa.pipeline import ask
from app.qa.tools import Tools
from app.settings import Settings
from tests.integration.helpers import ingest_pdfs
from tests.integration.test_ask_content import encoder

FILES = ["reports/issue-982-example.pdf", "tables/twotables_2.pdf"]


@pytest.fixture
def collection(session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    return ingest_pdfs(session, settings, "reader", FILES)


def _markers(text: str) -> set[int]:
    return {int(m) for m in re.findall(r"\[(\d+)\]", text)}


def test_reader_over_real_pdfs(session: Session, settings: Settings, collection: str) -> None:
    tools = Tools(embedder=encoder())

    # "Which documents ...": the matching documents, each with a cited reason from itself, and no other.
    r = ask(session, collection, "Which documents are about literacy?", AskOptions(), settings, tools)
    lines = [ln for ln in r.answer.splitlines() if ln.startswith("- ")]
    assert [re.match(r"- \*\*(.+?)\*\*", ln).group(1) for ln in lines] == ["twotables_2.pdf"]  # type: ignore[union-attr]
    assert re.match(r"- \*\*twotables_2.pdf\*\* \(\d+ of its \d+ passages and tables\): ", lines[0])
    assert r.citations[0].filename == "twotables_2.pdf" and _markers(r.answer) == {1}
    assert "Several" not in r.answer

    r = ask(session, collection, "Which documents mention machine learning or literacy?", AskOptions(), settings,
            tools)  # fmt: skip
    listed = re.findall(r"^- \*\*(.+?)\*\* \(\d+ of its \d+ passages and tables\): .+ \[(\d+)\]$", r.answer, flags=re.M)
    assert sorted(name for name, _ in listed) == ["issue-982-example.pdf", "twotables_2.pdf"]
    for name, marker in listed:
        assert r.citations[int(marker) - 1].filename == name  # each reason is cited to its own document
    counts = [int(c) for c in re.findall(r"^- \*\*.+?\*\* \((\d+) of its", r.answer, flags=re.M)]
    assert counts == sorted(counts, reverse=True) and counts[0] > 1  # the document that names it most comes first

    # "both A and B": only a document that names each; here one names both, and none names both of the other pair.
    r = ask(session, collection, "In which documents are both machine learning and creativity mentioned?",
            AskOptions(), settings, tools)  # fmt: skip
    assert re.findall(r"^- \*\*(.+?)\*\*", r.answer, flags=re.M) == ["issue-982-example.pdf"]
    r = ask(session, collection, "Which files mention both machine learning and literacy?", AskOptions(), settings,
            tools)  # fmt: skip
    assert r.answer == "No document mentions both machine learning and literacy." and not r.citations

    # Two questions in one: each part retrieved and answered with its own citations.
    r = ask(session, collection, "What is creativity according to the paper, and what is the literacy status "
            "of households in Kerala?", AskOptions(), settings, tools)  # fmt: skip
    blocks = r.answer.split("\n\n")
    assert blocks[0].startswith("**What is creativity according to the paper?**")
    assert blocks[-1].startswith("**What is the literacy status of households in Kerala?**")
    first, last = _markers(blocks[0]), _markers(blocks[-1])
    assert first and last
    assert {r.citations[m - 1].filename for m in first} == {"issue-982-example.pdf"}
    assert "twotables_2.pdf" in {r.citations[m - 1].filename for m in last}
    assert _markers(r.answer) == set(range(1, len(r.citations) + 1))

    # A file named before the first part is given to the second too; when that file does not seem to answer it, the
    # other documents are asked, and the answer says so.
    question = ("In twotables_2.pdf, what share of Kerala households have a male head with college education, and "
                "who wrote the paper Creativity in Machine Learning?")  # fmt: skip
    r = ask(session, collection, question, AskOptions(), settings, tools)
    first, second = r.answer.split("\n\n", 1)
    assert "twotables_2.pdf" in {r.citations[m - 1].filename for m in _markers(first)}
    assert "twotables_2.pdf does not seem to answer this part. From the other documents:" in second
    assert {r.citations[m - 1].filename for m in _markers(second)} == {"issue-982-example.pdf"}

    # One content question: evidence sentences lead, each cited; a short answer only above the threshold.
    r = ask(session, collection, "Who wrote the paper Creativity in Machine Learning?", AskOptions(), settings, tools)
    assert r.question_type == "content" and r.citations
    assert r.citations[0].filename == "issue-982-example.pdf"
    assert _markers(r.answer) == set(range(1, len(r.citations) + 1))
    if r.short_answer is not None:
        assert r.answer.startswith(f"**{r.short_answer}** [")
    assert confidence.SHOW_THRESHOLD > 0.5


def test_a_question_no_document_answers_says_so_over_real_pdfs(
    session: Session, settings: Settings, collection: str
) -> None:
    tools = Tools(embedder=encoder())
    r = ask(session, collection, "Who discovered penicillin?", AskOptions(), settings, tools)
    assert r.answer.startswith(WEAK_EVIDENCE) and r.short_answer is None
    assert "**" not in r.answer  # no span of the closest passages is set out as the answer
    assert _markers(r.answer) == set(range(1, len(r.citations) + 1))  # what was found is still shown and cited
    # A question the paper answers is answered as before, with no such statement.
    r = ask(session, collection, "When did David Cope start the Emily Howell project?", AskOptions(), settings, tools)
    assert not r.answer.startswith(WEAK_EVIDENCE) and r.citations[0].filename == "issue-982-example.pdf"


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("In what year was the paper Art in Machine Learning published?", "date"),
        ("How much does it cost to train a machine learning system to be creative?", "number"),
    ],
)
def test_a_date_or_number_no_evidence_states_is_said_to_be_missing(
    session: Session, settings: Settings, collection: str, question: str, kind: str
) -> None:
    r = ask(session, collection, question, AskOptions(), settings, Tools(embedder=encoder()))
    assert r.answer.startswith(NO_VALUE_OF_TYPE[kind]) and r.short_answer is None
    assert r.citations[0].filename == "issue-982-example.pdf"  # the closest passages are still shown, cited


def test_the_reader_also_reads_the_seed_rankings_next_best_units(
    session: Session, settings: Settings, collection: str
) -> None:
    from app.qa import seeds
    from app.qa.evidence import LEXICAL_EXTRA, retrieve, widen_for_reading
    from app.qa.index import get_index
    from app.qa.tools import QueryVector

    tools = Tools(embedder=encoder())
    question = "How did Nayebi and Vitelli feed music into their network?"
    retrieval = retrieve(session, collection, question, AskOptions(), settings, tools)
    before = [n.node_id for n in retrieval.nodes]
    widen_for_reading(session, collection, question, retrieval, AskOptions(), settings, tools)
    added = retrieval.reading_extra
    assert [n.node_id for n in retrieval.nodes] == before  # the evidence (what `retrieved` reports) is unchanged
    assert 0 < len(added) <= settings.retrieval.reading_extra + LEXICAL_EXTRA + 2 * seeds.MAX_NAMING_UNITS
    assert all(n.hop == 0 and n.parent is None for n in added)  # shown in the path as seeds, which they are
    assert not {n.node_id for n in added} & set(before) and len({n.node_id for n in added}) == len(added)
    # They are the seed ranking's best units the traversal did not visit, in its order, then the lexical ranking's
    # best ones not among them.
    index = get_index(session, collection)
    vector = QueryVector(lambda: tools.encoder(settings), question)()
    ranking = [index.ids[i] for i, _ in seeds.rank(index, "hybrid", question, vector, len(index))]
    expected = [i for i in ranking if i not in before and index.texts[index.index_of[i]].strip()]
    expected = expected[: settings.retrieval.reading_extra]
    lexical = [index.ids[i] for i, _ in seeds.rank(index, "bm25", question, None, len(index))][:LEXICAL_EXTRA]
    expected += [i for i in lexical if i not in before and i not in expected]
    # Then the few units that hold a name the question gives ("Nayebi", "Vitelli").
    named = [index.ids[i] for i in seeds.rank_named(index, question)]
    assert named, "the question's names are held by some unit"
    expected += [i for i in named if i not in before and i not in expected]
    assert [n.node_id for n in added] == expected

    # Nothing is added for the LLM reader (its prompt stays the retrieved evidence) or with reading_extra = 0.
    none_extra = settings.model_copy(
        update={"retrieval": settings.retrieval.model_copy(update={"reading_extra": 0})}
    )
    for options, s in ((AskOptions(reader="openai"), settings), (AskOptions(), none_extra)):
        r = retrieve(session, collection, question, options, s, tools)
        widen_for_reading(session, collection, question, r, options, s, tools)
        assert r.reading_extra == []

    # Asked whole: what the answer cites among them joins the evidence after the retrieved nodes, nothing else does.
    result = ask(session, collection, question, AskOptions(), settings, tools)
    cited = {c.node_id for c in result.citations}
    assert [n.node_id for n in result.retrieval.nodes[: len(before)]] == before
    assert all(n.node_id in cited for n in result.retrieval.nodes[len(before) :])


def test_a_table_among_the_further_units_answers_from_its_cells(
    session: Session, settings: Settings, collection: str
) -> None:
    from app.qa.ask import Retrieval
    from app.qa.evidence import _table_among_extra
    from app.qa.index import get_index
    from app.qa.traverse import evidence_node

    index = get_index(session, collection)
    passages = [i for i, kind in enumerate(index.kinds) if kind == "passage"][:3]
    tables = [i for i, kind in enumerate(index.kinds) if kind == "table"]
    assert passages and tables
    question = "What percentage of people in Gujarat were illiterate?"
    retrieval = Retrieval(question_type="content", nodes=[evidence_node(index, i, 0, 0.5) for i in passages])
    before = [n.node_id for n in retrieval.nodes]
    # No table among the units read: nothing is answered from cells.
    _table_among_extra(session, question, retrieval, settings)
    assert retrieval.table_answers == []
    # One of the further units is a table that names the row and the column: its cell answers, and the evidence
    # (what `retrieved` reports) is unchanged until the answer cites it.
    retrieval.reading_extra = [evidence_node(index, tables[0], 0, 0.4)]
    # Evidence far from the question: a table read further down answers nothing.
    retrieval.relevance = 0.1
    _table_among_extra(session, question, retrieval, settings)
    assert retrieval.table_answers == []
    retrieval.relevance = 0.7
    _table_among_extra(session, question, retrieval, settings)
    assert [n.node_id for n in retrieval.nodes] == before
    assert len(retrieval.table_answers) == 1 and retrieval.table_answers[0].kind == "cell"
    assert "Gujarat" in retrieval.table_answers[0].body


def test_a_footnote_marked_in_the_answer_is_shown_with_it(
    session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    collection = ingest_pdfs(session, settings, "notes", ["tables/edge_tol.pdf"])
    r = ask(session, collection, "What was the total investment result per unit in 2016?", AskOptions(), settings,
            Tools(embedder=encoder()))  # fmt: skip
    assert "3.78" in r.answer
    # The row is read under "Investment result per unit2": note 2 of the page says how the figure is worked out.
    assert "unit2" in r.answer
    assert "(note 2: The result per unit is calculated using the total number of outstanding unit" in r.answer
    assert r.citations and all(c.filename == "edge_tol.pdf" and c.page == 1 for c in r.citations)


def test_a_comparison_of_two_rows_of_one_table_gives_its_verdict(
    session: Session, settings: Settings, collection: str
) -> None:
    tools = Tools(embedder=encoder())
    question = ("In which state is the share of households whose male head went to college larger, Madhya Pradesh "
                "or Orissa?")  # fmt: skip
    r = ask(session, collection, question, AskOptions(), settings, tools)
    # Both values are cells of Table 6's "College" column, read alike: the verdict compares them (neither is a sure
    # short answer: no document is named).
    assert r.answer.startswith("Madhya Pradesh (10.6) is larger than Orissa (8.5).\n\n"), r.answer
    assert all(c.filename == "twotables_2.pdf" for c in r.citations)


def test_the_rare_words_of_the_questions_names_are_kept_per_name(
    session: Session, settings: Settings, collection: str
) -> None:
    from app.qa.evidence import retrieve

    tools = Tools(embedder=encoder())
    # The words of a name few units hold are kept; a name every passage of a paper says ("Machine Learning") is not.
    retrieval = retrieve(session, collection, "What did Nayebi build with Machine Learning?", AskOptions(), settings,
                         tools)  # fmt: skip
    assert retrieval.rare_names == (frozenset({"nayebi"}),)


def test_how_much_more_is_computed_from_the_two_cells_with_its_working(
    session: Session, settings: Settings, collection: str
) -> None:
    tools = Tools(embedder=encoder())
    question = ("How much larger is the share of households whose male head went to college in Madhya Pradesh than "
                "in Orissa?")  # fmt: skip
    r = ask(session, collection, question, AskOptions(), settings, tools)
    # Two lookups (one per state), each read from its cell of Table 6's "College" column; the difference is worked
    # out and each value cited where it stands.
    said = r"\*\*2\.1\*\*: Madhya Pradesh \(10\.6\) \[(\d+)\] − Orissa \(8\.5\) \[(\d+)\] = 2\.1\.\n\n"
    working = re.match(said, r.answer)
    assert working is not None, r.answer
    assert all(r.citations[int(m) - 1].filename == "twotables_2.pdf" for m in working.groups())
    assert "**Madhya Pradesh**:" in r.answer and "**Orissa**:" in r.answer


def test_documents_described_by_what_they_do_are_listed_by_meaning(
    session: Session, settings: Settings, collection: str
) -> None:
    tools = Tools(embedder=encoder())
    # No word of the predicate need stand in the documents: the list is by meaning, each document with its reason.
    r = ask(session, collection, "Which papers survey ways of making computers produce art?", AskOptions(), settings,
            tools)  # fmt: skip
    assert r.answer.startswith("Closest in meaning to “survey ways of making computers produce art”"), r.answer
    listed = re.findall(r"^- \*\*(.+?)\*\*: .+ \[(\d+)\]$", r.answer, flags=re.M)
    assert [name for name, _ in listed] == ["issue-982-example.pdf"], r.answer
    assert r.citations[int(listed[0][1]) - 1].filename == "issue-982-example.pdf"
    r = ask(session, collection, "Which files tabulate households by the schooling of their head?", AskOptions(),
            settings, tools)  # fmt: skip
    assert [name for name, _ in re.findall(r"^- \*\*(.+?)\*\*: .+ \[(\d+)\]$", r.answer, flags=re.M)] == [
        "twotables_2.pdf"
    ], r.answer


def test_a_document_described_by_what_it_says_of_itself_fences_the_question(
    session: Session, settings: Settings, collection: str
) -> None:
    from app.qa.evidence import retrieve
    from app.qa.targets import parse_question

    tools = Tools(embedder=encoder())
    # Neither file name nor title says "Thoma": the paper's first page does (its author).
    parsed = parse_question(session, collection, "What does the Thoma paper say about music?", AskOptions(),
                            settings, tools)  # fmt: skip
    assert parsed.document is not None and parsed.document.name == "issue-982-example.pdf"
    assert parsed.document.explicit  # fences like a file name (it is classified as one)
    assert parsed.question == "What does the Thoma paper say about music?"
    retrieval = retrieve(session, collection, "What does the Thoma paper say about households?", AskOptions(),
                         settings, tools)  # fmt: skip
    assert retrieval.document_id == parsed.document.document_id  # fenced in, though the other file is about households
    # A description no document's profile fits names none: the whole collection is asked.
    parsed = parse_question(session, collection, "What does the Tokyo weather report say?", AskOptions(), settings,
                            tools)  # fmt: skip
    assert parsed.document is None


def test_a_question_about_a_name_no_document_says_is_answered_as_missing(
    session: Session, settings: Settings, collection: str
) -> None:
    tools = Tools(embedder=encoder())
    r = ask(session, collection, "What did Starbucks report about machine learning?", AskOptions(), settings, tools)
    assert r.answer == "No document in this collection mentions Starbucks, so the documents do not answer this."
    assert not r.citations
    r = ask(session, collection, "What did Thoma report about machine learning?", AskOptions(), settings, tools)
    assert r.citations and "mentions" not in r.answer  # a name the collection says is answered as usual
