"""split_passages and the header/footer filter as pure functions over hand-made lines."""

from __future__ import annotations

import pytest

from app.ingest.extracted import ExtractedPassage
from app.ingest.margins import is_page_number, margin_key, repeated_margin_keys, strip_margins
from app.ingest.passages import Line, Word, carry_cut_sentence, hard_break, regions, split_passages
from app.ingest.pdf import mark_table_breaks


def make_lines(text: str, *, words_per_line: int = 12, top: float = 100.0, x0: float = 50.0) -> list[Line]:
    """Lay the words of ``text`` out on lines 14 pt apart; a blank line starts a new block."""
    lines: list[Line] = []
    y = top
    for para in text.split("\n\n"):
        words = para.split()
        for i in range(0, len(words), words_per_line):
            chunk = words[i : i + words_per_line]
            ws = [Word(w, (x0 + 30 * j, y, x0 + 30 * j + 25, y + 10)) for j, w in enumerate(chunk)]
            lines.append(Line(ws, new_block=(i == 0)))
            y += 14
        y += 14
    return lines


def sentence(n: int, tag: str) -> str:
    return " ".join([tag.capitalize()] + [f"w{tag}{i}" for i in range(n - 1)]) + "."


def test_short_sentences_are_merged_up_to_the_limits() -> None:
    text = " ".join(sentence(6, f"s{i}") for i in range(20))
    passages = split_passages(make_lines(text), min_words=10, max_words=40)
    counts = [p.word_count for p in passages]
    assert sum(counts) == 120
    assert all(10 <= c <= 40 for c in counts)
    assert all(p.text.endswith(".") for p in passages)  # cut at sentence ends


def test_long_sentence_is_cut_into_chunks_within_the_limit() -> None:
    text = " ".join(f"word{i}," if i % 9 == 8 else f"word{i}" for i in range(200)) + "."
    passages = split_passages(make_lines(text), min_words=10, max_words=50)
    assert [w for p in passages for w in p.text.split()] == text.split()
    assert all(10 <= p.word_count <= 50 for p in passages)


def test_heading_is_merged_into_the_following_paragraph() -> None:
    text = "Introduction\n\n" + " ".join(sentence(8, f"p{i}") for i in range(3))
    passages = split_passages(make_lines(text), min_words=10, max_words=80)
    assert passages[0].text.startswith("Introduction P0")


def test_paragraph_boundary_ends_a_passage_once_it_is_big_enough() -> None:
    text = " ".join(sentence(8, "a") for _ in range(2)) + "\n\n" + " ".join(sentence(8, "b") for _ in range(2))
    passages = split_passages(make_lines(text), min_words=10, max_words=80)
    assert [p.text.split()[0] for p in passages] == ["A", "B"]


def test_reading_order_and_bbox_cover_the_words() -> None:
    text = " ".join(sentence(12, f"s{i}") for i in range(10))
    lines = make_lines(text)
    passages = split_passages(lines, min_words=10, max_words=30)
    assert " ".join(p.text for p in passages) == " ".join(ln.text for ln in lines)
    tops = [p.bbox[1] for p in passages]
    assert tops == sorted(tops)
    for p in passages:
        x0, top, x1, bottom = p.bbox
        assert x0 >= 50 and x1 <= 50 + 30 * 12 and bottom > top


def test_abbreviations_and_decimals_do_not_end_sentences() -> None:
    text = "See Fig. 3 for details, e.g. the value 3.5 mm from Dr. Smith. " + sentence(30, "next")
    passages = split_passages(make_lines(text), min_words=5, max_words=20)
    assert passages[0].text.startswith("See Fig. 3 for details, e.g. the value 3.5 mm from Dr. Smith.")


def test_trailing_fragment_joins_the_previous_passage() -> None:
    text = sentence(30, "a") + " Tail end."
    passages = split_passages(make_lines(text), min_words=10, max_words=80)
    assert len(passages) == 1 and passages[0].text.endswith("Tail end.")


