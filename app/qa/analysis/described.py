"""A document named by what it is: "the dense passage retrieval paper", "the MS430 datasheet's timing table", "Ulta
Beauty's fourth-quarter release". The words before a kind noun (lexicon/documents.yaml) describe one document;
app.qa.profiles finds which, by what each document says of itself."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from app.qa.analysis.grammar import parse
from app.qa.analysis.listing import TOKEN, lexicon

# A description runs back from its kind noun to "the" (or "this", "its"), or to a preposition or the question's start
# when it names an owner ("in Ulta Beauty's fourth-quarter release").
_OPENERS = frozenset({"the", "this", "that", "its", "their"})
_BREAKS = frozenset({"in", "of", "from", "for", "on", "at", "by", "with", "to", "according", "per", "under", "about"})
MAX_DESCRIPTION_WORDS = 8  # "the BLS July 2025 consumer price index release"
_OWNER_PRONOUNS = frozenset({"its", "their"})


def _names_before(tokens: Sequence[re.Match[str]]) -> list[str]:
    """The capitalised words of the question before a possessive pronoun (its first word aside, capitalised
    anyway): the owner "its" stands for."""
    return [_unowned(t.group(0)).lower() for t in tokens if t.group(0)[:1].isupper()]


def _unowned(word: str) -> str:
    """ "Ulta's" → "Ulta"."""
    return word[:-2] if word.endswith(("'s", "’s")) else word


@dataclass(frozen=True, slots=True)
class Description:
    words: tuple[str, ...]  # the describing words, lower case, possessives without their "'s"
    start: int  # where the phrase stands in the question (the opener included), for a caller that replaces it
    end: int
    identifier: tuple[str, ...] = ()  # its words with figures ("q1", "2023", "36") and a quoted title's, among `words`


def descriptions(question: str) -> list[Description]:
    """Each "the <words> <kind noun>" (or "<Owner>'s <words> <kind noun>") of the question, in order: "the tracing JIT
    paper" → ("tracing", "jit")."""
    words = lexicon()
    unnamed = words["generic_words"] | words["kind_nouns"]
    tokens = list(TOKEN.finditer(question))
    found: list[Description] = []
    for i, token in enumerate(tokens):
        said = _unowned(token.group(0)).lower()
        # "the SPS30 sensor data sheet": a kind noun of two words, the description before its first.
        compound = i > 0 and f"{tokens[i - 1].group(0).lower()} {said}" in words["kind_compounds"]
        if said not in words["kind_nouns"] and not compound:
            continue
        if not compound and i > 0 and _unowned(tokens[i - 1].group(0)).lower() in words["kind_nouns"]:
            continue  # "what does the paper report for X": a kind noun after another is a verb
        if not compound and _modifies_next_noun(question, token):
            continue  # "the longest average document length": the kind noun says what the length is of
        described: list[str] = []
        first = i - 1 - int(compound)
        start, owned, closed = tokens[first + 1].start(), False, False
        for back in range(first, max(-1, first - MAX_DESCRIPTION_WORDS), -1):
            raw = tokens[back].group(0)
            word = _unowned(raw).lower()
            if word in _OPENERS:
                start, closed = tokens[back].start(), True
                if word in _OWNER_PRONOUNS:
                    # "Has Alphabet ever paid …, according to its 2022 annual report?": "its" is the name before it.
                    described[:0] = _names_before(tokens[1:back])
                break
            if word in _BREAKS:
                closed = owned  # "in Ulta Beauty's release" describes; "in fiscal release" does not
                break
            if owned and (not raw[:1].isupper() or (back == 0 and word in _CLAUSE_WORDS)):
                closed = True  # "What power does NIST's guide list": the owner's name ends the description
                break
            owned = owned or _unowned(raw) != raw
            described.insert(0, word)
            start = tokens[back].start()
        else:
            closed = owned
        after, end = _said_after(question, tokens, i) if closed else ([], token.end())
        quoted: list[str] = []
        if closed and not after and _unowned(token.group(0)) == token.group(0):  # "the paper's CoNLL-2003 table"
            after, end = _identifier_after(question, tokens, i)
            quoted = [w for w in after if not any(c.isdigit() for c in w)]
        kept = tuple(w for w in [*described, *after] if w not in unnamed)
        # "CIBC's Q1 2023 news release", "situation report 36": its figures (and a quoted title) tell one issue of a
        # series, or one of two namesakes, from the others.
        identifier = tuple(w for w in kept if any(c.isdigit() for c in w) or w in quoted)
        # "the 911 proposal", "the 2019 report": no name to go by
        if closed and any(sum(c.isalpha() for c in w) >= 2 for w in kept):
            found.append(Description(kept, start, end, identifier))
    return sorted([*found, *_table_owners(question, tokens, found)], key=lambda d: d.start)


