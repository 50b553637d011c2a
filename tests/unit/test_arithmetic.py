"""Arithmetic asked of two values: the question read from its grammar into two lookups, the result composed with
its working. The phrasings are written for these tests; none comes from an answer set."""

from __future__ import annotations

import pytest

from app.qa.analysis.operation import arithmetic_question
from app.qa.analysis.parse import analyse
from app.qa.compose import arithmetic_line, value_of


@pytest.mark.parametrize(
    ("question", "operation", "parts", "labels"),
    [
        ("How many watts more does the heater draw when the fan is on, compared with running without it?",
         "difference", ("How many watts does the heater draw when the fan is on?",
                        "How many watts does the heater draw running without it?"),
         ("When the fan is on", "Running without it")),
        ("How many points higher is Model-A's F1 score than Model-B's in the survey's comparison?", "difference",
         ("What is Model-A's F1 score in the survey's comparison?",
          "What is Model-B's F1 score in the survey's comparison?"), ("Model-A's", "Model-B's")),
        ("How much more power does the pump use at night compared to during the day?", "difference",
         ("How much power does the pump use at night?", "How much power does the pump use during the day?"),
         ("Night", "The day")),
        ("How much more revenue did Acme earn in 2020 than in 2019?", "difference",
         ("How much revenue did Acme earn in 2020?", "How much revenue did Acme earn in 2019?"), ("2020", "2019")),
        ("How much higher was the literacy rate in Kerala than in Bihar?", "difference",
         ("What was the literacy rate in Kerala?", "What was the literacy rate in Bihar?"), ("Kerala", "Bihar")),
        ("How many times larger was the budget of Paris than that of Lyon?", "ratio",
         ("What was the budget of Paris?", "What was the budget of Lyon?"), ("Paris", "Lyon")),
        ("How many more students did Ohio graduate than Michigan in 2003?", "difference",
         ("How many students did Ohio graduate in 2003?", "How many students did Michigan graduate in 2003?"),
         ("Ohio", "Michigan")),
        ("How much lower is the tariff for households than for businesses?", "difference",
         ("What is the tariff for households?", "What is the tariff for businesses?"), ("Households", "Businesses")),
        ("How much more expensive was the Model X than the Model Y?", "difference",
         ("How expensive was the Model X?", "How expensive was the Model Y?"), ("The Model X", "The Model Y")),
        ("How many more beds did the hospital in Leeds have than the hospital in York?", "difference",
         ("How many beds did the hospital in Leeds have?", "How many beds did the hospital in York have?"),
         ("The hospital in Leeds", "The hospital in York")),
        ("How much higher was the pupil/teacher ratio in public schools than in private schools in 2003?", "difference",
         ("What was the pupil/teacher ratio in public schools in 2003?",
          "What was the pupil/teacher ratio in private schools in 2003?"), ("Public schools", "Private schools")),
        ("For single filers, how much higher is the limit on plan A than the limit on plan B?", "difference",
         ("For single filers, what is the limit on plan A?", "For single filers, what is the limit on plan B?"),
         ("The limit on plan A", "The limit on plan B")),
        # The thing set against the first ends in the same word ("playback"), said with as many words.
        ("How many more milliwatts did streamed video playback draw than local video playback on the board?",
         "difference", ("How many milliwatts did streamed video playback draw on the board?",
                        "How many milliwatts did local video playback draw on the board?"),
         ("Streamed video playback", "Local video playback")),
        # "its" stands for the clause's owner, who keeps its place.
        ("How many times more current does the Zeta's eco mode draw than its sleep mode?", "ratio",
         ("What current does the Zeta's eco mode draw?", "What current does the Zeta's sleep mode draw?"),
         ("Eco mode", "Sleep mode")),
        ("How many times larger were Acme's retail sales than its online sales?", "ratio",
         ("What were Acme's retail sales?", "What were Acme's online sales?"), ("Acme's retail sales",
                                                                              "Acme's online sales")),
        ("By how much did the city's tax revenue grow from fiscal 2012 to fiscal 2013 (in thousands)?", "difference",
         ("What was the city's tax revenue in fiscal 2012?", "What was the city's tax revenue in fiscal 2013?"),
         ("Fiscal 2012", "Fiscal 2013")),
        ("By how much did the firm's interest expense rise in Q2 2023 compared with Q2 2022?", "difference",
         ("What was the firm's interest expense in Q2 2023?", "What was the firm's interest expense in Q2 2022?"),
         ("Q2 2023", "Q2 2022")),
        ("By how many points does the new model beat the baseline in top-5 accuracy?", "difference",
         ("What is the top-5 accuracy of the new model?", "What is the top-5 accuracy of the baseline?"),
         ("The new model", "The baseline")),
        ("By how much did exports exceed imports in 2015?", "difference",
         ("What were exports in 2015?", "What were imports in 2015?"), ("Exports", "Imports")),
        # "those of 2019" stands for the subject's own noun at another time.
        ("By how many tonnes did the port's grain exports in 2018 exceed those of 2012?", "difference",
         ("What were the port's grain exports in 2018?", "What were the port's grain exports in 2012?"),
         ("The port's grain exports in 2018", "The port's grain exports in 2012")),
        ("How much lower is the error rate of the small model than that of the large model, according to Table 3 of "
         "the vision study?", "difference",
         ("What is the error rate of the small model, according to Table 3 of the vision study?",
          "What is the error rate of the large model, according to Table 3 of the vision study?"),
         ("The small model", "The large model")),
        # Two capitalised names of two words each: the first is the clause's last capitalised name.
        ("How much more accurate is Random Forest than Logistic Regression according to Table 1 of the tree paper?",
         "difference", ("How accurate is Random Forest according to Table 1 of the tree paper?",
                        "How accurate is Logistic Regression according to Table 1 of the tree paper?"),
         ("Random Forest", "Logistic Regression")),
        # "exceed that of B in Table 2": the table both values are read from, "that" the first's attribute.
        ("By how much does the precision of method A exceed that of method B in Table 2?", "difference",
         ("What is the precision of method A in Table 2?", "What is the precision of method B in Table 2?"),
         ("The precision of method A", "The precision of method B")),
        # The phrase after the second thing belongs to both ("in the vision study"): the first's attribute is kept.
        ("How much lower is the error of the small model than the large model in the vision study?", "difference",
         ("What is the error of the small model in the vision study?",
          "What is the error of the large model in the vision study?"), ("The small model", "The large model")),
        # No comma before the table's name: still every part's source, not the second part's words.
        ("How much higher is the yield of wheat than that of barley in Table 2 of the farm survey?", "difference",
         ("What is the yield of wheat in Table 2 of the farm survey?",
          "What is the yield of barley in Table 2 of the farm survey?"),
         ("Wheat", "Barley")),
        ("How much more did the east plant produce than the west plant, in Exhibit 4?", "difference",
         ("What did the east plant produce, in Exhibit 4?", "What did the west plant produce, in Exhibit 4?"),
         ("The east plant", "The west plant")),
        # The unit the difference is counted in, said between "how many" and the comparative.
        ("In the forecasting report, how many percentage points higher is the error for wind than for rain?",
         "difference", ("In the forecasting report, what is the error for wind?",
                        "In the forecasting report, what is the error for rain?"), ("Wind", "Rain")),
        ("How many votes more did Smith get than Jones?", "difference",
         ("How many votes did Smith get?", "How many votes did Jones get?"), ("Smith", "Jones")),
        # "compared with": the measure (the verb's object) of the subject and of the other thing.
        ("By how much did the new model lower the average error compared with the baseline it replaced, in percent?",
         "difference", ("What was the average error of the new model?",
                        "What was the average error of the baseline it replaced?"),
         ("The new model", "The baseline it replaced")),
        # Two words of unit after "by how many"; the object is the owner's same measure on another thing.
        ("By how many percentage points did the CNN's recall on news exceed its recall on tweets in the NLP thesis?",
         "difference", ("What is the CNN's recall on news in the NLP thesis?",
                        "What is the CNN's recall on tweets in the NLP thesis?"),
         ("The CNN's recall on news", "The CNN's recall on tweets")),
        # A quantity's noun the tagger calls an adjective ("more current does"): how much of it each draws.
        ("How many times more current does the pump draw at full speed than at half speed?", "ratio",
         ("What current does the pump draw at full speed?", "What current does the pump draw at half speed?"),
         ("Full speed", "Half speed")),
        # The second thing's own time is no phrase both share when the first says another time.
        ("How much higher is the state surplus budgeted for 2026-27 than the revised estimate for 2025-26?",
         "difference",
         ("What is the state surplus budgeted for 2026-27?", "What is the revised estimate for 2025-26?"),
         ("The state surplus budgeted for 2026-27", "The revised estimate for 2025-26")),
        ("What is the difference between the French and the Dutch scores of the 2010 survey?", "difference",
         ("What is the French scores of the 2010 survey?", "What is the Dutch scores of the 2010 survey?"),
         ("The French scores of the 2010 survey", "The Dutch scores of the 2010 survey")),
    ],
)  # fmt: skip
def test_an_arithmetic_question_becomes_two_lookups(
    question: str, operation: str, parts: tuple[str, str], labels: tuple[str, str]
) -> None:
    found = arithmetic_question(question)
    assert found is not None
    assert found.operation == operation
    assert tuple(p.question for p in found.parts) == parts
    assert tuple(p.label for p in found.parts) == labels


