"""Where a clause says the thing a comparison sets against another: "the hospital in Leeds" against the clause's
"the hospital in York", "in 2019" against its "in 2020", "local video playback" against "streamed video playback"."""

from __future__ import annotations

import re
from functools import cache

from app.qa.analysis.phrases import SPACED, possessive, word_lists
from app.qa.decompose.compare import CAPITALISED, YEARISH

# Where a prepositional phrase ends: at the next one.
PREPOSITIONS = frozenset("in|for|of|at|on|during|among|from|to|by|with|under|over".split("|"))


def contrast(clause: str, other: str, prepositional: bool) -> tuple[int, int] | None:
    """Where the phrase of `clause` that `other` stands against starts and ends: the last one of the same shape. An
    aside in brackets after it ("the second model (the one using total BCPI)") is part of it, and no word of it counts
    towards the shape."""
    found = _contrast(clause, other, prepositional)
    if found is None:
        return None
    start, end = found
    rest = clause[end:]
    close = rest.find(")")
    if rest.lstrip().startswith("(") and close != -1:
        end += close + 1
    return start, end


def _outside_asides(clause: str) -> list[re.Match[str]]:
    """The clause's words that stand outside brackets."""
    words, depth = [], 0
    for word in SPACED.finditer(clause):
        text = word.group(0)
        if depth == 0 and not text.startswith("("):
            words.append(word)
        depth = max(0, depth + text.count("(") - text.count(")"))
    return words


MIN_SHARED_OPENING = 3  # "the intercept estimate of"
UNFINISHED = PREPOSITIONS | {"the", "a", "an"}  # no phrase ends on these


def _shared_opening(said: list[re.Match[str]], starts: list[int], other: str) -> tuple[int, int] | None:
    """ "the intercept estimate of the Final model" against "the intercept estimate of model1": the clause's last
    phrase that opens with the other's words but its last, run to the clause's end (the two things named in as many
    words or not); None when no phrase shares MIN_SHARED_OPENING words of the other's opening."""
    opening = [w.lower() for w in other.split()[:-1]]
    if len(opening) < MIN_SHARED_OPENING:
        return None
    for i in reversed(starts):
        words = [w.group(0).lower() for w in said[i : i + len(opening) + 1]]
        if words[: len(opening)] == opening and len(words) > len(opening):
            return said[i].start(), said[-1].end()
    return None


def _contrast(clause: str, other: str, prepositional: bool) -> tuple[int, int] | None:
    head = other.split(" ", 1)[0].lower()
    said = _outside_asides(clause)
    starts = [i for i, w in enumerate(said) if w.group(0).lower() == head]
    if prepositional:  # "in 2019", "for businesses": the last phrase of that preposition, to the next one
        # … or as many phrases as the other says ("with the Flash in power-down mode": two)
        more = sum(1 for w in other.split()[1:] if w.lower() in PREPOSITIONS)
        for i in reversed(starts):
            stops = [k for k in range(i + 2, len(said))
                     if said[k].group(0).lower() in PREPOSITIONS and not _ranged(said, k)]  # fmt: skip
            stop = stops[more] if len(stops) > more else len(said)
            phrase = clause[said[i].start() : said[stop - 1].end()]  # a comma before a digit groups it: "38,400"
            breaks = [k for k, c in enumerate(phrase) if c == ";" or c == "," and not phrase[k + 1 : k + 2].isdigit()]
            if i + 1 < stop and not breaks:
                return said[i].start(), said[stop - 1].end()
        return None
    words = other.split()
    code = words[-1] if len(words) == 1 or (len(words) == 2 and words[0].lower() in ("the", "a", "an")) else ""
    if any(c.isdigit() for c in code) and any(c.isalpha() for c in code):
        # "the XC7A100T" against "the Artix-7 XC7A200T", "model2" against "model1": a code stands against the
        # clause's last code of the same form (letters and digits in the same order), with the names before it
        alike = [k for k, w in enumerate(said) if form_of(w.group(0)) == form_of(code)]
        if alike:
            first = alike[-1]
            while len(words) == 2 and first > 0 and said[first - 1].group(0)[:1].isupper():
                first -= 1
            if len(words) == 2 and first > 0 and said[first - 1].group(0).lower() == words[0].lower():
                first -= 1
            return said[first].start(), said[alike[-1]].end()
    if other[:1].islower() and " " in other:  # "the hospital in York" against "the hospital in Leeds": as many words
        length, tail = len(other.split()), other.split()[-1].lower()
        fits = [i for i in starts if i + length <= len(said)]
        # "the 5x10 configuration" against "the 10x5 configuration of the Roa Logic interconnect": the phrase that
        # ends on the same noun, else the last of as many words
        last = next(reversed([i for i in fits if said[i + length - 1].group(0).lower() == tail] or fits), None)
        # "local video playback" against "streamed video playback": else as many words, to the same last word.
        owned = head in ("its", "their")  # "than its online sales": the owner's, read by the caller
        ends = [i for i, w in enumerate(said) if w.group(0).lower() == tail and i + 1 >= length]
        ends = [] if last is not None or owned else ends
        last = ends[-1] - length + 1 if ends else last
        if last is not None and said[last + length - 1].group(0).lower() in UNFINISHED:
            # as many words end on "the" ("the intercept estimate of the" for "… of the Final model"): the thing is
            # named in more words than the other one
            return _shared_opening(said, starts, other)
        return None if last is None else (said[last].start(), said[last + length - 1].end())
    if other[:1].isupper() and (joined := _joined_names(clause, other)) is not None:
        return joined
    if YEARISH.fullmatch(other):
        found = list(YEARISH.finditer(clause))
    elif possessive(other) is not None and (" " not in other or other.endswith(("'s", "’s"))):  # "than GPT-4's"
        found = [w for w in SPACED.finditer(clause) if possessive(w.group(0)) is not None]
    elif other[:1].isupper():
        found = list(CAPITALISED.finditer(clause))
    else:
        return None
    return found[-1].span() if found else None


