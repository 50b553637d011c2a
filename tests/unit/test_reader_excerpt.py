"""The built-in reader's sentence choice and display: excerpts around the answer, the span fit of amounts, and a
close runner-up from the same passage."""

from __future__ import annotations

import numpy as np

from app.qa.excerpt import ELLIPSIS, MAX_EXCERPT_CHARS, densest, excerpt
from app.qa.extractive_reader.items import Candidate, ContextItem
from app.qa.extractive_reader.scoring import choose, rarity, spread
from app.qa.extractive_reader.words import words
from app.qa.reader.ranking import _after_predecessors, completion, continuations
from app.qa.reader.shown import _line, lead_span, near_question
from app.qa.short_answer import ShortAnswer
from app.qa.span_fit import question_focus, span_fits, span_window
from app.qa.spans import Span, in_identifier, rule_spans
from app.settings import get_settings

MAX_SENTENCE_CHARS = get_settings().answer.content.max_sentence_chars

LONG = (
    "The FAA has determined that revising the operator's existing MEL takes an average of 90 work-hours per "
    "operator, although the agency recognizes that this number may vary from operator to operator, and since "
    "operators incorporate MEL changes for their affected fleets, a per-operator estimate is more accurate, so the "
    "FAA estimates the average total cost per operator to be $7,650 (90 work-hours at $85 per work-hour)."
)


def test_short_text_is_kept_whole() -> None:
    assert excerpt("Back pain was the most common ailment.", 0, 4, limit=100) == (
        "Back pain was the most common ailment.",
        0,
    )


def test_excerpt_keeps_the_span_and_marks_the_cuts() -> None:
    start = LONG.index("$7,650")
    text, shift = excerpt(LONG, start, start + len("$7,650"), limit=120)
    assert "$7,650" in text
    assert text[start - shift : start - shift + len("$7,650")] == "$7,650"
    assert text.startswith(ELLIPSIS)
    assert len(text) <= 120 + 2 * len(ELLIPSIS) + 20  # whole words: a cut may move to the next space


def test_excerpt_cuts_at_word_boundaries() -> None:
    start = LONG.index("average of 90")
    text, _ = excerpt(LONG, start, start + 13, limit=80)
    body = text.strip(ELLIPSIS)
    assert body.split()[0] in LONG.split()
    assert body.split()[-1] in LONG.split()


def test_densest_finds_the_stretch_with_the_question_words() -> None:
    start, end = densest(LONG, {"total", "cost", "operator"}, limit=100)
    assert "total cost per operator" in LONG[start:end]


def test_densest_prefers_more_distinct_words_and_leaves_room_after_the_last_one() -> None:
    sentence = (
        "Almost all respondents sought treatment for broken bones, sexually transmitted diseases, endometriosis and "
        "diabetes, but fewer respondents followed treatment for anxiety disorder, chronic fatigue syndrome, back "
        "pain and depression, and none for severe substance abuse (Table 3.1) Further analysis shows a higher "
        "proportion of male students with depression."
    )
    start, end = densest(sentence, {"problem", "none", "students", "get", "treatment"})
    shown, _ = excerpt(sentence, start, end)
    assert "none for severe substance abuse" in shown


def test_densest_counts_a_phrase_of_question_words() -> None:
    text = "the water of the sea and its temperature vary " + "x " * 40 + "the sea water temperature is 32 degrees"
    start, end = densest(text, {"sea", "water", "temperature"}, limit=60)
    assert "sea water temperature" in text[start:end]


def test_question_focus_drops_the_scope() -> None:
    assert question_focus("How many people were killed in the Lion Air Flight 610 accident?") == (
        "How many people were killed"
    )
    assert question_focus("How many airplanes of U.S. registry does the AD affect?") == "How many airplanes"
    assert question_focus("Who won?") == "Who won"
    # A leading scope is no part of the focus; the "of" after a quantity word does not end it.
    assert question_focus("In eu-021.pdf, what percentage of students suffered from anxiety?") == (
        "what percentage of students suffered"
    )


