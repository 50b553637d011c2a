"""From retrieved evidence to a cited answer.

The context is the retrieved nodes in evidence order, numbered [1]..[n] (tables as markdown; a page node is left
out when its passages are there). Two readers: `openai` (any OpenAI-compatible chat server, told to answer only
from the context and cite [n]; in app.qa.llm_reader) and `local` (extractive, no LLM: app.qa.extractive_reader and
app.qa.reader). Whatever the reader writes, markers that cite nothing retrieved are removed and the rest renumbered
1..m by first use.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from app.qa.analysis.phrases import WORD, lexicon, word_lists
from app.qa.ask import Cell, EvidenceNode, Retrieval
from app.qa.extractive_reader.items import Candidate, ContextItem
from app.qa.reader.reading import bm25_words

if TYPE_CHECKING:
    from app.qa.which_documents import DocumentMatch

MAX_CONTEXT_CHARS_PER_ITEM = 2500  # of a passage or a page, so a long page does not crowd the others out
# Of a table, the built-in reader reads this much: it ranks table rows one by one (app.qa.extractive_reader caps how
# many), so a long table cannot crowd the others out. Cut at 2,500 characters, a WARN report table lost every row
# after its 35th ("Twitter, Inc. | San Francisco | 240" was never read). Pages stay at 2,500: a whole page's sentences
# repeat its passages and distract the ranking (HotpotQA span EM 0.160 → 0.140 with every item read to 12,000).
MAX_TABLE_CHARS = 12_000
NO_ANSWER = "I could not find this in the documents."
# A content question whose best retrieved passage is this far from it (cosine, MiniLM) is one the documents do not
# seem to answer: the closest passages are still shown, under WEAK_EVIDENCE, with no span set in bold as an answer.
# Chosen on development questions (benchmarks/answers/offtopic.py): answerable ones sit above ~0.40 (median 0.65),
# questions on things no document covers below ~0.50 (median 0.37).
RELEVANCE_FLOOR = 0.45


def far_from_question(retrieval: Retrieval) -> bool:
    """The best retrieved passage or table is under RELEVANCE_FLOOR: the documents do not seem to answer."""
    return retrieval.relevance is not None and retrieval.relevance < RELEVANCE_FLOOR


def names_record(question: str, rare_names: tuple[frozenset[str], ...], lead: Candidate | None) -> bool:
    """The leading table row holds every rare word of the names the question gives (one at least) and every number
    it says: the row is the record the question asks about, though its table, embedded whole, sits far from the
    question ("Which company does Cheri Reese … work for?" over a long list of donors). "Who is the CEO of Marvell
    Semiconductor?" is not one: the layoff row naming the company does not hold "CEO"."""
    if lead is None or lead.item.kind != "table" or not rare_names:
        return False
    held = bm25_words(lead.text)
    numbers = {t for t in bm25_words(question) if any(c.isdigit() for c in t)}
    return frozenset().union(*rare_names) <= held and numbers <= held


WEAK_EVIDENCE = "The documents do not seem to answer this directly. The closest passages:"
NO_VALUE_OF_TYPE = {
    "date": "The passages found do not seem to state the date asked for. The closest passages:",
    "number": "The passages found do not seem to state the number asked for. The closest passages:",
}
MARKER = re.compile(r"\[(\d+(?:\s*[,;]\s*\d+)*)\]")


def cited(numbers: str) -> list[int]:
    """The numbers of a citation marker's inside ("3, 5; 7")."""
    return [int(x) for x in numbers.replace(";", ",").split(",")]


@dataclass(slots=True)
class Answer:
    text: str
    cited: list[EvidenceNode] = field(default_factory=list)  # cited[k] is marker k + 1 in `text`
    llm_calls: int = 0
    # The direct answer of the local reader (a date, a number, a name, yes/no), also the first line of `text`.
    short_answer: str | None = None
    # The reader's best short-answer span, shown or not: what `mdqa eval` scores as the reader's span EM/F1.
    candidate: str | None = None


def context_nodes(nodes: list[EvidenceNode]) -> list[EvidenceNode]:
    """The nodes that go into the context: a page or document node only when none of its children is present."""
    parents = {n.parent for n in nodes if n.parent}
    return [n for n in nodes if n.kind in ("passage", "table") or (n.node_id not in parents and n.text.strip())]


