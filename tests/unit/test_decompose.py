"""Questions that are several: two-part questions, comparisons, and "which documents" questions; and how their
answers are put together (each part with its own citations)."""

from __future__ import annotations

import re

import pytest

from app.qa.answer import Answer, combine, comparison_verdict, documents_answer, labelled_answer
from app.qa.ask import EvidenceNode
from app.qa.decompose.compare import comparative
from app.qa.decompose.split import split_question
from app.qa.documents_question import (
    documents_with_label,
    every_term_required,
    stem,
    topic_terms,
    which_documents_in_tables,
    which_documents_topic,
)
from app.qa.which_documents import DocumentMatch


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        (
            "What did the FAA say about the angle of attack sensors, and when did the Lion Air accident happen?",
            ["What did the FAA say about the angle of attack sensors?", "When did the Lion Air accident happen?"],
        ),
        (  # ", and which ..." opens a second question
            "Which ministry mostly funds adult education in Finland, and which ministry is responsible for training "
            "unemployed people?",
            ["Which ministry mostly funds adult education in Finland?",
             "Which ministry is responsible for training unemployed people?"],
        ),
        (  # ", and what <noun> ..." too
            "What cruising speed do the ideal drive cycles use, and what barometric pressure do the engine rules take "
            "as reference?",
            ["What cruising speed do the ideal drive cycles use?",
             "What barometric pressure do the engine rules take as reference?"],
        ),
        (  # either part may open on a preposition: "Under which ...", "Above what ...", "under whose ..."
            "Under which order is the proposal not a significant regulatory action, and under which rules can "
            "special flight permits be issued?",
            ["Under which order is the proposal not a significant regulatory action?",
             "Under which rules can special flight permits be issued?"],
        ),
        (
            "Above what pressure swing does the piping need shielding, and how much surge margin must the "
            "turbocharger keep?",
            ["Above what pressure swing does the piping need shielding?",
             "How much surge margin must the turbocharger keep?"],
        ),
        (
            "Whose figures show that retailers out-sell manufacturers, and under whose guidance do apprentices work?",
            ["Whose figures show that retailers out-sell manufacturers?", "Under whose guidance do apprentices work?"],
        ),
        (  # "which one at X" says only what differs: the rest is the first part's
            "Which of NACO's radio programmes was aimed at rural women, and which one at urban migrants?",
            ["Which of NACO's radio programmes was aimed at rural women?",
             "Which of NACO's radio programmes was aimed at urban migrants?"],
        ),
        (
            "Which country had the most outlets in 1996, and which one in 1990?",
            ["Which country had the most outlets in 1996?", "Which country had the most outlets in 1990?"],
        ),
        (  # a question may open on any preposition before its "how many"
            "Across how many languages is the training data spread, and how many parameters did PaLM have?",
            ["Across how many languages is the training data spread?", "How many parameters did PaLM have?"],
        ),
        (  # a thing asked anew after "and what", then its verb
            "What 7-bit address does the clock chip respond to, and what 7-bit address does the compass chip use?",
            ["What 7-bit address does the clock chip respond to?", "What 7-bit address does the compass chip use?"],
        ),
        (  # a hedge on the second question's amount belongs to neither
            "How many drivers did the carrier employ in March 2023, and roughly how long will the battery last?",
            ["How many drivers did the carrier employ in March 2023?", "How long will the battery last?"],
        ),
    ],
)  # fmt: skip
def test_two_questions_joined_by_and(question: str, parts: list[str]) -> None:
    found = split_question(question)
    assert found is not None
    assert [p.question for p in found] == parts


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("Who created ELIZA and who built AIKON?", ["Who created ELIZA?", "Who built AIKON?"]),
        ("Where is Pilatus customer support located and who is the FAA contact?",
         ["Where is Pilatus customer support located?", "Who is the FAA contact?"]),
        ("What year was EMI created and what year did Emily Howell start?",
         ["What year was EMI created?", "What year did Emily Howell start?"]),
        # a bare phrase after ", and" takes the rest of the first part
        ("How many people died in the Lion Air crash, and in the Ethiopian crash?",
         ["How many people died in the Lion Air crash?", "How many people died in the Ethiopian crash?"]),
        ("What was the population in 2001, and in 2011?",
         ["What was the population in 2001?", "What was the population in 2011?"]),
    ],
)  # fmt: skip
def test_second_questions_without_a_comma_or_without_a_verb(question: str, parts: list[str]) -> None:
    found = split_question(question)
    assert found is not None
    assert [p.question for p in found] == parts


@pytest.mark.parametrize(
    "question",
    [
        "Who is the actor who starred in Heat and who was born in 1943?",  # relative clauses: one question
        "Which film that was released in 2001 and which won an award was directed by him?",
        "Who was the composer and who taught him?",  # asked alone, "him" is nobody
        "What percentage had anxiety and depression?",
    ],
)
def test_and_who_in_one_question_is_not_split(question: str) -> None:
    assert split_question(question) is None


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("How does the number of graduates in California compare with Texas in 2003-04?",
         ["What is the number of graduates in California in 2003-04?",
          "What is the number of graduates in Texas in 2003-04?"]),
        ("What is the difference between the number of graduates in California and in Texas?",
         ["What is the number of graduates in California?", "What is the number of graduates in Texas?"]),
        # the preposition said again: one question asked of two things, the trailing scope given to both
        ("How many graduates were there in California and in Texas in 2003–04?",
         ["How many graduates were there in California in 2003–04?",
          "How many graduates were there in Texas in 2003–04?"]),
        ("What share of students in rural schools were ill in 2001 and in 2011?",
         ["What share of students in rural schools were ill in 2001?",
          "What share of students in rural schools were ill in 2011?"]),
    ],
)  # fmt: skip
def test_comparisons_put_otherwise(question: str, parts: list[str]) -> None:
    found = split_question(question)
    assert found is not None
    assert [p.question for p in found] == parts
    assert split_question("Who was born in Paris and in what year?") is None
    assert split_question("What were the anxiety and depression rates among students?") is None


