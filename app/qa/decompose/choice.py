""" "Which is older: A or B?": a choice between two, asked as one part for each of the two."""

from __future__ import annotations

import re

from app.qa.analysis.phrases import WORD, Phrases, possessive
from app.qa.decompose.patterns import ASKING_PREPOSITION, OWN, RELATIVE, Part, words_at
from app.qa.decompose.pieces import SCOPE

THAN = Phrases.of(["than"])
ASKING = frozenset({"which", "what", "who"})


def _own_to_the(text: str) -> str:
    """ "its tank" → "the tank": a label read without its owner."""
    n = OWN.lead(text)
    return f"the {text[n:]}" if n else text


def _conjugated(verb: str, past: bool) -> str:
    """ "graduate" → "graduated" (past) or "graduates"; "sell" → "sold"."""
    if past:
        return PAST_OF.get(verb) or (f"{verb}d" if verb.endswith("e") else f"{verb}ed")
    return f"{verb}es" if verb.endswith(("s", "sh", "ch", "x")) else f"{verb}s"


def _past_tense(verb: str) -> bool:
    """ "covered", "employed": a verb of its own ("lasted" is a duration's, asked as "How long does X last?")."""
    return verb.endswith("ed") and verb != "lasted"


def _adjective(comp: str, verb: str | None) -> bool:
    """ "older", "more expensive" (said with "is") compare a quality; "more outlets" (had) counts something."""
    return not comp.startswith(("more ", "less ", "fewer ")) or (verb or "").lower() in ("is", "was", "are", "were")


_TWO_VERB = (
    r"(?:is|was|are|were|has|had|lasts|lasted|costs|cost|takes|took|uses?|consumes?|spends?|spent|gets?|got|pays?|paid|"
    r"earns?|employs?|receives?|needs?|produces?|sells?|sold|wins?|won|loses?|lost|[a-z]{3,}ed)"
)


# "Which is older: the Polytechnics Act or the wire separation standard?", "Which lasts longer, A or B?": each of
# the two is asked about on its own (the comparative says what: a date, a duration, an amount).
WHICH_OF_TWO = re.compile(
    # "Which one is ...", "Which state had more graduates, California or Texas?"
    # "Which layoff notice covered more workers: A or B?": a noun of up to three words, a verb in the past.
    rf"^\s*(?:which|what|who)(?:\s+one|\s+(?P<noun>(?:(?!(?:{_TWO_VERB}|one)\b)[\w-]+\s+){{0,2}}(?!(?:{_TWO_VERB}|one)\b)[\w-]+))?"
    rf"\s+(?P<verb>{_TWO_VERB})?"
    # "Which is expected to have more graduates in 2020–21, Ohio or Michigan?": a projection, asked as a count.
    r"(?:\s*(?P<modal>(?:expected|projected|forecast|predicted|likely|set|due)\s+to\s+(?:have|get|see|receive|gain))\b)?"
    # "more public high school graduates in 2008–09, Florida or Georgia?": what is counted may be a long phrase.
    # "Which regression fits better by R², A or B?": the measure the two are compared by.
    # "Which method has the better Precision@10: A or B?": the measure said after "the" and its comparative.
    r"\s*(?P<the>the\s+)?(?P<comp>(?:more|less|fewer)\s+[^,:;?]+?(?!\s+by\s)|[a-z]+er)(?:\s+(?:by\s+|as\s+(?:an?\s+)?)(?P<by>[^,:;?]{1,40}(?=[,:;])|[^,:;?]{1,40}?))?"
    r"(?(the)(?:\s+(?P<measure>[^,:;?]{1,40}?))?)"
    r"\s*(?:[,:;]|\s+[-–—]|\s*\bof\b\s*(?:the\s+two)?[,:]?)\s*"
    r"(?P<a>.+?),?\s+or\s+(?P<b>.+?)[\s?.!]*$",
    re.I,
)


# "Did Texas have more graduates than California?", "Is the 737 MAX proposal older than the Pilatus notice?": the
# same two questions, put as yes or no. A number after "than" is a threshold, not a second thing ("Is the water
# warmer than 25 °C?" is one question).
MORE_THAN = re.compile(
    r"^\s*(?P<verb>is|was|are|were|did|does|do|has|had)\s+(?P<a>.+?)\s+(?:(?:have|has|had)\s+)?"
    r"(?P<comp>(?:more|less|fewer)\s+[\w-]+|[a-z]+er)\s+than\s+(?P<b>(?!\d)[^?]+?)[\s?.!]*$",
    re.I,
)


