"""Build (and re-verify) benchmarks/answers/content_fresh.json: human-phrased content questions over reports/.

Written by the reader3 helper (issue 9) BEFORE any tuning, to measure whether the built-in reader generalises to
questions phrased the way a user who has not read the sentence asks them (synonyms, other word order, the answer in
a second sentence or right after a page break, two parts joined in several ways, "which reports ..." lists). No
question copies content_dev.json or pdf_qa.json. The split is derived once from the ids (sha256, alternating within
each kind, as for pdf_qa.json) and never edited by hand.

    .venv/bin/python benchmarks/answers/build_content_fresh.py          # rebuild content_fresh.json
    .venv/bin/python benchmarks/answers/build_content_fresh.py --check  # verify the committed file against the PDFs
"""

# ruff: noqa: E501  (question data: one record a line reads better than wrapped strings)
from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
OUT = HERE / "content_fresh.json"

FED = "federal-register-2020-17221.pdf"
ML = "issue-982-example.pdf"
DIESEL = "diesel_engines.pdf"

# (id, question, answer parts, {document: [pages]}, short answer type, notes). Pages are 1-based.
Q = tuple[str, str, list[list[str]], dict[str, list[int]], str | None, str]
# fmt: off
CONTENT: list[Q] = [
    ("fresh-c01", "Which health complaint came second after back pain among the students?", [["bronchitis"]],
     {"eu-021.pdf": [1]}, "other", "p1: 'This physical symptom is followed by bronchitis, ear or sinus infection (21.1%)' (second sentence after back pain)"),
    ("fresh-c02", "What percentage of students are never away from university because they feel physically unwell?",
     [["53.6%"]], {"eu-021.pdf": [5]}, "number", "p5: '53.6% of the participants stated that they are never absent because of physical complaints'"),
    ("fresh-c03", "What was the biggest factor students said hurt their academic results?", [["stress"]],
     {"eu-021.pdf": [5]}, "other", "p5: 'more than half of the respondents mentioned stress'"),
    ("fresh-c04", "For which problem did none of the students get treatment?", [["substance abuse"]],
     {"eu-021.pdf": [2]}, "other", "p2: 'and none for severe substance abuse'"),
    ("fresh-c05", "Why might back pain be so common among the students?", [["leaning over a desk", "in front of their monitors"]],
     {"eu-021.pdf": [1]}, "other", "p1: 'attributed to the long hours students spend leaning over a desk or in front of their monitors' (sentence after the one naming back pain)"),
    ("fresh-c06", "How much of the theory part of apprenticeship training does the Finnish state pay for?", [["100 %", "100%"]],
     {"eu-013.pdf": [2]}, "number", "p2: 'The State funds 100 % of the theoretical part of apprenticeship training.'"),
    ("fresh-c07", "What share of the costs of certificate-oriented further vocational training is covered by the government in Finland?",
     [["90 %", "90%"]], {"eu-013.pdf": [2]}, "number", "p2: 'The State funds 90 % of the costs of certificate-oriented vocational further education and training.'"),
    ("fresh-c08", "Which law makes Finnish companies prepare yearly training plans?", [["725/1978", "Cooperation within Undertakings"]],
     {"eu-013.pdf": [5]}, "label", "p5: 'Act 725/1978 on Cooperation within Undertakings ... requires enterprises with at least 30 employees to draw up annual training plans'"),
    ("fresh-c09", "Which act obliges employers to train staff when that could prevent a dismissal?", [["Employment Contracts Act", "55/2001"]],
     {"eu-013.pdf": [6]}, "label", "p6, first sentence after the page break: 'The Employment Contracts Act 55/2001 ... imposes an obligation on employers to provide training in situations where termination of employment can be prevented'"),
    ("fresh-c10", "For how many different occupations was labour market training offered in 2005?", [["200"]],
     {"eu-013.pdf": [5]}, "number", "p5: 'In 2005, vocational initial and continuing training and retraining were provided for more than 200 occupations.'"),
    ("fresh-c11", "Who is in charge of organising and supervising competence tests in Finland?", [["qualification committees"]],
     {"eu-013.pdf": [6]}, "other", "p6: 'Responsibility for organising and supervising competence tests rests with qualification committees'"),
    ("fresh-c12", "Which body carries out external evaluations of vocational education providers?",
     [["Evaluation Council for Education and Training"]], {"eu-013.pdf": [6]}, "other",
     "p6: 'Responsibility for external evaluations rests with the national Evaluation Council for Education and Training.'"),
    ("fresh-c13", "Who appoints the two Finnish councils that evaluate education?", [["Ministry of Education"]],
     {"eu-013.pdf": [6]}, "other", "p6: 'Both councils are appointed by the Ministry of Education'"),
    ("fresh-c14", "How many ECTS credits of pedagogical studies does a teacher in a Finnish formal educational institution need at least?",
     [["60"]], {"eu-013.pdf": [7]}, "number", "p7: 'must have pedagogical studies worth a minimum of 60 European Credit Transfer System (ECTS) credits'"),
    ("fresh-c15", "At how many colleges can you train to become a vocational teacher in Finland?", [["five teacher education colleges"]],
     {"eu-013.pdf": [10]}, "number", "p10: 'Vocational teacher education is provided at five teacher education colleges'"),
    ("fresh-c16", "Where are Swedish-speaking vocational teachers trained?", [["Åbo Akademi"]],
     {"eu-013.pdf": [10]}, "place", "p10: 'Teacher education for Swedish-speaking teachers is provided by the faculty of pedagogy of the Swedish-language university, Åbo Akademi.'"),
    ("fresh-c17", "How many days of in-service training a year must teachers at vocational institutions attend?", [["one to five"]],
     {"eu-013.pdf": [11]}, "number", "p11: 'The number of days required for in-service training varies from one to five, outside school hours, per school year'"),
    ("fresh-c18", "Whose job is it to assess how well Finnish teachers perform?", [["principals"]],
     {"eu-013.pdf": [11]}, "other", "p11: 'There is no formal procedure for assessing teachers; it is the responsibility of the principals.'"),
    ("fresh-c19", "How long is the compulsory on-the-job learning period in vocational upper secondary education?", [["six-month", "six months"]],
     {"eu-013.pdf": [11]}, "other", "p11: 'doing their compulsory six-month on-the-job learning period'"),
    ("fresh-c20", "How many credits are the continuing training programmes for vocational teachers worth?", [["23 ECTS", "23"]],
     {"eu-013.pdf": [12]}, "number", "p12: 'Both are worth 23 ECTS credits'"),
    ("fresh-c21", "What degree should the principal of a polytechnic hold?", [["licentiate or doctorate"]],
     {"eu-013.pdf": [11]}, "other", "p11: 'Principals of polytechnics should have a licentiate or doctorate'"),
    ("fresh-c22", "How much teaching experience do you need to be admitted to guidance counsellor education?", [["at least one year", "one year"]],
     {"eu-013.pdf": [10]}, "other", "p10: 'The admission requirements for ... vocational guidance counsellor education include teacher qualifications and at least one year of teaching experience'"),
    ("fresh-c23", "Who mainly pays for the continuing training of vocational teachers?", [["local authorities"]],
     {"eu-013.pdf": [12]}, "other", "p12: 'Funding responsibility rests with teachers’ employers, mainly local authorities.'"),
    ("fresh-c24", "Which Indonesian body investigated the Lion Air crash?", [["Komite Nasional Keselamatan Transportasi", "KNKT"]],
     {FED: [2]}, "other", "p2 (column 1, after the page break): 'Investigation of the accident has been completed by the Indonesian authorities (Komite Nasional Keselamatan Transportasi (KNKT))'"),
    ("fresh-c25", "Who is leading the inquiry into the Ethiopian Airlines crash?", [["Ethiopian Accident Investigation Bureau", "EAIB"]],
     {FED: [2]}, "other", "p2: 'The accident is under investigation by the Ethiopian Accident Investigation Bureau (EAIB)'"),
    ("fresh-c26", "In which city did the Lion Air 737 MAX take off before it crashed?", [["Jakarta"]],
     {FED: [2]}, "place", "p1-p2 across the page break: 'after takeoff from Soekarno- | Hatta International Airport in Jakarta, Indonesia'"),
    ("fresh-c27", "What is the last day to send comments on the proposed 737 MAX directive?", [["September 21, 2020"]],
     {FED: [1, 6]}, "date", "p1: 'The FAA must receive comments on this proposed AD by September 21, 2020.' (also p6 (a))"),
    ("fresh-c28", "Which version of the flight control computer software must be installed?", [["P12.1.2"]],
     {FED: [6]}, "label", "p6 (g): 'install FCC OPS software version P12.1.2'"),
    ("fresh-c29", "How much could the stabilizer wiring change cost U.S. operators in total?", [["$766,865", "766,865"]],
     {FED: [6]}, "number", "p6 cost table: 'Stabilizer wiring change ... Up to $766,865.'"),
    ("fresh-c30", "What will the angle of attack sensor test cost the U.S. fleet altogether?", [["$248,200", "248,200"]],
     {FED: [6]}, "number", "p6 cost table: 'AOA sensor system test ... $248,200.'"),
    ("fresh-c31", "Which executive order does the FAA cite when saying the proposed rule has no federalism implications?", [["13132"]],
     {FED: [6]}, "label", "p6: 'would not have federalism implications under Executive Order 13132'"),
    ("fresh-c32", "What kind of cells are most often used to build recurrent neural networks?", [["Long short-term memory", "LSTM"]],
     {ML: [3]}, "other", "p3: 'One of the most common variant to implement RNNs is by using so called Long short-term memory (LSTM) cells'"),
    ("fresh-c33", "What did Nayebi and Vitelli feed their music network instead of MIDI files?", [["raw audio waveforms"]],
     {ML: [4]}, "other", "p4: 'Instead of taking notes directly or MIDI files, Nayebi and Vitelli took raw audio waveforms as input.'"),
    ("fresh-c34", "Which transform gave GRUV its frequency-domain features?", [["Discrete Fourier Transformation", "DFT"]],
     {ML: [4]}, "other", "p4: 'Discrete Fourier Transformation (DFT) was used on chunks of length N of the music to obtain features in the frequency domain.'"),
    ("fresh-c35", "What does the name AIKON stand for?", [["Automatic IKONic drawing"]],
     {ML: [3]}, "other", "p3: 'a system called AIKON (Automatic IKONic drawing)'"),
    ("fresh-c36", "What kind of network does Emily Howell rely on?", [["association network"]],
     {ML: [4]}, "other", "p4: 'Emily Howell makes use of association network.'"),
    ("fresh-c37", "In what year did the film that gave Inceptionism its name come out?", [["2010"]],
     {ML: [2]}, "date", "p2: 'comes from the science-fiction movie “Inception” (2010)'"),
    ("fresh-c38", "Whom did Joseph Weizenbaum find chatting with his program?", [["secretary"]],
     {ML: [4]}, "person", "p4: 'Weizenbaum once found his secretary ... chatting with the machine'"),
    ("fresh-c39", "What sea water temperature is assumed when an engine's power is rated?", [["32°C", "32 °C"]],
     {DIESEL: [5]}, "number", "p5 [1.3.3]: 'sea water temperature (and temperature at inlet of sea water cooled charge air cooler) = 32°C'"),
    ("fresh-c40", "At what pressure must a crankcase explosion relief valve be fully open?", [["0,02 MPa", "0.02 MPa"]],
     {DIESEL: [6]}, "number", "p6 [2.3.4] h): 'to be fully open at a pressure not greater than 0,02 MPa'"),
    ("fresh-c41", "How much total relief valve area is required per cubic metre of crankcase?", [["115 cm2", "115"]],
     {DIESEL: [6]}, "number", "p6 [2.3.4] e): 'not to be less than 115 cm2 per cubic metre of the crankcase gross volume'"),
    ("fresh-c42", "What type of cast iron can be accepted for the crankshafts of small engines?", [["spheroidal graphite"]],
     {DIESEL: [6]}, "other", "p6 [2.1.1]: 'The cast iron is to be of “SG” type (spheroidal graphite)' (the sentence after the one on engines up to 110 kW)"),
    ("fresh-c43", "From what power output do low-speed diesel engines need oil mist detection?", [["2250 kW"]],
     {DIESEL: [7]}, "number", "p7 [2.3.5] a): 'for alarm and slow down purposes for low speed diesel engines of 2250 kW and above'"),
    ("fresh-c44", "Why must each engine have its own crankcase vent and oil drain pipes?", [["spread of fire"]],
     {DIESEL: [6]}, "other", "p6 [2.3.2]: 'To avoid interconnection between crankcases and the possible spread of fire following an explosion'"),
    ("fresh-c45", "What device must relief valves have to stop flames getting out after a crankcase explosion?", [["flame arrester"]],
     {DIESEL: [6]}, "other", "p6 [2.3.4] i): 'provided with a flame arrester that ... prevents passage of flame following a crankcase explosion'"),
    ("fresh-c46", "Which classification society issued the diesel engine rules?", [["Bureau Veritas"]],
     {DIESEL: [1]}, "other", "p1 footer: '48 Bureau Veritas January 2020'"),
    ("fresh-c47", "Where is food retail concentration highest in the EU?", [["small northern member states"]],
     {"eu-004.pdf": [6]}, "place", "p6, right after the page break: 'Currently, concentration is relatively highest in the small northern member states'"),
    ("fresh-c48", "Where do the authors expect retail outlets to consolidate the most in future?", [["Italy and Spain"]],
     {"eu-004.pdf": [3]}, "place", "p3: 'future consolidation of outlet size will be greatest in Italy and Spain'"),
    ("fresh-c49", "Which countries have the fewest people per retail outlet?", [["Portugal, Greece and Ireland"]],
     {"eu-004.pdf": [3]}, "place", "p3: 'Germany, UK and France have the highest rankings, and Portugal, Greece and Ireland the lowest'"),
    ("fresh-c50", "Which two discounters do the authors single out?", [["Aldi"], ["Lidl"]],
     {"eu-004.pdf": [8]}, None, "p8: 'we identify the role of specific firms (for example, Aldi and Lidl) in this development'"),
    ("fresh-c51", "In which countries has the spread of hypermarkets gone furthest?", [["UK and France"]],
     {"eu-004.pdf": [7]}, "place", "p7: 'it is most advanced in the UK and France'"),
    ("fresh-c52", "How many tables is the overview of market structure built around?", [["12 tables"]],
     {"eu-004.pdf": [1]}, "number", "p1: 'The overview is structured around 12 tables.'"),
    ("fresh-c53", "What acceleration rate was used to build the ideal drive cycles?", [["3 mph/s"]],
     {"us-030.pdf": [2]}, "number", "p2 step 3: 'Set the acceleration rate to 3 mph/s.'"),
    ("fresh-c54", "Which institute collected the GPS travel data from 2006?", [["Texas Transportation Institute"]],
     {"us-030.pdf": [2]}, "other", "p2: 'GPS travel data collected in 2006 as part of a study by the Texas Transportation Institute'"),
    ("fresh-c55", "How many U.S. schools took part in PIRLS 2011 at grade 4, substitutes included?", [["370"]],
     {"us-020.pdf": [1]}, "number", "p1: '21 substitute schools participated for a total of 370 participating schools at grade 4'"),
    ("fresh-c56", "How many sampled students missed the PIRLS assessment day?", [["528"]],
     {"us-020.pdf": [1]}, "number", "p1: 'reduced on assessment day by 528 student absences'"),
]

