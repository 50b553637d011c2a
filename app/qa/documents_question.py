"""Questions that ask for a list of documents ("Which documents mention Finland?", "In which files does Boeing
appear?", "List the reports that cite Eurostat"), and the terms of their topic. Rules only; `which_documents_topic`
returns None when the question is not of this shape and the pipeline asks it as it is (app.qa.decompose splits
two-part questions; app.qa.which_documents finds the documents).
"""

from __future__ import annotations

import re

from app.qa.analysis.listing import lexicon
from app.qa.analysis.phrases import ARTICLES, Phrases

DOCUMENT_NOUN = r"(?:documents?|files?|reports?|pdfs?|papers?|sources?)"
# "Which documents", "What files", "Which of the uploaded files", "Which of these reports"
WHICH_DOCUMENTS_HEAD = (
    rf"(?:which|what)\s+(?:of\s+(?:the|these|those|my|our|all\s+the|all\s+these)\s+(?:[\w-]+\s+)?)?{DOCUMENT_NOUN}"
)
# "List the documents that ...", "Name all files which ..."
LIST_DOCUMENTS_HEAD = (
    rf"(?:list|name|show|give|find|tell)\s+(?:me\s+)?(?:all\s+)?(?:the\s+|of\s+the\s+)?{DOCUMENT_NOUN}\s+(?:that|which)"
)
# What a document does with its topic: "mention", "are about", "talk about", "say something about", "have
# information on", "contain figures for", "make reference to", "have something to do with" ... A bare "have"/"has"
# must be followed by what is had ("information on", "anything on"), so "Which report has the most tables?" is no
# such question.
HELD = r"(?:something|anything|information|data|figures|numbers|statistics|details|facts|material|content|text|tables?)"
DOCUMENT_VERB = (
    r"(?:(?:are|is|were|was)\s+(?:about|on|related\s+to|relevant\s+to|concerned\s+with|dealing\s+with)|"
    r"(?:talk|talks|speak|speaks|write|writes|know|knows)\s+about|(?:relate|relates)\s+to|"
    r"(?:make|makes)\s+(?:any\s+)?(?:mention|reference)\s+(?:of|to)|"
    r"(?:have|has)\s+(?:something|anything)\s+to\s+do\s+with|"
    r"(?:say|says|have|has|contain|contains|include|includes|give|gives|provide|provides|hold|holds|report|reports|"
    rf"show|shows|offer|offers)\s+(?:any\s+|an?\s+)?{HELD}\s+(?:about|on|for|regarding|of|concerning)|"
    r"(?:say|says)\s+(?:about|on)|"
    r"mention|mentions|discuss|discusses|cover|covers|deal\s+with|deals\s+with|refer\s+to|refers\s+to|"
    r"concern|concerns|contain|contains|describe|describes|address|addresses|touch\s+on|touches\s+on|"
    # Not "name": "Which report names the engineer to contact?" asks for the name.
    r"cite|cites|reference|references|include|includes|feature|features|"
    # "Which documents draw on data from Eurostat?", "Which reports use figures from the census?"
    r"(?:draw|draws)\s+(?:on|upon)|(?:rely|relies)\s+on|use|uses|quote|quotes|"
    # "Which document brings up chess?", "Which reports go into fees?"
    r"(?:bring|brings)\s+up|(?:go|goes|get|gets)\s+into|(?:focus|focuses)\s+on|(?:look|looks)\s+at)"
)
# "Do any documents mention Ireland?", "Are there any files about Kerala?": the list, asked as yes or no.
ANY_DOCUMENTS_HEAD = (
    rf"(?:(?:do|does|did)\s+any\s+(?:of\s+(?:the|these|my|our)\s+)?{DOCUMENT_NOUN}|"
    rf"(?:are|is)\s+there\s+(?:any\s+)?{DOCUMENT_NOUN}\s+(?:that|which))"
)
WHICH_DOCUMENTS = re.compile(
    rf"^\s*(?:{WHICH_DOCUMENTS_HEAD}|{LIST_DOCUMENTS_HEAD}|{ANY_DOCUMENTS_HEAD})\s+(?:also\s+|all\s+)?"
    rf"{DOCUMENT_VERB}\s+(?P<topic>.+?)[\s?.!]*$",
    re.I,
)
# "Find the documents mentioning Boeing", "List documents with data on Kerala", "Are there documents about Ireland?",
# "Which documents have Ireland in them?", "In which files can I find figures for Kerala?"
DOCUMENTS_WITH = re.compile(
    rf"^\s*(?:(?:list|name|show|give|find|tell)\s+(?:me\s+)?(?:all\s+)?(?:the\s+|of\s+the\s+)?{DOCUMENT_NOUN}|"
    rf"(?:are|is)\s+there\s+(?:any\s+)?{DOCUMENT_NOUN})\s+"
    rf"(?:mentioning|naming|containing|discussing|covering|citing|referencing|including|featuring|referring\s+to|"
    rf"dealing\s+with|about|on|concerning|regarding|with\s+(?:any\s+)?{HELD}\s+(?:on|for|about|of|regarding))\s+"
    r"(?P<topic>.+?)[\s?.!]*$|"
    rf"^\s*(?:which|what)\s+{DOCUMENT_NOUN}\s+(?:have|has|contain|contains)\s+(?P<held>.+?)\s+in\s+(?:them|it)"
    r"[\s?.!]*$|"
    rf"^\s*(?:in|from)\s+(?:which|what)\s+(?:of\s+(?:the|these|those|my|our)\s+)?{DOCUMENT_NOUN}\s+(?:can|could|do|"
    rf"would)\s+(?:i|we|you)\s+(?:find|read|see|get)\s+(?:(?:any\s+)?{HELD}\s+(?:on|for|about|of|regarding)\s+)?"
    r"(?P<found>.+?)[\s?.!]*$",
    re.I,
)
# "In which documents is Finland mentioned?", "Where is Indonesia mentioned?", "In which files does Boeing appear?"
MENTIONED = (
    r"(?:mentioned|discussed|covered|named|cited|referenced|described|treated|reported|found|appear|appears|"
    r"shows?\s+up|turns?\s+up|comes?\s+up|occur|occurs)"
)
WHICH_DOCUMENTS_PASSIVE = re.compile(
    # "In which of my files does Guam show up?"
    rf"^\s*(?:(?:in|from)\s+(?:which|what)\s+(?:of\s+(?:the|these|those|my|our)\s+)?{DOCUMENT_NOUN}|where)\s+(?:is|are|was|were|does|do)\s+"
    rf"(?P<topic>.+?)\s+{MENTIONED}(?:\s+in\s+the\s+{DOCUMENT_NOUN})?[\s?.!]*$|"
    # "List the PDFs in which Portugal comes up", "Name the files where Guam is mentioned"
    rf"^\s*(?:list|name|show|give|find|tell)\s+(?:me\s+)?(?:all\s+)?(?:the\s+)?{DOCUMENT_NOUN}\s+(?:(?:in|from)\s+which|where)"
    rf"\s+(?:(?:is|are|was|were|does|do|did)\s+)?(?P<listed>.+?)\s+(?:(?:is|are|was|were|gets?|got)\s+)?{MENTIONED}"
    r"[\s?.!]*$",
    re.I,
)


