"""Two parts of an arithmetic or a comparison, their values read from one set of sentences (app.qa.read.part_values)."""

from __future__ import annotations

from app.qa.answer import Answer
from app.qa.ask import EvidenceNode
from app.qa.compose import arithmetic_line
from app.qa.read.part_values import part_values, with_part_values, with_values_of_one_cell
from app.settings_answer import PartValueSettings

LIMITS = PartValueSettings()


def _passage(node_id: str, text: str, parent: str | None = None) -> EvidenceNode:
    return EvidenceNode(node_id, "passage", "d", 1, node_id, text, 0, 1.0, parent, "next" if parent else None)


def _read(*nodes: EvidenceNode) -> Answer:
    return Answer(text=" ".join(f"{n.text} [{k}]" for k, n in enumerate(nodes, start=1)), cited=list(nodes))


def test_a_clause_that_names_neither_part_gives_its_value_to_the_part_not_named_elsewhere() -> None:
    fees = _passage(
        "p1", "Members pay up to a $40 fee for a single visit, and up to a $100 fee for visits after the tenth."
    )
    got = part_values(["A repeat visit", "A single visit"],
                      ["What is the fee for a repeat visit?", "What is the fee for a single visit?"],
                      [_read(fees), _read(fees)], [], LIMITS)  # fmt: skip
    assert got is not None
    assert [v.text for v in got] == ["$100", "$40"]


def test_each_value_goes_to_the_part_its_clause_names() -> None:
    caps = _passage(
        "p1",
        "For the basic plan: $18,000 or more if filing jointly, or $9,000 or more if single. "
        "For the premium plan: $12,700 or more if filing jointly, or $6,300 or more if single.",
    )
    got = part_values(["The cap on the basic plan", "The cap on the premium plan"],
                      ["If filing jointly, what is the cap on the basic plan?",
                       "If filing jointly, what is the cap on the premium plan?"],
                      [_read(caps), _read(caps)], [], LIMITS)  # fmt: skip
    assert got is not None
    assert [v.text for v in got] == ["$18,000", "$12,700"]
    line = arithmetic_line("difference", ["basic", "premium"], [v.text for v in got], ["[1]", "[1]"])
    assert line is not None and line.startswith("**$5,300**")


def test_values_listed_respectively_follow_the_order_the_parts_were_named_in_the_passage_before() -> None:
    first = _passage("p1", "We sent two systems, one for Danish and the other for Dutch.")
    after = _passage("p2", "They reached scores of 0.71 and 0.58 respectively. Both beat the baseline.", parent="p1")
    got = part_values(["The Dutch score", "The Danish score"],
                      ["What is the Dutch score?", "What is the Danish score?"],
                      [_read(first), _read(first)], [after], LIMITS)  # fmt: skip
    assert got is not None
    assert [v.text for v in got] == ["0.58", "0.71"]
    assert got[0].node.node_id == "p2"


def test_bare_whole_numbers_and_values_told_apart_by_nothing_are_not_read() -> None:
    form = _passage("p1", "See line 23 of the basic form 8863. Both plans cost about $3.50 or $4.25 a month.")
    got = part_values(["The basic plan", "The premium plan"],
                      ["What does the basic plan cost?", "What does the premium plan cost?"],
                      [_read(form), _read(form)], [], LIMITS)  # fmt: skip
    assert got is None


def test_parts_that_already_read_a_value_are_left_as_they_are() -> None:
    fees = _passage("p1", "Members pay a $40 fee for a single visit, and a $100 fee for a repeat visit.")
    read = [("A repeat visit", Answer("**$90** [1]", [fees], short_answer="$90")), ("A single visit", _read(fees))]
    assert with_part_values(read, ["fee for a repeat visit?", "fee for a single visit?"], [], LIMITS) is read
    fresh = [("A repeat visit", _read(fees)), ("A single visit", _read(fees))]
    led = with_part_values(fresh, ["fee for a repeat visit?", "fee for a single visit?"], [], LIMITS)
    assert [a.short_answer for _, a in led] == ["$100", "$40"]
    assert led[0][1].text.startswith("**$100** [1]")