def reading_order(nodes: list[EvidenceNode], extra: list[EvidenceNode]) -> list[EvidenceNode]:
    """The order the built-in reader reads the evidence in (its earlier items weigh a little more): the traversal's
    seeds, then its later hops and the seed ranking's further units (`extra`) in turn. A one-passage fact ranked
    fourth by the seed ranker is as likely the answer as a neighbour the traversal reached from the first three;
    appended after every hop it ranked last (on the dev halves, interleaved: content 97 of 110 right against 95,
    multi-part unchanged; after the seeds: 98 and one multi-part question lost)."""
    if not extra:
        return nodes
    seeds = [n for n in nodes if n.hop == 0]
    hops = [n for n in nodes if n.hop != 0]
    out = list(seeds)
    for i in range(max(len(hops), len(extra))):
        out += hops[i : i + 1] + extra[i : i + 1]
    return out


def build_context(nodes: list[EvidenceNode]) -> list[ContextItem]:
    return [
        ContextItem(
            marker=i,
            node_id=n.node_id,
            kind=n.kind,
            text=n.text[: MAX_TABLE_CHARS if n.kind == "table" else MAX_CONTEXT_CHARS_PER_ITEM],
            score=float(n.score),
            document_id=n.document_id,
        )
        for i, n in enumerate(context_nodes(nodes), start=1)
    ]


def renumber(text: str, items: list[ContextItem]) -> tuple[str, list[str]]:
    """Drop markers that cite nothing in `items`, renumber the rest by first use; (text, cited node ids)."""
    valid = {item.marker: item.node_id for item in items}
    order: list[int] = []

    def replace(m: re.Match[str]) -> str:
        numbers = cited(m.group(1))
        kept = []
        for n in numbers:
            if n in valid:
                if n not in order:
                    order.append(n)
                new = order.index(n) + 1
                if new not in kept:
                    kept.append(new)
        return "".join(f"[{k}]" for k in kept)

    out = MARKER.sub(replace, text)
    out = re.sub(r"[ \t]+([.,;:!?])", r"\1", out)  # "word [9]." with [9] removed leaves "word ."
    out = re.sub(r"[ \t]{2,}", " ", out).strip()
    return out, [valid[n] for n in order]


def finish(text: str, items: list[ContextItem], nodes: list[EvidenceNode], llm_calls: int) -> Answer:
    text, cited_ids = renumber(text, items)
    by_id = {n.node_id: n for n in nodes}
    return Answer(text=text or NO_ANSWER, cited=[by_id[i] for i in cited_ids], llm_calls=llm_calls)


# --- Composite answers (content path): parts of a decomposed question, and "which documents" lists -------------


def combine(parts: list[tuple[str, Answer]]) -> Answer:
    """One answer from the answers of a question's parts, each headed by its label and keeping its own citations;
    markers are renumbered over the whole (a node cited by two parts keeps one number)."""
    cited: list[EvidenceNode] = []
    index_of: dict[str, int] = {}
    blocks = []
    for label, answer in parts:
        mapping: dict[int, int] = {}
        for k, node in enumerate(answer.cited, start=1):
            if node.node_id not in index_of:
                cited.append(node)
                index_of[node.node_id] = len(cited)
            mapping[k] = index_of[node.node_id]
        body = MARKER.sub(partial(_renumber, mapping), answer.text)
        blocks.append(f"**{label}**: {body}")
    return Answer(text="\n\n".join(blocks), cited=cited, llm_calls=sum(a.llm_calls for _, a in parts))


def _renumber(mapping: dict[int, int], m: re.Match[str]) -> str:
    return "".join(f"[{mapping[n]}]" for n in cited(m.group(1)) if n in mapping)


def _number(text: str | None) -> float | None:
    m = re.search(r"-?\d[\d,]*(?:\.\d+)?", text or "")
    return float(m.group(0).replace(",", "")) if m else None


RANGE_JOINERS = (" to ", "–", "—", " - ")  # "0 to +70", "-40–85 °C": a value's two bounds


def range_bounds(value: str | None) -> tuple[str, str] | None:
    """ "0°C to 40°C (32°F to 104°F)" → ("0°C", "40°C"): the two bounds of a value stated as a range (an aside in
    brackets restates it); None for any other value."""
    head = (value or "").split("(", 1)[0]
    for joiner in RANGE_JOINERS:
        low, _, high = head.partition(joiner)
        if high and _number(low) is not None and _number(high) is not None:
            return low.strip(), high.strip()
    return None


def bounded(value: str | None, extreme: str | None) -> str | None:
    """A range's upper bound when its maximum is asked ("the maximum operating temperature": 70 of "0 to +70"), its
    lower when its minimum is; any other value as it is."""
    bounds = range_bounds(value)
    if bounds is None or extreme not in ("max", "min"):
        return value
    return bounds[1] if extreme == "max" else bounds[0]