def test_a_file_named_in_the_first_part_scopes_the_second() -> None:
    parts = split_question("What percentage of students suffered from back pain in eu-021.pdf, and what percentage "
                           "suffered from anxiety?")  # fmt: skip
    assert parts is not None
    assert [p.question for p in parts] == [
        "What percentage of students suffered from back pain in eu-021.pdf?",
        "In eu-021.pdf, what percentage suffered from anxiety?",
    ]
    assert parts[1].label == "What percentage suffered from anxiety?"
    parts = split_question("Who wrote a.pdf, and who wrote b.pdf?")
    assert parts is not None and [p.question for p in parts] == ["Who wrote a.pdf?", "Who wrote b.pdf?"]


def test_he_in_the_second_part_is_the_person_the_first_part_names() -> None:
    parts = split_question("When did David Cope create EMI, and when did he start the Emily Howell project?")
    assert parts is not None
    assert parts[1].question == "When did David Cope start the Emily Howell project?"
    parts = split_question("Where was the composer born, and where did he die?")
    # No name to borrow: the part is asked with the first part's subject after it, and labelled as typed.
    assert parts is not None and parts[1].question == "Where did he die (the composer born)?"
    assert parts[1].label == "Where did he die?"


def test_and_which_in_a_relative_clause_is_no_second_question() -> None:
    assert split_question("The city where he was born, and which he left in 1990?") is None


def test_two_questions_in_a_row() -> None:
    parts = split_question("Who wrote the report? Where was it published?")
    assert parts is not None and [p.label for p in parts] == ["Who wrote the report?", "Where was it published?"]


def test_comparison_becomes_one_question_per_compared_thing() -> None:
    parts = split_question("Compare the revenue of Acme Corp and Globex.")
    assert parts is not None
    assert [p.question for p in parts] == ["What is the revenue of Acme Corp?", "What is the revenue of Globex?"]
    assert [p.label for p in parts] == ["Revenue of Acme Corp", "Revenue of Globex"]
    parts = split_question("Compare Austria with Belgium")
    assert parts is not None and [p.question for p in parts] == ["What is Austria?", "What is Belgium?"]


def test_an_amount_asked_anew_is_a_second_part_and_a_leading_scope_goes_to_both() -> None:
    parts = split_question("When did the Lion Air Flight 610 accident happen, and how many U.S.-registered airplanes "
                           "does the proposed AD affect?")  # fmt: skip
    assert parts is not None
    assert [p.question for p in parts] == [
        "When did the Lion Air Flight 610 accident happen?",
        "How many U.S.-registered airplanes does the proposed AD affect?",
    ]
    parts = split_question("In eu-021.pdf, what percentage of students suffered from back pain and what percentage "
                           "followed treatment for it?")  # fmt: skip
    assert parts is not None
    assert [p.question for p in parts] == [
        "In eu-021.pdf, what percentage of students suffered from back pain?",
        "In eu-021.pdf, what percentage followed treatment for back pain?",
    ]
    assert parts[1].label == "What percentage followed treatment for back pain?"
    assert split_question("In 2004, how many students graduated in Texas?") is None


def test_one_question_is_not_split() -> None:
    assert split_question("Who founded the company that makes Foo and Bar?") is None
    assert split_question("What is the population of Bosnia and Herzegovina?") is None
    assert split_question("When was the bridge opened?") is None
    # "and who" inside one clause with too little on one side is no second question.
    assert split_question("Tom and who?") is None


def test_which_documents_topic() -> None:
    assert which_documents_topic("Which documents are about education or students?") == "education or students"
    assert which_documents_topic("Which files mention the Boeing 737 MAX?") == "the Boeing 737 MAX"
    assert which_documents_topic("What reports discuss retail trade") == "retail trade"
    assert which_documents_topic("Which document has the most pages?") is None
    assert which_documents_topic("Who wrote the document?") is None
    assert which_documents_topic("Which reports say something about inflation?") == "inflation"
    assert which_documents_topic("Which files have anything on Boeing?") == "Boeing"
    assert which_documents_topic("Which report has the most tables?") is None
    assert which_documents_topic("Which report names the engineer to contact?") is None
    assert which_documents_topic("What does the report say about inflation?") is None
    # A list of documents asked for where something is mentioned.
    assert which_documents_topic("List the PDFs in which Portugal comes up.") == "Portugal"
    assert which_documents_topic("Name the files where Guam is mentioned") == "Guam"
    assert which_documents_topic("List the reports where the tax rate is higher than 5%") is None


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("In which documents is Finland mentioned?", "Finland"),
        ("Which of the uploaded files discuss hypermarkets?", "hypermarkets"),
        ("Which of these reports mention Oklahoma?", "Oklahoma"),
        ("Which documents include data on Kerala?", "data on Kerala"),
        ("Which files contain information about Boeing?", "information about Boeing"),
        ("List the documents that mention Canada.", "Canada"),
        ("Name all files which talk about fatigue", "fatigue"),
        ("Which documents make reference to Ireland?", "Ireland"),
        ("Which documents have something to do with aviation?", "aviation"),
        ("Which documents are relevant to education?", "education"),
        ("Which papers cite Weizenbaum?", "Weizenbaum"),
        ("Where is Indonesia mentioned?", "Indonesia"),
        ("In which files does Boeing appear?", "Boeing"),
    ],
)
def test_which_documents_phrasings(question: str, topic: str) -> None:
    found = which_documents_topic(question)
    assert found is not None and topic_terms(found) == topic_terms(topic)


def test_both_terms_are_required_of_each_document() -> None:
    topic = which_documents_topic("Which documents mention both Finland and Canada?")
    assert topic is not None and every_term_required(topic)
    assert topic_terms(topic) == ["Finland", "Canada"]
    assert not every_term_required("Finland and Canada")
    assert topic_terms("education or students") == ["education", "students"]
    assert stem("students") == stem("student") and stem("education") == stem("educational")


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("Which is older: the Polytechnics Act or the wire separation standard?",
         ["When was the Polytechnics Act issued?", "When was the wire separation standard issued?"]),
        ("Which lasts longer, a type approval certificate or the Noste programme?",
         ["How long does a type approval certificate last?", "How long does the Noste programme last?"]),
        ("Which has more outlets, Austria or Spain?",
         ["How many outlets does Austria have?", "How many outlets does Spain have?"]),
        ("Which is larger, Austria or Belgium?", ["How large is Austria?", "How large is Belgium?"]),
    ],
)  # fmt: skip
def test_which_of_two_is_asked_of_each(question: str, parts: list[str]) -> None:
    found = split_question(question)
    assert found is not None
    assert [p.question for p in found] == parts


