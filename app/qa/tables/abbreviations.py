"""Abbreviations a table's caption defines ("Mean accuracy (ACC) and AUC of classifiers"), written out where its
headers use them ("Individual / ACC"), so a question that spells the word out ("what accuracy …") names the column.
The long form is found as Schwartz and Hearst find it (PSB 2003): the fewest words before the parenthesis whose
letters hold the short form's in order, its first letter opening a word. A caption's legend defines them too: "B@4,
R and C denote BLEU-4, ROUGE-L and CIDEr, respectively", "PE: price-earnings ratio"."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from app.qa.tables.words import LEGEND_VERBS

MAX_SHORT = 6  # "ACC", "MAE", "RMSE": a short form of letters, at most this long
MAX_LEGEND_SHORT = 8  # "B@4", "R-L", "GenderM": a legend's short form, one word at most this long
MAX_LONG_WORDS = 6  # a long form of more words is a sentence, not a name

LAST_OF_LIST = ("and", "or", "&")


def caption_abbreviations(caption: str | None) -> dict[str, str]:
    """Short form → long form of each definition in `caption`: in parentheses, or in a legend."""
    return dict(_caption_abbreviations(caption or ""))


@lru_cache(maxsize=4096)
def _caption_abbreviations(text: str) -> tuple[tuple[str, str], ...]:
    return tuple({**legend(text), **dict(parenthesised(text))}.items())


def parenthesised(text: str) -> tuple[tuple[str, str], ...]:
    """(short form, long form) of each definition `text` sets in parentheses: "total nitrogen (TN)"."""
    found: list[tuple[str, str]] = []
    at = text.find("(")
    while at != -1:
        end = text.find(")", at)
        if end == -1:
            break
        short = text[at + 1 : end].strip()
        if 2 <= len(short) <= MAX_SHORT and short.isalpha() and any(c.isupper() for c in short):
            long = _long_form(short, text[:at].split()[-(min(len(short) + 5, 2 * len(short))) :])
            if long:
                found.append((short, long))
        at = text.find("(", end)
    return tuple(found)


def caption_initialisms(caption: str | None, names: list[str]) -> dict[str, str]:
    """Short forms the headers use whose letters open a run of the caption's words, one word each, the caption
    never setting them in parentheses: "RBI" under "TABLE 7 Regulatory breadth index"."""
    words = [w.strip(",;:.()") for w in (caption or "").split()]
    words = [w for w in words if w.isalpha()]
    found: dict[str, str] = {}
    for name in names:
        for short in name.replace("/", " ").split():
            short = short.strip("()[],;:.")
            if not (2 <= len(short) <= MAX_SHORT and short.isalpha() and short.isupper()) or short in found:
                continue
            n = len(short)
            run = next((words[k : k + n] for k in range(len(words) - n + 1)
                        if "".join(w[0] for w in words[k : k + n]).upper() == short), None)  # fmt: skip
            if run is not None and " ".join(run).upper() != short:
                found[short] = " ".join(run)
    return found


def _short_form(word: str) -> bool:
    """One word mostly of capitals, figures or signs ("B@4", "R", "PE", "mAP"), not a word of text ("Note")."""
    marked = sum(1 for c in word if c.isupper() or not c.isalpha())
    return 0 < len(word) <= MAX_LEGEND_SHORT and " " not in word and 2 * marked >= len(word)


def _items(text: str) -> list[str]:
    """ "B@4, R, M and C" → ["B@4", "R", "M", "C"]: a list's items, its last joined by "and"/"or"."""
    items = [part.strip(" .:") for part in text.replace(";", ",").split(",") if part.strip(" .:")]
    if items:
        last = items[-1].split(" ")
        joins = [k for k, w in enumerate(last) if w in LAST_OF_LIST]
        if joins and 0 < joins[0] < len(last) - 1:
            items[-1:] = [" ".join(last[: joins[0]]), " ".join(last[joins[0] + 1 :])]
    return [item.removeprefix("and ").removeprefix("or ").strip() for item in items]


def legend(text: str) -> dict[str, str]:
    """Short forms a legend lists before its verb and the long forms after it, one for one ("B@4, R and C denote
    BLEU-4, ROUGE-L and CIDEr, respectively"), and pairs set "PE: price-earnings ratio" or "PE = price-earnings"."""
    found: dict[str, str] = {}
    for sentence in text.replace("; ", ". ").split(". "):
        words = sentence.split(" ")
        verb = next((k for k, w in enumerate(words) if w.lower().strip(",") in LEGEND_VERBS), None)
        if verb is not None:
            before = " ".join(words[:verb]).rsplit(":", 1)[-1]
            after = " ".join(words[verb + 1 :]).split("respectively")[0]
            longs = _items(after)
            # the short forms end the words before the verb: "Results on MSR-VTT, where B@4, R and C denote …"
            listed = [item.removeprefix("where ") for item in _items(before)]
            shorts, rest = listed[len(listed) - len(longs) :], listed[: len(listed) - len(longs)]
            paired = bool(longs) and len(shorts) == len(longs) and not (rest and _short_form(rest[-1]))
            if paired and all(map(_short_form, shorts)):
                found.update((s, lf) for s, lf in zip(shorts, longs, strict=True) if len(lf.split()) <= MAX_LONG_WORDS)
            continue
        for part in sentence.split(", "):
            short, sep, long = part.replace(" = ", ": ").partition(": ")
            if sep and _short_form(short.strip()) and 0 < len(long.split()) <= MAX_LONG_WORDS:
                found[short.strip()] = long.strip(" .")
    return found


def _long_form(short: str, before: list[str]) -> str | None:
    """The fewest trailing words of `before` that spell `short` in order (case aside), the first letter a word's."""
    letters = short.lower()
    for start in range(len(before) - 1, -1, -1):
        words = [w.strip(",;:.").lower() for w in before[start:]]
        if not words[0] or words[0][0] != letters[0]:
            continue
        if _spells(letters, " ".join(words)):
            return " ".join(w.strip(",;:.") for w in before[start:])
    return None


def _spells(letters: str, text: str) -> bool:
    at = 0
    for c in letters:
        at = text.find(c, at)
        if at == -1:
            return False
        at += 1
    return True


def written_out(header: str, abbreviations: Mapping[str, str]) -> str:
    """`header` with each defined short form it says as a word followed by its long form: "Individual / ACC
    (accuracy)"."""
    if not abbreviations:
        return header
    out = []
    for word in header.split(" "):
        long = abbreviations.get(word.strip("()[],;:"))
        out.append(f"{word} ({long})" if long and long.lower() not in header.lower() else word)
    return " ".join(out)