def test_empty_input_gives_no_passages() -> None:
    assert split_passages([], min_words=10, max_words=80) == []


def test_invalid_limits_are_rejected() -> None:
    with pytest.raises(ValueError):
        split_passages([], min_words=50, max_words=10)


# --------------------------------------------------------------------------------------------
# Hard breaks: no passage joins lines across a gap, a column change or a table
# --------------------------------------------------------------------------------------------


def line_at(text: str, x0: float, top: float, *, height: float = 10.0, word_width: float = 25.0) -> Line:
    words = text.split()
    return Line([Word(w, (x0 + 30 * j, top, x0 + 30 * j + word_width, top + height)) for j, w in enumerate(words)])


def height_of(bbox: tuple[float, float, float, float]) -> float:
    return bbox[3] - bbox[1]


def test_large_vertical_gap_ends_a_passage_even_when_it_is_short() -> None:
    # A caption above a figure (300 pt of nothing) and the text below it: two compact passages.
    caption = make_lines("Figure 3: Load points of the engine.", top=100)
    body = make_lines(" ".join(sentence(8, f"b{i}") for i in range(3)), top=420)
    passages = split_passages(caption + body, min_words=10, max_words=80)
    assert [p.text.split()[0] for p in passages] == ["Figure", "B0"]
    assert height_of(passages[0].bbox) == 10
    assert all(height_of(p.bbox) < 60 for p in passages)


def test_paragraph_and_heading_spacing_is_not_a_hard_break() -> None:
    heading = line_at("Introduction", 50, 100)
    para = [line_at(sentence(12, "p"), 50, 100 + 10 + 22)]  # 2.2 line heights below the heading
    assert not hard_break(heading, para[0])
    assert split_passages([heading, *para], min_words=10, max_words=80)[0].text.startswith("Introduction P")


def test_column_change_splits_the_sentence_and_keeps_boxes_in_their_column() -> None:
    # The left column ends at the page bottom mid-sentence; it continues at the top of the right one.
    words = [f"w{i}" for i in range(30)]
    left = [line_at(" ".join(words[i : i + 5]), 50, 700 + 14 * k) for k, i in enumerate(range(0, 15, 5))]
    right = [
        line_at(" ".join(words[i : i + 5]) + ("." if i == 25 else ""), 320, 80 + 14 * k)
        for k, i in enumerate(range(15, 30, 5))
    ]
    assert hard_break(left[-1], right[0])
    passages = split_passages(left + right, min_words=10, max_words=80)
    assert len(passages) == 2
    assert passages[0].bbox[2] < 300 < passages[1].bbox[0]
    assert all(height_of(p.bbox) < 50 for p in passages)
    assert " ".join(p.text for p in passages) == " ".join(words) + "."


def test_next_column_further_down_is_a_break_but_an_indented_paragraph_is_not() -> None:
    prev = line_at("end of the left column", 50, 300, word_width=20)  # x 50..190
    beside = line_at("text in the right column", 320, 320)
    indented = line_at("New paragraph indented a little", 200, 314)
    assert hard_break(prev, beside)
    assert not hard_break(prev, indented)


def test_text_continuing_on_the_same_row_is_not_a_break() -> None:
    a = line_at("(a) Original image", 50, 300)
    b = line_at("(b) Style image", 300, 301)
    assert not hard_break(a, b)
    assert len(regions([a, b])) == 1


def test_lines_marked_by_the_caller_start_a_new_region() -> None:
    lines = make_lines(" ".join(sentence(6, f"s{i}") for i in range(4)), words_per_line=6)
    lines[2].hard_break = True
    assert [len(r) for r in regions(lines)] == [2, len(lines) - 2]


def test_table_between_two_lines_marks_a_hard_break() -> None:
    caption = line_at("Table 6.1: Size of the market", 100, 80)
    note = line_at("Sources: World Bank and others.", 100, 360)
    beside = line_at("Unrelated text next to it", 100, 374)
    lines = mark_table_breaks([caption, note, beside], [(80.0, 100.0, 500.0, 340.0)])
    assert [ln.hard_break for ln in lines] == [False, True, False]
    passages = split_passages(lines, min_words=10, max_words=80)
    assert passages[0].text == "Table 6.1: Size of the market"


