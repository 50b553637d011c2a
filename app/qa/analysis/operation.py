"""Arithmetic asked of two values, read from the grammar, not from phrasings:

- a comparative asked "how much/many" with "than": "How much more revenue did A earn in 2020 than in 2019?", "How many
  times larger was the budget of A than that of B?" (spaCy's tags JJR/RBR mark the comparative);
- a change asked "by how much": "By how much did X grow from 2012 to 2013?", "By how much did X rise in Q2 2023
  compared with Q2 2022?", "By how many points does A beat B in X?";
- a difference named: "What is the difference between the English and the German scores of X?".

Each becomes two lookups, one per compared thing, and the operation (marking words: lexicon/operations.yaml).
Composing the difference or ratio of the two read values is app.qa.compose's job."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from app.qa.analysis.arithmetic import PREPOSITION_WORDS, Arithmetic, Operation, lexicon, lexicon_data, year_offset
from app.qa.analysis.arithmetic import part_label as _label
from app.qa.analysis.contrast import (
    PREPOSITIONS,
    contrast,
    contrast_peeled,
    one_stand_in,
    opposite_stand_in,
    period_stand_in,
    superlative_stand_in,
)
from app.qa.analysis.grammar import condition_start, parse
from app.qa.analysis.outdo import counted_apart, document_tail, its_own, measure_of, names_document, owners_other
from app.qa.analysis.phrases import Phrases, possessive
from app.qa.analysis.reworded import aside_last, comparative_first
from app.qa.answer_types import QUANTITY_WORDS
from app.qa.classify.patterns import TABLE_LABEL
from app.qa.decompose.choice import shift_years, years
from app.qa.decompose.compare import YEARISH
from app.qa.decompose.patterns import Part
from app.qa.decompose.split import SOURCE_OPENERS, trailing_aside

COMPARATIVE_TAGS = ("JJR", "RBR")
VERB_TAGS = ("VB", "VBD", "VBZ", "VBP", "VBN", "VBG", "MD")
NOT_UNIT = ("AUX", "ADP", "DET", "PRON", "SCONJ", "CCONJ", "PART", "PUNCT")
ITS = Phrases.of(["its", "their"])
MAX_UNIT_WORDS = 3  # "how many percentage points higher": the longest unit said between "how many" and the comparative
# "… grow from 2012 to 2013", "… increase between 25 °C and 125 °C": the span a change is asked over.
_SPAN = re.compile(r"(?:from|between)\s+\S.*?\s+(?:to|and)\s+\S", re.I)


def arithmetic_question(question: str) -> Arithmetic | None:
    """The operation and the two lookups of an arithmetic question; None for any other question."""
    q = aside_last(" ".join(question.split()).rstrip(" ?.!"))
    low = q.lower()
    if "how" not in low and "difference" not in low and "gap" not in low:
        return None
    doc = parse(q)
    moved = comparative_first(doc, lexicon()["quantity"])  # "By how much is A higher than B?"
    found = _comparative_than(parse(moved) if moved else doc) or _by_how_much(doc) or _compared_with(doc)
    found = found or _difference_between(doc)
    return replace(found, unit=_counted_unit(doc)) if found is not None else None


AUXILIARIES = frozenset("did does do has have had was were is are will would can could".split())


def _counted_unit(doc: Any) -> str:
    """ "how many °C/W higher is …", "by how many milliseconds does …": the unit said after "how many" (up to
    MAX_UNIT_WORDS words); "" when none is."""
    tokens = list(doc)
    at = next((t.i + 2 for t in tokens[:-1] if t.lower_ == "how" and tokens[t.i + 1].lower_ == "many"), None)
    if at is None:
        return ""
    end = next((k for k in range(at, len(tokens)) if _comparative(tokens[k]) or tokens[k].lower_ in AUXILIARIES
                or tokens[k].lower_ in lexicon()["times"]), at)  # fmt: skip
    unit = doc[at:end].text if end > at else ""
    return unit if len(unit.split()) <= MAX_UNIT_WORDS else ""


def _context(doc: Any, end: int) -> str:
    """What opens the question before the operation ("For married couples filing jointly, "): said in both parts."""
    return doc[:end].text.strip() + " " if end > 0 else ""


def _shared_tail(other: str, clause: str) -> tuple[str, str]:
    """(`other` without a trailing phrase that belongs to both things, that phrase): a year not said before ("… than
    in private schools in 2003"), or a unit aside ("…, in thousands of dollars"). An aside naming the table both values
    are read from (", according to Table 2 of the survey") is that phrase: each part is asked in that table."""
    source = _source_aside(other)
    if source is not None:
        return other[:source], other[source:]
    named = document_tail(other)
    if named is not None and other[named:].strip() not in clause:
        return other[:named], other[named:]  # "than for men in the Jordan brief's breakdown": both read there
    owner, _, rest = other.partition(" ")
    said = rest.split(" ", 1)[0].lower()
    if possessive(owner) is not None and said in PREPOSITIONS and f" {said} " not in f" {clause.lower()} ":
        return owner, f" {rest}"  # "than GPT-4's in the paper's comparison": the owner, then where both are read
    aside = re.search(r",\s*(?:in|as)\s+[^,]+$", other)
    if aside is not None and aside.start() > 0:
        return other[: aside.start()], ""
    shared = re.search(rf"\s+(?:{PREPOSITION_WORDS})\s+[^,]*?{YEARISH.pattern}$", other)
    if shared is not None and shared.start() > 0 and not YEARISH.search(clause):
        return other[: shared.start()], shared.group(0)
    return other, ""


def _source_aside(text: str) -> int | None:
    """Where an aside at the end of `text` that names a table starts (its comma): ", according to Table 1 of the
    replication", ", in Exhibit 5"; None without one."""
    aside = trailing_aside(text)
    if aside is not None and aside[0] > 0 and TABLE_LABEL.search(aside[1]) is not None:
        return aside[0]
    # No comma: "… than Naive Bayes in Table 1 of the survey": a source opener right before the last table label.
    labels = list(TABLE_LABEL.finditer(text))
    before = text[: labels[-1].start()].rstrip() if labels else ""
    opener = next((s for s, e in reversed(SOURCE_OPENERS.every(before)) if e == len(before)), None)
    return len(text[:opener].rstrip()) if opener else None  # the aside keeps the space before it


def _comparative_than(doc: Any) -> Arithmetic | None:
    words = lexicon()
    tokens = list(doc)
    # The "how" of "how much/many": not one of a description before it ("the thesis on how X influences Y, how much").
    quantity = (t.i for t in tokens[:-1] if t.lower_ == "how" and tokens[t.i + 1].lower_ in words["quantity"])
    how = next(quantity, None)
    if how is None:
        return None
    i = how + 2
    ratio = i < len(tokens) and tokens[i].lower_ in words["times"]
    i += int(ratio)
    # "how many percentage points higher", "how many votes more": the unit the difference is counted in.
    # The unit runs to the comparative; the small tagger may call its words names or verbs ("WER points lower").
    # A unit written in symbols ("°C/W") is one word of several tokens, the tagger's PUNCT and SYM among them.
    glued = lambda k: bool(tokens[k].whitespace_ == "" or (k and tokens[k - 1].whitespace_ == ""))  # noqa: E731
    unit_end = next((k for k in range(i, min(i + 3 * MAX_UNIT_WORDS + 1, len(tokens)))
                     if _comparative(tokens[k]) or (tokens[k].pos_ in NOT_UNIT and not glued(k))
                     or len(doc[i : k + 1].text.split()) > MAX_UNIT_WORDS), i)  # fmt: skip
    unit = ""
    if not ratio and unit_end > i and unit_end < len(tokens) and _comparative(tokens[unit_end]):
        unit, i = doc[i:unit_end].text, unit_end
    if i >= len(tokens) or not _comparative(tokens[i]):
        return None
    comparative, adjective = tokens[i], None
    if (
        comparative.lower_ in ("more", "less")
        and i + 2 < len(tokens)
        and tokens[i + 1].tag_ in ("JJ", "RB")
        and tokens[i + 2].tag_ in VERB_TAGS
        and tokens[i + 1].lower_ not in QUANTITY_WORDS  # "how many times more current does A draw": a noun
    ):
        comparative = adjective = tokens[i + 1]  # "how much more expensive was ...": asked as "how expensive was"
    than, end = _than(tokens, comparative.i + 1)
    if than is None:
        return None
    clause = doc[comparative.i + 1 : end].text.strip(" ,")
    after = than.i + 1
    if after + 1 < len(tokens) and tokens[after].lower_ in words["stand_ins"]:
        after += 1  # "than that of Lyon" → "of Lyon"
    other, both = _shared_tail(doc[after:].text.strip(" ,"), clause)
    if not other:
        return None
    # "how much more revenue did …" keeps "how much revenue"; "how much higher was the rate …" becomes "what was …".
    modifies_noun = adjective is None and comparative.dep_ == "amod" and comparative.head.i > comparative.i
    opening = f"How {tokens[how + 1].text}" if modifies_noun else f"How {adjective.text}" if adjective else "What"
    if unit and comparative.lower_ in words["counted"]:
        opening = f"How {tokens[how + 1].text} {unit}"  # "how many votes more did A get": how many votes each got
    opening = _context(doc, how) + (opening if how == 0 else opening.lower())
    operation: Operation = "ratio" if ratio else "difference"
    if (offset := year_offset(other)) and years(clause):
        # "… in Q4 of fiscal 2022 than in the same quarter a year before": the first part's time, a year back.
        return Arithmetic(operation, (Part(f"{opening} {clause}{both}?", _label(years(clause)[-1].group(0))),
                                      Part(f"{opening} {shift_years(clause, offset)}{both}?",
                                           _label(shift_years(years(clause)[-1].group(0), offset)))))  # fmt: skip
    if ITS.lead(other) and possessive(clause) is not None and tokens[comparative.i + 1].tag_ not in VERB_TAGS:
        other = other.split(None, 1)[1]  # "more current does A's eco mode draw than its sleep mode": A's sleep mode
    turned = opposite_stand_in(other, clause, lexicon_data()["opposite_prepositions"])
    if turned is not None:  # "… cooler with the heat sink than without": the same thing without it
        return Arithmetic(operation, (Part(f"{opening} {clause}{both}?", _label(turned[1])),
                                      Part(f"{opening} {turned[0]}{both}?", _label(turned[2]))))  # fmt: skip
    a = contrast(clause, other, tokens[after].tag_ == "IN")
    if a is None:
        # "… than the large model in the vision study": the phrases after the thing set against the first belong to
        # both ("the error of the small model" in that study too).
        other, a, both = contrast_peeled(clause, other, both, tokens[after].tag_ == "IN")
    if a is not None:
        named, (said, _, rest) = clause[a[0] : a[1]].split(), other.partition(" ")
        if ITS.lead(rest) and said.lower() in PREPOSITIONS and len(named) > 1 and possessive(" ".join(named)) is None:
            # "than that of its 1.8-volt version" set against "of the 5.0-volt chip": the chip's other version.
            other = f"{said} the {rest.split(None, 1)[1]} of the {named[-1]}"
        asked_b = f"{clause[: a[0]]}{other}{clause[a[1] :]}"
        measure = lexicon_data()["measure_comparatives"].get(comparative.lower_)
        if measure and adjective is None and not modifies_noun:
            opening = _context(doc, how) + (f"How {measure}" if how == 0 else f"how {measure}")
        return Arithmetic(operation, (Part(f"{opening} {clause}{both}?", _label(clause[a[0] : a[1]])),
                                      Part(f"{opening} {asked_b}{both}?", _label(other))))  # fmt: skip
    verb = clause.split(" ", 1)
    if a is None and not opening.lower().endswith("what"):
        # "how many mA more does it draw once a keyboard is on, compared with running without one": the condition.
        cut = condition_start(doc[comparative.i + 1 : end])
        if cut is not None:
            said = doc[comparative.i + 1 : cut.i].text
            thing = doc[cut.i : end].text.strip(" ,")
            return Arithmetic(operation, (Part(f"{opening} {clause}{both}?", _label(thing)),
                                          Part(f"{opening} {said} {other}{both}?", _label(other))))  # fmt: skip
    if opening.endswith("What") or opening.endswith("what"):
        # "how much higher is the cap on A than the cap on B": two things named whole, each asked for.
        if len(verb) < 2 or tokens[comparative.i + 1].tag_ not in VERB_TAGS:
            return None
        subject = verb[1]
        owner = possessive(subject)
        if owner is not None and ITS.lead(other):
            other = f"{owner[0]}'s {other[len(other.split(None, 1)[0]) + 1 :]}"  # "than its rigid …"
        return Arithmetic(operation, (Part(f"{opening} {clause}{both}?", _label(subject)),
                                      Part(f"{opening} {verb[0]} {other}{both}?", _label(other))))  # fmt: skip
    return None


def _comparative(token: Any) -> bool:
    """A comparative by its tag, or by the lexicon where the small tagger misses it ("milliseconds longer": RB)."""
    return token.tag_ in COMPARATIVE_TAGS or token.lower_ in lexicon()["comparatives"]


def _than(tokens: list[Any], start: int) -> tuple[Any, int] | tuple[None, int]:
    """The word the second thing follows and where the first one's clause ends: "than", else "compared with/to"."""
    than = next((t for t in tokens[start:] if t.lower_ == "than"), None)
    if than is not None:
        return than, than.i
    against = next((t for t in tokens[start:-2] if t.lower_ in lexicon()["compared"]
                    and tokens[t.i + 1].lower_ in ("with", "to")), None)  # fmt: skip
    return (tokens[against.i + 1], against.i) if against is not None else (None, start)


def _by_how_much(doc: Any) -> Arithmetic | None:
    """ "By how much did X grow from A to B?", "… rise in A compared with B?", "By how many points does A beat B
    in X?"; without "by", only a verb of change over a span: "How many dollars did the price drop between A and B?"."""
    text = doc.text
    # "by how many percentage points did …", "by how many °C/W does …": up to three words of unit, none of them the
    # auxiliary itself.
    m = re.match(r"^(?P<context>.*?)\b(?P<by>by )?how (?:much|many)"
                 r"(?:\s+(?!(?:did|does|do|has|have|had|was|were|is|are)\b)[^\s,?]+){0,3}"
                 r"\s+(?:did|does|do|has|have|had|was|were|is|are)\s+(?P<rest>.+)$", text, re.I)  # fmt: skip
    if m is None:
        return None
    context = (m.group("context").strip() + " ") if m.group("context").strip() else ""
    tokens = [t for t in doc if t.idx >= m.start("rest")]
    # The verb ends the subject: the word before the first preposition ("… interest expense rise in Q2"; the tagger
    # may call "rise" a noun there).
    outdo = next((t for t in tokens[1:] if t.lower_ in lexicon()["outdo"]), None)
    # "did Intel's revenue fall short of the same quarter of 2021": a verb of outdoing said in several words
    said = sorted(lexicon()["outdo_phrases"])
    verb_end = None
    if outdo is None:
        phrase = next(((t, p) for t in tokens[1:] for p in said if text.lower().startswith(f"{p} ", t.idx)), None)
        if phrase is not None:
            outdo, verb_end = phrase[0], phrase[0].idx + len(phrase[1])
    first_preposition = next((k for k, t in enumerate(tokens) if k > 1 and t.tag_ in ("IN", "TO")), None)
    if outdo is None and first_preposition is None:
        return None
    # "… of the switch increase between 25 °C and 125 °C": the word before the last span's opener is the verb, where
    # the subject holds prepositions of its own
    spans = (k for k in range(len(tokens) - 1, 1, -1) if _SPAN.match(text[tokens[k].idx :]))
    span_at = None if outdo else next(spans, None)
    verb = outdo or tokens[(span_at or first_preposition) - 1]  # type: ignore[operator]
    if m.group("by") is None and (span_at is None or verb.lower_ not in lexicon()["changes"]):
        return None  # "how much did X cost in 2021" asks one value; "how much did X grow from A to B" asks a change
    subject = text[m.start("rest") : verb.idx].strip()
    end = verb_end if verb_end is not None else verb.idx + len(verb.text)
    after = re.sub(r"\s*\([^)]*\)", "", text[end:]).strip(" ,")  # "(in millions)": an aside
    if outdo is not None and (aside := re.search(r",\s*in\s+[^,]+$", after)) is not None:
        after = after[: aside.start()]  # ", in thousands of dollars": the unit both are read in
    # a comma before a year is the date's own ("June 30, 2026"), not the start of an aside
    span = re.match(
        r"^(?:from|between)\s+(?P<a>.+?)\s+(?:to|and)\s+(?P<b>.+?)(?P<tail>,(?!\s*\d{4}\b).*)?$", after, re.I
    )
    span = span or re.match(
        r"^(?P<a>(?:in|during|for|at)\s+.+?)\s*,?\s+(?:compared\s+(?:with|to)|versus|vs\.?|against)\s+(?P<b>.+?)"
        r"(?P<tail>,.*)?$", after, re.I)  # fmt: skip
    if span is not None and subject:
        a, b = span.group("a"), span.group("b")
        if (offset := year_offset(b)) and years(a):
            b = shift_years(a, offset)  # "in Q2 2023 compared with the same quarter a year earlier"
        elif years(b) and not years(a):
            a = f"{a} {years(b)[-1].group(0)}"  # "between 28 June and 29 June 2001": the year said once, for both
        tail = (span.group("tail") or "").strip(" ,")
        source = f", {tail}" if tail and (names_document(tail) or TABLE_LABEL.search(tail)) else ""
        a_in = a if re.match(rf"^(?:{PREPOSITION_WORDS})\s", a, re.I) else f"in {a}"
        b_in = b if re.match(rf"^(?:{PREPOSITION_WORDS})\s", b, re.I) else f"in {b}"
        return Arithmetic("difference", (Part(f"{context}What was {subject} {a_in}{source}?", _label(a)),
                                         Part(f"{context}What was {subject} {b_in}{source}?", _label(b))))  # fmt: skip
    outdone = outdo is not None
    owner = (possessive(subject) or measure_of(subject)) if subject and outdone and ITS.lead(after) else None
    if owner is not None:
        return its_own(context, subject, owner, after)
    stand_in, _, object_words = after.lower().partition(" ")
    alone = not {"in", "on", "for"} & set(object_words.split()[1:])  # no "… in Table 2" both are read from
    if subject and outdone and stand_in in lexicon()["stand_ins"] and alone:
        other = _stand_in(after, subject)  # "did the revenues in 2021 exceed those of 2019"
        if (offset := year_offset(after)) and years(subject):
            other = shift_years(subject, offset)  # "… for the quarter ended March 31, 2023 exceed those a year earlier"
        if other != after:
            return Arithmetic("difference", (Part(f"{context}What were {subject}?", _label(subject)),
                                             Part(f"{context}What were {other}?", _label(other))))  # fmt: skip
    lower = (superlative_stand_in(after, subject) or one_stand_in(after, subject)
             or period_stand_in(after, subject)) if subject and outdone else None  # fmt: skip
    if lower is not None:
        # "did the highest nitrate value exceed the lowest": the lowest nitrate value; "… in 2022 fall short of the
        # same quarter of 2021": its value in that quarter
        return Arithmetic("difference", (Part(f"{context}What was {subject}?", _label(subject)),
                                         Part(f"{context}What was {lower}?", _label(lower))))  # fmt: skip
    owned = possessive(subject) if subject and outdone else None
    if owned is not None and (theirs := after.rstrip(" ?.!")).endswith(("'s", "’s")):
        # "does A's overall score beat B's?": B's overall score
        other = f"{theirs[:-2]}'s{owned[1]}"
        return Arithmetic("difference", (Part(f"{context}What is {subject}?", _label(owned[0])),
                                         Part(f"{context}What is {other}?", _label(theirs[:-2]))))  # fmt: skip
    beaten = re.match(r"^(?P<b>.+?)\s+(?:in|on|for)\s+(?P<what>.+)$", after)
    if beaten is not None and subject and outdone:
        what, b = beaten.group("what"), _stand_in(beaten.group("b"), subject)
        b = superlative_stand_in(b, subject) or b  # "did the highest score beat the lowest in Table 2"
        if TABLE_LABEL.match(what) or (names_document(what) and possessive(subject) is None):
            # "… exceed that of B in Table 2", "does A trail B in the X paper": where both are read from
            return Arithmetic("difference", (Part(f"{context}What is {subject} in {what}?", _label(subject)),
                                             Part(f"{context}What is {b} in {what}?", _label(b))))  # fmt: skip
        owned = possessive(subject)
        if owned is not None and names_document(what):
            # "does A's accuracy beat B in the earnings call report": B's accuracy in that report.
            theirs = f"{b}'s{owned[1]}"
            return Arithmetic("difference", (Part(f"{context}What is {subject} in {what}?", _label(subject)),
                                             Part(f"{context}What is {theirs} in {what}?", _label(b))))  # fmt: skip
        if YEARISH.fullmatch(what):  # "did exports exceed imports in 2015": a time, not a measure
            return Arithmetic("difference", (Part(f"{context}What were {subject} in {what}?", _label(subject)),
                                             Part(f"{context}What were {b} in {what}?", _label(b))))  # fmt: skip
        return Arithmetic("difference", (Part(f"{context}What is the {what} of {subject}?", _label(subject)),
                                         Part(f"{context}What is the {what} of {b}?", _label(b))))  # fmt: skip
    if owned is not None:
        return owners_other(context, owned, subject, after)
    return counted_apart(context, subject, after, "many" if "how many" in text.lower() else "much") if outdone else None


def _compared_with(doc: Any) -> Arithmetic | None:
    """ "By how much did the new model lower the average error compared with the paper it reimplemented?": the
    measure (the verb's object) of the subject and of the thing it is compared with, read from the parse."""
    tokens = list(doc)
    quantity = lexicon()["quantity"]
    how = next((t.i for t in tokens[:-1] if t.lower_ == "how" and tokens[t.i + 1].lower_ in quantity), None)
    against = next((t for t in tokens if t.lower_ in lexicon()["compared"] and t.i + 1 < len(tokens)
                    and tokens[t.i + 1].lower_ in ("with", "to")), None)  # fmt: skip
    if how is None or against is None:
        return None
    verb = against.head
    subject = next((t for t in verb.children if t.dep_ in ("nsubj", "nsubjpass")), None)
    measure = next((t for t in verb.children if t.dep_ == "dobj"), None)
    other = next((t for t in tokens[against.i + 1].children if t.dep_ == "pobj"), None)
    if subject is None or measure is None or other is None or not how < subject.i < measure.i < against.i:
        return None
    what = doc[measure.left_edge.i : measure.right_edge.i + 1].text
    b = doc[other.left_edge.i : other.right_edge.i + 1].text.split(",")[0].strip()
    a = doc[subject.left_edge.i : subject.right_edge.i + 1].text
    context = _context(doc, how - 1 if how > 0 and tokens[how - 1].lower_ == "by" else how)
    opening = f"{context}what was" if context else "What was"
    return Arithmetic("difference", (Part(f"{opening} {what} of {a}?", _label(a)),
                                     Part(f"{opening} {what} of {b}?", _label(b))))  # fmt: skip


def _stand_in(thing: str, subject: str) -> str:
    """ "that of method B" set against "the precision of method A": "the precision of method B"; "those of 2019" set
    against "the company's revenues in 2021": "the company's revenues in 2019" (the subject's own preposition kept
    when the stand-in's differs)."""
    first, _, rest = thing.partition(" ")
    preposition, _, other = rest.partition(" ")
    if first.lower() not in lexicon()["stand_ins"] or preposition.lower() not in PREPOSITIONS or not other:
        return thing
    low = f" {subject.lower()} "
    same = low.find(f" {preposition.lower()} ")
    cut = same if same > 0 else max(low.rfind(f" {p} ") for p in PREPOSITIONS)
    if cut <= 0:
        return thing
    own = low[cut + 1 :].split(" ", 1)[0]
    return f"{subject[: cut - 1]} {own} {other}"


def _difference_between(doc: Any) -> Arithmetic | None:
    """ "What is the difference between the English and the German F-measures of X?": two things of one head noun,
    the first said without it; "the gap in RBI score between the top-ranked and the bottom-ranked state" asks the
    score of each."""
    m = re.match(r"^(?P<context>.*?)\bwhat\s+(?:is|was|are|were)\s+the\s+(?:difference|gap)(?:\s+in\s+(?P<attr>.+?))?"
                 r"\s+between\s+(?P<a>.+?)\s+and\s+(?P<b>.+)$", doc.text, re.I)  # fmt: skip
    if m is None:
        return None
    a, b = m.group("a").strip(" ,"), m.group("b").strip(" ,")
    if not (a.lower().startswith("the ") and b.lower().startswith("the ")):
        return None  # "the gap between men and women in employment": not two things of one noun
    a_words, b_words = a.split(), b.split()
    if len(a_words) < len(b_words) and a_words[0].lower() == b_words[0].lower() and len(a_words) == 2:
        a = " ".join([a, *b_words[2:]])  # "the English" + "F-measures of X" from "the German F-measures of X"
    context = (m.group("context").strip() + " ") if m.group("context").strip() else ""
    opening = f"{context}What is" if not context else f"{context}what is"
    if m.group("attr"):  # "the gap in RBI score between …": that score of each
        opening, b = f"{opening} the {m.group('attr').strip()} of", b.rstrip(" ?.!")
    return Arithmetic("difference", (Part(f"{opening} {a}?", _label(a)), Part(f"{opening} {b}?", _label(b))))