# "Which documents have a table labelled Table 6.1?", "Which files contain a Table 14?": documents listed by a table
# label of their own (a label, not a topic: "Table 2" is no word a passage names).
LABELLED = re.compile(
    rf"^\s*(?:{WHICH_DOCUMENTS_HEAD}|{LIST_DOCUMENTS_HEAD}|{ANY_DOCUMENTS_HEAD})\s+(?:also\s+)?"
    r"(?:have|has|contain|contains|include|includes|hold|holds|show|shows|print|prints)\s+(?:a|an|any)?\s*"
    r"(?:tables?\s+(?:labell?ed|called|named|numbered|titled)\s+)?"
    r"(?P<label>table\s*[:#]?\s*[a-z]{0,2}[.\-–]?\d+(?:[.\-–]\d+)*[a-z]?)[\s?.!]*$",
    re.I,
)


def documents_with_label(question: str) -> str | None:
    """ "Which documents have a table labelled Table 6.1?" → "Table 6.1"; None for other questions."""
    m = LABELLED.match(" ".join(question.split()))
    return m.group("label") if m else None


# "Which documents have a table about the weather?": only tables count.
IN_TABLES = Phrases.of(
    [f"{verb} {few}{table}"
     for verb in ("have has contain contains include includes hold holds give gives provide provides show shows offer "
                  "offers").split()
     for few in ("", "any ", "a ", "an ") for table in ("table", "tables")]
)  # fmt: skip


