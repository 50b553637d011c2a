"""Development-only table questions (`paraphrases_dev.json`): new wordings of cell and aggregate questions over the
shared table PDFs, written to test whether the cell/aggregate rules and the short-answer gate generalise beyond the
phrasings of `pdf_qa.json`. Every record is `"split": "dev"`; none is a copy of a `pdf_qa.json` question.

Each answer is DERIVED here from the manifest's expected table rows (human ground truth for the ICDAR files,
reference extractor output for the others), never typed by hand: a cell by (row label, column index), an aggregate
by recomputing it over the column.

    .venv/bin/python benchmarks/answers/build_paraphrases.py          # writes paraphrases_dev.json
    .venv/bin/python benchmarks/answers/build_paraphrases.py --check  # verifies the committed file
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "paraphrases_dev.json"
MANIFEST = HERE.parents[1].parent / "shared" / "data" / "pdfs" / "manifest.json"
FOLDERS = ("reports", "tables")

# (id, question, document, manifest table index, label, page, spec). Cell spec: ("cell", row label, column index).
# Aggregate spec: (op, column index, rows left out) with op max | min | sum | count_above:<threshold> | max_across.
E4 = "eu-004.pdf"
# fmt: off
QUESTIONS: list[tuple[str, str, str, int, str | None, int, tuple[Any, ...]]] = [
    ("pc-01", "What was Denmark's per capita GNP in 1995 according to eu-004.pdf?", E4, 0, "Table 6.1", 2,
     ("cell", "Denmark", 1)),
    ("pc-02", "Retail sales per outlet in Austria, Table 6.1 of eu-004.pdf?", E4, 0, "Table 6.1", 2,
     ("cell", "Austria", 6)),
    ("pc-03", "How many inhabitants per food outlet did Sweden have in 1992/3 (eu-004.pdf)?", E4, 1, "Table 6.2", 2,
     ("cell", "Sweden", 5)),
    ("pc-04", "What is the population per enterprise in Japan in eu-004.pdf?", E4, 2, "Table 6.3", 3,
     ("cell", "Japan", 3)),
    ("pc-05", "For Portugal, what was the value of food sales in 1996 (1990=100) in eu-004.pdf?", E4, 3, "Table 6.4", 4,
     ("cell", "Portugal", 2)),
    ("pc-06", "By how much did the total retail sales volume of Greece grow over 1990-94 (eu-004.pdf Table 6.4)?",
     E4, 3, "Table 6.4", 4, ("cell", "Greece", 1)),
    ("pc-07", "What is the current level of the five firm concentration ratio for Sweden in eu-004.pdf?", E4, 4,
     "Table 6.5", 6, ("cell", "Sweden", 1)),
    ("pc-08", "Supermarkets' share of grocery turnover in the Netherlands in 1996, per eu-004.pdf?", E4, 5, "Table 6.6",
     7, ("cell", "Netherlands", 3)),
    ("pc-09", "How many discount stores did Germany have in 1991 according to Table 6.7 of eu-004.pdf?", E4, 6,
     "Table 6.7", 8, ("cell", "Germany", 4)),
    ("pc-10", "Number of franchisors in the UK in 1993 (eu-004.pdf, Table 6.8)", E4, 7, "Table 6.8", 9,
     ("cell", "UK", 1)),
    ("pc-11", "What was the private label penetration in Germany in 1997 in Table 6.10 of eu-004.pdf?", E4, 9,
     "Table 6.10", 11, ("cell", "Germany", 1)),
    ("pc-12", "What were Danone's world food sales in $US bn according to eu-004.pdf?", E4, 11, "Table 6.12", 14,
     ("cell", "Danone", 1)),
    ("pc-13", "Among the EU's top 20 grocery wholesalers in eu-004.pdf, what were Rewe's sales in bn ecus?", E4, 10,
     "Table 6.11", 12, ("cell", "Rewe", 2)),
    ("pc-14", "How many took part in general upper secondary education in 2000 according to eu-013.pdf?", "eu-013.pdf",
     0, "Table 6", 3, ("cell", "General upper secondary education", 1)),
    ("pc-15", "Number of participants in labour market training, Table 7 of eu-013.pdf?", "eu-013.pdf", 1, "Table 7",
     4, ("cell", "Labour market training", 1)),
    ("pc-16", "How many persons were on labour market training in 2003 (eu-013.pdf Table 8)?", "eu-013.pdf", 2,
     "Table 8", 5, ("cell", "On labour market training", 3)),
    ("pc-17", "In Table 6 of twotables_2.pdf, what percentage of Gujarat households have a head educated 9-12 std.?",
     "twotables_2.pdf", 0, "Table 6", 1, ("cell", "Gujarat", 6)),
    ("pc-18", "How many persons were trained in Maharashtra by the Red Ribbon Express (background_lines_1.pdf)?",
     "background_lines_1.pdf", 0, "Table 6.1", 1, ("cell", "Maharashtra", 5)),
    ("pc-19", "What is Kerala's revenue outlay on family welfare in health.pdf?", "health.pdf", 0, None, 1,
     ("cell", "Kerala", 2)),
    ("pc-20", "Capital outlay on medical & public health for Gujarat in health.pdf?", "health.pdf", 0, None, 1,
     ("cell", "Gujarat", 3)),
    ("pc-21", "How many women in Karnataka had their blood pressure measured (clockwise_table_1.pdf)?",
     "clockwise_table_1.pdf", 0, None, 1, ("cell", "Karnataka", 7)),
    ("pc-22", "What distance in miles does cycle 4234_1 cover in Table 2-1 of us-030.pdf?", "us-030.pdf", 0,
     "Table 2-1", 2, ("cell", "4234_1", 2)),
    ("pc-23", "What percent fuel savings does eliminating stops give for cycle 2145_1 in us-030.pdf?", "us-030.pdf", 0,
     "Table 2-1", 2, ("cell", "2145_1", 5)),
    ("pc-24", "How many persons were tested for HIV in Karnataka according to background_lines_1.pdf?",
     "background_lines_1.pdf", 0, "Table 6.1", 1, ("cell", "Karnataka", 7)),
    ("pa-01", "Which member state had the highest per capita GNP in 1995 in Table 6.1 of eu-004.pdf?", E4, 0,
     "Table 6.1", 2, ("max", 1, ["EU15 Total"])),
    ("pa-02", "Which member state had the fewest retail outlets according to Table 6.1 of eu-004.pdf?", E4, 0,
     "Table 6.1", 2, ("min", 3, ["EU15 Total"])),
    ("pa-03", "In which member state did hypermarkets' share of grocery turnover grow most since 1980 (eu-004.pdf)?",
     E4, 5, "Table 6.6", 7, ("max", 2, [])),
    ("pa-04", "Which member state had the lowest five firm concentration ratio in eu-004.pdf?", E4, 4, "Table 6.5", 6,
     ("min", 1, [])),
    ("pa-05", "Which country had the largest number of discount stores in 1996 (eu-004.pdf)?", E4, 6, "Table 6.7", 8,
     ("max", 2, [])),
    ("pa-06", "Which member state had the most franchisees in 1994 according to eu-004.pdf?", E4, 7, "Table 6.8", 9,
     ("max", 4, ["EU Total"])),
    ("pa-07", "How many of the manufacturers in Table 6.12 of eu-004.pdf had world food sales above 15 $US bn?", E4,
     11, "Table 6.12", 14, ("count_above:15", 1, [])),
    ("pa-08", "Which of the EU's top 20 grocery wholesalers had the lowest sales (eu-004.pdf)?", E4, 10, "Table 6.11",
     12, ("min", 2, [])),
    ("pa-09", "What was the total number of halt days of the Red Ribbon Express in background_lines_1.pdf?",
     "background_lines_1.pdf", 0, "Table 6.1", 1, ("sum", 3, ["Total"])),
    ("pa-10", "Which state had the most halt stations in background_lines_1.pdf?", "background_lines_1.pdf", 0,
     "Table 6.1", 1, ("max", 2, ["Total"])),
    ("pa-11", "Which state has the highest share of female household heads with college education in Table 7 of "
     "twotables_2.pdf?", "twotables_2.pdf", 1, "Table 7", 1, ("max", 7, ["Pooled"])),
    ("pa-12", "Which state has the smallest total public health outlay in health.pdf?", "health.pdf", 0, None, 1,
     ("min", 7, [])),
    ("pa-13", "Which cycle in Table 2-1 of us-030.pdf covers the longest distance?", "us-030.pdf", 0, "Table 2-1", 2,
     ("max", 2, [])),
    ("pa-14", "How many cycles in Table 2-1 of us-030.pdf have improved speed fuel savings above 5%?", "us-030.pdf", 0,
     "Table 2-1", 2, ("count_above:5", 3, [])),
    ("pa-15", "Which year had the most persons attending labour market training in eu-013.pdf Table 8?", "eu-013.pdf",
     2, "Table 8", 5, ("max_across", 0, [])),
    ("pa-16", "Which state had the most men tested for fasting blood sugar in clockwise_table_1.pdf?",
     "clockwise_table_1.pdf", 0, None, 1, ("max", 8, ["Pooled"])),
    ("pa-17", "Which kind of education had the highest share of females in Table 7 of eu-013.pdf?", "eu-013.pdf", 1,
     "Table 7", 4, ("max", 2, ["Total"])),
    ("pa-18", "How many member states had more than 20% of grocery turnover in hypermarkets in 1996 (eu-004.pdf)?",
     E4, 5, "Table 6.6", 7, ("count_above:20", 1, [])),
    ("pa-19", "Which member state had the highest private label penetration in 1995 per eu-004.pdf?", E4, 9,
     "Table 6.10", 11, ("max", 2, [])),
    ("pc-25", "How many public high school graduates were there in New York in 2006–07 (us-018.pdf)?", "us-018.pdf", 0,
     "Table 14", 1, ("cell", "New York", 4)),
    ("pc-26", "Projected number of graduates for Pennsylvania in 2015–16 according to Table 14 of us-018.pdf?",
     "us-018.pdf", 1, "Table 14", 2, ("cell", "Pennsylvania", 3)),
    ("pc-27", "By what percent is Vermont's graduate count projected to change from 2008–09 to 2021–22 (us-018.pdf "
     "Table 15)?", "us-018.pdf", 2, "Table 15", 3, ("cell", "Vermont", 4)),
    ("pc-28", "How many public school teachers (in thousands) were there in 2003 according to Table 16 of us-018.pdf?",
     "us-018.pdf", 3, "Table 16", 4, ("cell", "2003", 2)),
    ("pc-29", "What was the pupil/teacher ratio in private schools in 1999 (us-018.pdf Table 17)?", "us-018.pdf", 4,
     "Table 17", 5, ("cell", "1999", 3)),
    ("pc-30", "What was total current expenditure in constant 2010–11 dollars in 2003–04 (Table 18, us-018.pdf)?",
     "us-018.pdf", 5, "Table 18", 6, ("cell", "2003–04", 2)),
    ("pc-31", "How many students suffered from depression according to Table 3.1 of eu-021.pdf?", "eu-021.pdf", 0,
     "Table 3.1", 3, ("cell", "Depression|Count", 2)),
    ("pc-32", "What percentage of students said colds/flu/sinus infections did not affect their academic performance "
     "at all (eu-021.pdf)?", "eu-021.pdf", 1, "Table 3.2", 7, ("cell", "Colds/flu/sinus infections|Percentage", 4)),
    ("pc-33", "How many Black persons were arrested for robbery in 2009 according to Table 325 of 12s0324.pdf?",
     "12s0324.pdf", 1, "Table 325", 1, ("cell", "Robbery", 3)),
    ("pc-34", "What was the net asset value of Class A at 31 December 2016 in edge_tol.pdf?", "edge_tol.pdf", 0, None,
     1, ("cell", "C lass A>N et Asset Value at 31 December", 1)),
    ("pc-35", "How many enquiries about free movement of persons/workers came from Greece (eu-015.pdf)?",
     "eu-015.pdf", 3, None, 2, ("cell", "Greece", 1)),
    ("pc-36", "What was Bihar's total internal debt in superscript.pdf?", "superscript.pdf", 0, "TABLE 125", 1,
     ("cell", "Bihar", 1)),
    ("pa-20", "Which state had the most public high school graduates in 2007–08 (us-018.pdf Table 14)?", "us-018.pdf",
     0, "Table 14", 1, ("max", 5, ["United States", "Northeast", "Midwest", "South", "West"])),
    ("pa-21", "In which year was the pupil/teacher ratio in private schools highest (us-018.pdf Table 17)?",
     "us-018.pdf", 4, "Table 17", 5, ("max", 3, [])),
    ("pa-22", "Which health condition had the most students suffering from it in Table 3.1 of eu-021.pdf?",
     "eu-021.pdf", 0, "Table 3.1", 3, ("max", 2, ["|Percentage"])),
    ("pa-23", "Which state had the highest total internal debt in superscript.pdf?", "superscript.pdf", 0, "TABLE 125",
     1, ("max", 1, ["ALL STATES"])),
    ("pa-24", "How many states trained more than 5,000 persons on the Red Ribbon Express (background_lines_1.pdf)?",
     "background_lines_1.pdf", 0, "Table 6.1", 1, ("count_above:5000", 5, ["Total"])),
    ("pa-25", "Which state's graduates are projected to fall most from 2008–09 to 2021–22 in Table 15 of us-018.pdf?",
     "us-018.pdf", 2, "Table 15", 3, ("min", 4, ["United States", "Northeast", "Midwest", "South", "West"])),
]
# fmt: on

WORDS = {2: "two", 4: "four", 6: "six", 7: "seven"}


def _clean(label: str) -> str:
    return re.sub(r"(?:\s*\.)+\s*$", "", label).strip()  # dot leaders ("Robbery . . . .")


def _labelled(rows: list[list[str]]) -> list[tuple[str, list[str]]]:
    """(name, row): a row without a label of its own ("", "Percentage") takes the label above with its sub-label
    ("Depression|Percentage"); a row holding only a label heads the rows below it ("Class A>Net Asset Value")."""
    out, above, section = [], "", ""
    for r in rows:
        label = _clean(r[0])
        if label and not any(c.strip() for c in r[1:]):
            section = label
            continue
        if label:
            above = label
        name = f"{above}|{r[1]}" if len(r) > 1 and r[1] in ("Count", "Percentage") else label
        out.append((name, r))
        if section:
            out.append((f"{section}>{label}", r))
    return out


def number(cell: str) -> float | None:
    cell = re.sub(r"[*\s,%]", "", cell).lstrip("+")
    try:
        return float(cell)
    except ValueError:
        return None


def _rows(manifest: dict[str, Any], doc: str, index: int) -> list[list[str]]:
    entry = next(f for f in manifest["files"] if f["file"].endswith("/" + doc))
    return [[" ".join(c.split()) for c in r] for r in entry["expected_tables"][index]["rows"]]


def _fmt(value: float) -> list[str]:
    n = int(value) if value == int(value) else value
    return [f"{n:,}", str(n)] if isinstance(n, int) and n >= 1000 else [str(n)]


def derive(manifest: dict[str, Any], doc: str, index: int, spec: tuple[Any, ...]) -> tuple[str, list[str], str]:
    """(kind, acceptable answers, how it was derived) from the manifest rows."""
    rows = _rows(manifest, doc, index)
    if spec[0] == "cell":
        _, label, col = spec
        row = next(r for name, r in _labelled(rows) if name == label)
        value = row[col]
        options = [value] + ([value.replace(" ", ""), value.replace(" ", ",")] if re.fullmatch(r"\d+ \d{3}", value)
                             else [])  # fmt: skip
        return "cell", options, f"row {label!r}, column {col} of manifest table {index}: {value}"
    op, col, skip = spec
    if op == "max_across":
        header, row = rows[0], rows[1]
        value, name = max((number(v), h) for h, v in zip(header[1:], row[1:], strict=True) if number(v) is not None)
        return "aggregate", [name], f"max across the columns of the only row: {name} ({value:g})"
    named = [(name, r) for name, r in _labelled(rows) if ">" not in name]
    pairs = [(number(r[col]), name.split("|")[0]) for name, r in named
             if name and name not in skip and not any(name.endswith(k) for k in skip if k.startswith("|"))
             and len(r) > col]  # fmt: skip
    pairs = [(v, name) for v, name in pairs if v is not None]
    if op in ("max", "min"):
        target = (max if op == "max" else min)(v for v, _ in pairs)
        names = [name for v, name in pairs if v == target]
        assert len(names) == 1, names
        return "aggregate", names, f"{op} of column {col}: {names[0]} ({target:g})"
    if op == "sum":
        total = sum(v for v, _ in pairs)
        return "aggregate", _fmt(total), f"sum of column {col} over {len(pairs)} rows = {total:g}"
    threshold = float(op.split(":")[1])
    hits = [name for v, name in pairs if v > threshold]
    return (
        "aggregate",
        [str(len(hits))] + ([WORDS[len(hits)]] if len(hits) in WORDS else []),
        (f"rows of column {col} above {threshold:g}: {', '.join(hits)}"),
    )


def build() -> dict[str, Any]:
    manifest = json.loads(MANIFEST.read_text())
    records = []
    for qid, question, doc, index, label, page, spec in QUESTIONS:
        kind, answers, notes = derive(manifest, doc, index, spec)
        counting = spec[0].startswith("count") or spec[0] == "sum" or kind == "cell"
        records.append({
            "id": qid, "kind": kind, "question": question, "answers": [answers], "expect_missing": False,
            "documents": [doc], "pages": {doc: [page]}, "table_label": label, "required_values": [],
            "short_answer_expected": "number" if counting else "label", "named_document": None, "missing": None,
            "notes": notes, "split": "dev",
        })  # fmt: skip
    return {
        "format": "mdqa-pdf-answers/1",
        "description": "Development-only paraphrases over the shared table PDFs (cells and aggregates); answers "
        "derived from the manifest's expected tables by build_paraphrases.py. Never a test half.",
        "collection": {"folders": [f"shared/data/pdfs/{f}" for f in FOLDERS]},
        "records": records,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="verify the committed file against the manifest")
    args = parser.parse_args()
    data = build()
    if args.check:
        same = json.loads(OUT.read_text()) == data
        print("paraphrases_dev.json matches the manifest" if same else "paraphrases_dev.json differs: rebuild it")
        raise SystemExit(0 if same else 1)
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(data['records'])} records -> {OUT}")


if __name__ == "__main__":
    main()