def _table_owners(question: str, tokens: Sequence[re.Match[str]], found: Sequence[Description]) -> list[Description]:
    """ "Table 6 of the Keta and Songor wetland ecosystem assessment", "Table 1 of the Levels of AGI paper", "page 12
    of the county guidance on …": what a table or a page is said to be of or in describes its document, whatever noun
    closes it; only where no kind noun's description already stands."""
    words = lexicon()
    unnamed = words["generic_words"] | words["kind_nouns"]
    owners: list[Description] = []
    for i, token in enumerate(tokens[:-3]):
        if token.group(0).lower() not in _TABLE_WORDS:
            continue
        j = i + 1
        while j < len(tokens) and _is_label_part(tokens[j].group(0)):
            j += 1
        if j == i + 1 or j + 1 >= len(tokens) or tokens[j].group(0).lower() not in ("of", "in"):
            continue
        opener = tokens[j + 1].group(0)
        # "of the Keta … assessment", or of an owner named first: "page 55 of Microsoft's Governing AI blueprint"
        owner = [] if opener.lower() == "the" else [_unowned(opener).lower()]
        if (owner and not opener[:1].isupper()) or any(d.start <= tokens[j + 1].start() < d.end for d in found):
            continue
        said, end = _said_after(question, tokens, j, always=True)
        kept = tuple(w for w in [*owner, *said] if w not in unnamed)
        if any(sum(c.isalpha() for c in w) >= 2 for w in kept):
            owners.append(Description(kept, tokens[j + 1].start(), end))
    return owners


def _is_label_part(word: str) -> bool:
    """ "4", "1" (of "4.1"), "A1", "IV": a table label's pieces as the tokens cut them."""
    return any(c.isdigit() for c in word) or (len(word) <= 4 and set(word) <= set("IVXLC"))


def _modifies_next_noun(question: str, token: re.Match[str]) -> bool:
    """The kind noun is a compound's first word before a plain noun ("document length", "paper size"), not a table's
    or a page's label ("the paper Table 2") nor a verb the tagger took for a noun."""
    if token.group(0) != _unowned(token.group(0)):
        return False  # "the paper's …": a possessive names the document
    doc = parse(question)
    word = next((t for t in doc if t.idx == token.start()), None)
    if word is None or word.dep_ != "compound" or word.head.i <= word.i or word.head.pos_ != "NOUN":
        return False
    if word.head.i == word.i + 1 and _is_participle(word.head.lower_):
        return False  # "the paper modelling how …": a participle the tagger took for a noun opens a description
    if word.head.lower_ in lexicon()["kind_nouns"] or any(t.lemma_ == "do" for t in doc[: word.i]):
        return False  # "does the JIT paper use": after "does", the noun the tagger saw may be the verb
    after = doc[word.head.i + 1] if word.head.i + 1 < len(doc) else None
    return word.head.is_lower and word.head.is_alpha and not (after is not None and after.like_num)