def which_documents_in_tables(question: str) -> bool:
    """The list asked for is of documents whose tables name the topic."""
    m = WHICH_DOCUMENTS.match(" ".join(question.split()))
    head = m.group(0)[: m.start("topic")] + " " if m is not None else ""
    return any(head[end : end + 1].isspace() for _, end in IN_TABLES.every(head))


def which_documents_topic(question: str) -> str | None:
    """ "Which documents are about education or students?" → "education or students"; None for other questions."""
    q = " ".join(question.split())
    m = WHICH_DOCUMENTS.match(q) or WHICH_DOCUMENTS_PASSIVE.match(q)
    if m:
        groups = m.groupdict()
        return (groups["topic"] or groups.get("listed") or "").strip()
    w = DOCUMENTS_WITH.match(q)
    return next(t.strip() for t in (w.group("topic"), w.group("held"), w.group("found")) if t) if w else None


# "Which documents contain figures for Kerala?": the documents are about Kerala; "figures for" names no topic, and
# requiring it too would drop a document whose table names Kerala without the word "figures".
GENERIC_HEAD = Phrases.of(
    [f"{the}{noun} {prep}" for the in ("", "the ")
     for noun in "figures data numbers statistics information details facts values mention mentions".split()
     for prep in "for on about of from regarding".split()]
    + [f"{the}{noun}" for the in ("", "the ") for noun in "word words term terms phrase name".split()]
)  # fmt: skip


def _without_generic_head(topic: str) -> str:
    return topic[GENERIC_HEAD.lead(topic) :]


# "Which documents mention both Finland and Canada?": each document must name every term.
BOTH = Phrases.of(["both", "all of", "each of"])


def every_term_required(topic: str) -> bool:
    return BOTH.lead(_without_generic_head(topic.strip())) > 0


def topic_terms(topic: str) -> list[str]:
    """The alternatives of a topic ("education or students" → ["education", "students"]; "figures for Kerala" →
    ["Kerala"])."""
    topic = _without_generic_head(topic.strip())
    topic = _without_filler(topic[BOTH.lead(topic) :])
    terms = [t.strip(" ,") for t in re.split(r"\s*(?:,|\bor\b|\band\b|/)\s*", topic, flags=re.I)]
    return [t[ARTICLES.lead(t) :] for t in terms if t]


def _without_filler(topic: str) -> str:
    """The topic less a closing phrase that says where to look ("wheat anywhere" → "wheat")."""
    words = topic.rstrip(" ?.!").split()
    for n in (3, 2, 1):
        if len(words) > n and " ".join(words[-n:]).lower() in lexicon()["topic_fillers"]:
            return " ".join(words[:-n])
    return topic


def stem(word: str) -> str:
    """A crude stem, enough to match "students" with "student", "education" with "educational", "vehicles" with
    "vehicle" and "companies" with "company": one suffix off, then a final "e" or "y"."""
    word = word.lower()
    for suffix in ("ational", "ation", "ions", "ion", "ing", "ies", "es", "s", "al", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4 and not (suffix == "s" and word.endswith("ss")):
            word = word[: -len(suffix)]
            break
    return word[:-1] if word.endswith(("e", "y")) and len(word) > 4 else word