def test_section_numbers_are_no_values() -> None:
    text = _passage("p1", "1.2 Approval of engines. The approval of an engine lasts as long as 5.1 Training of staff.")
    got = part_values(["The approval", "The training"],
                      ["How long does the approval last?", "How long does the training last?"],
                      [_read(text), _read(text)], [], LIMITS)  # fmt: skip
    assert got is None


def test_a_contrast_opens_a_clause_without_a_comma() -> None:
    errors = _passage(
        "p1", "We improved the model and cut the mean error to 0.73% in comparison to the earlier study where the "
        "mean error was 0.915%.",
    )
    got = part_values(["The new model", "The earlier study"],
                      ["What was the mean error of the new model?", "What was the mean error of the earlier study?"],
                      [_read(errors), _read(errors)], [], LIMITS)  # fmt: skip
    assert got is not None
    assert [v.text for v in got] == ["0.73%", "0.915%"]


def test_values_of_one_clause_are_cut_apart_at_the_joining_word_between_them() -> None:
    draw = _passage("p1", "The board draws approximately 130mA without a keyboard and around 180mA with a keyboard "
                    "connected.")  # fmt: skip
    got = part_values(["Once a keyboard is connected", "Running without one"],
                      ["How many milliamps does the board draw once a keyboard is connected?",
                       "How many milliamps does the board draw running without one?"],
                      [_read(draw), _read(draw)], [], LIMITS)  # fmt: skip
    assert got is not None
    assert [v.text for v in got] == ["180", "130"]


def test_a_whole_number_followed_by_the_unit_the_question_counts_is_an_amount() -> None:
    cycles = _passage("p1", "Of this, 1058 cycles were consumed for writing, 642 cycles polling for the status "
                      "and 590 cycles for the reads.")  # fmt: skip
    got = part_values(["Writing the registers", "Reading the outputs"],
                      ["How many clock cycles went to writing the registers?",
                       "How many clock cycles went to reading the outputs?"],
                      [_read(cycles), _read(cycles)], [], LIMITS)  # fmt: skip
    assert got is not None
    assert [v.text for v in got] == ["1058", "590"]
    ordinal = _passage("p1", "The 2nd run took longer for writing and the 3rd for the reads.")
    assert part_values(["Writing the registers", "Reading the outputs"],
                       ["How many runs went to writing?", "How many runs went to reading?"],
                       [_read(ordinal), _read(ordinal)], [], LIMITS) is None  # fmt: skip


def test_a_value_keeps_its_clause_past_a_joining_word_when_no_other_value_comes_between() -> None:
    fines = _passage("p1", "Fines reach up to $20,000 or up to two years in jail for a first breach, and up to "
                     "$50,000 or up to 6 years in jail for later breaches.")  # fmt: skip
    got = part_values(["A repeat breach", "A first breach"],
                      ["What is the fine for a repeat breach?", "What is the fine for a first breach?"],
                      [_read(fines), _read(fines)], [], LIMITS)  # fmt: skip
    assert got is not None
    assert [v.text for v in got] == ["$50,000", "$20,000"]


def test_years_and_words_of_the_question_make_no_amount_of_a_whole_number() -> None:
    caps = _passage("p1", "2021 Instructions for Form 7202 Study Credits. For the first credit: $90,000 if "
                    "married, or $45,000 if single. For the second credit: $60,000 if married, or $30,000 if "
                    "single.")  # fmt: skip
    got = part_values(["The cap on the first credit", "The cap on the second credit"],
                      ["If married, what is the cap on the first credit in the study credit instructions?",
                       "If married, what is the cap on the second credit in the study credit instructions?"],
                      [_read(caps), _read(caps)], [], LIMITS)  # fmt: skip
    assert got is not None
    assert [v.text for v in got] == ["$90,000", "$60,000"]