def test_span_window_keeps_a_few_words_around_the_span() -> None:
    sentence = "Hatta International Airport in Jakarta, Indonesia, resulting in 189 fatalities."
    start = sentence.index("189")
    window = span_window(sentence, Span("189", "number", start, start + 3, True), words=2)
    assert window == "resulting in 189 fatalities."


def _bag_encoder(texts: list[str]) -> np.ndarray:
    """A deterministic bag-of-words embedding (unit vectors over a small vocabulary) standing in for MiniLM."""
    vocab = ["killed", "fatalities", "people", "sensor", "airplane", "flight"]
    synonyms = {"fatalities": "killed", "people": "killed"}
    out = np.zeros((len(texts), len(vocab)), dtype=np.float32)
    for i, t in enumerate(texts):
        for w in t.lower().replace(".", " ").split():
            w = synonyms.get(w, w)
            if w in vocab:
                out[i, vocab.index(w)] += 1.0
        norm = np.linalg.norm(out[i])
        out[i] = out[i] / norm if norm else out[i]
    return out


def test_span_fits_prefers_the_amount_that_counts_what_is_asked() -> None:
    q = "How many people were killed in the accident?"
    a = "The airplane experienced the same sensor failure on flight 043."
    b = "Indonesia, resulting in 189 fatalities."
    spans = [[Span("043", "number", a.index("043"), a.index("043") + 3, True)],
             [Span("189", "number", b.index("189"), b.index("189") + 3, True)]]  # fmt: skip
    fits = span_fits(q, [a, b], spans, _bag_encoder)
    assert fits[1] > fits[0]
    assert span_fits(q, [a], [[]], _bag_encoder) == [0.0]


def _cand(marker: int, score: float, text: str = "x") -> Candidate:
    item = ContextItem(marker=marker, node_id=f"n{marker}", kind="passage", text=text)
    return Candidate(item=item, position=marker, text=text, score=score)


def test_choose_takes_a_close_runner_up_from_the_same_passage() -> None:
    best, same_close, other = _cand(1, 0.91), _cand(1, 0.88), _cand(2, 0.80)
    assert choose([best, same_close, other]) == [best, same_close, other]


def test_choose_skips_a_weaker_runner_up_from_the_same_passage() -> None:
    best, same_weak, other = _cand(1, 1.0), _cand(1, 0.9), _cand(2, 0.88)
    assert choose([best, same_weak, other]) == [best, other]


def test_the_bold_span_stands_in_the_leading_sentence() -> None:
    q = "By what date must the FAA receive comments on this proposed directive?"
    lead = _cand(1, 0.9, "The FAA must receive comments on this proposed directive by September 21, 2020.")
    other = _cand(2, 0.8, "On November 7, 2018, the FAA issued an emergency directive.")
    other_span = Span("November 7, 2018", "date", 3, 19, True)
    elsewhere = ShortAnswer("November 7, 2018", "date", other, other_span, confidence=0.5)
    mark = lead_span(q, lead, elsewhere, "rules")
    assert mark is not None and lead.text[mark.start : mark.end] == "September 21, 2020"
    here = ShortAnswer("September 21, 2020", "date", lead, mark, confidence=0.5)
    assert lead_span(q, lead, here, "rules") is mark
    assert lead_span(q, lead, None, "rules") is None
    assert lead_span(q, _cand(1, 0.9, "Comments are welcome."), elsewhere, "rules") is None


def test_dash_joined_identifiers_are_not_dates() -> None:
    s = "The FAA proposes to supersede AD 2018–23–51 and Bulletin 737–31–1860, dated 2020-06-12."
    at = s.index("2018")
    assert in_identifier(s, at, at + 4)
    assert not in_identifier(s, s.index("2020-06-12"), s.index("2020-06-12") + 10)
    found = [span.text for span in rule_spans("date", "When was the bulletin dated?", s)]
    assert "2018" not in found and "1860" not in found