@pytest.mark.parametrize(
    "question",
    [
        "Was the literacy rate higher in Kerala or in Bihar?",  # a comparison, no arithmetic asked
        "How many people lived in Paris in 2010?",
        "How much did Ohio spend on schools?",
        "How much did Ohio spend on schools between 2010 and 2012?",  # a total over a span, not a change
        "Which state had more graduates than Michigan?",
        "How much more?",
        "What was the gap between men and women in employment in 2012?",  # not two things of one noun
        "By how much?",
        "Which party had a lead over the others in 2010?",  # no one's margin: nothing to subtract
    ],
)
def test_other_questions_ask_no_arithmetic(question: str) -> None:
    assert arithmetic_question(question) is None


def test_values_are_read_as_printed() -> None:
    grouped = value_of("about $1,234.50 in all")
    assert grouped is not None and (grouped.amount, grouped.decimals, grouped.grouped, grouped.currency) == (
        1234.5, 2, True, "$")  # fmt: skip
    share = value_of("12.5 %")
    assert share is not None and share.percent and share.amount == 12.5
    scaled = value_of("€5.0 million")
    assert scaled is not None and scaled.scale == "million"
    assert value_of("no value here") is None
    # A fraction's digits grouped in threes ("1.192 735", as a regression table typesets them) are one value; a
    # figure of fewer decimals before another number is not.
    spaced = value_of("**1.192 735** — (Intercept)")
    assert spaced is not None and (spaced.amount, spaced.decimals) == (1.192735, 6)
    apart = value_of("0.5 100 patients")
    assert apart is not None and apart.amount == 0.5


