"""Put the held-out sets' PDFs (not committed: they belong to other repositories) back from local git mirrors.

    python benchmarks/restore_pdfs.py --mirror /work/.mirror [--out /work]

Each source names its repository, commit and path; a mirror lives at MIRROR/<owner>+<name>/repo (a bare or a
working repository). Every file is checked against its recorded sha256 before it is written.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _sources() -> list[tuple[dict[str, str], Path]]:
    """(source, folder relative to the output root) for every held-out PDF."""
    found: list[tuple[dict[str, str], Path]] = []
    for question_file in sorted((ROOT / "benchmarks/answers/sets").glob("*/questions.json")):
        data = json.loads(question_file.read_text())
        if str(data.get("pdf_folder", "")).startswith("newdocs-pdfs/"):  # the sets on fetched documents (nd1, …)
            found += [(src, Path(data["pdf_folder"])) for src in data["sources"]]
    papers = json.loads((ROOT / "benchmarks/tables/papers/SOURCES.json").read_text())
    found += [(src, Path("papers-tables-pdfs")) for src in papers]
    papers2 = json.loads((ROOT / "benchmarks/tables/papers2/SOURCES.json").read_text())
    found += [(src, Path("papers2-tables-pdfs")) for src in papers2]
    for check in sorted((ROOT / "benchmarks/answers").glob("browser_check_31*_SOURCES.json")):
        letter = check.name.removeprefix("browser_check_31").removesuffix("_SOURCES.json")
        files = json.loads(check.read_text())["files"]
        found += [(src, Path(f"browser31{letter}-pdfs")) for src in files]
    return found


def _git_dir(mirror: Path, repo: str) -> Path:
    base = mirror / repo.replace("/", "+") / "repo"
    return base / ".git" if (base / ".git").is_dir() else base


def _blob(git_dir: Path, commit: str, path: str) -> bytes | None:
    for rev in (commit, "HEAD"):
        done = subprocess.run(["git", "--git-dir", str(git_dir), "show", f"{rev}:{path}"], capture_output=True)
        if done.returncode == 0:
            return done.stdout
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, required=True)
    parser.add_argument("--out", type=Path, default=ROOT.parent)
    args = parser.parse_args()
    missing = 0
    for src, folder in _sources():
        target = args.out / folder / src["file"]
        if target.exists() and hashlib.sha256(target.read_bytes()).hexdigest() == src["sha256"]:
            continue
        data = _blob(_git_dir(args.mirror, src["repo"]), src["commit"], src["path"])
        if data is None or hashlib.sha256(data).hexdigest() != src["sha256"]:
            print(f"not restored: {src['repo']}:{src['path']}", file=sys.stderr)
            missing += 1
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    print(f"missing: {missing}")
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
