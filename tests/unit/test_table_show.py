"""A question asking what a table shows that names no table by label is answered by the table and its page's title,
not by ranked sentences."""

from __future__ import annotations

from app.qa.ask import EvidenceNode, Retrieval
from app.qa.read.local import local_answer
from app.qa.read.table_show import asks_table_description, closed_dashes, page_heading

TABLE = "|  | Fiscal Year / 2013 | Fiscal Year / 2012 |\n|---|---|---|\n| Net change in fund balances | 12 | (3) |"


def node(node_id: str, kind: str, text: str, page: int = 1, score: float = 0.5) -> EvidenceNode:
    return EvidenceNode(node_id, kind, "d", page, node_id, text, 0, score)


def test_a_table_called_by_a_noun_and_asked_what_it_shows() -> None:
    assert asks_table_description("What does the statistical table in the city's fiscal 2013 report show?")
    assert asks_table_description("What is the summary table of the release about?")
    assert not asks_table_description("What does the city's fiscal 2013 report show?")
    assert not asks_table_description("What were the net changes in the table for 2013?")


def test_the_title_of_an_uncaptioned_table_is_its_pages_heading_and_not_the_running_head() -> None:
    running = "City Report for Fiscal 2013 Part III Statistical Information"
    passages = [
        node("r1", "passage", running, page=1),
        node("r2", "passage", running, page=2),
        node("h", "passage", "Changes in Fund Balances —Governmental Funds —Ten Year Trend", page=1),
        node("fax", "passage", "F a x : 2 1 2 . 7 3 6", page=1),
    ]
    heading = page_heading(node("t", "table", TABLE), passages)
    assert heading is not None and heading.node_id == "h"
    assert closed_dashes(heading.text) == "Changes in Fund Balances—Governmental Funds—Ten Year Trend"


def test_local_reader_answers_with_the_table_and_its_heading() -> None:
    nodes = [
        node("p", "passage", "Net change in fund balances: 2013 12, 2012 (3)."),
        node("h", "passage", "Changes in Fund Balances", score=0.3),
        node("t", "table", TABLE, score=0.4),
    ]
    answer = local_answer("What does the statistical table show?", Retrieval("content", nodes), None)
    assert answer.text.startswith("**Changes in Fund Balances** [")
    assert "| Net change in fund balances | 12 | (3) |" in answer.text
    assert {n.node_id for n in answer.cited} == {"h", "t"}