@pytest.mark.parametrize(
    "question",
    ["Which other report covers it, the first or the second?", "Who is younger, Bach or Handel?",
     "Which member states were listed, Austria or Spain?"],
)  # fmt: skip
def test_which_of_two_without_a_comparative_it_knows_is_asked_whole(question: str) -> None:
    assert split_question(question) is None


def _node(node_id: str, document_id: str) -> EvidenceNode:
    return EvidenceNode(node_id, "passage", document_id, 1, "", f"text of {node_id}", 0, 1.0)


def test_combine_keeps_each_parts_citations_and_shares_a_node_cited_twice() -> None:
    a = Answer(text="Alpha [1] and beta [2].", cited=[_node("x", "d1"), _node("y", "d1")])
    b = Answer(text="Gamma [1][2].", cited=[_node("z", "d2"), _node("x", "d1")])
    out = combine([("First", a), ("Second", b)])
    assert out.text == "**First**: Alpha [1] and beta [2].\n\n**Second**: Gamma [3][1]."
    assert [n.node_id for n in out.cited] == ["x", "y", "z"]
    markers = {int(m) for m in re.findall(r"\[(\d+)\]", out.text)}
    assert markers == {1, 2, 3}


def test_a_table_verdict_needs_both_cells_of_one_table_in_one_column_or_one_row() -> None:
    from app.qa.answer import table_verdict
    from app.qa.ask import Cell

    def cell(row: str, column: str, value: str) -> Cell:
        return Cell(node_id="t", row=row, column=column, value=value, bbox=None)

    ohio, michigan = cell("Ohio", "2020–21", "99,790"), cell("Michigan", "2020–21", "93,710")
    assert table_verdict(["Ohio", "Michigan"], [("t1", ohio), ("t1", michigan)], "has more graduates") == (
        "Ohio (99,790) has more graduates than Michigan (93,710)."
    )
    totals = [("t1", cell("Totals", "Brian Calley", "371")), ("t1", cell("Totals", "Patrick Colbeck", "373"))]
    assert table_verdict(["Brian Calley", "Patrick Colbeck"], totals, "got more votes") == (
        "Patrick Colbeck (373) got more votes than Brian Calley (371)."
    )
    # Two tables, two unrelated cells, or a part answered otherwise: no verdict.
    assert table_verdict(["Ohio", "Michigan"], [("t1", ohio), ("t2", michigan)]) is None
    # Two documents compared, each part read from a table of its own: the two cells are the two values asked for.
    assert table_verdict(["Ohio", "Michigan"], [("t1", ohio), ("t2", michigan)], apart=True) == (
        "Ohio (99,790) is higher than Michigan (93,710)."
    )
    assert table_verdict(["Ohio", "Michigan"], [("t1", ohio), ("t1", cell("Michigan", "2019–20", "1"))]) is None
    assert table_verdict(["Ohio", "Michigan"], [("t1", ohio), None]) is None


def test_comparison_verdict_needs_two_numbers() -> None:
    assert comparison_verdict(["Revenue of A", "Revenue of B"], ["$12.5 million", "$9.1 million"]) == (
        "Revenue of A ($12.5 million) is higher than Revenue of B ($9.1 million)."
    )
    assert comparison_verdict(["A", "B"], ["3", "7"]) == "B (7) is higher than A (3)."
    assert comparison_verdict(["A", "B"], ["12", None]) is None
    # A share as a fraction against one in per cent: 0.80 is 80%, above 77.5%.
    assert comparison_verdict(["A", "B"], ["0.80", "77.5%"]) == "A (0.80) is higher than B (77.5%)."
    assert comparison_verdict(["A", "B"], ["71.2%", "0.775"]) == "B (0.775) is higher than A (71.2%)."


@pytest.mark.parametrize(
    ("question", "shorts", "verdict"),
    [
        ("Which is older: the standard or the act?", ["1976", "2002"],
         "The standard (1976) is older than the act (2002)."),
        ("Which is more recent, the bulletin or the election?", ["June 10, 2020", "7 August 2018"],
         "The bulletin (June 10, 2020) is more recent than the election (7 August 2018)."),
        ("Did Ohio have fewer graduates than Iowa?", ["88,003", "153,461"],
         "Ohio (88,003) has fewer graduates than Iowa (153,461)."),
        ("Which has more outlets, Austria or Spain?", ["12", "40"], "Spain (40) has more outlets than Austria (12)."),
        # A year against a full date of the same year: which came first is not known.
        ("Which is older: the rule or the notice?", ["2020", "June 10, 2020"], None),
        # One part without a sure short answer: no verdict.
        ("Which is larger, A or B?", [None, "7"], None),
        # Two negative values compared by size ("the larger deficit"); by value when the comparative is not of size.
        ("Which is larger, Ghana's deficit or Kenya's deficit?", ["-9.2", "-3.6%"],
         "Ghana's deficit (-9.2) is larger than Kenya's deficit (-3.6%)."),
        ("Which is higher, A or B?", ["-9.2", "-3.6"], "B (-3.6) is higher than A (-9.2)."),
    ],
)  # fmt: skip
def test_comparison_verdict_follows_the_questions_comparative(
    question: str, shorts: list[str | None], verdict: str | None
) -> None:
    parts = split_question(question)
    compared = comparative(question)
    assert parts is not None and compared is not None
    assert comparison_verdict([p.label for p in parts], shorts, compared) == verdict


def _match(node_id: str, document_id: str, reason: str, naming: int, units: int) -> DocumentMatch:
    return DocumentMatch(document_id, _node(node_id, document_id), reason, naming, units)


