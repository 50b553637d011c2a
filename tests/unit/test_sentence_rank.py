"""The learned ranking of the reader's sentences (app.qa.sentence_rank): its features on real report text, and the
answer-bearing sentence shown by `read` with the bundled sentence embedder."""

from __future__ import annotations

import numpy as np
import pytest

from app.llm.embeddings import get_embedder
from app.qa import sentence_rank
from app.qa.extractive_reader.items import Candidate, ContextItem
from app.qa.extractive_reader.scoring import candidates, score_candidates
from app.qa.reader.reading import read

# eu-013.pdf (vocational education in Finland), two passages as the retriever returns them.
ACTS = ContextItem(
    marker=1,
    node_id="p1",
    kind="passage",
    text=(
        "Act 630/1998 on Vocational Education and Act 631/1998 on Adult Vocational Education (see Annex 3) require "
        "education providers to evaluate their educational provision and its effectiveness and to participate in "
        "external evaluations of their operations. Responsibility for external evaluations rests with the national "
        "Evaluation Council for Education and Training."
    ),
)
BODIES = ContextItem(
    marker=2,
    node_id="p2",
    kind="passage",
    text=(
        "The Finnish National Board of Education has drawn up two continuing training programmes for vocational "
        "teachers. Both are worth 23 ECTS credits. Vocational teacher education colleges offer 60 ECTS credits, "
        "qualifying for work as special needs teachers at vocational institutions."
    ),
)


@pytest.fixture(scope="module")
def encode():
    embedder = get_embedder("cpu")
    return embedder.encode


def _row(x: np.ndarray, i: int, name: str) -> float:
    return float(x[i, sentence_rank.FEATURES.index(name)])


def test_refers_back_flags_a_sentence_that_borrows_its_subject() -> None:
    assert sentence_rank.refers_back("Both are worth 23 ECTS credits.")
    assert sentence_rank.refers_back("In 2005 they were made a permanent part of the degree system.")
    assert not sentence_rank.refers_back("Vocational teacher education colleges offer 60 ECTS credits.")
    # "the" is not a reference back, and a pronoun deep inside a sentence does not count.
    assert not sentence_rank.refers_back(
        "The Finnish National Board of Education has drawn up two continuing training programmes for them."
    )


def test_features_read_each_sentence_against_its_neighbours(encode) -> None:
    q = "How many credits are the continuing training programmes for vocational teachers worth?"
    everything = candidates([ACTS, BODIES])
    shortlist = score_candidates(q, list(everything), encode, 2)
    x = sentence_rank.features(q, shortlist, everything, 2, "rules", encode)
    assert x.shape == (len(shortlist), len(sentence_rank.FEATURES))
    texts = [c.text for c in shortlist]
    both = texts.index("Both are worth 23 ECTS credits.")
    first = next(i for i, t in enumerate(texts) if t.startswith("The Finnish National Board"))
    # The gaps are to the best of the question's shortlist: 0 for the best, below 0 for the others.
    assert max(x[:, sentence_rank.FEATURES.index("sim_gap")]) == 0.0
    assert min(x[:, sentence_rank.FEATURES.index("sim_gap")]) < 0.0
    assert _row(x, both, "refers_back") == 1.0 and _row(x, first, "refers_back") == 0.0
    assert _row(x, first, "first_in_item") == 1.0 and _row(x, both, "first_in_item") == 0.0
    # "Both ..." is read with the sentence before it, which holds most of the question's words.
    assert _row(x, both, "prev_overlap") > 0.5
    assert _row(x, both, "typed_span") == 1.0  # "23" answers "how many"
    council = texts.index("Responsibility for external evaluations rests with the national Evaluation Council for "
                          "Education and Training.")  # fmt: skip
    assert _row(x, council, "order") > _row(x, first, "order")  # the first passage of the evidence ranks higher
    p = sentence_rank.probabilities(x)
    assert ((p > 0) & (p < 1)).all()