THERMAL = _passage(
    "t1",
    "The junction to ambient thermal resistance for the WDFN-6L 2x2 package is 165°C/W, SOT-23-5 package is 250°C/W "
    "and SC-70-5/ SC-82 package is 333°C/W on the standard JEDEC 51-3 single-layer thermal test board.",
)


def test_the_unit_the_question_counts_in_replaces_readings_that_do_not_say_it() -> None:
    # Each part's reading stated a figure of another kind ("2" of "2x2", a power "0.606"): the question counts in
    # °C/W, and the two figures said in °C/W are read, each by the clause saying more of its own words.
    off = [Answer(f"**{v}** [1]", [THERMAL], 0, v, v) for v in ("0.606", "2")]
    labels = ["The SC-82 package", "SOT-23-5"]
    questions = ["What is the chip's thermal resistance in the SC-82 package?",
                 "What is the chip's thermal resistance in SOT-23-5?"]  # fmt: skip
    got = with_part_values(list(zip(labels, off, strict=True)), questions, [], LIMITS, "°C/W")
    assert [a.short_answer for _, a in got] == ["333", "250"]
    # Without a unit asked, the parts' own readings stand.
    kept = with_part_values(list(zip(labels, off, strict=True)), questions, [], LIMITS)
    assert [a.short_answer for _, a in kept] == ["0.606", "2"]


def test_a_bare_figure_that_ends_its_passage_is_weighed_without_failing() -> None:
    # "…, and 22" closes the passage: nothing follows the figure to say its unit, and it is no amount.
    closing = _passage("e1", "The estimate for the first plan is 3,110 and for the second plan 22")
    got = part_values(["The first plan", "The second plan"],
                      ["What is the estimate for the first plan?", "What is the estimate for the second plan?"],
                      [_read(closing), _read(closing)], [], LIMITS)  # fmt: skip
    assert got is None


def test_of_two_values_in_one_clause_the_one_beside_the_part_s_own_words_is_its() -> None:
    savings = _passage("p1", "Against the old build we cut gas by -59,732 with the most for the pool calls at "
                       "-34,294 and the next most of -10,172 in the treasury module.")  # fmt: skip
    got = part_values(["The pool calls", "The treasury module"],
                      ["What is the gas cut of the pool calls?", "What is the gas cut of the treasury module?"],
                      [_read(savings), _read(savings)], [], LIMITS)  # fmt: skip
    assert got is not None
    assert [v.text for v in got] == ["-34,294", "-10,172"]


def test_a_stated_value_read_from_the_sentence_gives_way_to_the_value_beside_its_part_s_words() -> None:
    savings = _passage("p1", "Against the old build we cut gas by -59,732 with the most for the pool calls at "
                       "-34,294 and the next most of -10,172 in the treasury module.")  # fmt: skip
    read = [("The pool calls", Answer("**-59,732** [1]", [savings], short_answer="-59,732")),
            ("The treasury module", Answer("**-10,172** [1]", [savings], short_answer="-10,172"))]  # fmt: skip
    led = with_part_values(read, ["gas cut of the pool calls?", "gas cut of the treasury module?"], [], LIMITS)
    assert [a.short_answer for _, a in led] == ["-34,294", "-10,172"]
    kept = [("The pool calls", Answer("**-34,294** [1]", [savings], short_answer="-34,294")), read[1]]
    assert with_part_values(kept, ["gas cut of the pool calls?", "gas cut of the treasury module?"], [], LIMITS) is kept


def test_a_share_asked_reads_percentages_over_plain_figures_said_nearer() -> None:
    scores = _passage("p1", "Alpha gains 6.5 on the board at 43.4% while Beta is -1.5 behind at 45.7% overall.")
    read = [("Alpha", _read(scores)), ("Beta", _read(scores))]
    led = with_part_values(read, ["What is Alpha's score?", "What is Beta's score?"], [], LIMITS, "percentage points")
    assert [a.short_answer for _, a in led] == ["43.4%", "45.7%"]