def test_the_difference_is_said_with_its_working_larger_first() -> None:
    line = arithmetic_line("difference", ["2019", "2020"], ["1,000", "1,234"], ["[1]", "[2]"])
    assert line == "**234**: 2020 (1,234) [2] − 2019 (1,000) [1] = 234."
    points = arithmetic_line("difference", ["Households", "Businesses"], ["10.2%", "12.5 %"], ["[1]", "[2]"])
    assert points == (
        "**2.3 percentage points**: Businesses (12.5%) [2] − Households (10.2%) [1] = 2.3 percentage points."
    )
    money = arithmetic_line("difference", ["A", "B"], ["€5.0 million", "€2.0 million"], ["[1]", "[2]"])
    assert money == "**€3.0 million**: A (€5.0 million) [1] − B (€2.0 million) [2] = €3.0 million."


def test_two_cells_of_one_table_share_the_currency_one_of_them_prints() -> None:
    """A statement prints "$" on a column's first and total rows only: "$ 8,410" and "6,125" are both dollars."""
    assert arithmetic_line("difference", ["2022", "2020"], ["$ 8,410", "6,125"], ["[1]", "[1]"], one_table=True) == (
        "**$2,285**: 2022 ($8,410) [1] − 2020 ($6,125) [1] = $2,285.")  # fmt: skip
    assert arithmetic_line("difference", ["A", "B"], ["$ 8,410", "6,125"], ["[1]", "[2]"]) is None