def _ranged(said: list[re.Match[str]], k: int) -> bool:
    """The word at k joins two figures into a range ("25 to 34"): no preposition that ends a phrase."""
    figures = [said[j].group(0) for j in (k - 1, k + 1) if 0 <= j < len(said)]
    return len(figures) == 2 and all(w[:1].isdigit() for w in figures)


MAX_TRAILING_WORDS = 2  # "GPT-4o mini": a name's lower-case tail at the clause's end


def _joined_names(clause: str, other: str) -> tuple[int, int] | None:
    """ "AutoGen with GPT-4" against the clause's "DatawiseAgent with GPT-4o mini": two names joined by a
    preposition stand against two names joined by the same one (with a name's lower-case tail ending the clause)."""
    words = other.split()
    joint = next((w for k, w in enumerate(words[1:-1], 1) if w in PREPOSITIONS and words[k - 1][:1].isupper()
                  and words[k + 1][:1].isupper()), None)  # fmt: skip
    if joint is None:
        return None
    said = list(SPACED.finditer(clause))
    text = [w.group(0) for w in said]
    for i in range(len(said) - 3, -1, -1):
        if text[i][:1].isupper() and text[i + 1] == joint and text[i + 2][:1].isupper():
            rest = text[i + 3 :]
            tail = len(rest) <= MAX_TRAILING_WORDS and all(w.islower() and w not in PREPOSITIONS for w in rest)
            return said[i].start(), said[-1 if rest and tail else i + 2].end()
    return None


def contrast_peeled(clause: str, other: str, both: str, prepositional: bool) -> tuple[str, tuple[int, int] | None, str]:
    """(the thing, where `clause` says its counterpart, the tail both share) with the trailing prepositional phrases
    of `other` peeled off one by one until its counterpart is found; `other` unchanged and None when it never is."""
    said = list(SPACED.finditer(other))
    for k in range(len(said) - 1, 0, -1):
        if said[k].group(0).lower() not in PREPOSITIONS:
            continue
        shorter, tail = other[: said[k].start()].rstrip(" ,"), other[said[k].start() :]
        if YEARISH.search(tail) and YEARISH.search(clause):
            break  # "… budgeted for 2026-27 than the revised estimate for 2025-26": its own time, not a shared one
        found = contrast(clause, shorter, prepositional)
        if found is not None:
            return shorter, found, f" {tail}{both}"
    return other, None, both


