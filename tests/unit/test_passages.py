"""split_passages as a pure function over hand-made lines."""

from __future__ import annotations

import pytest

from app.ingest.passages import Line, Word, split_passages


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