def test_documents_answer_lists_each_document_with_a_cited_reason_and_how_much_of_it_names_the_topic() -> None:
    matches = [
        ("schools.pdf", _match("s1", "d1", "Enrolment of **students** rose.", 40, 50)),
        ("eu-004.pdf", _match("e1", "d2", "Spending on **education** fell.", 1, 107)),
        ("notes.pdf", _match("n1", "d3", "Pupils learn to read.", 0, 12)),
    ]
    out = documents_answer("education or students", matches)
    assert out.text.splitlines() == [
        "2 documents mention education or students, most first:",
        "",
        "- **schools.pdf** (40 of its 50 passages and tables): Enrolment of **students** rose. [1]",
        "- **eu-004.pdf** (1 of its 107 passages and tables): Spending on **education** fell. [2]",
        "",
        "Close to education or students in meaning, without naming it:",
        "",
        "- **notes.pdf**: Pupils learn to read. [3]",
    ]
    assert [n.node_id for n in out.cited] == ["s1", "e1", "n1"]
    only_related = documents_answer("whales", [("notes.pdf", _match("n1", "d3", "Sea mammals.", 0, 12))])
    assert only_related.text.startswith("No document mentions whales in so many words.")
    one = documents_answer("pupils", matches[:1])
    assert one.text.startswith("1 document mentions pupils:\n")
    none = documents_answer("whales", [])
    assert none.text == "No document mentions whales." and none.cited == []


def test_it_after_a_preposition_is_the_first_parts_object() -> None:
    parts = split_question("In eu-021.pdf, what percentage of students suffered from back pain and what "
                           "percentage followed treatment for it?")  # fmt: skip
    assert parts is not None
    assert parts[1].question == "In eu-021.pdf, what percentage followed treatment for back pain?"
    parts = split_question("Who wrote the report? Where was it published?")
    # No object to borrow: asked with the first part's subject after it.
    assert parts is not None and parts[1].question == "Where was it published (wrote the report)?"


def test_comparison_shares_the_head_and_the_trailing_scope() -> None:
    parts = split_question("Compare the number of public high school graduates in California and in Texas in "
                           "2003–04.")  # fmt: skip
    assert parts is not None
    assert [p.question for p in parts] == [
        "What is the number of public high school graduates in California in 2003–04?",
        "What is the number of public high school graduates in Texas in 2003–04?",
    ]


def test_a_generic_head_of_a_topic_is_no_term() -> None:
    assert topic_terms("figures for Kerala") == ["Kerala"]
    assert topic_terms("data on Finland and Sweden") == ["Finland", "Sweden"]
    assert topic_terms("retail trade") == ["retail trade"]


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("Did Texas have more graduates than California?",
         ["How many graduates does Texas have?", "How many graduates does California have?"]),
        ("Is the proposed rule older than the Pilatus notice?",
         ["When was the proposed rule issued?", "When was the Pilatus notice issued?"]),
        ("Which state had more high school graduates in 2004, Ohio or Iowa?",
         ["How many high school graduates in 2004 did Ohio have?",
          "How many high school graduates in 2004 did Iowa have?"]),
        ("Did the airline carry more passengers on its Europe routes or on its Asia routes in May?",
         ["How many passengers did the airline carry on its Europe routes in May?",
          "How many passengers did the airline carry on its Asia routes in May?"]),
        ("How does the share of discount stores differ between Italy and Spain?",
         ["What is the share of discount stores in Italy?", "What is the share of discount stores in Spain?"]),
        ("Compare Ohio's total gun checks in May with its number of graduates in 2004.",
         ["What is Ohio's total gun checks in May?", "What is Ohio's number of graduates in 2004?"]),
        # The measure said after "the" and its comparative: each of the two is asked for it.
        ("Which model has the lower error rate: the CNN or the LSTM?",
         ["What is the error rate of the CNN (model)?", "What is the error rate of the LSTM (model)?"]),
        ("In the survey, which method gets the better recall@5, Baseline or Ours?",
         ["In the survey, what is the recall@5 of Baseline (method)?",
          "In the survey, what is the recall@5 of Ours (method)?"]),
    ],
)  # fmt: skip
def test_comparisons_as_yes_no_questions_and_of_two_things_of_one_owner(question: str, parts: list[str]) -> None:
    found = split_question(question)
    assert found is not None
    assert [p.question for p in found] == parts


@pytest.mark.parametrize(
    "question",
    ["Is the water warmer than 25 °C?", "Is the engine tested at sea or at the factory?",
     "What author was more popular in the 70's, Richard Wright or Richard Bach?"],
)  # fmt: skip
def test_a_threshold_a_choice_or_a_comparative_adjective_is_asked_whole(question: str) -> None:
    assert split_question(question) is None


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        # "ones" stands for the first part's noun, and the rest of the first part is the second's too.
        ("How many cargo flights did the airline run in 2014, and how many passenger ones?",
         ["How many cargo flights did the airline run in 2014?",
          "How many passenger flights did the airline run in 2014?"]),
        # The first part has no verb: it shares the second's.
        ("What profit and what costs did the fund report for its first year?",
         ["What profit did the fund report for its first year?", "What costs did the fund report for its first year?"]),
        # "also" belongs to the joint.
        ("What does the FAA propose; also, when are comments due?",
         ["What does the FAA propose?", "When are comments due?"]),
        # A leading scope opened by "Of" goes to both parts, and a part may open on "for how long".
        ("Of the pupils sampled, how many left early, and how many took the test?",
         ["Of the pupils sampled, how many left early?", "Of the pupils sampled, how many took the test?"]),
        # A lead-in word is dropped; after a question mark, "And" and a scope may open the second question.
        ("Overall, what share of pupils were excluded? And in survey.pdf, what share of students smoke?",
         ["What share of pupils were excluded?", "In survey.pdf, what share of students smoke?"]),
        ("In the type test, for how long does the engine run at full power, and what is inspected afterwards?",
         ["In the type test, for how long does the engine run at full power?",
          "In the type test, what is inspected afterwards?"]),
    ],
)  # fmt: skip
def test_second_parts_that_lean_on_the_first(question: str, parts: list[str]) -> None:
    found = split_question(question)
    assert found is not None
    assert [p.question for p in found] == parts


