"""Keywords, title mentions and entity spans: the text side of the graph."""

from __future__ import annotations

from app.graph.entities import extract_entities
from app.graph.keywords import extract_keywords, title_keyword
from app.graph.mentions import TitleMatcher, mention_edges, strip_qualifiers, title_pattern


def test_keywords_put_the_title_first_and_prefer_rare_terms() -> None:
    texts = ["The zircon was found near the river.", "The river flooded the town.", "A town by the river."]
    keywords = extract_keywords(texts, ["Zircon (mineral)", None, "Town"], top_n=2)
    assert keywords[0][0] == "zircon" and "river" not in keywords[0][:2]
    assert keywords[1] and keywords[1][0] != "the"
    assert keywords[2][0] == "town"
    assert title_keyword("Hope (1997 film)") == "hope"
    assert extract_keywords([], [], 3) == []
    # background only changes IDF: a word frequent there stops being a keyword
    with_background = extract_keywords(["alpha beta"], [None], 1, background=["alpha gamma"] * 5)
    assert with_background == [["beta"]]


def test_title_patterns() -> None:
    assert strip_qualifiers("Hope (1997 film)") == "Hope"
    assert title_pattern("Lothair II (king)", 4) == ("lothair", "ii")
    assert title_pattern("Cinderella", 4) == ("Cinderella",)
    assert title_pattern("Other", 4) is None  # one common word
    assert title_pattern("Abc", 4) is None  # too short
    assert title_pattern(None, 4) is None


def test_title_matcher_is_case_insensitive_with_word_boundaries() -> None:
    matcher = TitleMatcher({"d1": "Lothair II", "d2": "Cinderella", "d3": "Lothair"}, 4)
    assert matcher.find("The son of Lothair II.") == {"d1": 2, "d3": 1}
    assert matcher.find("The son of LOTHAIR II.") == {"d1": 2}  # one-word titles match only as written
    assert matcher.find("lothair iib and cinderella") == {}
    assert matcher.find("Cinderella, again") == {"d2": 1}
    edges = mention_edges([("p1", "d9", "Lothair II met Cinderella")], matcher, {"d1": ["x1", "x2"], "d2": ["y"]}, 1)
    assert edges == [("p1", "x1", 1.0), ("p1", "x2", 1.0)]  # the longest title wins the one allowed document
    assert mention_edges([("p1", "d1", "Lothair II")], matcher, {"d1": ["x1"], "d3": ["z"]}, 5) == [("p1", "z", 1.0)]


def test_a_kept_title_matcher_finds_what_a_fresh_one_finds() -> None:
    titles = {"d1": "Lothair II", "d2": "Cinderella", "d3": "Lothair", "d4": "Lothair II (king)", "d5": "the"}
    text = "Lothair II met Cinderella; lothair ii and Lothair again."
    kept = TitleMatcher({d: titles[d] for d in ("d1", "d2")}, 4)
    for document_id in ("d3", "d4", "d5"):
        kept.add(document_id, titles[document_id])
    assert kept.find(text) == TitleMatcher(titles, 4).find(text) == {"d1": 2, "d2": 1, "d3": 1, "d4": 2}
    for document_id in ("d1", "d2", "d5"):
        kept.remove(document_id)
    left = {d: titles[d] for d in ("d3", "d4")}
    assert kept.find(text) == TitleMatcher(left, 4).find(text) == {"d3": 1, "d4": 2}
    kept.remove("d3")
    kept.remove("d4")
    assert not kept


def test_entities_are_capitalised_spans_that_stop_at_punctuation() -> None:
    text = (
        "The American Psychological Association publishes it. In 1950, he met Bertha, daughter of Lothair II of "
        "Lotharingia, in New York City. Mary saw Paris."
    )
    assert extract_entities(text) == [
        "american psychological association",
        "lothair ii of lotharingia",
        "new york city",
    ]
    assert extract_entities("Bank of America and Merrill Lynch") == ["bank of america", "merrill lynch"]