def _said_after(
    question: str, tokens: Sequence[re.Match[str]], kind: int, always: bool = False
) -> tuple[list[str], int]:
    """The words of "the paper on generating missing values for simulation", "the datasheet for the X sensor": a
    description after its kind noun, from a preposition to the clause's end (a comma, a question mark) or the verb
    the question closes with. ([], the kind noun's end) when none follows. `always`: the words after the token
    at `kind` whatever opens them (a table's "of the …")."""
    opener = tokens[kind + 1].group(0).lower() if kind + 1 < len(tokens) else ""
    # "the study comparing SHAP and LIME …": a participle after the noun opens a description too.
    owned = _unowned(tokens[kind].group(0)) != tokens[kind].group(0)  # "the datasheet's timing table": its thing
    participle = _is_participle(opener) and not owned
    # "the study of how microcredit …" and "the study of waterfowl numbers at …" are described by what follows "of";
    # "the paper of DPR" names what is asked of it.
    following = tokens[kind + 2].group(0) if kind + 2 < len(tokens) else ""
    clause = opener == "of" and (following.lower() in _CLAUSE_OPENERS or following.islower())
    if opener not in _AFTER_OPENERS and not participle and not clause and not always:
        return [], tokens[kind].end()
    said: list[str] = []
    end, at, stop = tokens[kind].end(), kind + 2, min(len(tokens), kind + 2 + MAX_DESCRIPTION_AFTER)
    while at < stop:
        gap = question[end : tokens[at].start()]
        if said and gap.strip() == "(":
            # "the paper comparing two agents (one X-style, one Y-style) on …": an aside is part of it when it
            # closes within the words a description may have
            close = question.find(")", end)
            after = next((k for k in range(at, len(tokens)) if tokens[k].start() > close), len(tokens))
            if close == -1 or after > stop:
                break
            said += [_unowned(t.group(0)).lower() for t in tokens[at:after]]
            end, at = close + 1, after
            continue
        word = tokens[at].group(0).lower()
        # "the thesis on how X …": its first word may be a clause word, and then the clause's own verb is part of it
        # ("the paper on how often shelters are filled to capacity").
        embedded = bool(said) and said[0] in _CLAUSE_OPENERS and word in _AUXILIARIES
        if any(c in _CLAUSE_ENDS for c in gap) or (said and word in _CLAUSE_WORDS and not embedded):
            break
        said.append(_unowned(tokens[at].group(0)).lower())
        end, at = tokens[at].end(), at + 1
    return said, end


# A quoted title opens with one of these and closes with its partner.
_QUOTES = {"'": "'", '"': '"', "‘": "’", "“": "”"}
_NUMBER_WORDS = frozenset({"no", "number", "nr"})  # "report No. 36"


def _identifier_after(question: str, tokens: Sequence[re.Match[str]], kind: int) -> tuple[list[str], int]:
    """ "situation report 36", "the Ling technical report 'Every FLOP Counts'": a number or a quoted title right
    after the kind noun says which of a series, or of documents sharing a name, is meant. ([], the kind noun's end)
    when neither follows."""
    end = tokens[kind].end()
    at, before = kind + 1, end
    numbered = at < len(tokens) and tokens[at].group(0).lower() in _NUMBER_WORDS
    if numbered and question[end : tokens[at].start()].isspace():
        at, before = at + 1, tokens[at].end()  # the number word is said for the number after it
    if at >= len(tokens):
        return [], end
    word, gap = tokens[at].group(0), question[before : tokens[at].start()].strip(" .#")
    if any(c.isdigit() for c in word) and gap == "":
        return [word.lower()], tokens[at].end()
    opening = (gap or word)[:1]
    closing = _QUOTES.get(opening)
    if closing is None or gap not in ("", opening):
        return [], end
    start = tokens[at].start() + (1 if not gap else 0)
    close = question.find(closing, start)
    while close != -1 and close + 1 < len(question) and question[close + 1].isalnum():
        close = question.find(closing, close + 1)  # an apostrophe inside the title ("Ling-Lite's") closes nothing
    inside = [t for t in tokens if start <= t.start() < close] if close != -1 else []
    if not inside or len(inside) > MAX_DESCRIPTION_AFTER:
        return [], end
    return [_unowned(t.group(0).strip("'‘’")).lower() for t in inside], close + 1


def _is_participle(word: str) -> bool:
    return word.endswith("ing") and len(word) > MIN_PARTICIPLE_LETTERS


# "the paper on …", "the study of how …", "the datasheet for …", "the report that reconstructs …": what follows
# describes the document.
_AFTER_OPENERS = frozenset({"on", "about", "for", "describing", "covering", "titled", "called", "that", "which"})
_TABLE_WORDS = frozenset({"table", "exhibit", "page"})  # what a document is said to hold
_CLAUSE_ENDS = frozenset(",;:?!()")
# A question's closing verb or a new clause ends a description said after its noun ("… amputation show?").
_CLAUSE_WORDS = frozenset({"show", "shows", "list", "lists", "give", "gives", "say", "says", "report", "reports",
                           "state", "states", "contain", "contains", "what", "which", "how", "who", "when", "where",
                           "is", "are", "was", "were", "does", "do", "did", "have", "has"})  # fmt: skip
_CLAUSE_OPENERS = frozenset({"how", "what", "which", "when", "where", "who", "whether", "why"})
_AUXILIARIES = frozenset({"is", "are", "was", "were", "does", "do", "did", "have", "has"})
MAX_DESCRIPTION_AFTER = 10
MIN_PARTICIPLE_LETTERS = 5  # "comparing", "evaluating"; not "king", "ring"