MULTI: list[Q] = [
    ("fresh-m01", "Which law governs Finnish labour market training, and who usually buys the training from providers?",
     [["1295/2002"], ["Employment and Economic Development Centre"]], {"eu-013.pdf": [5]}, None,
     "p5: 'Act 1295/2002 on the public employment service'; 'most typically a regional Employment and Economic Development Centre ... purchases training'"),
    ("fresh-m02", "When did the Lion Air crash happen, and the Ethiopian Airlines one?",
     [["October 29, 2018"], ["March 10, 2019"]], {FED: [1, 2]}, None,
     "p1: 'On October 29, 2018, a Boeing Model 737–8 airplane operated by Lion Air'; p2: 'On March 10, 2019, ... Ethiopian Airlines'"),
    ("fresh-m03", "Above what rated speed is a diesel engine high-speed? Also, from what cylinder diameter are crankcase explosion relief valves needed?",
     [["1400 rpm"], ["200 mm"]], {DIESEL: [5, 6]}, None,
     "p5 [1.3.6]: 'High-Speed Engines ... rated speed of 1400 rpm and above'; p6 [2.3.4] a): 'cylinder diameter of 200 mm and above'"),
    ("fresh-m04", "Who showed that an image's style can be separated from its content, and who built AIKON?",
     [["Gatys"], ["Tresset"]], {ML: [2, 3]}, None, "p2: 'Gatys, Ecker and Bethge showed in [GEB15]'; p3: 'Patrick Tresset and Frdric Fol Leymarie created a system called AIKON'"),
    ("fresh-m05", "What share of students had allergy problems, and what share said relationship difficulties affected their studies?",
     [["18.8%"], ["23.2%"]], {"eu-021.pdf": [1, 5]}, None, "p1: 'allergy problems (18.8%)'; p5: 'relationship difficulties (23.2%)'"),
    ("fresh-m06", "Which aviation authorities will evaluate pilot training together with the FAA?",
     [["ANAC"], ["TCCA", "Transport Canada"], ["EASA"]], {FED: [5]}, None,
     "p5: 'jointly with three international civil aviation authorities: ... (ANAC) Brazil, Transport Canada Civil Aviation (TCCA), and the EASA'"),
    ("fresh-m07", "What cruising speed do the ideal drive cycles use, and what barometric pressure do the diesel engine rules take as reference?",
     [["40 mph"], ["0,1 MPa", "0.1 MPa"]], {"us-030.pdf": [2], DIESEL: [5]}, None,
     "us-030 p2: 'Set the cruising speed to 40 mph.'; diesel p5 [1.3.3]: 'barometric pressure = 0,1 MPa'"),
    ("fresh-m08", "How many students did schools exclude from the US PIRLS assessment, and what share of students reported back pain in the student health survey?",
     [["830"], ["40.9%"]], {"us-020.pdf": [1], "eu-021.pdf": [1]}, None,
     "us-020 p1: 'Schools identified a total of 830 students they wished to have excluded'; eu-021 p1: 'Back pain was the most common ailment (40.9% of all cases)'"),
    ("fresh-m09", "Give me the size of the Hutter Prize dataset Karpathy trained on as well as the scope in credits of Finnish polytechnic specialisation studies.",
     [["100MB", "100 MB"], ["20-60 credits", "20–60 credits"]], {ML: [3], "eu-013.pdf": [3]}, None,
     "issue-982 p3: 'the Hutter Prize [hut] 100MB dataset of raw Wikipedia articles'; eu-013 p3: 'The scope of the studies is 20-60 credits'"),
    ("fresh-m10", "Which documents mention Boeing?", [], {}, None, "'boeing' occurs"),
    ("fresh-m11", "Which reports say anything about Finland?", [], {}, None, "'finland' occurs"),
    ("fresh-m12", "Which files talk about hypermarkets?", [], {}, None, "'hypermarket' occurs"),
    ("fresh-m13", "Which PDFs mention Texas?", [], {}, None, "'texas' occurs"),
]
# fmt: on


