"""Fresh multi-hop sets in the unified format of ../shared/data/mdqa (README there), from native-format files.

    python benchmarks/multihop/build_fresh.py --generation 1|2|3 [--mirror OWNER/NAME=GITDIR ...] [--check-shared]

Sources: MuSiQue-Ans, HotpotQA (distractor) and 2WikiMultihopQA records in their native formats (the formats
HippoRAG's data files use), each pinned to a repository, commit and path (GENERATIONS). Every question id of the
shared files, and from generation 2 on of the earlier generations' files, is left out; a sample is the first N usable
records in order of sha256(id) (all of them where N is None). A source repository's git directory defaults to
/work/.mirror/OWNER+NAME/repo. `--check-shared` converts the shared raw HotpotQA / MuSiQue files with the same code
and compares the result with the shared unified files (the format check).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
from pathlib import Path
from typing import Any

MIGRES = ("AdelWang/MIGRES", "1de6265c9ca1014054d6ba875738e785830908f8")
HIPPORAG = ("takanori-ugai/HippoRAG", "d6cec3b2bf8cd581cdcedcffb3e20c822d2ef237")
CAS = ("Patiencewantae123/CAS-pregeneration-verification-RAG-", "b770d1b617d2f3357ef95fc652eb0f199b83ab83")
KAG_100 = ("OpenSPG/KAG", "8901a93e04cd70c90e2fe029bb838a93c58c65ed")  # branch mingyun_pike; file deleted later
KAG_SUB = ("OpenSPG/KAG", "ce65733b19d0fd6b946d85a79dd3769b5a011bbe")  # branch mingyun_pike head
LICENCES = {"musique": "MuSiQue CC BY 4.0", "hotpotqa": "HotpotQA CC BY-SA 4.0",
            "2wikimultihopqa": "2WikiMultihopQA Apache-2.0"}  # fmt: skip
# generation -> output file -> (dataset, N or None for all, sampling note, sources: (repo, commit), path, split)
GENERATIONS: dict[int, dict[str, tuple[str, int | None, str, list[tuple[tuple[str, str], str, str]]]]] = {
    1: {
        "musique_fresh200.json": ("musique", 200, "not in the shared files", [(MIGRES, "data/musique.json", "dev")]),
        "hotpotqa_fresh100.json": ("hotpotqa", 100, "not in the shared files", [(MIGRES, "data/hotpot.json", "dev")]),
        "2wiki_fresh100.json": ("2wikimultihopqa", 100, "not in the shared files",
                                [(MIGRES, "data/wikihop.json", "dev")]),
    },
    2: {  # bdsaglam/musique split="train[:20]" (CAS's build_dataset.py): MuSiQue-Full train, answerable ones kept
        "musique_fresh2.json": ("musique", None, "not in the shared or generation-1 files",
                                [(HIPPORAG, "kotlin/data/musique_ans_v1.0_train-200.jsonl", "train"),
                                 (CAS, "data/musique.json", "train")]),
        "hotpotqa_fresh2.json": ("hotpotqa", None, "not in the shared or generation-1 files",
                                 [(MIGRES, "data/hotpot.json", "dev")]),
        "2wiki_fresh2.json": ("2wikimultihopqa", None, "not in the shared or generation-1 files",
                              [(MIGRES, "data/wikihop.json", "dev")]),
    },
    3: {  # MuSiQue-Ans dev records (checked against the official dev questions, answers and decompositions)
        "musique_fresh3.json": ("musique", 300, "not in the shared or generation-1/2 files",
                                [(KAG_100, "kag/examples/musique_pike/solver/data/musique_qa_100.json", "dev"),
                                 (KAG_SUB, "kag/examples/musique_pike/solver/data/musique_qa_sub.json", "dev")]),
    },
}  # fmt: skip


def sha(text: str | bytes) -> str:
    return hashlib.sha256(text.encode() if isinstance(text, str) else text).hexdigest()


def read_jsonish(raw: bytes) -> list[dict[str, Any]]:
    """A JSON array, or JSON lines."""
    text = raw.decode("utf-8")
    try:
        data = json.loads(text)
        return data if isinstance(data, list) else [data]
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]


def musique(record: dict[str, Any], split: str, source: dict[str, Any]) -> dict[str, Any]:
    paragraphs = [
        {"idx": int(p["idx"]), "title": p["title"], "text": p["paragraph_text"], "sentences": None,
         "is_supporting": bool(p["is_supporting"])}
        for p in record["paragraphs"]
    ]  # fmt: skip
    support = sorted(p["idx"] for p in paragraphs if p["is_supporting"])
    decomposition = [
        {"id": d["id"], "question": d["question"], "answer": d["answer"],
         "paragraph_support_idx": d["paragraph_support_idx"]}
        for d in record["question_decomposition"]
    ]  # fmt: skip
    assert sorted(d["paragraph_support_idx"] for d in decomposition) == support, record["id"]
    return {
        "id": record["id"], "dataset": "musique", "split": split,
        "setting": "MuSiQue-Ans answerable (20 paragraphs: 2-4 gold + distractors)",
        "question": record["question"], "answer": record["answer"],
        "answer_aliases": list(record.get("answer_aliases") or []), "question_type": record["id"].split("__")[0],
        "paragraphs": paragraphs, "supporting_paragraph_idx": support,
        "decomposition": decomposition, "source": source,
    }  # fmt: skip


def facts_of(record: dict[str, Any], titles: list[str]) -> list[dict[str, Any]]:
    facts = []
    for title, sent_id in record["supporting_facts"]:
        assert titles.count(title) == 1, (record["_id"], title)
        facts.append({"title": title, "sent_id": int(sent_id), "paragraph_idx": titles.index(title)})
    return facts


def hotpotqa(record: dict[str, Any], split: str, source: dict[str, Any]) -> dict[str, Any]:
    titles = [title for title, _ in record["context"]]
    facts = facts_of(record, titles)
    gold = {f["paragraph_idx"] for f in facts}
    paragraphs = [
        {"idx": i, "title": title, "text": "".join(sentences).strip(), "sentences": list(sentences),
         "is_supporting": i in gold}
        for i, (title, sentences) in enumerate(record["context"])
    ]  # fmt: skip
    return {
        "id": record["_id"], "dataset": "hotpotqa", "split": split,
        "setting": "distractor (10 paragraphs: 2 gold + 8 distractors)", "question": record["question"],
        "answer": record["answer"], "answer_aliases": [], "question_type": record["type"], "level": record["level"],
        "paragraphs": paragraphs, "supporting_paragraph_idx": sorted(gold), "supporting_facts": facts, "source": source,
    }  # fmt: skip


def two_wiki(record: dict[str, Any], split: str, source: dict[str, Any]) -> dict[str, Any]:
    titles = [title for title, _ in record["context"]]
    facts = facts_of(record, titles)
    gold = {f["paragraph_idx"] for f in facts}
    paragraphs = [
        {"idx": i, "title": title, "text": " ".join(s.strip() for s in sentences).strip(), "sentences": None,
         "is_supporting": i in gold}
        for i, (title, sentences) in enumerate(record["context"])
    ]  # fmt: skip
    return {
        "id": record["_id"], "dataset": "2wikimultihopqa", "split": split, "setting": "distractor (10 paragraphs)",
        "question": record["question"], "answer": record["answer"], "answer_aliases": [],
        "answer_wikidata_id": record.get("answer_id"), "question_type": record["type"], "paragraphs": paragraphs,
        "supporting_paragraph_idx": sorted(gold), "supporting_facts": facts,
        "evidences": [list(e) for e in record.get("evidences") or []], "source": source,
    }  # fmt: skip


CONVERT = {"musique": musique, "hotpotqa": hotpotqa, "2wikimultihopqa": two_wiki}


def usable(name: str, record: dict[str, Any]) -> bool:
    if name == "musique":
        return bool(record.get("answerable", True)) and len(record["paragraphs"]) == 20
    return len(record.get("context") or []) == 10


def shared_ids(shared: Path) -> set[str]:
    return {str(r["id"]) for f in shared.glob("*.json") for r in json.loads(f.read_text(encoding="utf-8"))}


def check_shared(shared: Path) -> None:
    """The converter applied to the shared raw files gives the shared unified records (source field aside)."""
    for name, raw, unified in (("musique", "musique_train.json", "musique_100.json"),
                               ("hotpotqa", "hotpotqa_train.json", "hotpotqa_100.json")):  # fmt: skip
        want = json.loads((shared / unified).read_text(encoding="utf-8"))
        got = [CONVERT[name](r, "train", want[0]["source"]) for r in json.loads((shared / "raw" / raw).read_text())]
        diff = sum(a != b for a, b in zip(got, want, strict=True))
        print(f"{unified}: {len(want) - diff}/{len(want)} records identical")


def ids_of(files: list[Path]) -> set[str]:
    return {str(r["id"]) for f in files for r in json.loads(f.read_text(encoding="utf-8"))}


def record_id(record: dict[str, Any]) -> str:
    return str(record.get("id", record.get("_id")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generation", type=int, choices=sorted(GENERATIONS), default=1)
    parser.add_argument("--mirror", action="append", default=[], metavar="OWNER/NAME=GITDIR",
                        help="a source repository's git directory (default /work/.mirror/OWNER+NAME/repo)")  # fmt: skip
    parser.add_argument("--shared", type=Path, default=Path("../shared/data/mdqa"))
    parser.add_argument("--out", type=Path, default=Path(__file__).parent)
    parser.add_argument("--check-shared", action="store_true")
    args = parser.parse_args()
    if args.check_shared:
        check_shared(args.shared)
    mirrors = dict(m.split("=", 1) for m in args.mirror)
    earlier = [Path(__file__).parent / f for g in GENERATIONS if g < args.generation for f in GENERATIONS[g]]
    excluded = shared_ids(args.shared) | ids_of(earlier)
    for filename, (name, n, note, sources) in GENERATIONS[args.generation].items():
        kept: dict[str, tuple[dict[str, Any], str, dict[str, Any]]] = {}
        for (repo, commit), path, split in sources:
            git_dir = mirrors.get(repo, f"/work/.mirror/{repo.replace('/', '+')}/repo")
            raw = subprocess.check_output(["git", "--git-dir", git_dir, "show", f"{commit}:{path}"])
            records = read_jsonish(raw)
            take = f"first {n}" if n else "all"
            source = {"repo": repo, "commit": commit, "path": path, "sha256": sha(raw), "licence": LICENCES[name],
                      "sampling": f"usable records {note}, {take} by sha256(id)"}  # fmt: skip
            seen = excluded | kept.keys()
            new = [r for r in records if usable(name, r) and record_id(r) not in seen]
            kept.update((record_id(r), (r, split, source)) for r in new)
            print(f"{filename} <- {repo}:{path}: {len(new)} of {len(records)} usable and new, sha256 {sha(raw)}")
        ordered = sorted(kept.values(), key=lambda t: sha(record_id(t[0])))[:n]
        out = [CONVERT[name](r, split, source) for r, split, source in ordered]
        (args.out / filename).write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"{filename}: {len(out)} records")


if __name__ == "__main__":
    main()