def test_regions_without_text_give_no_passage() -> None:
    # Axis ticks of a chart, each far from the next, and a stray figure label.
    ticks = [line_at(str(v), 140, 100 + 40 * k) for k, v in enumerate(range(100, 0, -10))]
    label = line_at("(a)", 300, 500)
    body = make_lines(" ".join(sentence(8, f"b{i}") for i in range(3)), top=600)
    passages = split_passages(ticks + [label] + body, min_words=10, max_words=80)
    assert [p.text.split()[0] for p in passages] == ["B0"]


# --------------------------------------------------------------------------------------------
# Running headers, footers and page numbers
# --------------------------------------------------------------------------------------------


def test_margin_key_normalises_digits_and_measures_footers_from_the_bottom() -> None:
    header = line_at("Healthy Students Healthy Lives ______________ 20", 58, 36)
    footer = line_at("Projections of Education Statistics to 2021 55", 368, 756)
    body = line_at("Body text in the middle", 58, 300)
    assert margin_key(header, 595) == ("healthy students healthy lives ___", 36.0)
    assert margin_key(footer, 792) == ("projections of education statistics to", -26.0)
    assert margin_key(body, 595) is None
    # The page number on the outer side of even and odd pages: one footer.
    even, odd = line_at("18 ACME INC. | ANNUAL REPORT", 58, 756), line_at("ACME INC. | ANNUAL REPORT 19", 400, 756)
    assert margin_key(even, 792) == margin_key(odd, 792) == ("acme inc. | annual report", -26.0)
    assert margin_key(line_at("12", 300, 756), 792) == ("#", -26.0)


def test_repeated_margin_keys_match_alternating_headers_within_tolerance() -> None:
    odd = [("presentation of findings ___ #", 36.0), ("#", -35.5)]
    even = [("healthy students healthy lives ___ #", 36.3), ("#", -35.0)]
    third = [("presentation of findings ___ #", 37.0), ("#", -35.5)]
    assert repeated_margin_keys(odd, [even, third], tolerance=3) == set(odd)
    assert repeated_margin_keys(even, [odd, third], tolerance=3) == {("#", -35.0)}
    assert repeated_margin_keys(odd, [[("presentation of findings ___ #", 80.0)]], tolerance=3) == set()


@pytest.mark.parametrize("text", ["12", "- 12 -", "Page 12", "page 3 of 40", "12 / 40", "xiv", "(7)"])
def test_page_number_forms(text: str) -> None:
    assert is_page_number(text)


@pytest.mark.parametrize("text", ["12 apples", "Table 3", "2.5", "civil", "1234567"])
def test_not_page_numbers(text: str) -> None:
    assert not is_page_number(text)


def test_bare_page_number_must_equal_the_page_in_short_documents() -> None:
    assert is_page_number("3", 3) and not is_page_number("41", 2) and is_page_number("Page 41", 2)


def page_with_margins(number: int) -> list[Line]:
    header = line_at("Healthy Students Healthy Lives", 58, 36, height=13)
    body = make_lines(" ".join(sentence(8, f"b{i}") for i in range(6)), top=100)
    page_no = line_at(str(number), 290, 800)
    return [page_no, header, *body]  # the page number comes first in the content stream


def test_strip_margins_drops_running_header_and_page_number_but_keeps_the_body() -> None:
    lines = page_with_margins(41)
    header_key = margin_key(lines[1], 842)
    assert header_key is not None
    kept = strip_margins(lines, 842, {header_key}, page_number=2, page_count=15)
    assert [ln.text for ln in kept] == [ln.text for ln in lines[2:]]
    assert kept[0].new_block
    passages = split_passages(kept, min_words=10, max_words=80)
    assert passages[0].text.startswith("B0")


