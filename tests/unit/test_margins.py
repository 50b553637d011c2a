"""How far one thing stands above another, said with "over" (a margin noun or a gaining verb): what each got, where
the question says (app.qa.analysis.margins)."""

from __future__ import annotations

import pytest

from app.qa.analysis.margins import margin_question
from app.qa.analysis.parse import analyse


@pytest.mark.parametrize(
    ("question", "parts", "labels"),
    [
        ("What was Ann Lee's margin over Bob Ray in Ward 3 in 2018?",
         ("What did Ann Lee get in Ward 3 in 2018?", "What did Bob Ray get in Ward 3 in 2018?"),
         ("Ann Lee", "Bob Ray")),
        # A gaining verb before "over", read from the words' order (the tagger takes "gain" for a noun); the unit
        # said after "how many" is what each is asked.
        ("How many BLEU points does the big model gain over the base model on English-to-German in the results "
         "table?",
         ("What BLEU points did the big model get on English-to-German in the results table?",
          "What BLEU points did the base model get on English-to-German in the results table?"),
         ("The big model", "The base model")),
        ("In Table 3, how much does GPT-4 improve over GPT-3.5 on MMLU?",
         ("In Table 3, what did GPT-4 get on MMLU?", "In Table 3, what did GPT-3.5 get on MMLU?"),
         ("GPT-4", "GPT-3.5")),
        # "separate A from B": how far apart, each asked alone ("that of gasoline" takes the first thing's noun).
        ("In the CPI release, how many percentage points separate the change in electricity prices from that of "
         "gasoline?",
         ("In the CPI release, what is the change in electricity prices?",
          "In the CPI release, what is the change in gasoline?"),
         ("The change in electricity prices", "The change in gasoline")),
        # "ahead of B was A": A less B; "behind B was A": B less A.
        ("After 20 epochs, how many BLEU points ahead of NLLB-200 was BanglaT5 in the dialect study?",
         ("After 20 epochs, what BLEU points did BanglaT5 get in the dialect study?",
          "After 20 epochs, what BLEU points did NLLB-200 get in the dialect study?"), ("BanglaT5", "NLLB-200")),
        ("How many seconds behind the leader was Smith?",
         ("What seconds did the leader get?", "What seconds did Smith get?"), ("The leader", "Smith")),
    ],
)  # fmt: skip
def test_a_margin_over_another_becomes_two_lookups(
    question: str, parts: tuple[str, str], labels: tuple[str, str]
) -> None:
    found = margin_question(question)
    assert found is not None and found.operation == "difference"
    assert tuple(p.question for p in found.parts) == parts
    assert tuple(p.label for p in found.parts) == labels
    assert analyse(question).arithmetic == found


@pytest.mark.parametrize(
    "question",
    ["Does the big model improve over the base model?",  # whether, not by how much
     "Which party had a lead over the others in 2010?",  # no one's margin: nothing to subtract
     "How many points were scored over the season?",
     "What separates cats from dogs?",  # no quantity asked
     "How many of the runners were ahead of Smith?"],
)  # fmt: skip
def test_no_margin_without_two_things_and_a_quantity_asked(question: str) -> None:
    assert margin_question(question) is None