def test_the_ratio_is_said_with_its_working() -> None:
    assert arithmetic_line("ratio", ["Paris", "Lyon"], ["5.0", "2.0"], ["[1]", "[2]"]) == (
        "**2.50 times**: Paris (5.0) [1] ÷ Lyon (2.0) [2] = 2.50."
    )
    assert arithmetic_line("ratio", ["A", "B"], ["5", "0"], ["[1]", "[2]"]) is None


@pytest.mark.parametrize(
    "values",
    [["12%", "5"], ["$5", "€5"], ["5 million", "5 thousand"], [None, "5"], ["five", "4"]],
)
def test_no_arithmetic_over_values_of_different_kinds(values: list[str | None]) -> None:
    assert arithmetic_line("difference", ["A", "B"], values, ["[1]", "[2]"]) is None


@pytest.mark.parametrize(
    ("question", "first", "second"),
    [
        ("How much more net income did the firm make in Q4 of fiscal 2022 than in the same quarter a year before?",
         "How much net income did the firm make in Q4 of fiscal 2022?",
         "How much net income did the firm make in Q4 of fiscal 2021?"),
        ("By how much did sales rise in Q2 2023 compared with the same quarter a year earlier?",
         "What was sales in Q2 2023?", "What was sales in Q2 2022?"),
    ],
)  # fmt: skip
def test_a_time_said_relative_to_the_first_is_that_time_moved(question: str, first: str, second: str) -> None:
    found = arithmetic_question(question)
    assert found is not None
    assert [p.question for p in found.parts] == [first, second]


def test_the_how_of_how_much_is_found_past_a_description_that_says_how() -> None:
    found = arithmetic_question("In Table 1 of the thesis on how soil type influences crop yield, how much higher is "
                                "the Yield of Wheat than of Barley?")  # fmt: skip
    assert found is not None and found.operation == "difference"
    assert [p.label for p in found.parts] == ["Wheat", "Barley"], found


def test_an_aside_in_brackets_belongs_to_the_thing_it_follows() -> None:
    found = arithmetic_question("In Table 1, how much higher is the intercept estimate of the second model (the one "
                                "using total BCPI) than the intercept estimate of the first model?")  # fmt: skip
    assert found is not None
    assert [p.label for p in found.parts] == ["The intercept estimate of the second model (the one using total BCPI)",
                                              "The intercept estimate of the first model"]  # fmt: skip
    assert found.parts[1].question == "In Table 1, what is the intercept estimate of the first model?"