# "In which state is the share of households … larger, Madhya Pradesh or Orissa?": a measure of each of two places or
# years, asked with the preposition the question opens on.
WHERE_IS_MORE = re.compile(
    r"^\s*(?P<prep>in|for|at|on|during)\s+which\s+[\w-]+\s+(?P<verb>is|was|are|were)\s+(?P<attr>.+?)\s+"
    r"(?P<comp>(?:more|less)\s+[a-z]+|[a-z]+er)\s*[,:;]\s*(?P<a>.+?),?\s+or\s+(?P<b>.+?)[\s?.!]*$",
    re.I,
)


def own_verb(text: str) -> tuple[str, str] | None:
    """ "Did Ohio graduate more …": (the subject, a verb of its own), the verb the last word, in lower case."""
    said = text.rsplit(None, 1)
    if len(said) < 2 or not said[0].strip():
        return None
    subject, verb = said
    return (subject.rstrip(), verb) if len(verb) > 2 and verb.isascii() and verb.isalpha() and verb.islower() else None


# "Which print job cost the project more: A or B?": what each cost, whoever paid.
COSTS_MORE = re.compile(
    r"^\s*(?:which|what)(?:\s+(?P<noun>[\w-]+(?:\s+[\w-]+){0,2}?))?\s+(?P<verb>cost|costs)\s+(?:[^,:;?]+?\s+)?"
    r"(?P<comp>more)\s*[,:;]\s*(?P<a>.+?),?\s+or\s+(?P<b>.+?)[\s?.!]*$",
    re.I,
)


# "Did the project pay more for its computers or for its printers?": what was paid for each.
PAID_MORE = re.compile(
    r"^\s*(?P<aux>did|does|do|has|have)\s+(?P<who>.+?)\s+(?P<verb>pay|paid|spend|spent|invest|invested)\s+"
    r"(?P<comp>more|less)\s+(?P<prep>for|on|in)\s+(?P<a>.+?),?\s+or\s+(?:(?:for|on|in)\s+)?(?P<b>.+?)[\s?.!]*$",
    re.I,
)


# The present of a past tense without "-ed" ("got" → "How many votes did A get?").
PRESENT_OF = {"paid": "pay", "spent": "spend", "invested": "invest", "got": "get", "sold": "sell", "won": "win",
              "lost": "lose", "took": "take"}  # fmt: skip


PAST_OF = {present: past for past, present in PRESENT_OF.items()}


# "Was the pass rate higher in Ohio or in Michigan?", "Is unemployment lower for men or for women?": the measure in
# each of the two.
HIGHER_IN = re.compile(
    r"^\s*(?P<verb>is|was|are|were)\s+(?P<attr>.+?)\s+(?P<comp>(?:more|less)\s+[a-z]+|[a-z]+er)\s+"
    r"(?P<prep>in|for|at|among|on|during)\s+(?P<a>.+?),?\s+or\s+(?:(?:in|for|at|among|on|during)\s+)?"
    r"(?P<b>.+?)[\s?.!]*$",
    re.I,
)


# "Was the server's use projected to be greater in 2010 than in 2008?": the measure in each of two years or places,
# put as yes or no.
HIGHER_THAN_IN = re.compile(
    r"^\s*(?P<verb>is|was|are|were)\s+(?P<attr>.+?)\s+"
    r"(?P<modal>(?:projected|expected|estimated|forecast|predicted|likely)\s+to\s+be\s+)?"
    r"(?P<comp>(?:more|less)\s+[a-z]+|[a-z]+er)\s+(?P<prep>in|for|at|among|on|during)\s+(?P<a>.+?)\s+than\s+"
    r"(?:(?:in|for|at|among|on|during)\s+)?(?P<b>.+?)[\s?.!]*$",
    re.I,
)


# "Did Casino have bigger wholesale grocery sales than Coop Valais?", "Did Ohio have more public high school graduates
# than Michigan?": what each had, the comparative followed by the thing it measures.
HAD_MORE_THAN = re.compile(
    r"^\s*(?P<verb>did|does|do)\s+(?P<a>.+?)\s+have\s+(?:an?\s+|the\s+)?(?P<comp>more|less|fewer|[a-z]+er)\s+"
    r"(?P<what>(?!than\b)[\w'’-]+(?:\s+(?!than\b)[\w'’-]+){0,5})\s+than\s+(?P<b>(?!\d)[^?]+?)[\s?.!]*$",
    re.I,
)


