"""Generic acronyms meet their spelled-out words (app.text.acronyms) in the reader's overlap and keyword retrieval."""

from app.qa.extractive_reader.words import stemmed
from app.text.acronyms import expanded


def test_an_acronym_and_its_words_meet_both_ways() -> None:
    question = stemmed("Who is quoted as chief executive in the release?")
    assert stemmed("Comments from Chairman and CEO Rodney McMullen") & question >= stemmed("chief executive")
    assert stemmed("EPS") <= stemmed("What were the diluted earnings per share?")
    assert "ceo" in expanded("Name the chief executive officers").split()


def test_text_without_an_acronym_is_left_as_it_is() -> None:
    text = "The Chief of Staff executed the order."
    assert expanded(text) == text
    # An acronym inside a longer token is no acronym ("ceos" of a word, "EPSON").
    assert expanded("EPSON printers") == "EPSON printers"