def test_no_working_when_both_parts_read_one_value_of_one_unit() -> None:
    from app.qa.analysis.operation import Arithmetic
    from app.qa.answer import Answer
    from app.qa.ask import EvidenceNode
    from app.qa.compose import arithmetic_working
    from app.qa.decompose.patterns import Part

    said = "Of this, 1058 cycles went to writing, 642 to polling."
    unit = EvidenceNode("p1", "passage", "d", 4, "p. 4", said, 0, 1.0)
    parts = (Part("How many for writing?", "Writing"), Part("How many for reading?", "Reading"))
    arithmetic = Arithmetic("difference", parts)
    read = Answer("642 [1]", [unit], candidate="642")
    same = [("Writing", read), ("Reading", read)]
    assert arithmetic_working(arithmetic, same, [None, None], Answer("x", [unit])) is None
    apart = [same[0], ("Reading", Answer("1058 [1]", [unit], candidate="1058"))]
    assert arithmetic_working(arithmetic, apart, [None, None], Answer("x", [unit])) is not None


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        # The things counted run from the comparative to "than" and from "than" to the verb; the rest is each's.
        ("How many more pet rescues than wild animal rescues were there in total?",
         ("How many pet rescues were there in total?", "How many wild animal rescues were there in total?")),
        ("How many more papers than patents did the team publish?",
         ("How many papers did the team publish?", "How many patents did the team publish?")),
        # "the difference between" two things the parts split apart: one value less the other, not a verdict.
        ("What is the difference between the GLUE scores of BERT-Large and BERT-Base in the results table?",
         ("What is the GLUE scores of BERT-Large in the results table?",
          "What is the GLUE scores of BERT-Base in the results table?")),
        # A number's thousands comma is no clause boundary: "at 19,200" stands against "at a 38,400 target".
        ("How much larger is the error at a 38,400 target than at 19,200?",
         ("What is the error at a 38,400 target?", "What is the error at 19,200?")),
        # The subject's own preposition ("of the switch") is no verb's: the word before the span's opener is.
        ("By how many ohms does the resistance of the high-side switch increase between 25 °C and 125 °C?",
         ("What was the resistance of the high-side switch in 25 °C?",
          "What was the resistance of the high-side switch in 125 °C?")),
        # "those of the year-earlier quarter": the first thing's quarter a year back; the unit aside read in both.
        ("By how much did the firm's revenues for the quarter ended March 31, 2023 exceed those of the year-earlier "
         "quarter, in thousands of dollars?",
         ("What were the firm's revenues for the quarter ended March 31, 2023?",
          "What were the firm's revenues for the quarter ended March 31, 2022?")),
        # Two names joined by a preposition stand against two so joined, a lower-case tail with them; a comparative
        # that names its measure asks it of each part.
        ("How many dollars cheaper was Wisebot with Orca-2 mini than Autobot with Orca-1?",
         ("How cheap was Wisebot with Orca-2 mini?", "How cheap was Autobot with Orca-1?")),
        # "By how much is A higher than B", a unit aside after "how much": asked as "how much higher is A than B".
        ("By how much, in litres a minute, is the Quorra pump's peak flow higher than its idle flow?",
         ("What is the Quorra pump's peak flow?", "What is the Quorra pump's idle flow?")),
        ("By how much was the west mill's output lower than the east mill's output?",
         ("What was the west mill's output?", "What was the east mill's output?")),
        # A comparative the small tagger calls an adverb ("milliseconds longer": RB), known from the lexicon.
        ("How many milliseconds longer is the sensor's conversion time at 12-bit resolution than at 9-bit resolution?",
         ("How long is the sensor's conversion time at 12-bit resolution?",
          "How long is the sensor's conversion time at 9-bit resolution?")),
        # "the lowest" set against "the highest nitrate value": the lowest nitrate value; a unit with a slash.
        ("By how many mg/kg did the highest nitrate value exceed the lowest?",
         ("What was the highest nitrate value?", "What was the lowest nitrate value?")),
        ("By how much did the highest score beat the lowest in Table 2?",
         ("What is the highest score in Table 2?", "What is the lowest score in Table 2?")),
        # Outdoing said in several words, and the other thing a time: the subject's measure at that time.
        ("By how many million dollars did Intel's net revenue in the last quarter of 2022 fall short of the same "
         "quarter of 2021?",
         ("What was Intel's net revenue in the last quarter of 2022?",
          "What was Intel's net revenue in the same quarter of 2021?")),
        # Two things counted alike, one outnumbering the other; a word after the second is said of both.
        ("By how many did women outnumber men nationally?",
         ("How many women nationally?", "How many men nationally?")),
        # … or that time shortened ("Q1 2022", a quarter code and a year).
        ("By how many million dollars did Acme's net income for Q1 2023 fall short of Q1 2022?",
         ("What was Acme's net income for Q1 2023?", "What was Acme's net income for Q1 2022?")),
        ("By how much did the number of students in 2022 exceed 2021?",
         ("What was the number of students in 2022?", "What was the number of students in 2021?")),
        # The first thing named in more words than the other ("the Final model" against "model1"): not cut at "the".
        ("How much higher is the intercept estimate of the Final model than the intercept estimate of model1?",
         ("What is the intercept estimate of the Final model?", "What is the intercept estimate of model1?")),
        # The unit said between "by how many" and the auxiliary.
        ("At sequence length 512, by how many ms is FlashAttention's forward runtime lower than Apex FMHA's?",
         ("At sequence length 512, what is FlashAttention's forward runtime?",
          "At sequence length 512, what is Apex FMHA's forward runtime?")),
        # "than that of its B version" set against "of the A-grade pump": the pump's B version.
        ("How much higher is the peak flow of the 24-volt RX200 pump than that of its 12-volt version?",
         ("What is the peak flow of the 24-volt RX200 pump?",
          "What is the peak flow of the 12-volt version of the pump?")),
        # A unit the tagger reads as a name and a verb ("WER points"), said between "how many" and the comparative.
        ("How many WER points lower on dev-other is the small model than the baseline in the comparison table?",
         ("What on dev-other is the small model in the comparison table?",
          "What on dev-other is the baseline model in the comparison table?")),
        # A unit of symbols ("°C/W"); "its … value" stands for the first thing's measure.
        ("By how many °C/W does the chip's junction-to-ambient thermal impedance exceed its junction-to-case value?",
         ("What is the chip's junction-to-ambient thermal impedance?",
          "What is the chip's junction-to-case thermal impedance?")),
        # A document named after the beaten thing is where both are read; the beaten thing has the first's measure.
        ("By how many points does the tree model's recall beat the keyword baseline in the river flow study?",
         ("What is the tree model's recall in the river flow study?",
          "What is the keyword baseline's recall in the river flow study?")),
        # A part code ("the XC7A100T") stands against the clause's code of its form, with the family named before it.
        ("How many more logic cells does the Artix-7 XC7A200T have than the XC7A100T?",
         ("How many logic cells does the Artix-7 XC7A200T have?", "How many logic cells does the XC7A100T have?")),
        # A range inside the compared thing ("25 to 34") is no preposition ending its phrase.
        ("How much higher is the count for the 25 to 34 age group than for the 45 to 54 age group?",
         ("What is the count for the 25 to 34 age group?", "What is the count for the 45 to 54 age group?")),
        # The owner said after "of": "its typical value" is the same measure's, qualified otherwise.
        ("By how many volts does the maximum output saturation voltage of the L293D exceed its typical value?",
         ("What is the maximum output saturation voltage of the L293D?",
          "What is the L293D's typical output saturation voltage?")),
        # The beaten thing said bare ("the estimate") is the owner's own; the source said last is asked of both.
        ("By how many dollars did Acme's reported EPS beat the estimate, according to the quarterly review?",
         ("What is Acme's reported EPS according to the quarterly review?",
          "What is Acme's estimate according to the quarterly review?")),
        # A change asked over a span needs no "by"; a year said once is both times', a date keeps its own comma, and
        # a source said last is asked of both.
        ("How much did the library's lending grow from 2015 to 2018?",
         ("What was the library's lending in 2015?", "What was the library's lending in 2018?")),
        ("How many euros did the fare drop between 3 May and 9 May 2019, according to the transit memo?",
         ("What was the fare in 3 May 2019, according to the transit memo?",
          "What was the fare in 9 May 2019, according to the transit memo?")),
        ("How much did the fund's assets grow between March 31, 2020 and June 30, 2021, in millions of dollars?",
         ("What was the fund's assets in March 31, 2020?", "What was the fund's assets in June 30, 2021?")),
        # "the typical one": the first thing's noun with the other's word.
        ("By how many volts does the maximum input voltage exceed the typical one?",
         ("What was the maximum input voltage?", "What was the typical input voltage?")),
        # A document named last is where both things are read.
        ("How much higher is the pass rate for girls than for boys in the district's annual brief?",
         ("What is the pass rate for girls in the district's annual brief?",
          "What is the pass rate for boys in the district's annual brief?")),
        # A document a beaten thing is read "in" is where both are read, not the measure of each.
        ("By how many points does Model-A trail Model-B in the benchmark paper?",
         ("What is Model-A in the benchmark paper?", "What is Model-B in the benchmark paper?")),
        # A preposition said alone after "than" stands for the first thing with its opposite.
        ("How many more visitors came after the renovation than before?",
         ("How many visitors came after the renovation?", "How many visitors came before the renovation?")),
        ("How much faster is the pump with the bypass valve open than without?",
         ("What is the pump with the bypass valve open?", "What is the pump without the bypass valve open?")),
        # A prepositional thing of two phrases stands against as many phrases of the first.
        ("How much higher is the pump pressure with the valve in open mode than with the valve in closed mode?",
         ("What is the pump pressure with the valve in open mode?",
          "What is the pump pressure with the valve in closed mode?")),
        # The thing set against the first ends on the same noun, not on the last phrase of as many words.
        ("How many more LUTs does the 4x8 layout of the Acme fabric router use than the 8x4 layout?",
         ("How many LUTs does the 4x8 layout of the Acme fabric router use?",
          "How many LUTs does the 8x4 layout of the Acme fabric router use?")),
    ],
)  # fmt: skip
def test_more_shapes_of_arithmetic_become_two_lookups(question: str, parts: tuple[str, str]) -> None:
    analysis = analyse(question)
    assert analysis.shape == "arithmetic" and analysis.arithmetic is not None
    assert analysis.arithmetic.operation == "difference"
    assert tuple(p.question for p in analysis.arithmetic.parts) == parts


