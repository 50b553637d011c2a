"""Scoring of the PDF answer set: numbers by value, words whole, missing answers, table answers, short answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.eval.answerset import (
    Cited,
    contains,
    holds_all,
    names_label,
    numbers_in,
    says_missing,
    score,
    validate,
)
from app.eval.answerset_run import select_records, summarise

ANSWER_SET = Path(__file__).resolve().parents[2] / "benchmarks" / "answers" / "pdf_qa.json"


@pytest.mark.parametrize(
    ("answer", "acceptable"),
    [
        ("The total was 2,093 people.", "2093"),
        ("The total was 2093 people.", "2,093"),
        ("Competence-based qualifications: **60 152** in 2004 [2]", "60152"),
        ("They spent $1.2 million on it.", "1,200,000"),
        ("They spent 1,200,000 dollars.", "$1.2 million"),
        ("Sleep difficulties: 16% said quite a lot", "16.0%"),
        ("| Greece | −10.8 | 147.2 |", "-10.8"),
        ("Contact **Ian Won**, Manager.", "Ian Won"),
        ("eu-004.pdf and background_lines_1.pdf both have one.", "background_lines_1"),
        ("It happened on March 10, 2019 [1].", "March 10, 2019"),
        ("Table 2–1 lists 58.1% for 4171_1", "58.1%"),
    ],
)
def test_contains_matches_equal_values(answer: str, acceptable: str) -> None:
    assert contains(answer, acceptable)


@pytest.mark.parametrize(
    ("answer", "acceptable"),
    [
        ("The total was 20,930 people.", "2093"),  # a different number that shares digits
        ("Germany had 12130 stores", "1213"),
        ("The ratio was 29", "290"),
        ("Sleep difficulties: 16.5% said quite a lot", "16%"),
        ("in 2003–04 the number", "-4"),  # a year range is not a negative number
        ("Netherlands [4]", "4"),  # a citation marker is not a value
        ("Table 6.4 shows growth", "4"),
        ("Joseph Weizenbaumer wrote it", "Weizenbaum"),  # whole words only
        ("eu-0045.pdf", "eu-004"),
        ("They spent $1.2 billion", "$1.2 million"),
    ],
)
def test_contains_refuses_other_values(answer: str, acceptable: str) -> None:
    assert not contains(answer, acceptable)


def test_space_grouped_numbers_keep_their_parts() -> None:
    values = numbers_in("Austria 17 568 14 530 3")
    assert {17.0, 568.0, 14.0, 530.0, 3.0} <= values


def test_holds_all_needs_every_part() -> None:
    parts = [["189"], ["157"]]
    assert holds_all("Lion Air: 189 fatalities; Ethiopian: 157 fatalities.", parts)
    assert not holds_all("Lion Air: 189 fatalities.", parts)
    assert not holds_all("anything", [])


@pytest.mark.parametrize(
    "answer",
    [
        "eu-004.pdf has no Table 9.1; its tables are 6.1 to 6.12.",
        "eu-013.pdf has 12 pages, so there is no page 20.",
        "There is no document named budget_2021.pdf in this collection.",
        "I could not find annual-report-2019.pdf.",
        "us-018.pdf does not have a Table 20.",
        "Page 30 is beyond the end of the document (it has only 15 pages).",
        "ulta-q4.pdf has no Exhibit 9; its tables are 2 to 6.",
    ],
)
def test_says_missing(answer: str) -> None:
    assert says_missing(answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Table 6.4 of eu-004.pdf shows growth in demand by member state [1].",
        "Austria had the most inhabitants per outlet (214).",
        "The page is about notices of layoffs.",
    ],
)
def test_does_not_say_missing(answer: str) -> None:
    assert not says_missing(answer)


MISSING_PAGE = {
    "id": "m", "kind": "missing", "answers": [], "documents": [], "pages": {}, "named_document": "eu-013.pdf",
    "split": "dev",
}  # fmt: skip
MISSING_FILE = {**MISSING_PAGE, "named_document": None}


def test_missing_citing_another_document_is_wrong() -> None:
    answer = "There is no page 20 in eu-013.pdf. Here is something related [1]."
    s = score(MISSING_PAGE, answer, None, [Cited("eu-004.pdf", 3, "…")])
    assert not s.correct and not s.citation_ok


def test_missing_citing_the_named_document_is_right() -> None:
    s = score(MISSING_PAGE, "eu-013.pdf has 12 pages; there is no page 20 [1].", None, [Cited("eu-013.pdf", 1)])
    assert s.correct and s.citation_ok


def test_missing_file_must_cite_nothing() -> None:
    answer = "There is no document named budget_2021.pdf."
    assert score(MISSING_FILE, answer, None, []).correct
    assert not score(MISSING_FILE, answer, None, [Cited("eu-013.pdf", 1)]).correct


def test_missing_answered_with_content_is_wrong() -> None:
    assert not score(MISSING_PAGE, "Page 20 describes adult education in Finland.", None, []).correct


TABLE = {
    "id": "t", "kind": "table", "answers": [["149"], ["990"]], "required_values": ["149", "990"],
    "documents": ["eu-004.pdf"], "pages": {"eu-004.pdf": [10]}, "table_label": "Table 6.9", "split": "dev",
}  # fmt: skip


def test_table_needs_page_label_and_values() -> None:
    right = "**Table 6.9: Diffusion of scanning**\n\n| | 1994 |\n|---|---|\n| Germany | 149 |\n| EU Total | 990 |"
    assert score(TABLE, right, None, [Cited("eu-004.pdf", 10, "Table 6.9 ...")]).correct
    assert not score(TABLE, right, None, [Cited("eu-004.pdf", 2)]).correct  # wrong page
    assert not score(TABLE, right, None, [Cited("background_lines_1.pdf", 10)]).correct  # wrong document
    other = right.replace("Table 6.9", "Table 6.1")
    assert not score(TABLE, other, None, [Cited("eu-004.pdf", 10, "Table 6.1")]).correct  # another table named
    assert not score(TABLE, right.replace("990", "99"), None, [Cited("eu-004.pdf", 10)]).correct  # value missing


def test_names_label_is_exact() -> None:
    assert names_label(["see Table 6.9: Diffusion"], "Table 6.9")
    assert names_label(["TABLE 2–1. Simulated"], "Table 2-1")
    assert not names_label(["Table 6.90"], "Table 6.9")
    assert not names_label(["Table 6.1"], "Table 6.12")


CELL = {
    "id": "c", "kind": "cell", "answers": [["29.9"]], "documents": ["eu-004.pdf"], "pages": {"eu-004.pdf": [2]},
    "split": "test",
}  # fmt: skip


def test_cell_short_answer_and_citations() -> None:
    s = score(CELL, "Denmark's per capita GNP was **29.9** [1].", "29.9", [Cited("eu-004.pdf", 2)])
    assert s.correct and s.citation_ok and s.short_shown and s.short_correct
    s = score(CELL, "Denmark: 29.9", "2018", [Cited("eu-004.pdf", 5)])
    assert s.correct and not s.citation_ok and s.short_shown and s.short_correct is False
    s = score(CELL, "I found nothing.", None, [])
    assert not s.correct and not s.short_shown and s.short_correct is None


def test_summarise_precision_counts_only_shown() -> None:
    rows = [
        {"correct": True, "short_shown": True, "short_correct": True, "citation_ok": True, "latency_ms": 10.0},
        {"correct": False, "short_shown": True, "short_correct": False, "citation_ok": False, "latency_ms": 30.0},
        {"correct": True, "short_shown": False, "short_correct": None, "citation_ok": True, "latency_ms": 20.0},
        {"correct": False, "short_shown": False, "short_correct": None, "citation_ok": True, "latency_ms": 40.0},
    ]
    s = summarise(rows)
    assert s["accuracy"] == 0.5 and s["short_coverage"] == 0.5 and s["short_precision"] == 0.5
    assert s["citation_ok"] == 0.75 and s["latency_ms_p50"] == 25.0 and s["n"] == 4


def test_summarise_no_short_answers_has_no_precision() -> None:
    rows = [{"correct": False, "short_shown": False, "short_correct": None, "citation_ok": False, "latency_ms": 1.0}]
    assert summarise(rows)["short_precision"] is None


def test_the_committed_answer_set_is_valid_and_split_per_kind() -> None:
    records = validate(json.loads(ANSWER_SET.read_text()))
    assert len(records) >= 90
    kinds = {r["kind"] for r in records}
    assert kinds == {"cell", "aggregate", "table", "missing", "content", "multi"}
    for kind in kinds:
        of_kind = [r for r in records if r["kind"] == kind]
        assert len(of_kind) >= 10, kind
        dev = sum(r["split"] == "dev" for r in of_kind)
        assert abs(dev - (len(of_kind) - dev)) <= 1, kind
    for r in records:
        if r["kind"] == "missing":
            assert r["expect_missing"] and not r["documents"]
        else:
            assert r["documents"] and all(part for part in r["answers"])
    assert [r["id"] for r in select_records(records, "dev", 3)] == [r["id"] for r in records if r["split"] == "dev"][:3]


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([], "not a PDF answer set"),
        ({"format": "mdqa-pdf-answers/1", "records": []}, "no records"),
        ({"format": "mdqa-pdf-answers/1", "records": [{"id": "x"}]}, "missing 'kind'"),
        ({"format": "mdqa-pdf-answers/1", "records": [{"id": "x", "kind": "cell", "question": "q", "answers": [["1"]],
                                                        "documents": [], "split": "both"}]}, "split"),
    ],
)  # fmt: skip
def test_validate_refuses_bad_files(data: object, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        validate(data)


def test_split_field_follows_the_rule_it_was_made_by() -> None:
    """Within a kind: ids sorted by sha256, alternately dev and test (the split is never edited by hand)."""
    import hashlib

    records = validate(json.loads(ANSWER_SET.read_text()))
    for kind in {r["kind"] for r in records}:
        ordered = sorted((r for r in records if r["kind"] == kind), key=lambda r: hashlib.sha256(
            r["id"].encode()).hexdigest())  # fmt: skip
        assert [r["split"] for r in ordered] == ["dev" if i % 2 == 0 else "test" for i in range(len(ordered))]


def test_multihop_split_is_the_briefs_rule() -> None:
    import hashlib

    from app.eval.datasets import split_of

    for qid in ("5a8b57f25542995d1e6f1371", "2hop__13548_13529", "42"):
        even = int(hashlib.sha256(qid.encode()).hexdigest(), 16) % 2 == 0
        assert split_of(qid) == ("dev" if even else "test")
    assert {split_of(str(i)) for i in range(20)} == {"dev", "test"}


def test_readers_option() -> None:
    from types import SimpleNamespace

    from app.commands.eval import _readers

    assert _readers("local,openai", SimpleNamespace(llm_configured=True)) == ["local", "openai"]
    assert _readers("local,openai", SimpleNamespace(llm_configured=False)) == ["local"]
    with pytest.raises(ValueError, match="local and/or openai"):
        _readers("local,gpt", SimpleNamespace(llm_configured=True))
    with pytest.raises(ValueError, match="no reader left"):
        _readers("openai", SimpleNamespace(llm_configured=False))


UNANSWERABLE = {"id": "off-x", "kind": "unanswerable", "answers": [], "documents": [], "split": "dev"}


def test_unanswerable_is_right_only_when_the_answer_says_the_documents_do_not_answer_it() -> None:
    from app.qa.answer import NO_ANSWER, WEAK_EVIDENCE

    closest = [Cited("eu-004.pdf", 14)]
    for said in (f"{WEAK_EVIDENCE}\n\nUK, Germany and France tend to have the largest firms. [1]", NO_ANSWER,
                 "The context does not mention the capital of France."):  # fmt: skip
        s = score(UNANSWERABLE, said, None, closest)
        assert s.correct and s.hedged, said
    wrong = score(UNANSWERABLE, "UK, Germany and France tend to have the largest firms. [1]", None, closest)
    assert not wrong.correct and not wrong.hedged
    short = score(UNANSWERABLE, f"**Paris** [1]\n\n{WEAK_EVIDENCE}", "Paris", closest)
    assert not short.correct and short.short_correct is False  # a short answer to it is always wrong


def test_the_offtopic_set_is_valid_and_split_evenly() -> None:
    data = json.loads((ANSWER_SET.parent / "offtopic.json").read_text())
    records = validate(data)
    assert {r["kind"] for r in records} == {"unanswerable"}
    assert sum(r["split"] == "dev" for r in records) == len(records) // 2