def test_a_sentence_continuing_a_better_one_with_the_asked_value_is_raised_and_shown_after_it() -> None:
    item = ContextItem(1, "p1", "passage", "")
    other = ContextItem(2, "p2", "passage", "")
    lead = Candidate(item, 0, "The Board has drawn up two continuing training programmes for teachers.", score=0.9)
    follow = Candidate(item, 0, "Both are worth 23 ECTS credits.", score=0.3)
    unrelated = Candidate(item, 0, "Both are popular.", score=0.2)
    elsewhere = Candidate(other, 1, "Colleges offer 60 ECTS credits.", score=0.7)
    everything = [lead, follow, unrelated, elsewhere]
    follows = continuations("How many credits are the programmes worth?", everything, everything, "rules")
    assert follows == {id(follow): lead}
    assert follow.score == 0.9 * 0.75
    assert unrelated.score == 0.2  # continues the passage, but holds no amount
    assert _after_predecessors([lead, elsewhere, follow], follows) == [lead, follow, elsewhere]


def test_the_next_sentence_holding_a_question_word_no_shown_sentence_holds_is_shown_after_its_predecessor() -> None:
    item = ContextItem(1, "p1", "passage", "")
    other = ContextItem(2, "p2", "passage", "")
    lead = Candidate(item, 0, "VET providers recruit their teaching staff and decide how many posts are needed.")
    after = Candidate(item, 0, "As a rule, posts should be filled permanently wherever possible.")
    elsewhere = Candidate(other, 1, "Teachers in Finland enjoy high status.")
    everything = [lead, after, elsewhere]
    question = "How should Finnish VET providers normally fill teaching posts?"
    assert completion(question, [lead, elsewhere], everything, [item, other], {}) == (0, after)
    # Nothing the next sentence holds is missing from what is shown: it adds nothing.
    assert completion("Do VET providers recruit teaching staff?", [lead], everything, [item, other], {}) is None
    # Already shown: not shown twice.
    assert completion(question, [lead, after], everything, [item, other], {}) is None


def test_a_sentence_ending_its_passage_is_read_on_into_the_passage_that_follows_it() -> None:
    text = "Diesel engines on ships without automation notations are to be fitted with monitoring equipment."
    item = ContextItem(1, "p1", "passage", text)
    window = ContextItem(2, "p2", "passage", "The alarms are to be visual and audible. Indicators are fitted nearby.",
                         continues="p1")  # fmt: skip
    lead = Candidate(item, 0, text)
    everything = [lead]  # a window is never ranked, so it has no candidates of its own
    question = "How must alarms on diesel engines without automation notations present themselves?"
    found = completion(question, [lead], everything, [item, window], {"p1": "p2"})
    assert found is not None and found[0] == 0
    assert found[1].item is window and found[1].text == "The alarms are to be visual and audible."
    # Without the link to the following passage there is nothing to read on into.
    assert completion(question, [lead], everything, [item, window], {}) is None


def test_a_date_asked_for_and_shown_nowhere_is_read_on_into_the_line_that_states_it() -> None:
    item = ContextItem(1, "p1", "passage", "BUILD: CF 3.0.0")
    window = ContextItem(2, "p2", "passage", "RELEASE DATE: 9/28/2021", continues="p1")
    lead = Candidate(item, 0, "BUILD: CF 3.0.0")
    other = Candidate(ContextItem(3, "p3", "passage", ""), 1, "CF 3.0.0 is a light-weight flight-only app.")
    question = "When was CF 3.0.0 released?"
    found = completion(question, [other, lead], [other, lead], [other.item, item, window], {"p1": "p2"})
    assert found is not None and found[0] == 1 and found[1].text == "RELEASE DATE: 9/28/2021"
    # A date already shown: a line set like a heading that shares no missing word adds nothing.
    dated = Candidate(other.item, 1, "CF 3.0.0 was released on 9/28/2021.")
    assert completion(question, [dated, lead], [dated, lead], [dated.item, item, window], {"p1": "p2"}) is None