def test_a_pronoun_a_part_cannot_resolve_is_asked_with_the_first_parts_subject() -> None:
    found = split_question("Who proposed the directive, and when was it published?")
    assert found is not None
    assert [p.question for p in found] == [
        "Who proposed the directive?",
        "When was it published (proposed the directive)?",
    ]
    assert found[1].label == "When was it published?"
    # "its" with its noun before it is left alone.
    found = split_question("What profit did the report show, and what costs did the Acme fund book for its first year?")
    assert found is not None
    assert found[1].question == "What costs did the Acme fund book for its first year?"


@pytest.mark.parametrize(
    ("question", "topic"),
    [("Which documents draw on data from Eurostat?", "data from Eurostat"),
     ("Which reports use figures from the census?", "figures from the census")],
)  # fmt: skip
def test_documents_that_draw_on_a_source(question: str, topic: str) -> None:
    assert which_documents_topic(question) == topic
    assert topic_terms(topic) == [topic.split()[-1]]


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("When and where did the crash happen?", ["When did the crash happen?", "Where did the crash happen?"]),
        ("Give me both the docket number and the comment deadline for the proposal.",
         ["What is the docket number for the proposal?", "What is the comment deadline for the proposal?"]),
        ("What is the population of Kerala and the literacy rate?",
         ["What is the population of Kerala?", "What is the literacy rate of Kerala?"]),
        # A comma parts the two things: neither takes the other's phrase.
        ("What is the docket number, and the deadline for comments?",
         ["What is the docket number?", "What is the deadline for comments?"]),
    ],
)  # fmt: skip
def test_two_wh_words_or_two_things_asked_at_once(question: str, parts: list[str]) -> None:
    found = split_question(question)
    assert found is not None
    assert [p.question for p in found] == parts


def test_one_thing_named_with_and_is_one_question() -> None:
    assert split_question("What are the terms and conditions of the contract?") is None


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("How do Ohio and Iowa compare in the number of schools?",
         ["What is the number of schools in Ohio?", "What is the number of schools in Iowa?"]),
        # A scope of the second question opens it, after ", and".
        ("How many pupils took the test in 2011, and in report.pdf, how many schools were there?",
         ["How many pupils took the test in 2011?", "In report.pdf, how many schools were there?"]),
        # "that same month" is the first part's month.
        ("How many checks did Ohio run in May 2015? Also, how many notices arrived that same month?",
         ["How many checks did Ohio run in May 2015?", "How many notices arrived in May 2015?"]),
        # A request is asked as a question; a dash joins; "how high was" opens a question.
        ("I need the share of pupils who smoke — also, how high was the drop-out rate?",
         ["What is the share of pupils who smoke?", "How high was the drop-out rate?"]),
        # A source named at the end is every part's.
        ("Give me both the number of arrests and the number of convictions, from the crime table.",
         ["What is the number of arrests from the crime table?",
          "What is the number of convictions from the crime table?"]),
        # A few particles may come before the second question's wh-word.
        ("What does the report suggest drivers ask for, and down to about what speed should they slow?",
         ["What does the report suggest drivers ask for?",
          "Down to about what speed should they slow (the report suggest drivers ask for)?"]),
        # "its" of the second thing is asked with the first thing after it.
        ("What is the population of Kerala, and its literacy rate?",
         ["What is the population of Kerala?", "What is its literacy rate (the population of Kerala)?"]),
        # The second thing may be someone's.
        ("What were the total sales in 2009, and Ohio's total checks in May?",
         ["What was the total sales in 2009?", "What was Ohio's total checks in May?"]),
    ],
)  # fmt: skip
def test_users_phrasings_of_two_questions(question: str, parts: list[str]) -> None:
    found = split_question(question)
    assert found is not None
    assert [p.question for p in found] == parts


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        # "? And <a phrase before the question>": the phrase scopes the second question.
        ("Who signs the test report? And after the bench test, which parts are taken apart?",
         ["Who signs the test report?", "After the bench test, which parts are taken apart?"]),
        # "how big a change is that": a measure opens the second question; "that" is the first part's thing.
        ("How many nurses will Ohio need in 2020, and how big a rise is that from 2010?",
         ["How many nurses will Ohio need in 2020?",
          "How big a rise is that from 2010 (nurses will Ohio need in 2020)?"]),
        # "how much by 2011": the first part's question, its last phrase replaced.
        ("How much water did the plant use in 2005, and how much by 2012?",
         ["How much water did the plant use in 2005?", "How much water did the plant use by 2012?"]),
        ("How many trains ran in May? And what about in June?",
         ["How many trains ran in May?", "How many trains ran in June?"]),
        ("What revenue did the bank report for Q1 2023, and what for Q3 2024?",
         ["What revenue did the bank report for Q1 2023?", "What revenue did the bank report for Q3 2024?"]),
        # A thing named alone is asked for in the first part's tense; a figure of the first part's thing. "the same
        # month a year earlier" is another time, not the first part's month.
        ("What was the bus fare in March 2019? And the figure for the same month a year earlier?",
         ["What was the bus fare in March 2019?",
          "What was the figure for the same month a year earlier (the bus fare in March 2019)?"]),
    ],
)  # fmt: skip
def test_second_parts_that_lean_on_the_first_said_otherwise(question: str, parts: list[str]) -> None:
    found = split_question(question)
    assert found is not None
    assert [p.question for p in found] == parts


def test_a_part_with_a_verb_of_its_own_is_not_an_ellipsis() -> None:
    found = split_question("What is the number of thefts in 2009, and how many of the people arrested were women?")
    assert found is not None
    assert found[1].question == "How many of the people arrested were women?"


def test_which_of_two_with_a_longer_noun_and_a_verb_in_the_past() -> None:
    found = split_question("Which closure notice affected more employees: Acme's in Reno or the Globex one in Elko?")
    assert found is not None
    assert [p.question for p in found] == [
        "How many employees were affected by Acme's in Reno?",
        "How many employees were affected by the Globex one in Elko?",
    ]
    assert comparative("Which closure notice affected more employees: Acme's in Reno or the Globex one in Elko?") == (
        "affected more employees"
    )
    found = split_question("Which firm employed more people, Acme or Globex?")
    assert found is not None and found[0].question == "How many people were employed by Acme?"
    # A choice between two things ("Which plant is larger") stays one question.
    assert split_question("Which red plant is larger, the fern or the moss?") is None