def split_of(ids: list[str]) -> dict[str, str]:
    """Sort a kind's ids by sha256, then alternate dev/test (as build_pdf_qa.py does)."""
    ordered = sorted(ids, key=lambda qid: hashlib.sha256(qid.encode()).hexdigest())
    return {qid: ("dev" if i % 2 == 0 else "test") for i, qid in enumerate(ordered)}


def _pdfs(root: Path) -> list[Path]:
    return sorted((root / "reports").glob("*.pdf")) + sorted((root / "tables").glob("*.pdf"))


def _holding(word: str, pdfs: list[Path]) -> list[str]:
    sys.path.insert(0, str(HERE))
    from check_content_dev import _norm, page_texts

    return sorted(p.name for p in pdfs if any(_norm(word) in t for t in page_texts(p)))


DESCRIPTION = (
    "Fresh human-phrased content questions over reports/ (and a few over tables/ text), written by the reader3 "
    "helper before tuning (see build_content_fresh.py); split once by sha256(id), alternating within each kind."
)


def build(pdf_root: Path, content: list[Q] = CONTENT, multi: list[Q] = MULTI, description: str = DESCRIPTION) -> dict[str, Any]:
    pdfs = _pdfs(pdf_root)
    records = []
    for kind, rows in (("content", content), ("multi", multi)):
        splits = split_of([r[0] for r in rows])
        for qid, question, answers, pages, short, notes in rows:
            documents = sorted(pages)
            if not answers:  # a "which documents" list: the files whose text holds the quoted word
                word = notes.split("'")[1]
                documents = _holding(word, pdfs)
                answers = [[d.removesuffix(".pdf")] for d in documents]
            records.append({
                "id": qid, "kind": kind, "question": question, "answers": answers, "expect_missing": False,
                "documents": documents, "pages": pages, "table_label": None, "required_values": [],
                "short_answer_expected": short, "notes": notes, "split": splits[qid],
            })  # fmt: skip
    return {
        "format": "mdqa-pdf-answers/1",
        "description": description,
        "collection": {"folders": ["shared/data/pdfs/reports", "shared/data/pdfs/tables"]},
        "records": records,
    }