def test_the_answer_bearing_sentence_is_shown(encode) -> None:
    """The hand-set reader answered this with the first sentence of ACTS alone (which names external evaluations
    but not who does them); the learned ranking shows the sentence that names the Council."""
    q = "Which body carries out external evaluations of vocational education providers?"
    reading = read(q, [ACTS, BODIES], encode, tagger="rules")
    assert "Evaluation Council for Education and Training" in reading.text
    assert "[1]" in reading.text


def test_without_an_encoder_the_hand_set_scores_decide() -> None:
    q = "Which body carries out external evaluations of vocational education providers?"
    reading = read(q, [ACTS, BODIES], None, tagger="rules")
    assert reading.text  # cheap signals only: still a cited answer
    assert "[1]" in reading.text or "[2]" in reading.text


def test_learned_rank_puts_the_most_probable_sentence_first(encode) -> None:
    from app.qa.reader.ranking import learned_rank

    q = "Which body carries out external evaluations of vocational education providers?"
    everything = candidates([ACTS, BODIES])
    shortlist = score_candidates(q, list(everything), encode, 2)
    ranked = learned_rank(q, shortlist, everything, 2, "rules", encode)
    scores = [c.score for c in ranked]
    assert scores == sorted(scores, reverse=True)
    assert all(0.0 < s < 1.0 for s in scores)
    top_two = " ".join(c.text for c in ranked[:2])
    assert "Evaluation Council" in top_two
    assert isinstance(ranked[0], Candidate)


def test_bold_never_splits_a_token() -> None:
    from app.qa.reader.shown import bold

    # eu-010.pdf: the tagger's span "C • sea" starts inside "45°C"; bold widens it to the whole token.
    text = "ambient air temperature = 45°C • sea water temperature = 32°C."
    start = text.index("C • sea")
    shown = bold(text, start, start + len("C • sea"))
    assert "**45°C • sea**" in shown and "45°**" not in shown
    cost = "the average total cost per operator to be $7,650 (90 work-hours)."
    start = cost.index("7,650")
    assert "**$7,650**" in bold(cost, start, start + len("7,650"))
    # Punctuation that ends a clause stays outside; a span on whole tokens is unchanged.
    year = "In 2002, Finland launched a trial project."
    assert bold(year, 3, 7) == "In **2002**, Finland launched a trial project."
    assert bold("born in Paris.", 8, 13) == "born in **Paris**."


def test_phrase_share_counts_the_questions_own_word_pairs() -> None:
    q = "What other name is used for the works trials of a diesel engine?"
    pairs = sentence_rank._pairs(sentence_rank._content_tokens(q))
    heading = "4.3.3 Works trials (Factory Acceptance Test) a) Objectives"
    scattered = "Trials of engines are carried out at the works of the manufacturer."
    assert sentence_rank.phrase_share(pairs, heading) > 0.0
    # The same words, not side by side: no phrase of the question.
    assert sentence_rank.phrase_share(pairs, scattered) == 0.0
    assert sentence_rank.phrase_share(set(), heading) == 0.0


def test_unit_match_wants_the_asked_unit_after_a_number() -> None:
    q = "Within how many seconds must an emergency generator take on its whole load?"
    assert sentence_rank.unit_match(q, "- the total load is supplied within 45 seconds since power failure") == 1.0
    assert sentence_rank.unit_match(q, "a transient speed variation in excess of 10% of the rated speed") == 0.0
    assert sentence_rank.unit_match("How many work-hours does the change take?", "It takes 40 work-hours.") == 1.0
    # No unit asked: nothing to match.
    assert sentence_rank.unit_match("What is the rated speed?", "1400 rpm and above") == 0.0