@pytest.mark.parametrize(
    ("question", "topic"),
    [("In which of my files does Peru show up?", "Peru"), ("Which document brings up tennis?", "tennis"),
     ("In which of these reports does Boeing come up?", "Boeing"), ("Which reports look at retail outlets?",
                                                                    "retail outlets")],
)  # fmt: skip
def test_more_ways_to_ask_which_documents(question: str, topic: str) -> None:
    assert which_documents_topic(question) == topic


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("What did the first lot and the second lot each cost?", ["What did the first lot cost?",
                                                                  "What did the second lot cost?"]),
        ("How many people did the Reno plant and the Elko plant each employ?",
         ["How many people did the Reno plant employ?", "How many people did the Elko plant employ?"]),
        # What is said first sets the two things: each part is asked with it.
        ("Acme won two road contracts in 2015; what were the bridge lot and the tunnel lot each worth?",
         ["What was the bridge lot worth (Acme won two road contracts in 2015)?",
          "What was the tunnel lot worth (Acme won two road contracts in 2015)?"]),
    ],
)  # fmt: skip
def test_one_question_asked_of_each_of_two_things(question: str, parts: list[str]) -> None:
    found = split_question(question)
    assert found is not None
    assert [p.question for p in found] == parts
    assert "(" not in found[1].label  # the label is as the user would ask it


def test_which_place_has_the_larger_measure_is_asked_of_each_place() -> None:
    question = "In which region is the share of farms run by women larger, Tuscany or Umbria?"
    found = split_question(question)
    assert found is not None
    assert [p.question for p in found] == [
        "What is the share of farms run by women in Tuscany?",
        "What is the share of farms run by women in Umbria?",
    ]
    assert [p.label for p in found] == ["Tuscany", "Umbria"]
    assert comparative(question) == "is larger"
    assert split_question("For which year was the loss lower: 2010 or 2011?") is not None


def test_a_counted_plural_followed_by_a_phrase_is_still_counted() -> None:
    question = "Which had more ships taking part in the 2012 review once reserves are counted, Malta or Cyprus?"
    found = split_question(question)
    assert found is not None
    assert found[0].question == (
        "How many ships taking part in the 2012 review once reserves are counted did Malta have?"
    )
    assert comparative(question) == "has more ships taking part in the 2012 review once reserves are counted"
    # Nothing counted: a quality, asked whole.
    assert split_question("Which had more popular in the 70's, disco or punk?") is None


def test_a_compared_thing_repeating_the_joining_word_shares_the_rest() -> None:
    found = split_question("Compare the arrests of men and of women for fraud in 2009.")
    assert found is not None
    assert [p.question for p in found] == [
        "What is the arrests of men for fraud in 2009?",
        "What is the arrests of women for fraud in 2009?",
    ]


@pytest.mark.parametrize(
    ("question", "topic", "in_tables"),
    [("Which documents have a table about the weather?", "the weather", True),
     ("Which files contain tables on rainfall?", "rainfall", True),
     ("Which reports have information about Finland?", "Finland", False)],
)  # fmt: skip
def test_which_documents_have_a_table_about_a_topic(question: str, topic: str, in_tables: bool) -> None:
    assert which_documents_topic(question) == topic
    assert which_documents_in_tables(question) is in_tables


def test_were_more_on_one_or_on_the_other_asks_how_many_of_each() -> None:
    found = split_question("In March 2016, were more of Acme's own trucks inspected on toll roads or on free ones?")
    assert found is not None
    assert [p.question for p in found] == [
        "In March 2016, how many of Acme's own trucks were inspected on toll roads?",
        "In March 2016, how many of Acme's own trucks were inspected on free roads?",
    ]
    found = split_question("Were more people arrested in 2009 or in 2010?")
    assert found is not None and found[0].question == "How many people were arrested in 2009?"
    # A choice between two places is one question.
    assert split_question("Is the engine tested at sea or at the factory?") is None


@pytest.mark.parametrize(
    ("question", "topic"),
    [("In which documents can I find figures for Kerala?", "Kerala"),
     ("Find the documents mentioning Boeing.", "Boeing"),
     ("List documents with data on Kerala.", "Kerala"),
     ("Do any documents mention Ireland?", "Ireland"),
     ("Are there documents about Ireland?", "Ireland"),
     ("Are there any files that mention Ireland?", "Ireland"),
     ("Which documents have Ireland in them?", "Ireland"),
     ("Do any of the reports deal with the 737 MAX?", "the 737 MAX")],
)  # fmt: skip
def test_lists_of_documents_asked_as_requests_or_yes_no_questions(question: str, topic: str) -> None:
    assert which_documents_topic(question) == topic


def test_the_word_before_a_topic_is_no_term_of_it() -> None:
    assert topic_terms("the word airport") == ["airport"]
    assert which_documents_topic("Which report names the engineer to contact?") is None
    assert which_documents_topic("Which document has the most tables?") is None


@pytest.mark.parametrize(
    ("question", "label"),
    [("Which documents have a table labelled Table 6.1?", "Table 6.1"), ("Which files contain a Table 14?", "Table 14"),
     ("Do any documents have a table called Table A-2?", "Table A-2"), ("Which documents mention Table 6.1?", None),
     ("What is in Table 2 of eu-004.pdf?", None)],
)  # fmt: skip
def test_documents_listed_by_a_table_label(question: str, label: str | None) -> None:
    assert documents_with_label(question) == label


def test_the_labelled_list_names_each_document_page_and_caption() -> None:
    a = EvidenceNode("t1", "table", "d1", 2, "Table 6.1", "…", 0, 1.0)
    b = EvidenceNode("t2", "table", "d2", 1, "Table 6.1", "…", 0, 1.0)
    answer = labelled_answer("Table 6.1", [("eu-004.pdf", a, "Table 6.1: Size of the market"), ("bg.pdf", b, None)])
    assert answer.text.splitlines() == [
        "2 documents have a table labelled Table 6.1:",
        "",
        "- **eu-004.pdf**, page 2: Table 6.1: Size of the market [1]",
        "- **bg.pdf**, page 1 [2]",
    ]
    assert [n.node_id for n in answer.cited] == ["t1", "t2"]
    assert labelled_answer("Table 9", []).text == "No document has a table labelled Table 9."