MONTHS = word_lists("question_words")["month_stems"]
MONTH_ENDINGS = frozenset(word_lists("question_words")["month_endings"])


def _year(text: str) -> tuple[int, int, int] | None:
    """(start, end, year) of the first word that is a year from 1500 to 2099."""
    for m in WORD.finditer(text):
        if len(m.group(0)) == 4 and m.group(0).isdigit() and "1500" <= m.group(0) <= "2099":
            return m.start(), m.end(), int(m.group(0))
    return None


def _month(text: str) -> int:
    """The first month a word names ("Jan", "June", "Sept"), 1-12; 0 when none does."""
    for m in WORD.finditer(text.lower()):
        if m.group(0)[:3] in MONTHS and m.group(0)[3:] in MONTH_ENDINGS:
            return MONTHS.index(m.group(0)[:3]) + 1
    return 0


def _day(text: str) -> int:
    """The first number of one digit, or of two from 00 to 39, that no other digit touches (a day); 0 when none."""
    k = 0
    while k < len(text):
        if not text[k].isdigit():
            k += 1
            continue
        end = k
        while end < len(text) and text[end].isdigit():
            end += 1
        if end - k == 1 or (end - k == 2 and text[k] in "0123"):
            return int(text[k:end])
        k = end
    return 0


def _date(text: str | None) -> tuple[int, int, int] | None:
    """(year, month, day) of a date as written ("June 10, 2020", "10 June 2020", "1976"); 0 for what it leaves out."""
    year = _year(text or "")
    if text is None or year is None:
        return None
    month = _month(text)
    return year[2], month, _day(text[: year[0]] + text[year[1] :]) if month else 0


# The comparatives whose winner has the smaller value (the earlier date, the smaller amount), and those about time.
SMALLER_WINS, ABOUT_TIME, ABOUT_SIZE = (lexicon("question_words")[k] for k in ("smaller_wins", "about_time",
                                                                                  "about_size"))  # fmt: skip


def _order(shorts: list[str | None], when: bool, size: bool = False) -> int | None:
    """-1 when the first value is the smaller (the earlier date), 1 when the larger, 0 when equal; None when either
    is no value of the kind compared, or a year is set against a full date of that year (which came first is not
    known)."""
    if when:
        da, db = (_date(s) for s in shorts)
        if da is None or db is None or (da[0] == db[0] and (da[1] == 0) != (db[1] == 0)):
            return None
        return (da > db) - (da < db)
    if any(range_bounds(s) is not None for s in shorts):
        return None  # a range set against a value: neither its first nor its last figure is the value compared
    a, b = (_number(s) for s in shorts)
    if a is None or b is None:
        return None
    a, b = _on_one_scale((a, shorts[0] or ""), (b, shorts[1] or ""))
    if size and a < 0 and b < 0:
        a, b = -a, -b  # "the larger deficit": -9.2 against -3.6 is the larger by its size
    return (a > b) - (a < b)


def _on_one_scale(first: tuple[float, str], second: tuple[float, str]) -> tuple[float, float]:
    """A share written as a fraction (0.775) set against one written in per cent (71.2%): both in per cent."""
    (a, said_a), (b, said_b) = first, second
    if "%" in said_a and "%" not in said_b and 0 <= b <= 1 < a <= 100:
        b *= 100
    elif "%" in said_b and "%" not in said_a and 0 <= a <= 1 < b <= 100:
        a *= 100
    return a, b


def _share_in(value: str | None) -> str | None:
    """The per cent a count is given with ("53 (5.3%)" → "5.3%"), None for any other value."""
    text = (value or "").strip()
    if not text.endswith("%)") or "(" not in text:
        return None
    share = text[text.rindex("(") + 1 : -1].strip()
    return share if _number(share) is not None and _number(text[: text.rindex("(")]) is not None else None


def _shares_alike(shorts: list[str | None]) -> list[str | None]:
    """A count given with its per cent set against a per cent: the two per cents are compared."""
    plain = [s is not None and s.strip().endswith("%") and _share_in(s) is None for s in shorts]
    if not any(plain):
        return shorts
    return [(_share_in(s) or s) if not bare else s for s, bare in zip(shorts, plain, strict=True)]