# "Between A and B, which affected more workers?", "Of A and B, which …": the two named first, asked as "Which
# affected more workers, A or B?".
def _named_first(q: str) -> str | None:
    said = q.split(None, 1)
    if len(said) < 2 or said[0].lower() not in ("between", "of"):
        return None
    a, joint, tail = said[1].partition(" and ")
    for comma in (i for i, c in enumerate(tail) if c == ","):
        rest = tail[comma + 1 :].strip().rstrip(" ?.!")
        if a.strip() and tail[:comma].strip() and WH_ASKING.opens(rest) and len(rest.split()) > 1 and "?" not in rest:
            return f"{rest}, {a.strip(' ,')} or {tail[:comma].strip(' ,')}?"
    return None


WH_ASKING = Phrases.of(sorted(ASKING))


# "those in server closets", "the ones for junior high schools", "that of Italy": the other alternative's thing,
# somewhere else.
ONES_ALTERNATIVE = Phrases.of(["that", "those", "the ones", "ones", "the one"])
ALTERNATIVE_PREPOSITIONS = frozenset("in for of at on from with by".split())


def _ones(x: str) -> int:
    """The length of "the ones " in "the ones for junior high schools" (before a preposition); 0 without."""
    n = ONES_ALTERNATIVE.lead(x)
    return n if n and n in words_at(x, ALTERNATIVE_PREPOSITIONS) else 0


def _head_before_preposition(a: str) -> str | None:
    """ "the textbooks" of "the textbooks for primary schools": what stands before the first preposition."""
    heads = [k for k in (len(a[:at].rstrip()) for at in words_at(a, ALTERNATIVE_PREPOSITIONS)) if k]
    return a[: heads[0]] if heads and "\n" not in a[: heads[0]] else None


def _owned_thing(text: str) -> str | None:
    """ "Ohio's enrolment" → "enrolment": an owner's thing, the other owner's too when said alone ("… than
    Michigan's")."""
    owned = possessive(text)
    return owned[1].strip() if owned is not None and owned[1][:1].isspace() and owned[1].strip() else None




def _owner_alone(text: str) -> bool:
    """ "Michigan's": an owner, its thing left to the other alternative."""
    said = text.removesuffix("\n")
    return said.endswith(("'s", "’s")) and len(said) > 2 and "\n" not in said




AUXILIARY_VERBS = frozenset(["", "is", "are", "was", "were", "has", "had", "have", "did", "does", "do"])


# Amounts counted without a plural ("more energy a year", "more money on travel").
MASS_NOUNS = frozenset("energy electricity power money fuel water time revenue funding income space land".split())


PLURALS = frozenset("people children men women staff personnel police cattle".split())


WHEN_COMPARATIVES = frozenset("older newer earlier later".split())


MEASURE_COMPARATIVES = {
    "larger": "large", "bigger": "big", "smaller": "small", "higher": "high", "lower": "low", "longer": "long",
    "shorter": "short", "wider": "wide", "heavier": "heavy", "lighter": "light", "faster": "fast", "slower": "slow",
    "cheaper": "cheap", "greater": "great", "deeper": "deep", "stronger": "strong", "warmer": "warm",
    "colder": "cold", "hotter": "hot",
}  # fmt: skip


def _as_choice(q: str) -> tuple[str, str | None]:
    """`q` put as "Which …, A or B?" when it names the two first ("Between A and B, which …?"), and the scope that
    opens it ("In the state-of-the-art case for 2009, which …: A or B?" → the scope, then the question without it)."""
    q = _named_first(q) or q
    scope = SCOPE.match(q)
    if scope is not None and (asked := WORD.match(q, scope.end())) and asked.group(0).lower() in ASKING:
        return q[scope.end() :], scope.group(1)
    return q, None


def _which_of_two(q: str) -> list[Part] | None:
    """ "Which is older: A or B?" → "When was A …?", "When was B …?"; "Which lasts longer, A or B?" → "How long
    does A last?" …; None for other questions."""
    choice, scope = _as_choice(q)
    parts = _choice_parts(choice)
    if parts is None or scope is None:
        return parts
    return [Part(f"{scope}, {p.question[0].lower()}{p.question[1:]}", p.label) for p in parts]


def _alternatives(m: re.Match[str]) -> tuple[str, str]:
    """The two things compared, "those in X" / "the ones for X" filled with the thing of the question or of the
    other alternative ("the road safety textbooks for primary schools, or the ones for junior high schools")."""
    a, b = (re.sub(r"^(?:the\s+)?(?:former|latter)\b", "", x).strip(" ,") for x in (m.group("a"), m.group("b")))
    noun = m.groupdict().get("noun")
    head = _head_before_preposition(a)
    filled = []
    for x in (a, b):
        if ones := _ones(x):
            thing = head if head and not _ones(a) else noun
            if thing:
                x = f"{thing} {x[ones:]}"
        filled.append(x)
    owned, alone = _owned_thing(filled[0]), _owner_alone(filled[1])
    if owned is not None and alone and _owned_thing(filled[1]) is None:
        filled[1] = f"{filled[1]} {owned}"
    return filled[0], filled[1]