def check(data: dict[str, Any], pdf_root: Path) -> list[str]:
    """content_dev's checks (substring on an evidence page; document lists) plus the scorer's own match."""
    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(ROOT))
    from check_content_dev import check as check_dev
    from check_content_dev import page_texts

    from app.eval.answerset import contains

    pdfs = _pdfs(pdf_root)
    errors = check_dev(data["records"], pdfs)
    by_name = {p.name: p for p in pdfs}
    for r in data["records"]:
        for part in r["answers"] if r["pages"] else []:
            pages = [page_texts(by_name[d])[p - 1] for d, ps in r["pages"].items() for p in ps]
            if not any(contains(t, a) for t in pages for a in part):
                errors.append(f"{r['id']}: the scorer does not find {part} on {r['pages']}")
    return errors


def run(out: Path, content: list[Q], multi: list[Q], description: str) -> int:
    """Write `out` from the questions, or with --check verify the committed file (this builder and its copies for other
    sets of the same kind, e.g. build_content_fresh2.py)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pdfs", type=Path, default=Path("/work/shared/data/pdfs"))
    parser.add_argument("--check", action="store_true", help="verify the committed file instead of writing it")
    args = parser.parse_args()
    built = build(args.pdfs, content, multi, description)
    if args.check:
        committed = json.loads(out.read_text(encoding="utf-8"))
        errors = [] if committed == built else [f"{out.name} differs from what its builder builds"]
        errors += check(committed, args.pdfs)
        for e in errors:
            print(e)
        print(f"{len(committed['records'])} records, {len(errors)} errors")
        return 1 if errors else 0
    out.write_text(json.dumps(built, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    errors = check(built, args.pdfs)
    for e in errors:
        print(e)
    print(f"wrote {out.name}: {len(built['records'])} records, {len(errors)} errors")
    return 1 if errors else 0


QUOTED = re.compile(r"'([^']+)' occurs")


def _key(text: str) -> str:
    """An answer string as compared with the earlier sets: case, dashes, thousands separators and spaces ignored."""
    text = text.lower().replace("–", "-").replace("—", "-").replace("−", "-")
    text = re.sub(r"(?<=\d)[, ](?=\d{3}\b)", "", text)
    return " ".join(text.split())


def earlier_overlaps(earlier: Sequence[str], content: list[Q], multi: list[Q]) -> list[str]:
    """Answers of this set that an earlier set already accepts for a question citing the same document page, and
    "which documents" words an earlier list already asked about."""
    on_page: dict[tuple[str, int], dict[str, str]] = {}
    words: dict[str, str] = {}
    for name in earlier:
        for r in json.loads((HERE / name).read_text(encoding="utf-8"))["records"]:
            if not r.get("pages"):
                m = QUOTED.search(r.get("notes") or "")
                if m:
                    words[_key(m.group(1))] = f"{name}:{r['id']}"
            for doc, pages in (r.get("pages") or {}).items():
                for p in pages:
                    for part in r["answers"]:
                        for a in part:
                            on_page.setdefault((doc, p), {})[_key(a)] = f"{name}:{r['id']}"
    errors = []
    ids = [row[0] for row in content + multi]
    if len(ids) != len(set(ids)):
        errors.append("duplicate ids in this set")
    for qid, _question, answers, pages, _short, notes in content + multi:
        if not answers:
            m = QUOTED.search(notes)
            if m and _key(m.group(1)) in words:
                errors.append(f"{qid}: the list word {m.group(1)!r} was asked by {words[_key(m.group(1))]}")
            continue
        for doc, ps in pages.items():
            for p in ps:
                for part in answers:
                    for a in part:
                        hit = on_page.get((doc, p), {}).get(_key(a))
                        if hit:
                            errors.append(f"{qid}: {a!r} on {doc} p{p} is already an answer of {hit}")
    return errors


def run_checked(out: Path, content: list[Q], multi: list[Q], description: str, earlier: Sequence[str]) -> int:
    """`run`, failing too when an answer repeats one of an `earlier` set's on the same page (the fresh sets from the
    fourth on)."""
    errors = earlier_overlaps(earlier, content, multi)
    for e in errors:
        print(e)
    print(f"overlap with earlier sets: {len(errors)} answers on the same page")
    return run(out, content, multi, description) or (1 if errors else 0)


_WORD = re.compile(r"\w+")


def copied_runs(records: Sequence[tuple[Any, ...]], pdf_root: Path, run: int = 5) -> list[str]:
    """Questions that repeat a run of `run` consecutive words of one of their evidence pages (pdfplumber text). Each
    record is a builder's (id, question, answer parts, {document: [pages]}, ...) tuple."""
    sys.path.insert(0, str(HERE))
    from check_content_dev import page_texts

    by_name = {p.name: p for folder in ("reports", "tables") for p in (pdf_root / folder).glob("*.pdf")}
    errors = []
    for qid, question, _answers, pages, *_ in records:
        words = _WORD.findall(question.lower())
        grams = {tuple(words[i : i + run]) for i in range(len(words) - run + 1)}
        for doc, ps in pages.items():
            for p in ps:
                text = _WORD.findall(page_texts(by_name[doc])[p - 1])
                seen = {tuple(text[i : i + run]) for i in range(len(text) - run + 1)}
                for gram in sorted(grams & seen):
                    errors.append(f"{qid}: {' '.join(gram)!r} is copied from {doc} p{p}")
    return errors


def run_blind(
    out: Path, content: list[Q], multi: list[Q], description: str, earlier: Sequence[str], pdf_root: Path
) -> int:
    """`run_checked`, failing too when a question copies five words of its evidence (`copied_runs`): the builders of
    the blind sets from the eleventh on."""
    errors = copied_runs(content + multi, pdf_root)
    for e in errors:
        print(e)
    print(f"runs of five words copied from the evidence: {len(errors)}")
    return run_checked(out, content, multi, description, earlier) or (1 if errors else 0)


def main() -> int:
    return run(OUT, CONTENT, MULTI, DESCRIPTION)


if __name__ == "__main__":
    sys.exit(main())