def test_a_sentence_saying_both_values_replaces_a_stated_value_of_another_kind() -> None:
    budget = _passage(
        "p1",
        "The budget of NPR 1,860.3 billion comprises Revenue expenditure of NPR 1,140.66 billion, "
        "Capital Expenditure of NPR 352.35 billion and Financial Management of NPR 367.28Billion.",
    )
    table = _passage("t1", "Withholding tax on interest: 5%")
    cell = Answer("**5%** [1]", [table], short_answer="5%")
    read = [("Financial management", _read(budget)), ("Capital expenditure", cell)]
    questions = ["What is financial management?", "What is capital expenditure?"]
    led = with_part_values(read, questions, [], LIMITS, cell_read=True)
    assert [a.short_answer for _, a in led] == ["367.28Billion", "352.35 billion"]
    line = arithmetic_line("difference", ["Financial management", "Capital expenditure"],
                           [a.short_answer for _, a in led], ["[1]", "[1]"])  # fmt: skip
    assert line is not None and line.startswith("**14.93 billion**")


def test_beside_a_cell_read_only_one_sentence_saying_both_values_leads_the_parts() -> None:
    apart = [_passage("p1", "Capital Expenditure was NPR 352.35 billion."),
             _passage("p2", "Financial Management came to NPR 367.28 billion.")]  # fmt: skip
    questions = ["What is financial management?", "What is capital expenditure?"]
    read = [("Financial management", _read(*apart)), ("Capital expenditure", _read(*apart))]
    assert with_part_values(read, questions, [], LIMITS, cell_read=True) is read
    alone = with_part_values(read, questions, [], LIMITS)
    assert [a.short_answer for _, a in alone] == ["367.28 billion", "352.35 billion"]
    fees = _passage("p1", "Members pay a $40 fee for a single visit, and a $100 fee for a repeat visit.")
    stated = [("A repeat visit", Answer("**$90** [1]", [fees], short_answer="$90")), ("A single visit", _read(fees))]
    asked = ["fee for a repeat visit?", "fee for a single visit?"]
    assert with_part_values(stated, asked, [], LIMITS, cell_read=True) is stated


def test_one_cell_saying_both_values_gives_each_part_its_own() -> None:
    table = EvidenceNode("t1", "table", "d", 2, "Table 1", "| Weight in air | 8 kg … |", 0, 1.0)
    cell = "8 kg (18 lbs) for Stainless Steel or ~2.7 kg (~6 lbs) for Delrin"
    read = [("The stainless steel head", Answer(f"**{cell}** [1]", [table], short_answer=cell)),
            ("The Delrin head", Answer(f"**{cell}** [1]", [table], short_answer=cell))]  # fmt: skip
    questions = ["What does the stainless steel head weigh in air?", "What does the Delrin head weigh in air?"]
    led = with_values_of_one_cell(read, questions, table, cell, LIMITS)
    assert [a.short_answer for _, a in led] == ["8", "2.7"]  # the pounds in brackets restate the kilograms
    assert all(a.cited == [table] for _, a in led)
    same = "8 kg for either version"
    assert with_values_of_one_cell(read, questions, table, same, LIMITS) is read


def test_a_bracketed_value_of_another_year_is_no_restatement() -> None:
    earnings = _passage("p1", "Earnings in 2022 were EUR 67.5 (67.4 in 2021) million, most of it basic funding.")
    got = part_values(["2022", "2021"], ["What were earnings in 2022?", "What were earnings in 2021?"],
                      [_read(earnings), _read(earnings)], [], LIMITS, together=True)  # fmt: skip
    assert got is not None and [v.text for v in got] == ["67.5", "67.4"]


def test_numbers_in_a_bracketed_list_of_references_are_no_values() -> None:
    from app.qa.extractive_reader.words import section_number

    sentence = "We follow previous work [28, 41] and invite six developers, as in [3–5]."
    assert section_number(sentence, sentence.index("41"))  # the second reference of the list
    assert section_number(sentence, sentence.index("5]"))
    assert not section_number(sentence, sentence.index("six"))
    spaced = "Scores lie in [0, 1]; we kept 41 of them."
    assert not section_number(spaced, spaced.index("41"))
