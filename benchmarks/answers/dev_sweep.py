"""Every answer set's dev half in one process (the models load once), each answer kept, so two versions of the code
can be compared answer by answer; optionally, which of app/qa's compiled patterns ever matched.

    python -m benchmarks.answers.dev_sweep OUT_DIR [--sets pdf_qa,nd1,...] [--regex-coverage] [--cache DIR]
    python -m benchmarks.answers.dev_sweep OUT_DIR --split test --sets nd1,nd2,nd3   # a reporting run, once
    python -m benchmarks.answers.dev_sweep --compare BEFORE_DIR AFTER_DIR

Only dev halves are read unless `--split test` asks for the one run that reports a test half: a pattern that never
matches on any dev question of any set is one that no measured question needs (the test halves stay unread until
they are reported).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SETS = ("pdf_qa content_dev paraphrases_dev tables_dev2 tables_dev2_fresh tables_fresh offtopic "
        + " ".join(f"content_fresh{n}" for n in ("", *range(2, 13))) + " nd1 nd2 nd3").split()  # fmt: skip


class CountingPattern:
    """A compiled pattern that counts its successful uses (re.Pattern cannot be subclassed)."""

    hits: Counter[str] = Counter()
    made: dict[str, str] = {}

    def __init__(self, pattern: re.Pattern[str], where: str) -> None:
        self._p = pattern
        self._where = where
        CountingPattern.made[where] = pattern.pattern[:120]

    def _count(self, result: Any) -> Any:
        if result:
            CountingPattern.hits[self._where] += 1
        return result

    def search(self, *a: Any, **k: Any) -> Any:
        return self._count(self._p.search(*a, **k))

    def match(self, *a: Any, **k: Any) -> Any:
        return self._count(self._p.match(*a, **k))

    def fullmatch(self, *a: Any, **k: Any) -> Any:
        return self._count(self._p.fullmatch(*a, **k))

    def findall(self, *a: Any, **k: Any) -> Any:
        return self._count(self._p.findall(*a, **k))

    def finditer(self, *a: Any, **k: Any) -> Any:
        found = list(self._p.finditer(*a, **k))
        self._count(found)
        return iter(found)

    def sub(self, repl: Any, text: str, count: int = 0) -> str:
        out, n = self._p.subn(repl, text, count)
        self._count(n)
        return out

    def subn(self, repl: Any, text: str, count: int = 0) -> tuple[str, int]:
        out, n = self._p.subn(repl, text, count)
        self._count(n)
        return out, n

    def split(self, *a: Any, **k: Any) -> Any:
        parts = self._p.split(*a, **k)
        self._count(len(parts) > 1)
        return parts

    def __getattr__(self, name: str) -> Any:
        return getattr(self._p, name)


def instrument() -> None:
    """Wrap every pattern compiled at import time by a module of app/qa."""
    original = re.compile

    def compile_counted(pattern: Any, flags: int = 0) -> Any:
        compiled = original(pattern, flags)
        frame = sys._getframe(1)
        module = frame.f_globals.get("__name__", "")
        if module.startswith("app.qa") and frame.f_code.co_name == "<module>":
            return CountingPattern(compiled, f"{module}:{frame.f_lineno}")
        return compiled

    re.compile = compile_counted  # type: ignore[assignment]


def sweep(out_dir: Path, sets: list[str], coverage: bool, cache: Path, split: str = "dev") -> None:
    if coverage:
        instrument()
    from app.eval.answerset_run import run_answer_set
    from app.settings import Settings

    out_dir.mkdir(parents=True, exist_ok=True)
    settings = Settings(database_url=None)
    for name in sets:
        report = run_answer_set(ROOT / "benchmarks/answers" / f"{name}.json", settings, ["local"], split=split,
                                cache_dir=cache, progress=False)  # fmt: skip
        (out_dir / f"{name}.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
        right = sum(r["correct"] for r in report["per_question"])
        print(f"{name}: {right}/{len(report['per_question'])}", flush=True)
    if coverage:
        fired = {w: CountingPattern.hits.get(w, 0) for w in CountingPattern.made}
        (out_dir / "regex_coverage.json").write_text(
            json.dumps({"fired": fired, "patterns": CountingPattern.made}, indent=1), encoding="utf-8"
        )
        print(f"patterns: {len(fired)}, never matched: {sum(1 for v in fired.values() if not v)}")


def compare(before: Path, after: Path) -> None:
    total = [0, 0, 0]
    for path in sorted(before.glob("*.json")):
        other = after / path.name
        if path.name == "regex_coverage.json" or not other.exists():
            continue
        old = {r["id"]: r for r in json.loads(path.read_text())["per_question"]}
        new = {r["id"]: r for r in json.loads(other.read_text())["per_question"]}
        changed = [i for i in old if i in new and old[i]["answer"] != new[i]["answer"]]
        right_old = sum(r["correct"] for r in old.values())
        right_new = sum(r["correct"] for i, r in new.items() if i in old)
        total = [total[0] + right_old, total[1] + right_new, total[2] + len(old)]
        print(f"{path.stem}: {right_old} -> {right_new} of {len(old)}; answers changed: {len(changed)}")
        for i in changed:
            flag = {(True, False): "LOST", (False, True): "GAINED"}.get((old[i]["correct"], new[i]["correct"]), "")
            print(f"  {flag:6} {i}: {old[i]['question'][:90]}")
    print(f"all: {total[0]} -> {total[1]} of {total[2]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--regex-coverage", action="store_true")
    parser.add_argument("--compare", action="store_true")
    parser.add_argument("--split", choices=("dev", "test"), default="dev")
    parser.add_argument("--cache", type=Path, default=Path("/work/evalcache"),
                        help="ingested collections kept between runs (one per concurrent sweep)")  # fmt: skip
    args = parser.parse_args()
    if args.compare:
        compare(*args.paths)
    else:
        sweep(args.paths[0], args.sets.split(","), args.regex_coverage, args.cache, args.split)


if __name__ == "__main__":
    main()