def test_the_shortlist_takes_few_rows_of_one_table_while_other_items_wait() -> None:
    rows = [_cand(1, 0.9 - i / 100) for i in range(10)]  # one table's rows, all scored above the passages
    passages = [_cand(2, 0.5), _cand(3, 0.4)]
    picked = spread([*rows, *passages], 6, per_item=4)
    assert picked == [*rows[:4], *passages]
    # With nothing else left, the table fills the remaining places in its own order.
    assert spread([*rows, *passages], 8, per_item=4) == [*rows[:4], *passages, *rows[4:6]]


def test_rare_question_words_weigh_more_than_words_every_sentence_repeats() -> None:
    q = words("Which price index converts spending into constant dollars?")
    table_rows = [f"Year {y}; Constant dollars: {y * 3}" for y in range(1990, 2000)]
    answer = "Spending is converted with the Consumer Price Index."
    held = [q & words(t) for t in [*table_rows, answer]]
    rare = rarity(q, held)
    answer_hits, row_hits = held[-1], held[0]
    assert rare(answer_hits) > rare(row_hits) > 0  # "price", "index", "spending" vs "constant", "dollars" everywhere


def test_the_leading_sentence_is_shown_whole_and_the_others_cut() -> None:
    # A candidate sentence is at most MAX_SENTENCE_CHARS: the lead is shown whole up to that length.
    text = LONG[LONG.index("although") :]
    assert MAX_EXCERPT_CHARS < len(text) <= MAX_SENTENCE_CHARS
    lead = Candidate(item=ContextItem(marker=1, node_id="n1", kind="passage", text=text), position=0, text=text)
    other = Candidate(item=ContextItem(marker=2, node_id="n2", kind="passage", text=text), position=1, text=text)
    q = words("Is the number of hours the same from operator to operator?")
    assert _line(lead, None, q, limit=MAX_SENTENCE_CHARS) == f"{text} [1]"
    cut = _line(other, None, q)
    assert ELLIPSIS in cut and "$85 per work-hour" not in cut  # a runner-up is cut around the question's words


def test_a_span_far_from_the_question_words_is_not_set_in_bold() -> None:
    q = "What barometric pressure do the diesel engine rules take as reference?"
    text = ("The power is to be referred to the following conditions: • barometric pressure = 0,1 MPa • relative "
            "humidity = 60% • ambient air temperature = 45°C.")  # fmt: skip
    far = Span("60%", "number", text.index("60%"), text.index("60%") + 3, True)
    close = Span("0,1 MPa", "number", text.index("0,1"), text.index("0,1") + 7, True)
    assert not near_question(q, text, far)
    assert near_question(q, text, close)
    lead = _cand(1, 0.9, text)
    assert lead_span(q, lead, ShortAnswer("60%", "number", lead, far, confidence=0.5), "rules") is None
    order = ("(1) Is not a significant regulatory action under Executive Order 12866, (2) Will not affect intrastate "
             "aviation in Alaska, and (3) Will not have a significant economic impact")  # "not" tells nothing
    alaska = Span("Alaska", "place", order.index("Alaska"), order.index("Alaska") + 6, True)
    assert not near_question("Under which executive order is the proposal not a significant regulatory action?", order,
                             alaska)  # fmt: skip
    # A choice's candidate has no span: nothing in bold, and no error.
    choice = ShortAnswer("below", "choice", lead, None, confidence=0.5)
    assert lead_span("Is the elasticity above or below one?", lead, choice, "rules") is None


def test_an_excerpt_leaves_more_room_after_the_question_words_than_before() -> None:
    sentence = (
        "Estimates of real growth in retail food sales are elusive, and the figures in the second column of the "
        "table are not corrected for price inflation, but judged in nominal terms the average annual growth rate, "
        "1990-96, was only between 2% and 5% in most of the member states, which is low by any standard."
    )
    start = sentence.index("average annual growth rate")
    end = start + len("average annual growth rate, 1990-96,")
    shown, _ = excerpt(sentence, start, end, limit=120)
    assert "between 2% and 5%" in shown