def test_it_that_has_things_is_the_place_the_first_part_names() -> None:
    found = split_question("What was the population of Spain in 1995, and how many retail outlets did it have?")
    assert found is not None
    assert found[1].question == "How many retail outlets did Spain have?"
    assert found[1].label == "How many retail outlets did it have?"
    # "it" that is what the first part asked about keeps the first part's subject matter beside it.
    found = split_question("Who proposed the directive and when was it published?")
    assert found is not None and found[1].question == "When was it published (proposed the directive)?"


@pytest.mark.parametrize(
    ("question", "parts", "labels"),
    [("How many nurses did Ohio employ in 2010 compared with Michigan?",
      ["How many nurses did Ohio employ in 2010?", "How many nurses did Michigan employ in 2010?"],
      ["Ohio", "Michigan"]),
     ("How many passengers did Acme fly in FY2014 compared with FY2013?",
      ["How many passengers did Acme fly in FY2014?", "How many passengers did Acme fly in FY2013?"],
      ["FY2014", "FY2013"]),
     ("What was the jobless rate in Spain compared to that of Italy?",
      ["What was the jobless rate in Spain?", "What was the jobless rate in Italy?"], ["Spain", "Italy"])],
)  # fmt: skip
def test_a_question_compared_with_another_thing_is_asked_of_each(
    question: str, parts: list[str], labels: list[str]
) -> None:
    found = split_question(question)
    assert found is not None
    assert [p.question for p in found] == parts and [p.label for p in found] == labels
    assert comparative(question) == "is higher"
    # Nothing of the other thing's kind to swap: one question.
    assert split_question("What is the growth compared with last year?") is None


@pytest.mark.parametrize(
    ("question", "parts", "verdict"),
    [
        # The two named first: asked as "Which …, A or B?".
        ("Between the Acme plant in Fresno and the Zenith store in Ukiah, which employed more people?",
         ["How many people were employed by the Acme plant in Fresno?",
          "How many people were employed by the Zenith store in Ukiah?"], "employed more people"),
        # A scope that opens the question is each part's; "those in X" takes the question's thing.
        ("In the low-growth case for 2030, which households use more water a day: those in cities or those in "
         "villages?",
         ["In the low-growth case for 2030, how much water a day does households in cities use?",
          "In the low-growth case for 2030, how much water a day does households in villages use?"],
         "use more water a day"),
        # The measure the two are compared by is said ("better by F1"): each is asked for it.
        ("Which model performs better by F1, the baseline or the ensemble?",
         ["What is the F1 of the baseline?", "What is the F1 of the ensemble?"], "is better"),
        # "as a share of GDP": the measure too, to the colon that opens the two (an alternative may hold commas).
        ("Which is larger as a share of GDP: the state's deficit in 2016, as given in the review, or the fiscal "
         "deficit in the budget?",
         ["What is the share of GDP of the state's deficit in 2016, as given in the review?",
          "What is the share of GDP of the fiscal deficit in the budget?"], "is larger"),
        # "… by 2020" after a count is part of what is counted, no measure.
        ("Which state had more graduates by 2020, Ohio or Michigan?",
         ["How many graduates by 2020 did Ohio have?", "How many graduates by 2020 did Michigan have?"],
         "has more graduates by 2020"),
        # "cost <whom> more": what each cost; "the ones for X" takes the first alternative's thing.
        ("Which order cost the ministry more: the school desks for the north, or the ones for the south?",
         ["How much did the school desks for the north cost?", "How much did the school desks for the south cost?"],
         "cost more"),
    ],
)  # fmt: skip
def test_which_of_two_named_first_scoped_or_with_ones(question: str, parts: list[str], verdict: str) -> None:
    split = split_question(question)
    assert split is not None and [p.question for p in split] == parts
    assert comparative(question) == verdict


def test_a_present_verb_of_its_own_is_asked_with_its_own_verb_but_cost_keeps_the_counted_frame() -> None:
    split = split_question("Which plant needs more workers, Springfield or Shelbyville?")
    assert split is not None and [p.question for p in split] == [
        "How many workers does Springfield need?", "How many workers does Shelbyville need?"
    ]  # fmt: skip
    split = split_question("Which closure cost more jobs: the mill or the mine?")
    assert split is not None and [p.question for p in split] == [
        "How many jobs does the mill have?", "How many jobs does the mine have?"
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "parts", "verdict"),
    [
        # A projection is asked as a count each is expected to have.
        ("Which is expected to have more pupils in 2030, Leeds or York?",
         ["How many pupils in 2030 is Leeds expected to have?", "How many pupils in 2030 is York expected to have?"],
         "is expected to have more pupils in 2030"),
        # What was paid for each of two things; "its" labels the thing "The …".
        ("Did the agency pay more for its laptops or for its office chairs?",
         ["How much did the agency pay for its laptops?", "How much did the agency pay for its office chairs?"],
         "cost more"),
        # A measure higher "in A or in B": the measure in each.
        ("Was the pass rate higher in Ohio or in Michigan?",
         ["What was the pass rate in Ohio?", "What was the pass rate in Michigan?"], "is higher"),
    ],
)  # fmt: skip
def test_projected_paid_for_and_higher_in_a_or_b_are_asked_of_each(
    question: str, parts: list[str], verdict: str
) -> None:
    split = split_question(question)
    assert split is not None and [p.question for p in split] == parts
    assert comparative(question) == verdict
    # A past tense without "-ed" is asked in the present after "did".
    split = split_question("Which candidate got more votes county-wide, Ann Lee or Bo Ray?")
    assert split is not None and split[0].question == "How many votes county-wide did Ann Lee get?"
    split = split_question("Which firm spent more money, Acme or Zenith?")
    assert split is not None and split[1].question == "How much money did Zenith spend?"
    # A threshold after "than" is one question.
    assert split_question("Was the pass rate higher than 50%?") is None


