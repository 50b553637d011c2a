"""The one sentence splitter (app.text.sentences) and the three places that use it."""

from __future__ import annotations

from app.eval.datasets import Paragraph, passage_texts, sentences_of
from app.ingest.passages import Line, Word, split_passages
from app.qa.extractive_reader.pieces import sentence_pieces as reader_sentences
from app.text.sentences import ends_sentence, split_sentences


def test_abbreviations_initials_and_decimals_do_not_end_a_sentence() -> None:
    text = "Dr. Smith met J. Doe of the U.S. Army on Fig. 3 at 3.5 km. Martin Luther King Jr. Day came. It rained!"
    assert split_sentences(text) == [
        "Dr. Smith met J. Doe of the U.S. Army on Fig. 3 at 3.5 km.",
        "Martin Luther King Jr. Day came.",
        "It rained!",
    ]


def test_an_abbreviation_after_an_opening_bracket_does_not_end_a_sentence() -> None:
    assert split_sentences("Shops have closed in most states (e.g. Tordjman, 1995). Prices rose.") == [
        "Shops have closed in most states (e.g. Tordjman, 1995).",
        "Prices rose.",
    ]


def test_a_period_before_a_lower_case_word_is_no_end_but_closing_quotes_stay_with_their_sentence() -> None:
    assert split_sentences('He said "stop." Then approx. ten left. e.g. here') == [
        'He said "stop."',
        "Then approx. ten left. e.g. here",
    ]
    assert ends_sentence("left.", None) and not ends_sentence("left", "Then")


def test_nothing_is_dropped_and_white_space_is_folded() -> None:
    text = "  One  sentence here.\nAnother\tone follows?  (Yes) a third "
    assert " ".join(split_sentences(text)).split() == text.split()
    assert split_sentences("") == [] and split_sentences("   ") == []


def _line(text: str, top: float) -> Line:
    return Line([Word(w, (10.0 * i, top, 10.0 * i + 8, top + 10)) for i, w in enumerate(text.split())])


def test_ingestion_reader_and_evaluation_cut_at_the_same_sentence_ends() -> None:
    text = "The U.S. Army was founded in 1775 by the Congress. It fought in many wars over two centuries."
    expected = ["The U.S. Army was founded in 1775 by the Congress.", "It fought in many wars over two centuries."]
    assert split_sentences(text) == expected
    assert reader_sentences(text) == expected
    assert sentences_of(Paragraph(0, "t", text, None)) == expected
    # Passages of 8..10 words: the passage boundary falls where the splitter puts the sentence end.
    lines = [_line(text, 0.0)]
    assert [p.text for p in split_passages(lines, min_words=8, max_words=10)] == expected


def test_a_long_evaluation_paragraph_is_chunked_at_sentence_ends() -> None:
    sentence = "Mr. Brown wrote " + " ".join(["words"] * 45) + " here."
    paragraph = Paragraph(0, "t", " ".join([sentence] * 5), None)
    chunks = passage_texts(paragraph)
    assert len(chunks) > 1 and all(c.startswith("Mr. Brown") and c.endswith("here.") for c in chunks)