def comparison_verdict(labels: list[str], shorts: list[str | None], compared: str = "is higher") -> str | None:
    """ "A (12.5) is higher than B (9.1)." when both parts have a sure short answer that compares (two numbers; two
    dates when the comparison is about time: "is older", "is more recent"); else None. `compared`: what the verdict
    says of the winner ("is older", "has more graduates"; app.qa.decompose.comparative)."""
    if len(shorts) != 2 or len(labels) != 2:
        return None
    shorts = _shares_alike(shorts)
    order = _order(shorts, ABOUT_TIME.said(compared), ABOUT_SIZE.said(compared))
    if order is None:
        return None
    if order == 0:
        return f"{labels[0]} and {labels[1]} are the same ({shorts[0]})."
    first_wins = (order < 0) == SMALLER_WINS.said(compared)
    (win, wv), (lose, lv) = ((labels[0], shorts[0]), (labels[1], shorts[1]))[:: 1 if first_wins else -1]
    # "… than the act", not "… than The act": a label opens its own line, here it stands mid-sentence.
    article = lose.split(None, 1)[0] if lose[:1].strip() else ""
    if article in ("The", "A", "An") and lose[len(article) : len(article) + 1].isspace():
        lose = article.lower() + lose[len(article) :]
    return f"{win} ({wv}) {compared} than {lose} ({lv})."


def table_verdict(
    labels: list[str], read: list[tuple[str, Cell] | None], compared: str = "is higher", apart: bool = False
) -> str | None:
    """The verdict of a comparison whose two parts were both read from one table, as two cells of one column (two
    rows compared: "Ohio" and "Michigan" under "2020–21") or of one row (two columns: the Totals row under each
    candidate): comparison_verdict over the two cells' values, which the answer shows, each with its row and column.
    Neither value need be a sure short answer: the table reads both alike. `read`: (table node id, cell) per part,
    None for a part answered otherwise. None when the parts were read from two tables or two unrelated cells, unless
    they were `apart`: each part asked of its own document and read from a table of it."""
    if len(read) != 2:
        return None
    first, second = read
    if first is None or second is None:
        return None
    (table_a, a), (table_b, b) = first, second
    if apart and table_a != table_b:
        return comparison_verdict(labels, [a["value"], b["value"]], compared)
    same_column = a["column"] == b["column"] and a["row"] != b["row"]
    same_row = a["row"] == b["row"] and a["column"] != b["column"]
    if table_a != table_b or not (same_column or same_row):
        return None
    return comparison_verdict(labels, [a["value"], b["value"]], compared)


def labelled_answer(label: str, found: Sequence[tuple[str, EvidenceNode, str | None]]) -> Answer:
    """The documents that have a table labelled `label`, each with its page and caption, cited; or that none has.
    `found`: (file name, the table's node, its caption) per document."""
    if not found:
        return Answer(text=f"No document has a table labelled {label}.")
    n = len(found)
    head = f"{n} documents have a table labelled {label}:" if n > 1 else f"1 document has a table labelled {label}:"
    lines = [head, ""]
    for k, (name, node, caption) in enumerate(found, start=1):
        said = f": {' '.join(caption.split())}" if caption else ""
        lines.append(f"- **{name}**, page {node.page}{said} [{k}]")
    return Answer(text="\n".join(lines), cited=[node for _, node, _ in found])


def _how_named(match: DocumentMatch) -> str:
    if match.page is not None:
        return f" (in the text of page {match.page}, not in a passage or table read from it)"
    return f" ({match.naming} of its {match.units} passages and tables)"


def documents_answer(topic: str, matches: Sequence[tuple[str, DocumentMatch]]) -> Answer:
    """The documents that name `topic`, each with how many of its passages and tables do and a cited reason, most
    first; then those close to it in meaning that never name it. The count, not a verdict, tells "about" from "in
    passing"."""
    naming = [(name, m) for name, m in matches if m.naming]
    related = [(name, m) for name, m in matches if not m.naming]
    if not matches:
        return Answer(text=f"No document mentions {topic}.")
    lines: list[str] = []
    cited: list[EvidenceNode] = []

    def item(name: str, match: DocumentMatch, count: str) -> str:
        cited.append(match.node)
        return f"- **{name}**{count}: {match.reason} [{len(cited)}]"

    if naming:
        n = len(naming)
        head = f"{n} documents mention {topic}, most first:" if n > 1 else f"1 document mentions {topic}:"
        lines += [head, ""]
        lines += [item(name, m, _how_named(m)) for name, m in naming]
    else:
        lines.append(f"No document mentions {topic} in so many words.")
    if related:
        lines += ["", f"Close to {topic} in meaning, without naming it:", ""]
        lines += [item(name, m, "") for name, m in related]
    return Answer(text="\n".join(lines), cited=cited)