@pytest.mark.parametrize(
    ("question", "parts", "verdict"),
    [
        # A measure greater "in A than in B", projected or not: the measure in each.
        ("Was the plant's annual output projected to be greater in 2010 than in 2008?",
         ["What was the plant's annual output projected to be in 2010?",
          "What was the plant's annual output projected to be in 2008?"], "is greater"),
        ("Is the jobless rate lower in Leeds than in York?",
         ["What is the jobless rate in Leeds?", "What is the jobless rate in York?"], "is lower"),
        # "Did A have bigger X than B?": the comparative and what it measures, asked of each.
        ("Did Acme Foods have bigger grocery sales than Zenith Stores?",
         ["What grocery sales did Acme Foods have?", "What grocery sales did Zenith Stores have?"],
         "had bigger grocery sales"),
        ("Does Ohio have more public high school graduates than Michigan?",
         ["How many public high school graduates does Ohio have?",
          "How many public high school graduates does Michigan have?"], "has more public high school graduates"),
    ],
)  # fmt: skip
def test_greater_in_a_than_in_b_and_had_a_bigger_thing_than_b_are_asked_of_each(
    question: str, parts: list[str], verdict: str
) -> None:
    split = split_question(question)
    assert split is not None and [p.question for p in split] == parts
    assert comparative(question) == verdict
    # A one-word count keeps its own frame; a threshold after "than" is one question.
    split = split_question("Did Spain have more schools than Italy?")
    assert split is not None and split[0].question == "How many schools does Spain have?"
    assert split_question("Did the plant have higher output than 500 tonnes?") is None


@pytest.mark.parametrize(
    ("question", "parts", "verdict"),
    [
        # The second thing said only by its owner ("Michigan's") or as "that of": the first one's thing is meant.
        ("Was Ohio's enrolment higher than Michigan's?",
         ["How high is Ohio's enrolment?", "How high is Michigan's enrolment?"], "is higher"),
        ("Is the population of Spain larger than that of Italy?",
         ["How large is the population of Spain?", "How large is the population of Italy?"], "is larger"),
        # A verb of its own after the first subject: asked with it, and said in the verdict.
        ("Did Ohio graduate more students than Michigan?",
         ["How many students did Ohio graduate?", "How many students did Michigan graduate?"],
         "graduated more students"),
        ("Does the mill use more water than the mine?",
         ["How much water does the mill use?", "How much water does the mine use?"], "uses more water"),
        ("Did Acme sell more cars than Zenith?", ["How many cars did Acme sell?", "How many cars did Zenith sell?"],
         "sold more cars"),
    ],
)  # fmt: skip
def test_the_second_thing_said_by_its_owner_alone_and_a_verb_of_the_first_subject(
    question: str, parts: list[str], verdict: str
) -> None:
    split = split_question(question)
    assert split is not None and [p.question for p in split] == parts
    assert comparative(question) == verdict
    # "have" is no verb of the subject's own.
    split = split_question("Did Spain have more schools than Italy?")
    assert split is not None and split[1].question == "How many schools does Italy have?"


def test_a_second_question_opening_on_a_preposition_and_how_many() -> None:
    split = split_question("Above what output must an engine monitor oil mist, and within how many minutes must the "
                           "batteries give the required starts?")  # fmt: skip
    assert split is not None and [p.question for p in split] == [
        "Above what output must an engine monitor oil mist?",
        "Within how many minutes must the batteries give the required starts?",
    ]


def test_a_file_given_to_a_later_part_can_be_asked_without_it() -> None:
    for question in (
        "In eu-021.pdf, what share of students had back pain, and how many schools took part in the survey?",
        "What share of students had back pain in eu-021.pdf, and how many schools took part in the survey?",
    ):
        split = split_question(question)
        assert split is not None
        assert split[1].question == "In eu-021.pdf, how many schools took part in the survey?"
        # The first part named the file itself; the second was given it and may be asked of every document.
        assert [p.unscoped for p in split] == [None, "How many schools took part in the survey?"]
        assert split[1].scope == "eu-021.pdf"
    # A scope that names no document is kept as it is.
    split = split_question("In the 2011 census, what was the population and what was the area?")
    assert split is not None and all(p.unscoped is None and p.scope is None for p in split)


def test_a_document_described_for_one_part_is_given_to_the_next_on_trial() -> None:
    split = split_question("In the student health survey, how many got treatment, and how long is drive cycle 2145_1?")
    assert split is not None
    assert split[1].question == "In the student health survey, how long is drive cycle 2145_1?"
    assert (split[1].unscoped, split[1].scope) == ("How long is drive cycle 2145_1?", "the student health survey")


def test_a_year_closing_the_second_alternative_is_the_first_ones_too() -> None:
    parts = split_question("Was the unemployment rate higher in Austria or in the Netherlands in 1997?")
    assert parts is not None
    assert [p.question for p in parts] == [
        "What was the unemployment rate in Austria in 1997?",
        "What was the unemployment rate in the Netherlands in 1997?",
    ]
    # Two years compared: each alternative is its own year.
    parts = split_question("Was the unemployment rate higher in 2008 or in 2010?")
    assert parts is not None and [p.label for p in parts] == ["2008", "2010"]


def test_how_long_after_a_comma_and_and_opens_a_second_question() -> None:
    parts = split_question("How many students took part in the survey, and how long in miles is the test route?")
    assert parts is not None
    assert [p.question for p in parts] == [
        "How many students took part in the survey?",
        "How long in miles is the test route?",
    ]


def test_an_of_phrase_after_the_second_thing_completes_it() -> None:
    found = split_question("Were sales up more in Q4 of fiscal 2022 or in Q4 of fiscal 2021?")
    assert found is not None
    assert [p.question for p in found] == [
        "Were sales up more in Q4 of fiscal 2022?",
        "Were sales up more in Q4 of fiscal 2021?",
    ]


def test_which_of_two_counting_a_mass_noun_after_its_modifiers_is_asked_of_each_whole_name() -> None:
    found = split_question("Which earned more reported net income: Retail Banking and Wealth Management or Markets?")
    assert found is not None
    assert [p.label for p in found] == ["Retail Banking and Wealth Management", "Markets"]
    assert found[0].question == "How much reported net income was earned by Retail Banking and Wealth Management?"