# "2003", "FY2014", "2008–09": a year or a span of years, as a question says it.
YEARISH = re.compile(r"\b(?:FY\s?)?(?:1[5-9]|20)\d\d(?:\s*[-–/]\s*\d{2,4})?\b")
YEAR_PREPOSITIONS = frozenset({"in", "during", "for"})


def years(text: str) -> list[re.Match[str]]:
    """The years `text` says: words of four digits from 1900 to 2099."""
    return [w for w in WORD.finditer(text) if len(w.group(0)) == 4 and w.group(0)[:2] in ("19", "20")
            and w.group(0)[2:].isdecimal()]  # fmt: skip


def without_years(text: str, said: str = "") -> str:
    """`text` with each year replaced by `said`."""
    out, at = [], 0
    for w in years(text):
        out += [text[at : w.start()], said]
        at = w.end()
    return "".join(out) + text[at:]


def shift_years(text: str, offset: int) -> str:
    """`text` with every year it says moved by `offset` ("Q4 of fiscal 2022" → "Q4 of fiscal 2021")."""
    out, at = [], 0
    for w in years(text):
        out += [text[at : w.start()], str(int(w.group(0)) + offset)]
        at = w.end()
    return "".join(out) + text[at:]


def _year_for_both(a: str, b: str) -> tuple[str, str]:
    """"in Belgium or in the Netherlands in 1997": the year closing the second alternative is the first's too."""
    year = next((y for y in YEARISH.finditer(b) if y.end() == len(b)), None)
    said = b[: year.start()].rstrip().rsplit(None, 1) if year is not None else []
    if len(said) < 2 or said[1].lower() not in YEAR_PREPOSITIONS or years(a) or not without_years(said[0]).strip():
        return a, b
    return f"{a} {b[len(said[0]) :].strip()}", b