def test_strip_margins_is_conservative() -> None:
    lines = page_with_margins(41)
    # Nothing repeats and the document has two pages: "41" on page 2 is not its page number.
    assert len(strip_margins(lines, 842, set(), page_number=2, page_count=2)) == len(lines)
    # Not the outermost line: a footnote lies below the number.
    footnote = line_at("1 A footnote at the very bottom of the page.", 50, 820, height=8)
    kept = strip_margins([*lines, footnote], 842, set(), page_number=2, page_count=15)
    assert any(ln.text == "41" for ln in kept)
    # A footnote marker sharing its row with the footnote text is no page number.
    marker = line_at("7", 70, 790)
    note = line_at("Folk high schools and adult education centres", 80, 790)
    kept = strip_margins([marker, note], 842, set(), page_number=7, page_count=15)
    assert [ln.text for ln in kept] == ["7", note.text]


def test_repeated_line_stays_when_it_belongs_to_a_changing_paragraph() -> None:
    # A table note whose first line recurs on every page while the next line changes.
    first = line_at("SOURCE: U.S. Department of Education.", 42, 713, height=8)
    rest = line_at("Survey data 2004-05 for this table.", 42, 722, height=8)
    footer = line_at("Projections of Education Statistics to 2021 55", 368, 756)
    repeated = {k for k in (margin_key(first, 792), margin_key(footer, 792)) if k is not None}
    assert len(repeated) == 2
    kept = strip_margins([first, rest, footer], 792, repeated, page_number=4, page_count=7)
    assert [ln.text for ln in kept] == [first.text, rest.text]


def _passage(index: int, text: str, x0: float, top: float) -> ExtractedPassage:
    return ExtractedPassage(index, text, (x0, top, x0 + 160.0, top + 40.0))


def test_a_sentence_cut_by_the_page_break_is_carried_to_the_top_of_the_next_pages_first_column() -> None:
    before = [
        _passage(0, "Earlier text ends here.", 45, 60),
        _passage(1, "Background On October 29, 2018, an airplane was in an accident after takeoff from Soekarno", 399,
                 600),
    ]
    after = [
        _passage(0, "1 A footnote printed first in the content stream.", 45, 700),  # bottom of column 1
        _passage(1, "in the second column.", 222, 60),
        _passage(2, "Hatta International Airport in Jakarta, resulting in 189 fatalities. More text.", 45, 60),
    ]
    carry_cut_sentence(before, after)
    assert [p.text for p in after] == [
        "1 A footnote printed first in the content stream.",
        "in the second column.",
        "Background On October 29, 2018, an airplane was in an accident after takeoff from Soekarno "
        "Hatta International Airport in Jakarta, resulting in 189 fatalities.",  # the whole sentence, on its own
        "More text.",
    ]
    assert [p.index_on_page for p in after] == [0, 1, 2, 3]
    assert before[1].text.endswith("from Soekarno")  # the page before keeps its own text


def test_a_carried_sentence_that_would_be_too_long_is_not_carried() -> None:
    before = [_passage(0, "This sentence goes on " + "and on " * 40, 45, 600)]
    after = [_passage(0, "still going until it ends here. Then more.", 45, 60)]
    carry_cut_sentence(before, after, max_words=30)
    assert [p.text for p in after] == ["still going until it ends here. Then more."]


@pytest.mark.parametrize(
    "last",
    [
        "The page ends with a whole sentence.",
        "Table 3 : Documentation for the inspection of components and systems",  # a caption
        "Key FY = Financial Year ending March 31 RPK = revenue passenger kilometers",  # a legend
        "Too short to carry",
        "The following items are required:",
    ],
)
def test_nothing_is_carried_after_a_finished_sentence_or_text_that_is_no_sentence(last: str) -> None:
    after = [_passage(0, "Next page text.", 45, 60)]
    carry_cut_sentence([_passage(0, last, 45, 600)], after)
    assert len(after) == 1
    assert after[0].text == "Next page text."