def test_rare_question_words_outweigh_the_words_every_row_repeats(encode) -> None:
    """A table whose header repeats the question's words in every row, and the note that answers: the note holds
    the question's rare words, so its rarity-weighted overlap is the highest though its plain overlap is not."""
    table = ContextItem(
        marker=1,
        node_id="t1",
        kind="table",
        text=(
            "| School year | Current expenditures / Constant 2010–11 dollars |\n|---|---|\n"
            "| 1996–97 | 375.9 |\n| 1997–98 | 390.2 |\n| 1998–99 | 407.0 |\n| 1999–2000 | 423.0 |"
        ),
    )
    note = ContextItem(
        marker=2,
        node_id="p2",
        kind="passage",
        text="1 Based on the Consumer Price Index (CPI) for all urban consumers, Bureau of Labor Statistics.",
    )
    q = "Which price index is used to convert school spending into constant dollars?"
    everything = candidates([table, note])
    shortlist = score_candidates(q, list(everything), encode, 2)
    x = sentence_rank.features(q, shortlist, everything, 2, "rules", encode)
    texts = [c.text for c in shortlist]
    at_note = next(i for i, t in enumerate(texts) if "Consumer Price Index" in t)
    rare = x[:, sentence_rank.FEATURES.index("rare_overlap")]
    assert rare[at_note] == rare.max()
    assert _row(x, at_note, "rare_gap") == 0.0
    assert sentence_rank.probabilities(x)[at_note] == sentence_rank.probabilities(x).max()


def test_heading_like_tells_titles_and_captions_from_sentences() -> None:
    from app.qa.reader.headings import heading_like

    assert heading_like("SECTION 2 DIESEL ENGINES")
    assert heading_like("Table 6.11: EU’s top 20 grocery wholesalers")
    assert heading_like("WARN Report* Summary by Received Date 07/01/2015 - 03/25/2016 Fiscal Year")
    assert not heading_like("AIKON takes a digital photograph and sketches them with a pen-plotter.")
    assert not heading_like("Both are worth 23 ECTS credits.")


def test_a_heading_never_leads_a_sentence(encode) -> None:
    """eu-004.pdf: the caption shares the question's words ("grocery wholesalers"); the sentence after it names the
    company. Both may be shown, the sentence first."""
    caption = ContextItem(marker=1, node_id="p1", kind="passage", text="Table 6.11: EU’s top 20 grocery wholesalers")
    note = ContextItem(
        marker=2,
        node_id="p2",
        kind="passage",
        text=(
            "Note, for example, the leading role of the wholesaling activity of the French cigarette manufacturer "
            "(SEITA), the leading position of Nestle (a manufacturer) among grocery wholesalers."
        ),
    )
    reading = read("Which cigarette company shows up among Europe's biggest grocery wholesalers?", [caption, note],
                   encode, tagger="rules")  # fmt: skip
    shown = reading.text.replace("**", "")
    assert shown.startswith("Note, for example")
    assert "Table 6.11" not in shown or shown.index("Table 6.11") > shown.index("SEITA")


def test_a_heading_is_never_shown_alone() -> None:
    """health.pdf: the page's title shares most of the question's words; a row of the table is shown with it."""
    from app.qa.reader.headings import not_headings_alone

    title = ContextItem(
        marker=1,
        node_id="p1",
        kind="passage",
        text="Health Sector Financing by Centre and States/UTs in India [2009-10 to 2012-13](Revised) Page |23",
    )
    table = ContextItem(
        marker=2,
        node_id="t1",
        kind="table",
        text=(
            "| States-A | Revenue / Medical & Public Health | Capital / Medical & Public Health |\n|---|---|---|\n"
            "| Andhra Pradesh | 47,824,589 | 1,275,000 |\n| Jammu & Kashmir | 14,411,984 | 3,188,550 |"
        ),
    )
    heading, *rows = candidates([title, table])
    assert not_headings_alone([heading], [heading, *rows]) == [heading, rows[0]]
    # A sentence shown: nothing added; a table row is never a heading, whatever its words.
    assert not_headings_alone([rows[1], heading], [rows[1], heading, rows[0]]) == [rows[1], heading]
    assert not_headings_alone([rows[0]], [rows[0], rows[1]]) == [rows[0]]
