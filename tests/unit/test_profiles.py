"""A document named by what it is: the description read off the question, resolved against document profiles."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from app.qa.analysis.described import descriptions
from app.qa.index import CollectionIndex
from app.qa.profiles import (
    Profile,
    Profiles,
    absent_kind,
    build_profiles,
    fitting_documents,
    identified,
    names_held_apart,
    words_of,
)


@pytest.mark.parametrize(
    ("question", "described"),
    [
        ("How large is the test set in the dense retrieval paper?", [("dense", "retrieval")]),
        ("According to the XR-7 datasheet's timing table, what is the delay?", [("xr-7",)]),
        ("What is Table 3 of the unrestricted relation discovery paper about?", [("unrestricted", "relation",
                                                                                  "discovery")]),
        ("Compare the Acme annual report with the Globex quarterly release.", [("acme",), ("globex", "quarterly")]),
        ("What does Exhibit 5 in Ulta Beauty's fourth-quarter release show?", [("ulta", "beauty", "fourth-quarter")]),
        # "its" stands for the name before it.
        ("Has Initech ever paid a dividend, according to its 2022 annual report?", [("initech", "2022")]),
        # A kind said in two words.
        ("What supply voltage does the ZX81 sensor data sheet allow?", [("zx81", "sensor")]),
        # A long description still reaches back to its "the"; a publication and an application note are kinds too.
        ("What does Table 4 of the BLS July 2025 consumer price index release show?",
         [("bls", "july", "2025", "consumer", "price", "index")]),
        ("What does Table 5 of the Ruritanian labour force publication show?", [("ruritanian", "labour", "force")]),
        ("Which rate does the Acme KX9 application note recommend?", [("acme", "kx9")]),
        # An owner's name ends a description: the question's words before it are no part of it.
        ("What maximum transmit power does NIST's radio security report list?", [("nist", "radio", "security")]),
        ("Ulta Beauty's fourth-quarter release says what?", [("ulta", "beauty", "fourth-quarter")]),
        # An audit is a kind of document too.
        ("What does page 20 of the Zorblax vault security audit cover?", [("zorblax", "vault", "security")]),
    ],
)  # fmt: skip
def test_descriptions_are_the_words_before_a_kind_noun(question: str, described: list[tuple[str, ...]]) -> None:
    found = descriptions(question)
    assert [d.words for d in found] == described
    kinds = ("paper", "datasheet", "report", "release", "sheet", "publication", "note", "audit")
    assert all(question[d.start : d.end].split()[-1].lower().startswith(kinds)
               for d in found)  # fmt: skip


@pytest.mark.parametrize(
    "question",
    ["Which paper is the longest?", "What does the report say?", "A paper on X?", "What did the 2019 report say?",
     "How many votes did the 911 proposal get?", "What changed in fiscal release 2?",
     "How many staff does the company list in its 2022 report?", "What does the balance sheet say?",
     "What is in the data sheet?", "What score does the paper report for Zephyr 7B?",  # "its" with no name before it
     "Which language has the longest average document length?",  # a kind noun naming what a noun after it is of
     "What is in Table 2 of the report?", "What does Table 2 in the same paper show?",
     "What is on page 3 of 12?"],  # no owner: "of" a count
)  # fmt: skip
def test_no_description(question: str) -> None:  # also "in fiscal release": no "the", no owner
    assert descriptions(question) == []


@pytest.mark.parametrize(
    ("question", "described", "span"),
    [
        ("What does Table 3 in the paper on generating missing values with amputation show?",
         ("generating", "missing", "values", "amputation"), "the paper on generating missing values with amputation"),
        ("In Table 20 of the datasheet for the XR-7 infrared sensor, what is the delay?",
         ("xr-7", "infrared", "sensor"), "the datasheet for the XR-7 infrared sensor"),
        ("In Table 4.1 of the World Bank paper on coverage gaps, how much higher is A than B?",
         ("world", "bank", "coverage", "gaps"), "the World Bank paper on coverage gaps"),
        # A relative clause describes as a preposition does.
        ("What does Table 3 in the report that reconstructs a fern from photographs show?",
         ("reconstructs", "fern", "photographs"), "the report that reconstructs a fern from photographs"),
        # What a table is of describes its document, whatever noun closes it.
        ("What does Table 6 of the Keta lagoon wetland assessment show?",
         ("keta", "lagoon", "wetland", "assessment"), "the Keta lagoon wetland assessment"),
        ("In Table 4.1 of the comparison of nine load forecasters on office buildings, which has the lowest RMSE?",
         ("comparison", "nine", "load", "forecasters", "office", "buildings"),
         "the comparison of nine load forecasters on office buildings"),
        ("In Table 1 of the Levels of AGI paper, how many levels are not yet achieved?", ("levels", "agi"),
         "the Levels of AGI paper"),
        # A page is of its document as a table is; an owner named first opens the description as "the" does.
        ("What is on page 12 of the Oakfield county guidance on prescribing pen needles?",
         ("oakfield", "county", "guidance", "prescribing", "pen", "needles"),
         "the Oakfield county guidance on prescribing pen needles"),
        ("What does Table 4 of Acme's 2021 guideline on kettle descaling show?",
         ("acme", "2021", "guideline", "kettle", "descaling"), "Acme's 2021 guideline on kettle descaling"),
        # An aside in brackets belongs to the description when it closes within its words: the row the question
        # then names ("the X-style row") is not matched by the aside's "Y-style".
        # "of" opens what the study is of when a clause follows ("of DPR" after a paper names what is asked of it);
        # a clause opened by "how" keeps its own verb.
        ("What is the top-20 accuracy in the dense retrieval paper of DPR?", ("dense", "retrieval"),
         "the dense retrieval paper"),
        ("In Table 5 of the study of how microcredit, grants or loans affect profits, what is the estimate?",
         ("how", "microcredit"), "the study of how microcredit"),
        ("What is the R2 in Table 2 of the paper on how often shelters are filled to capacity, or in Table 3?",
         ("how", "often", "shelters", "are", "filled", "capacity"),
         "the paper on how often shelters are filled to capacity"),
        # "of" before a common noun says what the study is of; a participle the tagger takes for a compound's noun
        # ("the paper modelling how …") opens a description too.
        ("Which is larger: the estimate for Cherry Beach in Table 1 of the Bayesian study of waterfowl numbers at "
         "Toronto's public beaches, or 3?", ("bayesian", "waterfowl", "numbers", "at", "toronto", "public", "beaches"),
         "the Bayesian study of waterfowl numbers at Toronto's public beaches"),
        ("In Table 1 of the paper modelling how Canada's interest rate moves the exchange rate, what is the intercept?",
         ("how", "canada", "interest", "rate", "moves", "exchange", "rate"),
         "the paper modelling how Canada's interest rate moves the exchange rate"),
        ("In Table 2 of the paper comparing two agents (one X-style, one Y-style) on cartpole, what is the MAE in the "
         "X-style row?", ("two", "agents", "one", "x-style", "one", "y-style", "cartpole"),
         "the paper comparing two agents (one X-style, one Y-style) on cartpole"),
    ],
)  # fmt: skip
def test_a_description_said_after_its_kind_noun_runs_to_the_clauses_end(
    question: str, described: tuple[str, ...], span: str
) -> None:
    (found,) = descriptions(question)
    assert found.words == described and question[found.start : found.end] == span


def _index() -> CollectionIndex:
    return _collection([
        ("a", 1, "Dense Passage Retrieval for open-domain QA. We call it DPR.", [1.0, 0.0, 0.0]),
        ("a", 2, "Results on five datasets.", [0.0, 1.0, 0.0]),
        ("b", 1, "Sensor module datasheet: timing and interrupts.", [0.0, 0.0, 1.0]),
        ("c", 1, "Retrieval of passages for question answering, a survey.", [0.9, 0.1, 0.0]),
    ])  # fmt: skip


def _collection(rows: list[tuple[str, int, str, list[float]]]) -> CollectionIndex:
    matrix = np.array([v for *_, v in rows], dtype=np.float32)
    n = len(rows)
    return CollectionIndex(
        collection_id="c", version=1, ids=[f"n{i}" for i in range(n)], kinds=["passage"] * n,
        document_ids=[r[0] for r in rows], pages=[r[1] for r in rows], labels=[""] * n, texts=[r[2] for r in rows],
        matrix=matrix, graph=nx.DiGraph(),
    )  # fmt: skip


def test_the_profile_holding_the_rare_words_wins() -> None:
    names = {"a": ("2004.04906.pdf", None), "b": ("ds-01.pdf", "XR-7 module"), "c": ("survey.pdf", None)}
    profiles = build_profiles(_index(), names)
    assert "results" not in next(p for p in profiles.profiles if p.document_id == "a").words  # page 1 only
    near_a = np.array([1.0, 0.0, 0.0], dtype=np.float32)
    assert fitting_documents(profiles, ("dpr",), near_a, 0.5, 0.6, 0.15) == ["a"]
    assert fitting_documents(profiles, ("xr-7",), np.zeros(3, dtype=np.float32), 0.5, 0.6, 0.15) == ["b"]
    # "retrieval" is in two profiles and both are close in meaning: no clear winner, so none is assumed.
    assert len(fitting_documents(profiles, ("retrieval",), near_a, 0.5, 0.6, 0.15)) == 2
    assert fitting_documents(profiles, ("weather",), np.zeros(3, dtype=np.float32), 0.5, 0.6, 0.15) == []
    # … and the documents it fits alike are those two, best first: a named table is looked for in them only.
    alike = fitting_documents(profiles, ("retrieval",), near_a, 0.5, 0.6, 0.15)
    assert len(alike) == 2 and alike[0] == "a"
    assert fitting_documents(profiles, ("dpr",), near_a, 0.5, 0.6, 0.15) == ["a"]
    assert fitting_documents(profiles, ("weather",), np.zeros(3, dtype=np.float32), 0.5, 0.6, 0.15) == []


def test_a_document_named_by_its_own_name_wins_over_those_citing_it() -> None:
    index = _collection([
        ("a", 1, "A Better Packet Demodulator, 1200 baud. We compare decoders.", [1.0, 0.0, 0.0]),
        ("b", 1, "Results: see the 1200 baud demodulator article for the decoders compared.", [0.9, 0.1, 0.0]),
        ("c", 1, "Throughput of 9600 baud links.", [0.0, 0.0, 1.0]),
    ])  # fmt: skip
    names = {"a": ("packet-demodulator-1200-baud.pdf", None), "b": ("test-results.pdf", None), "c": ("c.pdf", None)}
    profiles = build_profiles(index, names)
    near = np.array([1.0, 0.0, 0.0], dtype=np.float32)
    described = ("1200", "baud", "demodulator")
    assert len(fitting_documents(profiles, described, near, 0.5, 0.6, 0.15)) == 2  # both openings say it
    assert fitting_documents(profiles, described, near, 0.5, 0.6, 0.15, name_weight=0.5) == ["a"]


def test_a_title_page_that_says_little_is_read_on_into_the_abstract() -> None:
    names = {"a": ("2004.04906.pdf", None), "b": ("ds-01.pdf", "XR-7 module"), "c": ("survey.pdf", None)}
    profiles = build_profiles(_index(), names, opening_chars=80)
    words = {p.document_id: p.words for p in profiles.profiles}
    # a's first page has 60 characters: its second is part of its opening; b's and c's single pages are all they have
    assert "results" in words["a"] and "dpr" in words["a"]
    assert "results" not in words["b"] | words["c"]
    short = {p.document_id: p.words for p in build_profiles(_index(), names, opening_chars=10).profiles}
    assert "results" not in short["a"]  # a first page long enough is the whole opening


def _profiles(*pages: str) -> Profiles:
    found = [Profile(f"d{k}", frozenset(words_of(text)), np.zeros(4, dtype=np.float32)) for k, text in enumerate(pages)]
    return Profiles(tuple(found), {})


COLLECTION = _profiles(
    "Quadcopter hover control with a suspended load. Course report, spring term.",
    "Water use of federal buildings: help for the balance tool.",
    "ZX81 light sensor. Product specification, revision 2.",
)


@pytest.mark.parametrize(
    ("question", "absent"),
    [
        ("What total does the catering invoice show?", "the catering invoice"),
        ("Who supervised the glacier retreat thesis?", "the glacier retreat thesis"),
        # A specification is a datasheet by another name; "report" is no distinct kind; the thesis is no such kind's.
        ("What supply voltage does the ZX81 sensor datasheet allow?", None),
        ("How heavy is the load in the quadcopter report?", None),
        # No manual, but one document holds every word of the description: loosely named, not absent.
        ("What does the water balance tool manual say about cooling towers?", None),
    ],
)
def test_a_described_document_of_a_kind_no_document_is_is_absent(question: str, absent: str | None) -> None:
    assert absent_kind(COLLECTION, question) == absent


def test_a_kind_one_document_names_on_its_first_page_is_not_absent() -> None:
    collection = _profiles("Glacier retreat in the Alps. A thesis submitted for the degree of Master of Science.")
    assert absent_kind(collection, "Who supervised the glacier retreat thesis?") is None


def _studies() -> CollectionIndex:
    return _collection([
        ("a", 1, "This study replicates earlier research on financial support for small firms.", [1.0, 0.0, 0.0]),
        ("a", 2, "Microcredit, cash grants and in-kind grants by gender.", [1.0, 0.0, 0.0]),
        ("b", 1, "Predicting team wins from batting statistics.", [0.0, 1.0, 0.0]),
        ("b", 2, "A regression of wins on fielding.", [0.0, 1.0, 0.0]),
        ("c", 1, "Occupancy of shelters in a city, modelled by logistic regression.", [0.0, 0.0, 1.0]),
    ])  # fmt: skip


def test_a_description_is_matched_by_stems_and_by_words_past_the_opening() -> None:
    names = {d: (f"{d}.pdf", None) for d in "abc"}
    profiles = build_profiles(_studies(), names, opening_chars=10)
    neutral = np.zeros(3, dtype=np.float32)
    described = ("replication", "microcredit")  # "replicates" on page 1, "microcredit" only on page 2
    assert fitting_documents(profiles, described, neutral, 0.5, 0.6, 0.15, body_weight=0.5) == ["a"]
    # Words past the opening are not the document's own account of itself unless weighed in.
    assert len(fitting_documents(profiles, described, neutral, 0.5, 0.6, 0.15, body_weight=0.0)) != 1


def test_a_name_whose_words_no_one_document_holds_together_is_no_name_the_collection_gives() -> None:
    names = {d: (f"{d}.pdf", None) for d in "abc"}
    profiles = build_profiles(_studies(), names, opening_chars=10)
    # "wins" and "shelters" are said, by two documents apart: no document gives "Shelters Wins" as a name.
    assert names_held_apart(profiles, ["Shelters Wins", "Cash Grants", "Logistic"]) == ["Shelters Wins"]
    # One hyphened word is one word of a name, whatever a line break left of it in the text ("Shel-ters").
    assert names_held_apart(profiles, ["Shelters-Wins", "C-TAM"]) == []


def test_a_person_is_held_by_the_surname() -> None:
    index = _collection([
        ("a", 1, "Consumer price index, May 2023.", [1.0, 0.0, 0.0]),
        ("b", 1, "President: CLINTON 2498, TRUMP 6718.", [0.0, 1.0, 0.0]),
    ])  # fmt: skip
    profiles = build_profiles(index, {d: (f"{d}.pdf", None) for d in "ab"}, opening_chars=100)
    # Results print a candidate's surname: "Donald Trump" is held when the question names a person by it.
    assert names_held_apart(profiles, ["Donald Trump"]) == ["Donald Trump"]
    assert names_held_apart(profiles, ["Donald Trump"], persons=lambda: ("Donald Trump",)) == []


@pytest.mark.parametrize(
    ("question", "phrase", "words", "identifier"),
    [
        ("In Table 2 of WHO's COVID-19 situation report 36, how many cases had Italy?",
         "WHO's COVID-19 situation report 36", ("who", "covid-19", "situation", "36"), ("covid-19", "36")),
        ("What does Table 2 of the Ling technical report 'Every FLOP Counts' show?",
         "the Ling technical report 'Every FLOP Counts'", ("ling", "technical", "flop", "counts"), ("flop", "counts")),
        ("What does the paper “Ling-Lite's Scaling Laws” propose?", "the paper “Ling-Lite's Scaling Laws”",
         ("ling-lite", "scaling", "laws"), ("ling-lite", "scaling", "laws")),
        ("What does the Acme sustainability report No. 7 say about water?", "the Acme sustainability report No. 7",
         ("acme", "sustainability", "7"), ("7",)),
        ("What does the Acme sustainability report say about water?", "the Acme sustainability report",
         ("acme", "sustainability"), ()),
        ("What net income did CIBC's Q1 2023 news release report?", "CIBC's Q1 2023 news release",
         ("cibc", "q1", "2023", "news"), ("q1", "2023")),
    ],
)  # fmt: skip
def test_a_number_or_quoted_title_after_the_kind_noun_says_which_document(
    question: str, phrase: str, words: tuple[str, ...], identifier: tuple[str, ...]
) -> None:
    (described,) = descriptions(question)
    assert question[described.start : described.end] == phrase
    assert (described.words, described.identifier) == (words, identifier)


def test_the_document_whose_own_name_holds_the_identifier_is_the_one_meant() -> None:
    # Both openings say "24" (a date); only one file name does: the number tells the issues of a series apart.
    profiles = Profiles(
        tuple(
            Profile(f"r{n}", frozenset({"situation", "report", "24", "36"}), np.zeros(4, dtype=np.float32),
                    named=frozenset({"sitrep", str(n)}))
            for n in (24, 36)
        ),
        {},
    )  # fmt: skip
    assert identified(profiles, ("36",)) == {"r36"}
    assert identified(profiles, ("24",)) == {"r24"}
    assert identified(profiles, ("report",)) == {"r24", "r36"}  # no name holds it: the openings decide
    assert identified(profiles, ("99",)) == set()
    assert identified(profiles, ()) == set()


def test_the_period_a_report_covers_is_read_past_a_page_of_notices() -> None:
    index = _collection([
        ("a", 1, "Canadian Fund 2022 Annual Report", [1.0, 0.0, 0.0]),
        ("a", 2, "This report may contain forward-looking statements. " * 40, [1.0, 0.0, 0.0]),
        ("a", 3, "Annual Management Report of Fund Performance for the year ended November 30, 2022.", [1.0, 0.0, 0.0]),
    ])  # fmt: skip
    names = {"a": ("fund.pdf", None)}
    found = build_profiles(index, names, opening_chars=100, period_pages=3).profiles[0].period
    assert found is not None and (found.year, found.month, found.annual) == (2022, 11, True)
    assert build_profiles(index, names, opening_chars=100, period_pages=1).profiles[0].period is None
