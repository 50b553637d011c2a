"""Build (and re-verify) benchmarks/answers/offtopic.json: questions that no shared PDF answers.

A user asks about things the collection does not cover; the answer must say so instead of presenting a sentence
about something else as the answer ("What is the capital of France?" answered with "UK, Germany and France tend to
have the largest firms"). Thirty questions are general knowledge; ten are near the collection's topics (Boeing,
students, unemployment, firearms, wages) without being answered by it. They were written by the lead (issue 9)
before the relevance floor of app.qa.answer existed, and split once by sha256(id), alternating, as pdf_qa.json:
the floor was chosen on the dev half only.

Each record carries `absent`: groups of words; a group's words (whole words) never stand together on one page of any PDF of
reports/ or tables/, which `--check` verifies (so no page can hold the answer).

    .venv/bin/python benchmarks/answers/build_offtopic.py          # rebuild offtopic.json
    .venv/bin/python benchmarks/answers/build_offtopic.py --check  # verify it against the PDFs
"""

# ruff: noqa: E501  (question data: one record a line reads better than wrapped strings)
from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
OUT = HERE / "offtopic.json"
FOLDERS = ["shared/data/pdfs/reports", "shared/data/pdfs/tables"]

# (question, absent word groups: each group's words never share a page)
# fmt: off
QUESTIONS: list[tuple[str, list[list[str]]]] = [
    ("What is the capital of France?", [["capital of france"], ["paris", "capital"]]),
    ("Who wrote the novel Pride and Prejudice?", [["austen"], ["pride and prejudice"]]),
    ("In what year did the Berlin Wall fall?", [["berlin wall"]]),
    ("How tall is Mount Everest?", [["everest"]]),
    ("Who painted the Mona Lisa?", [["mona lisa"]]),
    ("What is the boiling point of water at sea level in Fahrenheit?", [["boiling"]]),
    ("Which planet is closest to the sun?", [["planet"]]),
    ("Who was the first person to walk on the moon?", [["walk on the moon"], ["armstrong", "moon"], ["apollo"]]),
    ("What is the chemical symbol for gold?", [["chemical symbol"]]),
    ("How many players does a soccer team have on the field?", [["soccer"]]),
    ("What language is spoken in Brazil?", [["portuguese"], ["brazil", "language"]]),
    ("Who composed the Fifth Symphony?", [["fifth symphony"]]),
    ("What is the speed of light in a vacuum?", [["speed of light"]]),
    ("When was the Eiffel Tower completed?", [["eiffel"]]),
    ("What is the largest ocean on Earth?", [["ocean"]]),
    ("Who invented the telephone?", [["telephone", "invent"]]),
    ("What currency is used in Japan?", [["yen"]]),
    ("How many bones are in the adult human body?", [["bones"]]),
    ("Who is the author of the Harry Potter books?", [["harry potter"], ["rowling"]]),
    ("What is the tallest building in Dubai?", [["tallest building"], ["burj"], ["dubai", "building"]]),
    ("Which river flows through Cairo?", [["cairo"]]),
    ("What is the population of Tokyo?", [["tokyo"]]),
    ("When did World War I begin?", [["world war"]]),
    ("What is the recipe for a margherita pizza?", [["pizza"]]),
    ("Who won the 2010 FIFA World Cup?", [["world cup"]]),
    ("What is the main ingredient of guacamole?", [["guacamole"], ["avocado"]]),
    ("How long does it take the Moon to orbit the Earth?", [["moon", "orbit"]]),
    ("What is photosynthesis?", [["photosynthesis"]]),
    ("Who discovered penicillin?", [["penicillin"]]),
    ("Which company makes the iPhone?", [["iphone"]]),
    ("What was Boeing's total revenue in 2019?", [["boeing", "revenue"]]),
    ("How many students are enrolled at Harvard University?", [["harvard"]]),
    ("What is the unemployment rate in Spain?", [["unemployment rate", "spain"]]),
    ("Who is the CEO of Marvell Semiconductor?", [["marvell", "ceo"], ["marvell", "chief executive"]]),
    ("What is the horsepower of a Ford F-150 engine?", [["f-150"], ["ford", "horsepower"]]),
    ("What is the GDP of Germany?", [["gdp", "germany"], ["gross domestic product", "germany"]]),
    ("What is the price of a Tesla Model 3?", [["tesla"]]),
    ("How many firearms were sold in Texas in 2019?", [["texas", "2019", "firearm"], ["texas", "2019", "firearms"], ["texas", "2019", "gun"]]),
    ("Who is the prime minister of the Netherlands?", [["prime minister"]]),
    ("What is the minimum wage in California?", [["minimum wage"]]),
]
# fmt: on


def records() -> list[dict[str, Any]]:
    out = [
        {
            "id": f"off-{k:02d}",
            "kind": "unanswerable",
            "question": question,
            "answers": [],
            "documents": [],
            "absent": absent,
            "short_answer_expected": None,
            "notes": "no page of any PDF holds the words of a group in `absent` together",
        }
        for k, (question, absent) in enumerate(QUESTIONS, start=1)
    ]
    for k, record in enumerate(sorted(out, key=lambda r: hashlib.sha256(r["id"].encode()).hexdigest())):
        record["split"] = "dev" if k % 2 == 0 else "test"
    return out


def build() -> dict[str, Any]:
    return {
        "format": "mdqa-pdf-answers/1",
        "description": "Questions no shared PDF answers (issue 9): the answer must say so; see build_offtopic.py.",
        "collection": {"folders": FOLDERS},
        "records": records(),
    }


def page_texts() -> list[tuple[str, int, str]]:
    import pdfplumber

    pages = []
    for folder in FOLDERS:
        for path in sorted((ROOT.parent / folder).glob("*.pdf")):
            with pdfplumber.open(path) as pdf:
                for number, page in enumerate(pdf.pages, start=1):
                    pages.append((path.name, number, " ".join((page.extract_text() or "").lower().split())))
    return pages


def check() -> int:
    committed = json.loads(OUT.read_text())
    problems = [] if committed == build() else ["offtopic.json differs from build_offtopic.py: rebuild it"]
    pages = page_texts()
    for record in committed["records"]:
        for group in record["absent"]:
            for name, number, text in pages:
                if all(re.search(rf"\b{re.escape(word)}\b", text) for word in group):
                    problems.append(f"{record['id']}: {name} p{number} holds {group}")
    print("\n".join(problems) or f"ok: {len(committed['records'])} questions, none answered by {len(pages)} pages")
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="verify offtopic.json against the PDFs")
    if parser.parse_args().check:
        return check()
    OUT.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
