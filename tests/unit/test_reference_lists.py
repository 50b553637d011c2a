"""Passages of reference lists rank below sentences that say something about the question's subject."""

from __future__ import annotations

from app.qa.extractive_reader.items import Candidate, ContextItem
from app.qa.reader.headings import below_references, references


def test_passages_of_a_reference_list_are_told_from_prose() -> None:
    assert references("“The Canadian Debt Strategy Model: An Overview.” Bank of Canada Working Paper No. 2003-10.")
    assert references("———. 2006. Modelling Term-Structure Dynamics for Risk Management.")
    assert references("Bolder, D.J. 2001. “Affine Term-Structure Models: Theory and Implementation.”")
    listed = ("Appendix: Additional Reading Bolder, D.J. 2001. “Affine Models.” Bank of Canada. Rudd, A. 2003. "
              "“Debt Strategy.” Ottawa.")  # fmt: skip
    assert references(listed)
    assert not references("The model was developed at the Bank of Canada in 2003 and is written in Matlab.")
    assert not references("Note, for example, the top 20 firms.")  # a short number is no year
    # One citation inside prose is no list.
    assert not references("As Smith, J. (2001) found in “Growth”, revenue rose 5% in 2023 across all regions.")


def test_a_reference_list_ranks_below_the_sentence_that_answers() -> None:
    listed = ContextItem(1, "a", "passage", "“The Debt Strategy Model.” Bank of Canada Working Paper 2003-10.")
    prose = ContextItem(2, "b", "passage", "The model is written in Matlab.")
    ranked = [Candidate(listed, 0, "“The Debt Strategy Model.”", score=0.8), Candidate(prose, 1, prose.text, score=0.6)]
    assert [c.item.node_id for c in below_references(ranked)] == ["b", "a"]


def test_the_reader_leads_with_the_prose_not_the_reference_list() -> None:
    from app.qa.reader.reading import read

    items = [
        ContextItem(1, "a", "passage", "“The Debt Strategy Model: Programming and Design.” Working Paper 2003-10."),
        ContextItem(2, "b", "passage", "The debt strategy model was programmed in Matlab by the bank's staff."),
    ]
    shown = read("In which programming language was the debt strategy model written?", items, None).text
    assert shown.startswith("The debt strategy model was programmed in")
