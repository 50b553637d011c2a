"""Abbreviations a table's caption defines ("Mean accuracy (ACC) and AUC of classifiers"), written out where its
headers use them ("Individual / ACC"), so a question that spells the word out ("what accuracy …") names the column.
The long form is found as Schwartz and Hearst find it (PSB 2003): the fewest words before the parenthesis whose
letters hold the short form's in order, its first letter opening a word."""

from __future__ import annotations

MAX_SHORT = 6  # "ACC", "MAE", "RMSE": a short form of letters, at most this long


def caption_abbreviations(caption: str | None) -> dict[str, str]:
    """Short form → long form of each definition in `caption`."""
    found: dict[str, str] = {}
    text = caption or ""
    at = text.find("(")
    while at != -1:
        end = text.find(")", at)
        if end == -1:
            break
        short = text[at + 1 : end].strip()
        if 2 <= len(short) <= MAX_SHORT and short.isalpha() and any(c.isupper() for c in short):
            long = _long_form(short, text[:at].split()[-(min(len(short) + 5, 2 * len(short))) :])
            if long:
                found[short] = long
        at = text.find("(", end)
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


def written_out(header: str, abbreviations: dict[str, str]) -> str:
    """`header` with each defined short form it says as a word followed by its long form: "Individual / ACC
    (accuracy)"."""
    if not abbreviations:
        return header
    out = []
    for word in header.split(" "):
        long = abbreviations.get(word.strip("()[],;:"))
        out.append(f"{word} ({long})" if long and long.lower() not in header.lower() else word)
    return " ".join(out)