def _choice_parts(q: str) -> list[Part] | None:
    where = WHERE_IS_MORE.match(q)
    if where is not None and where.group("comp").lower() not in ("other", "either", "neither", "whether"):
        attr, prep = where.group("attr"), where.group("prep").lower()
        return [Part(f"What {where.group('verb').lower()} {attr} {prep} {x}?", x[0].upper() + x[1:])
                for x in (where.group("a").strip(" ,"), where.group("b").strip(" ,"))]  # fmt: skip
    paid = PAID_MORE.match(q)
    if paid is not None and not RELATIVE.said(paid.group("who")):
        verb = PRESENT_OF.get(paid.group("verb").lower(), paid.group("verb"))
        aux, who, prep = paid.group("aux").lower(), paid.group("who"), paid.group("prep").lower()
        aux = "did" if aux in ("has", "have") else aux
        # "its 49 desktop computers" is labelled "The 49 desktop computers" (the verdict names it mid-sentence).
        labels = (_own_to_the(x.strip(" ,")) for x in (paid.group("a"), paid.group("b")))
        return [Part(f"How much {aux} {who} {verb} {prep} {x.strip(' ,')}?", y[0].upper() + y[1:])
                for x, y in zip((paid.group("a"), paid.group("b")), labels, strict=True)]  # fmt: skip
    for higher, said in ((HIGHER_IN.match(q), q), (HIGHER_THAN_IN.match(q), None)):
        # "higher in A or in B" may say "than" nowhere; "greater in A than in B" not inside the measure.
        if higher is not None and not THAN.said(said or higher.group("attr")):
            attr, prep, verb = higher.group("attr"), higher.group("prep").lower(), higher.group("verb").lower()
            modal = higher.groupdict().get("modal") or ""
            things = _year_for_both(*(x.strip(" ,") for x in (higher.group("a"), higher.group("b"))))
            return [Part(f"What {verb} {attr} {modal}{prep} {x}?", x[0].upper() + x[1:]) for x in things]
    had = HAD_MORE_THAN.match(q) if MORE_THAN.match(q) is None else None
    if had is not None and not RELATIVE.said(had.group("a")):
        comp, what = had.group("comp").lower(), " ".join(had.group("what").split())
        aux = "did" if had.group("verb").lower() == "did" else "does"
        head = what.split()[-1].lower()
        many = "How much" if head in MASS_NOUNS else "How many" if head.endswith("s") or head in PLURALS else "What"
        ask = many if comp in ("more", "less", "fewer") else "What"
        owners = [x.strip(" ,") for x in (had.group("a"), had.group("b"))]
        return [Part(f"{ask} {what} {aux} {x} have?", x[0].upper() + x[1:]) for x in owners]
    costs = COSTS_MORE.match(q)
    if costs is not None:
        a, b = _alternatives(costs)
        return [Part(f"How much did {x} cost?", x[0].upper() + x[1:]) for x in (a, b)] if a and b else None
    m = WHICH_OF_TWO.match(q) or MORE_THAN.match(q)
    if not m:
        return None
    comp = m.group("comp").lower()
    verb = (m.group("verb") or "").lower()
    measure = m.groupdict().get("by") or m.groupdict().get("measure")
    if measure:
        # The measure is said: each of the two is asked for it ("What is the R² of A?").
        a, b = _alternatives(m)
        # "Which VL53L0X ranging profile has the longer budget": what the two are (the profile) is asked with each.
        kind = f" ({m.group('noun')})" if m.groupdict().get("measure") and m.groupdict().get("noun") else ""
        return [Part(f"What is the {measure} of {x}{kind}?", x[0].upper() + x[1:]) for x in (a, b)] if a and b else None
    if m.groupdict().get("noun") and not comp.startswith(("more ", "less ", "fewer ")):
        # "Which plant is larger, the Pterocarya or the Cotula?" asks for one of the two (a choice the reader
        # answers whole); "Which state had more graduates, A or B?" asks for two amounts.
        return None
    a, b = _alternatives(m)
    if not a or not b:
        return None

    if comp in WHEN_COMPARATIVES or comp in ("more recent", "less recent"):
        frame = "When was {} issued?"
    elif comp.startswith(("more ", "less ")) and _adjective(comp, verb) and len(comp.split()) == 2:
        frame = f"How {comp.split(None, 1)[1]} is {{}}?"
    elif comp == "longer" and verb.startswith("last"):
        frame = "How long does {} last?"
    elif comp.startswith(("more ", "less ", "fewer ")):
        noun = " ".join(m.group("comp").split()).split(None, 1)[1]  # as written: "in PIRLS 2011"
        counted = re.split(rf"\s+{ASKING_PREPOSITION}\s+", noun, maxsplit=1)[0].split()
        # "more public high school graduates in 2008–09" counts graduates, "more schools taking part" schools; "more
        # popular in the 70's" counts nothing.
        head = noun.split()[0]
        mass = any(w.lower() in MASS_NOUNS for w in counted)  # "more reported net income"
        if len(noun.split()) > 1 and not mass and not any(w.endswith("s") or w in PLURALS for w in counted):
            return None
        many = "much" if mass else "many" if head.endswith("s") or head in PLURALS or len(noun.split()) > 1 else "much"
        own = own_verb(a) if m.re is MORE_THAN and verb in ("did", "does", "do") else None
        if own is not None:
            # "Did Ohio graduate more students than Michigan?": a verb of its own after the first subject.
            a = own[0]
            frame = f"How {many} {noun} {verb} {{}} {own[1]}?"
        elif verb in PRESENT_OF:
            # "Which candidate got more votes": how many each got.
            frame = f"How {many} {noun} did {{}} {PRESENT_OF[verb]}?"
        elif verb not in AUXILIARY_VERBS and verb not in ("cost", "costs", "takes", "took") and not _past_tense(verb):
            # "Which volume servers use more energy a year": how much each uses.
            base = verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb
            frame = f"How {many} {noun} does {{}} {base}?"
        elif _past_tense(verb):
            # "Which notice covered more workers": how many workers were covered by each.
            frame = f"How {many} {noun} {'were' if many == 'many' else 'was'} {verb} by {{}}?"
        elif m.groupdict().get("modal"):
            # "is expected to have more graduates": how many each is expected to have.
            modal = " ".join(m.group("modal").split()).lower()
            frame = f"How {many} {noun} {verb or 'is'} {{}} {modal}?"
        else:
            frame = f"How {many} {noun} {'did' if verb in ('had', 'was', 'were') else 'does'} {{}} have?"
    elif comp in MEASURE_COMPARATIVES:
        frame = f"How {MEASURE_COMPARATIVES[comp]} is {{}}?"
    else:
        return None
    return [Part(frame.format(x), x[0].upper() + x[1:]) for x in (a, b)]
