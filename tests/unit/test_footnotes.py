"""app.qa.footnotes: the notes an answer's evidence marks, read from the cited page."""

from __future__ import annotations

from app.qa.footnotes import marks, page_notes, table_note_texts, with_notes

PAGE = [
    "Running heads 2020 / Proposed Rules",
    "7A control law turns inputs into commands. 8The limit would depend on the size of the gap and its rate.",
    "9The command scales with",
    "speed and height. 10More than 5 units for more than 5 seconds.",
    "If the gap is above a set limit,8 the computer would stop the trim, and the unit2 reads 14 CFR 25.1581 in 2016.",
]


def test_a_pages_notes_are_a_numbered_run() -> None:
    notes = page_notes(PAGE)
    assert sorted(notes) == [7, 8, 9, 10]
    assert notes[8] == "The limit would depend on the size of the gap and its rate."
    # A note may open a passage after the page's last note, and a number inside running text is no note.
    assert notes[10] == "More than 5 units for more than 5 seconds."
    assert page_notes(["The fund grew in 2016. 12 States reported losses."]) == {}


def test_marks_are_glued_to_what_they_annotate() -> None:
    assert marks(PAGE[-1]) == [8, 2]
    # A number after a space is a count as often as a mark; a year or a section number is neither.
    assert marks("the limit 12 the pilot; Table 6.4 in 2016; 14 CFR 25.1581") == []


def test_a_marked_piece_is_followed_by_its_note_from_the_cited_page() -> None:
    asked: list[int] = []

    def notes_for(marker: int) -> dict[int, str]:
        asked.append(marker)
        return page_notes(PAGE) if marker == 2 else {}

    text = "The trim stops. [1] Above a set limit,8 the computer would stop the trim. [2] Per unit2 it is 3.7 [3]."
    out = with_notes(text, notes_for)
    assert out == (
        "The trim stops. [1] Above a set limit,8 the computer would stop the trim. [2] (note 8: The limit would "
        "depend on the size of the gap and its rate.) Per unit2 it is 3.7 [3]."
    )
    # Only pieces with a mark look their page up; a note the page does not hold adds nothing.
    assert asked == [2, 3]
    # A note already shown is not repeated.
    assert with_notes(out, notes_for) == out


def test_a_tables_marks_are_explained_by_its_own_note_rows() -> None:
    rows = [
        ["Offense charged", "Total", "White"],
        ["Sex offenses 1", "60,175", "44,240"],
        ["Grade 4 pupils", "12", "7"],
        ["1 Except forcible rape and prostitution.", "", ""],
        ["Source: Uniform Crime Reports.", "", ""],
    ]
    assert page_notes(table_note_texts(rows)) == {1: "Except forcible rape and prostitution."}
    # As the reader shows a row: a number closing a cell of words is its mark; a number opening a label is not.
    assert marks("Offense charged: Sex offenses 1; Total: 60,175") == [1]
    assert marks("Offense charged: Grade 4 pupils; Total: 12") == []
