"""Fresh human-phrased table questions (`tables_fresh.json`), written for issue 9 before any change to the table
rules of the agg3 branch: cells and aggregates worded as varied users would ("which state spent the most on ...",
"what is the combined ...", "how many countries had more than ...", "the smallest ...", "ranks second", "the lowest
... and in which year"), columns named by a paraphrase of their header, rows by an abbreviation or part of their
name, and about a third of the documents named by words of their title instead of the file name. No question is
copied from `pdf_qa.json`, `paraphrases_dev.json` or `tables_dev2*.json`.

The set is split ONCE, here, by `sha256(id)` within each kind (sorted, alternately `dev`, `test`): tune on `dev`,
report both, never tune on `test`.

Answers are DERIVED from the manifest's expected table rows (a cell by row label and column index, an aggregate
recomputed over the column or along a row, totals and regional subtotal rows left out), never typed; `--check`
rebuilds the file and finds every answer on its evidence page with pdfplumber (as `build_tables_dev2.py` does).

    .venv/bin/python benchmarks/answers/build_tables_fresh.py          # writes tables_fresh.json
    .venv/bin/python benchmarks/answers/build_tables_fresh.py --check  # verifies the committed file
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_tables_dev2 import (  # noqa: E402
    FOLDERS,
    MANIFEST,
    _count_options,
    _labelled,
    _options,
    _rows,
    check,
    number,
)

OUT = Path(__file__).resolve().parent / "tables_fresh.json"

HEALTH, TT, CW, ACW, SUP = (
    "health.pdf",
    "twotables_2.pdf",
    "clockwise_table_1.pdf",
    "anticlockwise_table_2.pdf",
    "superscript.pdf",
)
E4, E13, E15, E21, U18, U20, U30 = (
    "eu-004.pdf",
    "eu-013.pdf",
    "eu-015.pdf",
    "eu-021.pdf",
    "us-018.pdf",
    "us-020.pdf",
    "us-030.pdf",
)
BG, SPAN, ARR = "background_lines_1.pdf", "spanning_cells.pdf", "12s0324.pdf"
AWARD = "Publication_of_award_of_Bids_for_Transport_Sector__August_2016.pdf"
REGIONS = ["United States", "Northeast", "Midwest", "South", "West"]
EU_TOTALS = ["TotalEU-15", "TotalEU-12", "GrandTotal", "non-EU", "Unspecified"]

# (id, question, document, manifest table index, label, page, spec); rows left out name totals, subtotals and the
# column-number row ("1 | 2= | 3") of superscript.pdf.
# cell: ("cell", row, column[, label column]); ("cell_sub", row, sub-label in column 1, column) for a row whose
#   second line ("Percentage") sits under it.
# aggregate: (op, column, rows left out[, label column]) with op max | min | sum | count_above:N | count_below:N |
#   count_atleast:N | nth_max:N | max_in:Section | max+value | min+value (two parts: the row and its value);
#   ("row_min" | "row_max", row, header row index): the column header where a row is lowest/highest, and the value.
# "dotk" after the op ("max/dotk") reads "3.597" as 3,597 (the page prints thousands with a dot).
# A fifth element lists other manifest tables that continue the same list on the page (eu-015.pdf p. 1 splits its
# topics over two tables, "Total" under the first, "Grand Total" under both): either reading is accepted.
# fmt: off
QUESTIONS: list[tuple[str, str, str, int, str | None, int, tuple[Any, ...]]] = [
    # --- cells
    ("tfc-01", "How much did J&K budget for capital spending on medical & public health in 2012-13 (health.pdf)?",
     HEALTH, 0, None, 1, ("cell", "Jammu & Kashmir", 3)),
    ("tfc-02", "What's UP's share of households whose female head is illiterate, in twotables_2.pdf?", TT, 1,
     "Table 7", 1, ("cell", "Uttar Pradesh", 2)),
    ("tfc-03", "MP total revenue and capital health outlay in the public health outlay 2012-13 table?", HEALTH, 0,
     None, 1, ("cell", "Madhya Pradesh", 5)),
    ("tfc-04", "How many people did the Red Ribbon Express test for HIV in Maharashtra?", BG, 0, "Table 6.1", 1,
     ("cell", "Maharashtra", 7)),
    ("tfc-05", "how many inhabitants per shop does italy have, in the EU study of retail market structure?", E4, 0,
     "Table 6.1", 2, ("cell", "Italy", 4)),
    ("tfc-06", "Number of UK franchisees in 1994 according to eu-004.pdf", E4, 7, "Table 6.8", 9, ("cell", "UK", 4)),
    ("tfc-07", "What was spending per student in fall enrollment in current dollars in 2003–04 (Table 18, "
     "us-018.pdf)?", U18, 5, "Table 18", 6, ("cell", "2003–04", 5)),
    ("tfc-08", "Netherlands school participation rate before replacement schools were counted, PIRLS 2011?", U20, 0,
     "Table A-1", 2, ("cell", "Netherlands", 3)),
    ("tfc-09", "fuel savings from reduced idling for cycle 2145_1 in us-030.pdf", U30, 0, "Table 2-1", 2,
     ("cell", "2145_1", 6)),
    ("tfc-10", "How many Asian or Pacific Islander people were arrested for robbery in 2009, per the arrests by race "
     "table?", ARR, 1, "Table 325", 1, ("cell", "Robbery", 5)),
    ("tfc-11", "Karnataka's outstanding loans from banks & financial institutions in superscript.pdf?", SUP, 0,
     "TABLE 125", 1, ("cell", "Karnataka", 5)),
    ("tfc-12", "What percentage of students said sleep difficulties did not affect their academic performance at "
     "all (eu-021.pdf)?", E21, 1, "Table 3.2", 7, ("cell_sub", "Sleep difficulties", "Percentage", 4)),
    ("tfc-13", "Participants in competence based qualifications in 2004, Finland adult VET report (eu-013.pdf)?",
     E13, 0, "Table 6", 3, ("cell", "Competence-based qualifications", 3)),
    ("tfc-14", "Projected UEC of volume servers in localized data centers in 2010 under improved operation "
     "(spanning_cells.pdf)?", SPAN, 0, "Table A4-12", 1, ("cell", "Improved operation scenario>Localized data "
     "centers", 4)),
    ("tfc-15", "How many men in Gujarat had their fasting blood sugar measured in the NNMB survey "
     "(clockwise_table_1.pdf)?", CW, 0, None, 1, ("cell", "Gujarat", 8)),
    ("tfc-16", "Lisbon Treaty enquiries from Poland in eu-015.pdf?", E15, 4, None, 2, ("cell", "Poland", 1)),
    ("tfc-17", "What share of childless women use a traditional method of contraception (anticlockwise_table_2.pdf)?",
     ACW, 0, "Table 21", 1, ("cell", "No children", 10)),
    ("tfc-18", "nevada graduates 2007-08 in the NCES projections of education statistics?", U18, 0, "Table 14", 1,
     ("cell", "Nevada", 5)),
    ("tfc-19", "How much was the contract for alcohol testers worth in the transport sector award list?", AWARD, 0,
     None, 1, ("cell", "Procurement of Alcohol Testers (Alcometers) (40 No.)", 6, 1)),
    # --- aggregates
    ("tfa-01", "Which state spent the most on family welfare out of its revenue budget in the 2012-13 public health "
     "outlay?", HEALTH, 0, None, 1, ("max", 2, [])),
    ("tfa-02", "What is the combined number of persons counseled on the Red Ribbon Express across all states?", BG,
     0, "Table 6.1", 1, ("sum", 6, ["Total"])),
    ("tfa-03", "How many countries had more than 100 franchisors in 1993 (eu-004.pdf)?", E4, 7, "Table 6.8", 9,
     ("count_above:100", 1, ["EU Total"])),
    ("tfa-04", "Which education system had the smallest school participation rate after substitution in PIRLS "
     "2011?", U20, 0, "Table A-1", 2, ("min", 4, [])),
    ("tfa-05", "Which state ranks second in total public health outlay in health.pdf?", HEALTH, 0, None, 1,
     ("nth_max:2", 7, [])),
    ("tfa-06", "In the Finnish adult education report, what was the lowest number of people in labour market "
     "training, and in which year?", E13, 2, "Table 8", 5, ("row_min", "On labour market training", 0)),
    ("tfa-07", "Which cycle gets the biggest fuel saving from eliminating stops (us-030.pdf)?", U30, 0, "Table 2-1",
     2, ("max", 5, [])),
    ("tfa-08", "How many of the driving cycles in us-030.pdf are longer than 50 miles?", U30, 0, "Table 2-1", 2,
     ("count_above:50", 2, [])),
    ("tfa-09", "How many PIRLS 2011 education systems excluded 5 percent or more of their national population?", U20,
     0, "Table A-1", 2, ("count_atleast:5", 2, [])),
    ("tfa-10", "Which offense had the fewest arrests of white people in 2009 (12s0324.pdf, arrests by race)?", ARR, 1,
     "Table 325", 1, ("min", 2, ["Total", "Violent crime", "Property crime"])),
    ("tfa-11", "Which country sent the most enquiries about free movement of persons/workers (eu-015.pdf)?", E15, 3,
     None, 2, ("max", 1, EU_TOTALS)),
    ("tfa-12", "Which member state had the fewest inhabitants per food outlet in 1992/3, per eu-004.pdf?", E4, 1,
     "Table 6.2", 2, ("min", 5, ["EU15 Total"])),
    ("tfa-13", "Which EU country had the biggest population in 1995 according to the retail market study?", E4, 0,
     "Table 6.1", 2, ("max", 2, ["EU15 Total"])),
    ("tfa-14", "What were the combined retail sales of the member states in ecu bn (eu-004.pdf Table 6.1)?", E4, 0,
     "Table 6.1", 2, ("sum", 5, ["EU15 Total"])),
    ("tfa-15", "In how many member states did supermarkets take more than half of grocery turnover in 1996 "
     "(eu-004.pdf)?", E4, 5, "Table 6.6", 7, ("count_above:50", 3, [])),
    ("tfa-16", "Where were there the most franchisees in 1993 (eu-004.pdf)?", E4, 7, "Table 6.8", 9,
     ("max", 3, ["EU Total"])),
    ("tfa-17", "Of EU15, USA and Japan, which has the largest number of retail enterprises (eu-004.pdf)?", E4, 2,
     "Table 6.3", 3, ("max", 2, [])),
    ("tfa-18", "In which member state did the value of food sales rise most between 1990 and 1996 (eu-004.pdf)?", E4,
     3, "Table 6.4", 4, ("max", 2, [])),
    ("tfa-19", "Which state produced the most public high school graduates in 2006–07 (us-018.pdf)?", U18, 0,
     "Table 14", 1, ("max", 4, REGIONS)),
    ("tfa-20", "Which state's graduate numbers are projected to drop the most between 2015–16 and 2021–22 "
     "(us-018.pdf)?", U18, 2, "Table 15", 3, ("min", 3, REGIONS)),
    ("tfa-21", "How many states saw fewer graduates in 2008–09 than in 2003–04, according to us-018.pdf Table 15?",
     U18, 2, "Table 15", 3, ("count_below:0", 1, REGIONS)),
    ("tfa-22", "In which year is the total number of new teacher hires projected to peak (us-018.pdf)?", U18, 3,
     "Table 16", 4, ("max", 4, [])),
    ("tfa-23", "What is the highest fall enrollment in Table 18 of us-018.pdf, and for which school year?", U18, 5,
     "Table 18", 6, ("max+value", 1, [])),
    ("tfa-24", "Which state has the lowest share of female household heads educated to 9-12 std. (twotables_2.pdf)?",
     TT, 1, "Table 7", 1, ("min", 6, ["Pooled"])),
    ("tfa-25", "How many states surveyed more than 2,500 women for blood pressure in clockwise_table_1.pdf?", CW, 0,
     None, 1, ("count_above:2500", 7, ["Pooled"])),
    ("tfa-26", "Which state had the largest sample in the 1996-97 nutritional assessment (NNMB)?", CW, 0, None, 1,
     ("max", 3, ["Pooled"])),
    ("tfa-27", "Which state owed the most to NABARD in superscript.pdf?", SUP, 0, "TABLE 125", 1,
     ("max", 8, ["ALL STATES", "1"])),
    ("tfa-28", "How many states had loans from LIC above 1 billion in the 1997 outstanding liabilities table?", SUP,
     0, "TABLE 125", 1, ("count_above:1", 6, ["ALL STATES", "1"])),
    ("tfa-29", "Which wealth group has the highest pill use in anticlockwise_table_2.pdf?", ACW, 0, "Table 21", 1,
     ("max_in:Wealth index", 5, [])),
    ("tfa-30", "Which factor did the most students say hurt their academic performance quite a lot (eu-021.pdf)?",
     E21, 1, "Table 3.2", 7, ("max", 2, [])),
    ("tfa-31", "For how many health conditions did more than 20 students follow treatment, per eu-021.pdf?", E21, 0,
     "Table 3.1", 3, ("count_above:20", 3, [])),
    ("tfa-32", "Under the best practice scenario, in which year is the UEC of server closets lowest "
     "(spanning_cells.pdf)?", SPAN, 0, "Table A4-12", 1, ("row_min", "Best practice scenario>Server closets", 8)),
    ("tfa-33", "What is the highest projected UEC for mid-range servers, and in what year (spanning_cells.pdf)?",
     SPAN, 0, "Table A4-13", 1, ("row_max", "All alternative scenarios>Mid-range", 22)),
    ("tfa-34", "Which state did the Red Ribbon Express reach the most people in directly?", BG, 0, "Table 6.1", 1,
     ("max", 4, ["Total"])),
    ("tfa-35", "In how many countries was the private label share at least 10% in 1995 (eu-004.pdf)?", E4, 9,
     "Table 6.10", 11, ("count_atleast:10", 2, [])),
    ("tfa-36", "Which firm had the second-largest world food sales in eu-004.pdf?", E4, 11, "Table 6.12", 14,
     ("nth_max:2", 1, [])),
    ("tfa-37", "How many states have 'Others' health spending above 1,000,000 (Rs. 000) in health.pdf?", HEALTH, 0,
     None, 1, ("count_above:1000000", 6, [])),
    ("tfa-38", "Which state had the smallest revenue spending on medical & public health in 2012-13 (health.pdf)?",
     HEALTH, 0, None, 1, ("min", 1, [])),
    ("tfa-39", "Which topic drew the fewest Europe Direct enquiries (eu-015.pdf)?", E15, 0, None, 1,
     ("min/dotk", 1, ["Total", "Grand Total"], 0, [1])),
    ("tfa-40", "How many topics received more than 1,500 enquiries in eu-015.pdf?", E15, 0, None, 1,
     ("count_above:1500/dotk", 1, ["Total", "Grand Total"], 0, [1])),
    ("tfa-41", "Which country had the most air passenger rights enquiries (eu-015.pdf)?", E15, 2, None, 2,
     ("max/dotk", 1, EU_TOTALS)),
]
# fmt: on


def _value(cell: str, dotk: bool) -> float | None:
    if dotk and cell.count(".") == 1 and len(cell.split(".")[1]) == 3:
        cell = cell.replace(".", "")
    return number(cell)


def _pairs(rows: list[list[str]], col: int, skip: list[str], at: int, dotk: bool,
           section: str | None = None) -> list[tuple[float, str]]:  # fmt: skip
    named = _labelled(rows, at)
    if section:
        named = [(n.split(">", 1)[1], r) for n, r in named if n.startswith(section + ">")]
    else:
        named = [(n, r) for n, r in named if ">" not in n]
    out = [(_value(r[col], dotk), n) for n, r in named if n not in skip and len(r) > col]
    return [(v, n) for v, n in out if v is not None]


def derive(manifest: dict[str, Any], doc: str, index: int, spec: tuple[Any, ...]) -> tuple[str, list[list[str]], str]:
    """(kind, answer parts, how it was derived)."""
    rows = _rows(manifest, doc, index)
    op = spec[0]
    if op == "cell":
        at = spec[3] if len(spec) > 3 else 0
        row = next(r for n, r in _labelled(rows, at) if n == spec[1])
        return "cell", [_options(row[spec[2]])], f"row {spec[1]!r}, column {spec[2]} of manifest table {index}"
    if op == "cell_sub":
        start = next(k for k, r in enumerate(rows) if r[0] == spec[1])
        row = next(r for r in rows[start:] if r[1] == spec[2])
        return "cell", [[row[spec[3]]]], f"row {spec[1]!r} / {spec[2]!r}, column {spec[3]} of manifest table {index}"
    if op in ("row_min", "row_max"):
        row = next(r for n, r in _labelled(rows, 0) if n == spec[1])
        header = rows[spec[2]]
        cells = [(number(c), header[k]) for k, c in enumerate(row) if k > 0 and number(c) is not None]
        value, year = (min if op == "row_min" else max)(cells)
        shown = next(c for k, c in enumerate(row) if k > 0 and header[k] == year)
        return "aggregate", [[year], _options(shown)], f"{op} along row {spec[1]!r}: {year} ({shown})"
    if len(spec) > 4:
        readings = [derive(manifest, doc, index, spec[:4])]
        for other in spec[4]:
            joined = rows + _rows(manifest, doc, other)
            readings.append(_derive_rows(joined, doc, spec[:4], index))
        parts = [list(dict.fromkeys(a for r in readings for a in r[1][0]))]
        notes = f"{readings[0][2]}; or, tables {[index, *spec[4]]} read as one list: {readings[1][2]}"
        return "aggregate", parts, notes
    return _derive_rows(rows, doc, spec, index)


def _derive_rows(rows: list[list[str]], doc: str, spec: tuple[Any, ...], index: int,
                 ) -> tuple[str, list[list[str]], str]:  # fmt: skip
    op, _, flag = spec[0].partition("/")
    dotk = flag == "dotk"
    col, skip = spec[1], spec[2]
    at = spec[3] if len(spec) > 3 else 0
    section = op.split(":", 1)[1] if op.startswith("max_in:") else None
    pairs = _pairs(rows, col, skip, at, dotk, section)
    if op in ("max", "min", "max+value", "min+value") or section:
        target = (min if op.startswith("min") else max)(v for v, _ in pairs)
        names = [n for v, n in pairs if v == target]
        assert len(names) == 1, (doc, spec, names)
        parts = [names]
        if op.endswith("+value"):
            row = next(r for n, r in _labelled(rows, at) if n == names[0])
            parts.append(_options(row[col]))
        return "aggregate", parts, f"{op} of column {col} over {len(pairs)} rows: {names[0]} ({target:g})"
    if op.startswith("nth_max:"):
        n = int(op.split(":")[1])
        ranked = sorted(pairs, reverse=True)
        assert ranked[n - 1][0] != ranked[n][0] and ranked[n - 2][0] != ranked[n - 1][0], (doc, spec)
        return "aggregate", [[ranked[n - 1][1]]], f"rank {n} of column {col}: {ranked[n - 1][1]} ({ranked[n - 1][0]:g})"
    if op == "sum":
        total = round(sum(v for v, _ in pairs), 6)
        return "aggregate", [[f"{total:g}"]], f"sum of column {col} over {len(pairs)} rows = {total:g}"
    kind, threshold = op.split(":")
    test = {"count_above": lambda v: v > float(threshold), "count_below": lambda v: v < float(threshold),
            "count_atleast": lambda v: v >= float(threshold)}[kind]  # fmt: skip
    hits = [n for v, n in pairs if test(v)]
    return "aggregate", [_count_options(len(hits))], f"{kind} {threshold} of column {col}: {', '.join(hits)}"


def split_of(ids_by_kind: dict[str, list[str]]) -> dict[str, str]:
    """Within each kind, ids sorted by sha256 alternate dev, test, dev, ... (fixed once, before tuning)."""
    out = {}
    for ids in ids_by_kind.values():
        for k, qid in enumerate(sorted(ids, key=lambda i: hashlib.sha256(i.encode()).hexdigest())):
            out[qid] = "dev" if k % 2 == 0 else "test"
    return out


def build() -> dict[str, Any]:
    manifest = json.loads(MANIFEST.read_text())
    records = []
    for qid, question, doc, index, label, page, spec in QUESTIONS:
        kind, parts, notes = derive(manifest, doc, index, spec)
        counting = spec[0].startswith(("count", "sum")) or kind == "cell"
        records.append({
            "id": qid, "kind": kind, "question": question, "answers": parts, "expect_missing": False,
            "documents": [doc], "pages": {doc: [page]}, "table_label": label, "required_values": [],
            "short_answer_expected": None if len(parts) > 1 else "number" if counting else "label",
            "named_document": None, "missing": None, "notes": notes, "split": "",
        })  # fmt: skip
    kinds: dict[str, list[str]] = {}
    for r in records:
        kinds.setdefault(r["kind"], []).append(r["id"])
    splits = split_of(kinds)
    for r in records:
        r["split"] = splits[r["id"]]
    return {
        "format": "mdqa-pdf-answers/1",
        "description": "Fresh human-phrased table questions (cells and aggregates), split once by sha256(id) within "
        "each kind into dev and test before tuning; answers derived by build_tables_fresh.py from the manifest rows.",
        "collection": {"folders": [f"shared/data/pdfs/{f}" for f in FOLDERS]},
        "records": records,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="verify the committed file against the PDFs")
    args = parser.parse_args()
    data = build()
    if args.check:
        problems = check(data, OUT)
        print("\n".join(problems) or f"{len(data['records'])} records verified")
        sys.exit(1 if problems else 0)
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(data['records'])} records -> {OUT}")


if __name__ == "__main__":
    main()