def test_two_things_merely_listed_ask_no_difference() -> None:
    analysis = analyse("What were the GLUE scores of BERT-Large and BERT-Base in the results table?")
    assert analysis.arithmetic is None


def test_the_unit_an_arithmetic_question_counts_in_is_kept() -> None:
    asked = "How many °C/W higher is the chip's thermal resistance in the SC-82 package than in SOT-23-5?"
    analysis = analyse(asked)
    assert analysis.arithmetic is not None and analysis.arithmetic.unit == "°C/W"
    assert len(analysis.arithmetic.parts) == 2
    counted = analyse("By how many milliseconds does the start-up time of A exceed that of B?").arithmetic
    assert counted is not None and counted.unit == "milliseconds"


def test_a_scale_abbreviated_on_both_values_is_kept_in_the_working() -> None:
    line = arithmetic_line("difference", ["Dots", "Qwen"], ["130K (×0.38)", "340K"], ["[1]", "[2]"])
    assert line is not None and line.startswith("**210K**") and "(340K)" in line
    # a value in thousands set against one in millions is no difference of the two figures
    assert arithmetic_line("difference", ["A", "B"], ["130K", "340M"], ["[1]", "[2]"]) is None
    # a unit glued to its figure ("100MHz", "1.5mm") is no scale
    assert arithmetic_line("difference", ["A", "B"], ["100MHz", "40MHz"], ["[1]", "[2]"]) is not None