@cache
def _superlatives() -> frozenset[str]:
    words = word_lists("question_words")
    return frozenset(w for w in (*words["more"], *words["less"]) if w.endswith("est"))


def superlative_stand_in(thing: str, subject: str) -> str | None:
    """ "the lowest" set against "the highest nitrate value": "the lowest nitrate value"; None unless `thing` is "the"
    and a superlative and `subject` says another one."""
    words, said = thing.split(), subject.split()
    if len(words) != 2 or words[0].lower() != "the" or words[1].lower() not in _superlatives():
        return None
    at = next((k for k, w in enumerate(said) if w.lower() in _superlatives()), None)
    if at is None or said[at].lower() == words[1].lower():
        return None
    return " ".join([*said[:at], words[1], *said[at + 1 :]])


def one_stand_in(thing: str, subject: str) -> str | None:
    """ "the typical one" set against "the maximum measurement time": "the typical measurement time" (the word after
    the subject's "the" is the one the other thing changes); None unless `thing` is "the <word> one"."""
    words, said = thing.split(), subject.split()
    if len(words) != 3 or words[0].lower() != "the" or words[2].lower() != "one":
        return None
    if len(said) < 3 or said[0].lower() != "the" or possessive(said[1]) is not None:
        return None
    return " ".join(["the", words[1], *said[2:]])


def form_of(word: str) -> str:
    """A word's form: its runs of letters and of digits, each as one mark ("XC7A100T" → "a9a9a", "Artix-7" → "a-9")."""
    marks = ["9" if c.isdigit() else "a" if c.isalpha() else c for c in word]
    return "".join(m for k, m in enumerate(marks) if k == 0 or m != marks[k - 1])


MAX_PERIOD_WORDS = 6  # "the same quarter of 2021", "the fiscal year ended June 30, 2021"
# "revenue in the last quarter of 2022": where its time begins ("of" only when no other opener does)
PERIOD_OPENERS = ("in", "for", "during", "at", "of")
PERIOD_NOUNS = frozenset({"quarter", "year", "month", "period", "half", "week", "season", "semester", "term"})


def _period_code(word: str) -> bool:
    """ "Q1", "H2": a quarter or a half, shortened."""
    return len(word) == 2 and word[0] in "QqHh" and word[1] in "1234"


def period_stand_in(thing: str, subject: str) -> str | None:
    """ "the same quarter of 2021" set against "Intel's net revenue in the last quarter of 2022": "Intel's net revenue
    in the same quarter of 2021" (the subject's time, from the preposition that opens its phrase with a year, is the
    other time); None unless both say a year and `thing` is a time: a year, or a period noun and a year."""
    words, said = thing.split(), subject.split()
    if not any(YEARISH.fullmatch(w.strip(",.")) for w in words) or len(words) > MAX_PERIOD_WORDS:
        return None
    dated = [k for k in range(1, len(said) - 1) if said[k].lower() in PERIOD_OPENERS
             and any(YEARISH.fullmatch(w.strip(",.")) for w in said[k + 1 :])]  # fmt: skip
    at = next((k for k in dated if said[k].lower() != "of"), dated[-1] if dated else None)
    periods = {w.lower().strip(",.") for w in words} & PERIOD_NOUNS or set(filter(_period_code, words))
    if at is None or not (periods or len(words) == 1):
        return None
    opener = said[at] if said[at].lower() != "of" else "in"
    return " ".join([*said[:at], opener, thing])


def opposite_stand_in(thing: str, subject: str, opposites: dict[str, str]) -> tuple[str, str, str] | None:
    """ "without" set against "the driver after an hour with the heat sink": "the driver after an hour without the
    heat sink", with the two phrases told apart ("with the heat sink", "without the heat sink"): the subject's last
    preposition of which `thing` is the opposite, turned; None unless `thing` is one preposition the subject says the
    opposite of."""
    said, word = subject.split(), thing.strip(" ,?")
    other = opposites.get(word.lower())
    at = next((k for k in range(len(said) - 1, -1, -1) if said[k].lower() == other), None) if other else None
    if at is None:
        return None
    turned = [*said[:at], word, *said[at + 1 :]]
    return " ".join(turned), " ".join(said[at:]), " ".join(turned[at:])
