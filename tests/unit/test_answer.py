"""Context numbering, citation clean-up and the built-in extractive reader (with a bag-of-words encoder)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from app.qa.answer import RELEVANCE_FLOOR, WEAK_EVIDENCE, build_context, reading_order, renumber
from app.qa.ask import EvidenceNode, Retrieval
from app.qa.extractive_reader.items import ContextItem
from app.qa.extractive_reader.pieces import sentence_pieces, table_rows
from app.qa.extractive_reader.scoring import answer_type_bonus, candidates, extractive_answer, score_candidates
from app.qa.read.local import local_answer
from app.qa.reader.shown import row_cell
from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.model import TableData

VOCAB: dict[str, int] = {}


def bag_encode(texts: list[str]) -> np.ndarray:
    """A deterministic stand-in for the sentence embedder: normalised bag of words over a growing vocabulary."""
    rows = []
    for text in texts:
        v = np.zeros(512, dtype=np.float32)
        for w in re.findall(r"[a-z0-9]+", text.lower()):
            v[VOCAB.setdefault(w, len(VOCAB) % 512)] += 1
        rows.append(v / max(np.linalg.norm(v), 1e-9))
    return np.vstack(rows)


def node(node_id: str, text: str, kind: str = "passage", hop: int = 0, parent: str | None = None) -> EvidenceNode:
    return EvidenceNode(node_id, kind, "d", 1, node_id, text, hop, 1.0, parent, "contains" if parent else None)


def test_renumber_orders_by_first_use_and_drops_unknown() -> None:
    items = [ContextItem(i, f"n{i}", "passage", "t") for i in (1, 2, 3)]
    text, cited = renumber("A [3]. B [1][3]. C [9]. D [2, 3].", items)
    assert text == "A [1]. B [2][1]. C. D [3][1]."
    assert cited == ["n3", "n1", "n2"]
    assert renumber("nothing cited", items) == ("nothing cited", [])


def test_every_marker_in_the_answer_is_a_citation() -> None:
    items = [ContextItem(1, "a", "passage", "t")]
    text, cited = renumber("x [1] y [2] z [0]", items)
    markers = {int(m) for m in re.findall(r"\[(\d+)\]", text)}
    assert markers == set(range(1, len(cited) + 1))


def test_context_skips_a_page_when_its_passages_are_there() -> None:
    nodes = [
        node("page", "the whole page text", kind="page"),
        node("p1", "first passage", hop=1, parent="page"),
        node("t1", "| a | b |\n|---|---|\n| 1 | 2 |", kind="table", hop=1, parent="page"),
        node("lonely", "a page with no passages", kind="page"),
    ]
    items = build_context(nodes)
    assert [(i.marker, i.node_id) for i in items] == [(1, "p1"), (2, "t1"), (3, "lonely")]


def test_sentence_pieces_keep_abbreviation_tails() -> None:
    text = "The U.S. Army was founded in 1775. It fought in many wars. Yes."
    assert sentence_pieces(text) == ["The U.S. Army was founded in 1775.", "It fought in many wars. Yes."]


def test_a_sentence_saying_the_questions_words_in_other_forms_overlaps_it() -> None:
    item = ContextItem(
        marker=1, node_id="p", kind="passage",
        text="VET providers are responsible for recruiting their teaching staff. The board draws up programmes.",
    )  # fmt: skip
    scored = score_candidates("Who recruits the teaching staff?", candidates([item]), None, 1)
    recruiting, board = scored
    assert recruiting.overlap == 1.0  # "recruits" as "recruiting", "teaching", "staff"
    assert board.overlap == 0.0 and recruiting.score > board.score


def test_table_rows_read_with_their_header() -> None:
    md = "| State | Illiterate |\n|---|---|\n| Kerala | 7.2 |\n| Goa | 3.1 |"
    assert table_rows(md) == ["State: Kerala; Illiterate: 7.2", "State: Goa; Illiterate: 3.1"]


def test_a_cell_wrapped_onto_rows_of_its_own_is_read_with_its_row() -> None:
    md = (
        "| No. | Description | Contractor | Amount |\n|---|---|---|---|\n"
        "| 20 | Production of road | Medi Max Ltd | 225,158.00 |\n"
        "|  | safety textbooks |  |  |\n|  | for junior high schools |  |  |\n"
        "| 21 | Production of road | DPI Print Ltd | 244,950.00 |\n|  | for primary schools |  |  |\n"
        "|  | Total | Both | 470,108.00 |\n"
    )
    assert table_rows(md) == [
        "No.: 20; Description: Production of road safety textbooks for junior high schools; Contractor: Medi Max Ltd; "
        "Amount: 225,158.00",
        "No.: 21; Description: Production of road for primary schools; Contractor: DPI Print Ltd; Amount: 244,950.00",
        # A row that fills as many cells as a data row is a row of its own.
        "Description: Total; Contractor: Both; Amount: 470,108.00",
    ]


def test_table_rows_under_a_section_heading_are_read_with_it() -> None:
    md = (
        "|  | 2016 |\n|---|---|\n| (all amounts in EUR) |  |\n| Class A |  |\n| Units at 31 December | 49,136 |\n"
        "| Total for the Fund |  |\n| Units at 31 December | 520,691 |\n| Murder and nonnegligent |  |\n"
        "| manslaughter | 5 |\n| NOTE: The ratios were derived from tables 1 and 16. |  |\n| Costs | 7 |"
    )
    assert table_rows(md) == [
        "(all amounts in EUR)",  # a row above another label-only row heads nothing
        "Class A / Units at 31 December; 2016: 49,136",
        "Total for the Fund / Units at 31 December; 2016: 520,691",
        # A label wrapped onto the next row is no section; a note row is no section's, and heads nothing.
        "Total for the Fund / Murder and nonnegligent",
        "Total for the Fund / manslaughter; 2016: 5",
        "NOTE: The ratios were derived from tables 1 and 16.",
        "Total for the Fund / Costs; 2016: 7",
    ]


def test_a_title_every_header_shares_is_dropped_and_a_stacked_tables_header_names_the_rows_below_it() -> None:
    md = (
        "| Flights Dec / ROUTE | Flights Dec / JAL / Domestic | Flights Dec / JAL / International | Flights Dec |\n"
        "|---|---|---|---|\n| Delayed | 1,590 | 349 |  |\n| Cancelled | 151 | 2 |  |\n"
        "|  | JTA | Group TTL |  |\n| ROUTE | Domestic | Domestic | GROUP TOTAL |\n| Cancelled | 4 | 227 | 229 |"
    )
    assert table_rows(md) == [
        "ROUTE: Delayed; JAL / Domestic: 1,590; JAL / International: 349",
        "ROUTE: Cancelled; JAL / Domestic: 151; JAL / International: 2",
        "ROUTE: Cancelled; JTA / Domestic: 4; Group TTL / Domestic: 227; Group TTL / GROUP TOTAL: 229",
    ]
    # Rows without figures after rows of text (a label wrapped in a table of words) are no header.
    words_only = "| Item | Note |\n|---|---|\n| Lamp | red |\n| Bulb | blue |\n| Plug | green |\n| Fuse | 5 |"
    assert table_rows(words_only)[2] == "Item: Plug; Note: green"


@pytest.mark.parametrize(
    ("question", "row", "bold"),
    [
        ("How many flights did the whole group cancel?",
         "ROUTE: Cancelled; JTA / Domestic: 4; Group TTL / Domestic: 227; Group TTL / GROUP TOTAL: 229", "229"),
        ("How many flights did JTA cancel?",
         "ROUTE: Cancelled; JTA / Domestic: 4; Group TTL / Domestic: 227; Group TTL / GROUP TOTAL: 229", "4"),
        # Two headers share as many of the question's words: no cell is set in bold.
        ("How many domestic flights were cancelled?",
         "ROUTE: Cancelled; JTA / Domestic: 4; Group TTL / Domestic: 227; Group TTL / GROUP TOTAL: 229", None),
    ],
)  # fmt: skip
def test_the_bold_of_a_table_row_is_the_cell_under_the_header_the_question_names(
    question: str, row: str, bold: str | None
) -> None:
    span = row_cell(question, row)
    assert (span.text if span else None) == bold
    if span is not None:
        assert row[span.start : span.end] == bold


@pytest.mark.parametrize(
    ("question", "sentence", "bonus"),
    [
        ("When was the tower built?", "The tower was built in 1889.", 1.0),
        ("When was the tower built?", "The tower is tall.", 0.0),
        ("How many people live there?", "About 2,100 people live there.", 1.0),
        ("Who founded Acme?", "Acme was founded by John Smith.", 0.5),  # a new name: a weak signal in reports
        ("Who founded Acme?", "Acme makes anvils.", 0.0),
        # The "when" of a clause asks for no date: a number of the sentence is as new as a date would be.
        ("What value should f take when the graph has weights?", "It should be set to 10 then.", 0.5),
    ],
)
def test_answer_type_bonus(question: str, sentence: str, bonus: float) -> None:
    assert answer_type_bonus(question, sentence) == bonus


def test_extractive_reader_picks_the_answering_sentence_and_cites_it() -> None:
    items = [
        ContextItem(1, "a", "passage", "The Eiffel Tower is in Paris. It is made of iron."),
        ContextItem(2, "b", "passage", "Construction of the Eiffel Tower finished in 1889. Many visit it."),
        ContextItem(3, "c", "passage", "Paris is the capital of France."),
    ]
    answer = extractive_answer("When was the Eiffel Tower finished?", items, bag_encode)
    assert answer.startswith("Construction of the Eiffel Tower finished in 1889. [2]")


def test_extractive_reader_without_encoder_and_without_context() -> None:
    items = [ContextItem(1, "a", "passage", "Alpha beta gamma delta. Kerala has 7.2 percent illiterate heads.")]
    assert extractive_answer("What share in Kerala is illiterate?", items, None).endswith("[1]")
    assert extractive_answer("q", [], None) == ""


def test_local_answer_cell_lookup_is_cited() -> None:
    nodes = [node("p0", "Some passage about Kerala."), node("t1", "| State | Illiterate |\n|---|---|\n| Kerala | 7.2 |",
                                                          kind="table")]  # fmt: skip
    data = TableData(id="t1", rows=[["State", "Illiterate"], ["Kerala", "7.2"]], label="Table 1")
    found = cell_answer(data, "Kerala illiterate")
    retrieval = Retrieval("structural", nodes, table_answers=[found], cell=found.cell)
    answer = local_answer("Kerala illiterate in table 1?", retrieval, bag_encode)
    assert answer.text == "**7.2** — Kerala, Illiterate, in Table 1 [1]." and answer.short_answer == "7.2"
    assert [n.node_id for n in answer.cited] == ["t1"]


def test_local_answer_shows_a_named_table_and_summarises_a_page() -> None:
    table = node("t1", "| a | b |\n|---|---|\n| 1 | 2 |", kind="table")
    table.label = "Table 2 (x.pdf p. 3)"
    answer = local_answer("Show table 2", Retrieval("structural", [table]), bag_encode, intent="show")
    assert "| a | b |" in answer.text and "[1]" in answer.text

    page = node("pg", "page", kind="page")
    page.label = "x.pdf p. 5"
    passages = [
        node(f"p{i}", f"Sentence number {i} talks about the budget of the city council in detail.", hop=1,
             parent="pg")
        for i in range(6)
    ]  # fmt: skip
    answer = local_answer("Summarise page 5", Retrieval("structural", [page, *passages]), bag_encode,
                          intent="summarise")  # fmt: skip
    assert answer.text.startswith("x.pdf p. 5:")
    assert 1 <= len(answer.cited) <= 3
    assert set(re.findall(r"\[(\d+)\]", answer.text)) == {str(i) for i in range(1, len(answer.cited) + 1)}


def test_local_answer_with_nothing_retrieved() -> None:
    answer = local_answer("q", Retrieval("content", []), bag_encode)
    assert answer.cited == [] and "could not find" in answer.text


def test_a_long_list_sentence_is_cut_into_pieces_without_losing_its_end() -> None:
    items = "; ".join(f"item {i} is a long description of engines driving auxiliaries" for i in range(12))
    text = f"Diesel engines listed below are covered: {items}; the last develop a power of 110 kW and over."
    pieces = sentence_pieces(text)
    assert len(pieces) > 1 and all(len(p) <= 400 for p in pieces)
    assert "110 kW" in pieces[-1]
    assert " ".join(pieces).split() == text.split()  # nothing dropped


def test_weak_evidence_is_shown_as_evidence_under_a_plain_statement_not_as_an_answer() -> None:
    nodes = [node("a", "UK, Germany and France tend to have the largest stores. Concentration is high.")]
    question = "What is the capital of France?"
    close = Retrieval("content", nodes, relevance=RELEVANCE_FLOOR + 0.2)
    far = Retrieval("content", nodes, relevance=RELEVANCE_FLOOR - 0.1)
    weak = local_answer(question, far, bag_encode)
    assert weak.text.startswith(WEAK_EVIDENCE + "\n\n")
    assert "**" not in weak.text and weak.short_answer is None  # nothing presented as the answer
    assert [n.node_id for n in weak.cited] == ["a"] and "[1]" in weak.text  # the closest evidence is still cited
    assert not local_answer(question, close, bag_encode).text.startswith(WEAK_EVIDENCE)


def test_a_far_table_whose_leading_row_holds_the_questions_rare_names_is_not_said_not_to_answer() -> None:
    rows = [f"| Smith{k} | Jo | Teacher | School {k} | {k + 10}.00 |" for k in range(30)]
    rows[17] = "| Reese | Cheri A | Public Relations | Far North Spirits | 75.00 |"
    markdown = "| Last Name | First Name | Occupation | Employer | Amount |\n|---|---|---|---|---|\n" + "\n".join(rows)
    table = node("t1", markdown, kind="table")
    question = "Which company does Cheri Reese work for?"
    named = Retrieval("content", [table], relevance=RELEVANCE_FLOOR - 0.1, rare_names=(frozenset({"cheri", "reese"}),))
    answer = local_answer(question, named, bag_encode)
    assert not answer.text.startswith(WEAK_EVIDENCE) and "Far North Spirits" in answer.text
    assert answer.short_answer is None and "**" not in answer.text  # still shown as evidence, not as a sure answer
    # A rare name the row lacks ("CEO"), or a number it does not hold, leaves the statement in place.
    lacking = Retrieval("content", [table], relevance=RELEVANCE_FLOOR - 0.1,
                        rare_names=(frozenset({"cheri", "reese"}), frozenset({"ceo"})))  # fmt: skip
    assert local_answer("Which company is Cheri Reese CEO of?", lacking, bag_encode).text.startswith(WEAK_EVIDENCE)
    assert local_answer("Which company did Cheri Reese work for in 2019?", named, bag_encode).text.startswith(
        WEAK_EVIDENCE
    )


def test_the_one_row_holding_a_rare_name_of_the_question_is_shown_beside_passages_on_its_topic() -> None:
    passages = [node(f"p{k}", f"The Strong Schools campaign {k} asked every donor to give before the referendum.")
                for k in range(3)]  # fmt: skip
    rows = [f"| Donor{k} | Jo | teacher | School {k} | 50.00 |" for k in range(20)]
    rows[11] = "| Stoyke | Phillip | physician | HealthEast | 100.00 |"
    markdown = "| Last Name | First Name | Occupation | Employer | Amount |\n|---|---|---|---|---|\n" + "\n".join(rows)
    question = "Which donor to the Strong Schools campaign is a physician working for HealthEast?"
    nodes = [*passages, node("t1", markdown, kind="table")]
    named = local_answer(question, Retrieval("content", nodes, rare_names=(frozenset({"healtheast"}),)), bag_encode)
    assert "Stoyke" in named.text
    # A row holding only part of a rare name ("Lisa" of "Mona Lisa") is not the record named.
    partial = Retrieval("content", nodes, rare_names=(frozenset({"mona", "phillip"}),))
    assert "Stoyke" not in local_answer("Who owns the Mona Phillip painting?", partial, bag_encode).text
    # Without the name's rarity known, the passages on the topic fill the answer.
    assert "Stoyke" not in local_answer(question, Retrieval("content", nodes), bag_encode).text


def test_the_reader_takes_the_seed_rankings_further_units_in_turn_with_the_traversals_hops() -> None:
    seeds = [node("s1", "a"), node("s2", "b")]
    hops = [node("h1", "c", hop=1, parent="s1"), node("h2", "d", hop=2, parent="h1"), node("h3", "e", hop=1)]
    extra = [node("x1", "f"), node("x2", "g")]
    order = [n.node_id for n in reading_order([*seeds, *hops], extra)]
    assert order == ["s1", "s2", "h1", "x1", "h2", "x2", "h3"]
    assert reading_order([*seeds, *hops], []) == [*seeds, *hops]


def test_an_answer_cites_a_unit_read_beyond_the_evidence_by_its_own_node() -> None:
    evidence = [node("p1", "The committee met in the spring to discuss the budget.")]
    beyond = node("p2", "The bridge opened in 1932 after six years of work.")
    retrieval = Retrieval(question_type="content", nodes=evidence, reading_extra=[beyond])
    answer = local_answer("When did the bridge open?", retrieval, bag_encode)
    assert "1932" in answer.text and [n.node_id for n in answer.cited][0] == "p2"
    assert retrieval.nodes == evidence  # the evidence itself is left as retrieved (pipeline.adopt_cited adds it)


def test_a_year_only_in_a_sentence_about_something_else_is_said_not_to_be_stated() -> None:
    from app.qa.answer import NO_VALUE_OF_TYPE

    question = "In what year was the students survey run?"
    unrelated = node("p2", "REFERENCES [Cop87] D. Cope, Experiments in music intelligence, 1987.")
    vague = node("p1", "The students survey ran over the spring.")
    without = Retrieval(question_type="content", nodes=[vague, unrelated])
    assert local_answer(question, without, bag_encode).text.startswith(NO_VALUE_OF_TYPE["date"])
    held = Retrieval(question_type="content", nodes=[node("p1", "The students survey ran in 2004."), unrelated])
    answer = local_answer(question, held, bag_encode)
    assert not answer.text.startswith(NO_VALUE_OF_TYPE["date"]) and "2004" in answer.text


def test_a_long_table_early_in_the_evidence_does_not_hide_the_passages_after_it() -> None:
    rows = "\n".join(f"| {1900 + i} | constant dollars {i} |" for i in range(300))
    table = node("t1", f"Spending in constant dollars\n\n| Year | Spending |\n|---|---|\n{rows}", kind="table")
    note = node("p1", "Spending is converted into constant dollars with the Consumer Price Index.")
    retrieval = Retrieval(question_type="content", nodes=[table, note])
    answer = local_answer("Which price index converts spending into constant dollars?", retrieval, bag_encode)
    assert "Consumer Price Index" in answer.text and "p1" in [n.node_id for n in answer.cited]


def test_a_row_far_down_a_long_table_is_read() -> None:
    # A WARN report page holds ~40 rows (4,500 characters); the row asked about was the 36th. Cut at the LLM
    # prompt's 2,500 characters, it had never reached the reader.
    rows = [f"| 10/{i % 28 + 1:02d}/2015 | Company {i}, Inc. | Huntington Beach | {i + 3} | Layoff Permanent |"
            for i in range(40)]
    rows[36] = "| 10/12/2015 | Twitter, Inc. | San Francisco | 240 | Layoff Permanent |"
    markdown = "| Notice Date | Company | City | No. Of | Layoff/Closure |\n|---|---|---|---|---|\n" + "\n".join(rows)
    assert markdown.index("Twitter") > 2500
    retrieval = Retrieval(question_type="content", nodes=[node("t1", markdown, kind="table")])
    assert "Twitter" in build_context(retrieval.nodes)[0].text
    answer = local_answer("How many jobs did Twitter's layoff notice in San Francisco cover?", retrieval, bag_encode)
    assert "240" in answer.text and "Twitter" in answer.text


def test_a_numbered_steps_number_opens_its_own_sentence() -> None:
    text = ("3. Set the acceleration rate to 3 mph/s. 4. Set the cruising speed to 40 mph. 5. Continue cruising at "
            "40 mph until the trip distance is reached.")  # fmt: skip
    assert sentence_pieces(text) == [
        "3. Set the acceleration rate to 3 mph/s.",
        "4. Set the cruising speed to 40 mph.",
        "5. Continue cruising at 40 mph until the trip distance is reached.",
    ]
    assert sentence_pieces("It was approved. Yes.") == ["It was approved. Yes."]  # a one-word reply stays behind
    assert sentence_pieces("The last step is this one. 6.") == ["The last step is this one. 6."]
