"""Markdown tables of eval runs, and the marker blocks they (and the benchmarks) fill in docs/benchmarks.md."""

from __future__ import annotations

import os
import platform
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

INTRO = """# Benchmarks

Figures measured on this project's own code; each block below says the exact command, the date and the machine.
Blocks are rewritten by `mdqa eval --report docs/benchmarks.md` (`<!-- eval:DATASET:SETTING -->`) and by
`python benchmarks/run_all.py` (`<!-- bench:NAME -->`); text outside the markers is kept.
"""


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def machine_line() -> str:
    return f"{platform.machine()}, {os.cpu_count()} CPUs ({cpu_model()}), Python {platform.python_version()}"


def _fmt(value: Any, digits: int = 3) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def metrics_table(retrievers: dict[str, dict[str, Any]], sentence_level: bool) -> str:
    columns = [("R@2", "recall@2"), ("R@5", "recall@5"), ("R@10", "recall@10"), ("R@budget", "recall@budget"),
               ("all@5", "all@5")]  # fmt: skip
    if sentence_level:
        columns.append(("SF@5", "sf_recall@5"))
    columns += [("EM", "em"), ("F1", "f1"), ("span EM", "span_em"), ("span F1", "span_f1"),
                ("p50 ms", "latency_ms_p50"), ("p95 ms", "latency_ms_p95"), ("LLM calls/q", "llm_calls")]  # fmt: skip
    lines = ["| retriever | " + " | ".join(c[0] for c in columns) + " |", "|---" * (len(columns) + 1) + "|"]
    for name, row in retrievers.items():
        cells = []
        for label, key in columns:
            digits = 1 if label.endswith("ms") else 3
            cells.append(_fmt(row.get(key), digits))
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def run_block(run: dict[str, Any], command: str, wall_s: float | None = None) -> str:
    sentence_level = any(r.get("sf_recall@5") is not None for r in run["retrievers"].values())
    corpus = run.get("corpus", {})
    timings = run.get("timings_s", {})
    head = (
        f"**{run['dataset']}, {run['setting']}"
        f"{', retrievers only (no question classifier / named-document filter)' if run.get('no_classify') else ''}"
        f"** — {run['questions']} questions, "
        f"{corpus.get('documents', '?')} documents / {corpus.get('passages', '?')} passages in "
        f"{corpus.get('collections', '?')} collection(s).\n\n"
        f"`{command}` — {run.get('date') or f'{datetime.now(UTC):%Y-%m-%d %H:%M} UTC'} on {machine_line()}"
    )
    if wall_s is not None:
        head += f"; wall time {wall_s:.0f} s"
    if timings:
        head += " (" + ", ".join(f"{k} {v:.0f} s" for k, v in timings.items()) + ")"
    answered = [n for n, r in run["retrievers"].items() if r.get("answered")]
    note = (
        "\n\nR@k: mean fraction of a question's supporting paragraphs among the first k distinct paragraphs "
        "retrieved (budget = all the retriever returned); all@5: every supporting paragraph in the top 5"
        + ("; SF@5: supporting sentences held by the top-5 paragraphs' passages" if sentence_level else "")
        + (f"; EM/F1 for {', '.join(answered)} with the built-in reader" if answered else "")
        + "; latency is retrieval only, warm caches."
    )
    return head + ".\n\n" + metrics_table(run["retrievers"], sentence_level) + note


def write_block(path: Path, name: str, content: str) -> None:
    """Replace the `<!-- NAME -->` … `<!-- /NAME -->` block of the file, or append one."""
    start, end = f"<!-- {name} -->", f"<!-- /{name} -->"
    block = f"{start}\n{content.strip()}\n{end}"
    text = path.read_text(encoding="utf-8") if path.exists() else INTRO
    pattern = re.compile(re.escape(start) + r".*?" + re.escape(end), re.S)
    if pattern.search(text):
        text = pattern.sub(lambda _m: block, text, count=1)
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
