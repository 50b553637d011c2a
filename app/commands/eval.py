"""`mdqa eval`: retrieval and answer metrics on a multi-hop QA file, `--structural` on the PDF manifest, or the
PDF answer set (benchmarks/answers/pdf_qa.json, recognised by its "format") asked through the asking service."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

RESULTS_DIR = Path("eval-results")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "eval",
        help="benchmark the retrievers on a HotpotQA/MuSiQue/2Wiki file, the answers on a PDF answer set "
        "(benchmarks/answers/pdf_qa.json), or --structural on a PDF manifest",
        description="Runs in a temporary SQLite database unless MDQA_DATABASE_URL is set.",
    )
    parser.add_argument("dataset", type=Path, help="a unified-format QA file, or manifest.json with --structural")
    parser.add_argument("--setting", choices=("per-question", "pooled", "both"), default="per-question")
    parser.add_argument(
        "--retrievers",
        default=None,
        help="comma-separated: tfidf,bm25,dense,kgp-tfidf,kgp,gnn,rgnn,kgp-llm (default: all; kgp-llm needs an LLM)",
    )
    parser.add_argument("--limit", type=int, default=None, help="first N questions only")
    parser.add_argument("--budget", type=int, default=None, help="passages per retrieval (default: settings)")
    parser.add_argument(
        "--answers",
        default="kgp",
        help="retrievers whose answers are read and scored for EM/F1: a comma list, 'all' or 'none' (default kgp)",
    )
    parser.add_argument("--reader", choices=("local", "openai"), default="local", help="reader for EM/F1")
    parser.add_argument(
        "--json",
        dest="json_out",
        type=Path,
        default=None,
        help="write the metrics JSON here (with --setting both: OUT with .SETTING before the suffix)",
    )
    parser.add_argument("--via-pdf", action="store_true", help="render documents to PDFs and ingest them as PDFs")
    parser.add_argument("--report", type=Path, default=None, help="write the table into this markdown file's block")
    parser.add_argument(
        "--no-classify",
        action="store_true",
        help="retrievers only: skip the question classifier and its named-document filter (as published baselines)",
    )
    parser.add_argument(
        "--embed-cache",
        type=Path,
        default=None,
        help="reuse and extend passage embeddings saved in this .npz (repeated runs; the first run pays)",
    )
    parser.add_argument("--structural", action="store_true", help="structural questions over the PDF manifest")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    answers = parser.add_argument_group("PDF answer set (a file with \"format\": \"mdqa-pdf-answers/1\")")
    answers.add_argument(
        "--readers",
        default="local,openai",
        help="comma list of readers: local,openai (openai only when MDQA_LLM_BASE_URL is set; default both)",
    )
    answers.add_argument(
        "--split",
        choices=("dev", "test", "all"),
        default="all",
        help="which half (default all): the answer set's split field; for multi-hop files sha256(id) even = dev",
    )
    answers.add_argument(
        "--cache-dir",
        type=Path,
        default=Path(".cache/mdqa-eval"),
        help="keep the ingested collection here and reuse it while the PDFs and ingestion code are unchanged",
    )
    answers.add_argument("--no-cache", action="store_true", help="ingest into a temporary database every time")
    answers.add_argument(
        "--pdf-root", type=Path, default=None, help="folder holding the set's collection folders (reports/, tables/)"
    )
    parser.set_defaults(handler=run)


def _command_line() -> str:
    return "mdqa " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv[1:] else "mdqa eval"


def _database(settings: Any, work_dir: Path) -> tuple[Any, str]:
    """(settings for the run, database url): a temporary SQLite file unless MDQA_DATABASE_URL is given."""
    from app.db.migrate import upgrade

    url = settings.database_url or f"sqlite:///{(work_dir / 'eval.db').resolve()}"
    run_settings = settings.model_copy(update={"data_dir": work_dir / "data", "database_url": url})
    run_settings.data_dir.mkdir(parents=True, exist_ok=True)
    upgrade(url)
    return run_settings, url


def _answer_list(value: str, retrievers: list[str]) -> list[str]:
    if value == "all":
        return list(retrievers)
    if value == "none":
        return []
    return [n.strip() for n in value.split(",") if n.strip() in retrievers]


def _json_path(base: Path, setting: str, both: bool) -> Path:
    return base.with_name(f"{base.stem}.{setting}{base.suffix or '.json'}") if both else base


def run(args: argparse.Namespace) -> int:
    from app.settings import get_settings

    settings = get_settings()
    if not args.dataset.exists():
        print(f"mdqa eval: {args.dataset} does not exist", file=sys.stderr)
        return 2
    if _is_answer_set(args.dataset):
        with tempfile.TemporaryDirectory(prefix="mdqa-eval-") as tmp:
            return _run_answer_set(args, settings, Path(tmp))
    with tempfile.TemporaryDirectory(prefix="mdqa-eval-") as tmp:
        run_settings, url = _database(settings, Path(tmp))
        if args.structural:
            return _run_structural(args, run_settings, url, Path(tmp))
        return _run_qa(args, run_settings, url, Path(tmp))


def _run_qa(args: argparse.Namespace, settings: Any, url: str, work_dir: Path) -> int:
    from app.eval.datasets import load_questions
    from app.eval.report import run_block, write_block
    from app.eval.retrievers import parse_retrievers
    from app.eval.runner import SETTINGS, EvalConfig, run_setting
    from app.llm.embeddings import get_embedder
    from app.llm.vector_cache import VectorCache

    started = time.perf_counter()
    try:
        retrievers = parse_retrievers(args.retrievers, settings)
    except ValueError as exc:
        print(f"mdqa eval: {exc}", file=sys.stderr)
        return 2
    budget = args.budget or settings.retrieval.budget
    dataset, questions = load_questions(args.dataset, args.limit, args.split)
    config = EvalConfig(
        retrievers=retrievers,
        budget=budget,
        answer_with=_answer_list(args.answers, retrievers),
        reader=args.reader,
        via_pdf=args.via_pdf,
        progress=not args.no_progress,
        no_classify=args.no_classify,
    )
    base_embedder = get_embedder(settings.device, settings.embedding_backend)
    embedder = VectorCache(base_embedder)
    if args.embed_cache:
        loaded = embedder.load(args.embed_cache)
        print(f"embedding cache: {loaded} vectors from {args.embed_cache} ({getattr(base_embedder, 'backend', '?')})")
    settings_to_run = list(SETTINGS) if args.setting == "both" else [args.setting]
    command = _command_line()
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    RESULTS_DIR.mkdir(exist_ok=True)
    for setting in settings_to_run:
        setting_started = time.perf_counter()
        date = f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC"
        result = run_setting(url, settings, embedder, dataset, questions, setting, config, work_dir).as_json()
        wall = time.perf_counter() - setting_started
        result["command"] = command
        result["budget"] = budget
        result["wall_s"] = round(wall, 1)
        result["no_classify"] = args.no_classify
        result["split"] = args.split
        result["date"] = date
        block = run_block(result, command, wall)
        print(f"\n{block}\n")
        suffix = ("-pdf" if args.via_pdf else "") + ("-noclassify" if args.no_classify else "")
        out = RESULTS_DIR / f"{dataset}-{setting}{suffix}-{stamp}.json"
        out.write_text(json.dumps(result, indent=1), encoding="utf-8")
        print(f"per-question results: {out}")
        if args.json_out:
            path = _json_path(args.json_out, setting, len(settings_to_run) > 1)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(result, indent=1), encoding="utf-8")
        if args.report:
            write_block(args.report, f"eval:{dataset}{suffix}:{setting}", block)
    if args.embed_cache:
        embedder.save(args.embed_cache)
    print(f"total wall time {time.perf_counter() - started:.0f} s; embeddings computed {embedder.misses}, "
          f"reused {embedder.hits}")  # fmt: skip
    return 0


def _run_structural(args: argparse.Namespace, settings: Any, url: str, work_dir: Path) -> int:
    from app.eval.report import write_block
    from app.eval.structural import run_structural, structural_block

    started = time.perf_counter()
    result = run_structural(args.dataset, settings, url, limit=args.limit, progress=not args.no_progress)
    wall = time.perf_counter() - started
    command = _command_line()
    block = structural_block(result, command, wall)
    print(f"\n{block}\n")
    RESULTS_DIR.mkdir(exist_ok=True)
    out = RESULTS_DIR / f"structural-{datetime.now(UTC):%Y%m%dT%H%M%S}.json"
    out.write_text(json.dumps(result, indent=1), encoding="utf-8")
    print(f"per-question results: {out}")
    if args.json_out:
        args.json_out.write_text(json.dumps(result, indent=1), encoding="utf-8")
    if args.report:
        write_block(args.report, "eval:structural:pdfs", block)
    return 0


def _is_answer_set(path: Path) -> bool:
    """An answer-set file names its format in its first lines; multi-hop files are lists or {"data": ...}."""
    from app.eval.answerset import FORMAT

    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            head = handle.read(4096)
    except OSError:
        return False
    return f'"format": "{FORMAT}"' in head or f'"format":"{FORMAT}"' in head


def _readers(value: str, settings: Any) -> list[str]:
    readers = [r.strip() for r in value.split(",") if r.strip()]
    unknown = [r for r in readers if r not in ("local", "openai")]
    if unknown or not readers:
        raise ValueError(f"--readers takes local and/or openai, not {value!r}")
    if "openai" in readers and not settings.llm_configured:
        print("mdqa eval: no LLM configured (MDQA_LLM_BASE_URL): the openai reader is skipped")
        readers.remove("openai")
    if not readers:
        raise ValueError("no reader left to run: set MDQA_LLM_BASE_URL or add --readers local")
    return readers


def _run_answer_set(args: argparse.Namespace, settings: Any, work_dir: Path) -> int:
    from app.eval.answerset_run import AnswerSetError, answer_set_block, run_answer_set
    from app.eval.report import write_block

    started = time.perf_counter()
    if args.retrievers:
        print("mdqa eval: an answer set is asked as the app asks (MDQA_RETRIEVAL__RETRIEVER); --retrievers is for "
              "multi-hop QA files", file=sys.stderr)  # fmt: skip
        return 2
    try:
        if args.budget is not None:  # the app's retrieval with another passage budget (validated as the setting is)
            retrieval = type(settings.retrieval).model_validate(
                {**settings.retrieval.model_dump(), "budget": args.budget}
            )
            settings = settings.model_copy(update={"retrieval": retrieval})
        readers = _readers(args.readers, settings)
        result = run_answer_set(
            args.dataset, settings, readers, split=args.split, limit=args.limit,
            cache_dir=None if args.no_cache else args.cache_dir, work_dir=work_dir, pdf_root=args.pdf_root,
            progress=not args.no_progress,
        )  # fmt: skip
    except (AnswerSetError, ValueError) as exc:
        print(f"mdqa eval: {exc}", file=sys.stderr)
        return 2
    wall = time.perf_counter() - started
    command = _command_line()
    result["command"] = command
    result["wall_s"] = round(wall, 1)
    block = answer_set_block(result, command, wall)
    print(f"\n{block}\n")
    RESULTS_DIR.mkdir(exist_ok=True)
    out = RESULTS_DIR / f"{args.dataset.stem}-{args.split}-{datetime.now(UTC):%Y%m%dT%H%M%S}.json"
    out.write_text(json.dumps(result, indent=1, ensure_ascii=False), encoding="utf-8")
    print(f"per-question results: {out}")
    if args.json_out:
        args.json_out.parent.mkdir(parents=True, exist_ok=True)
        args.json_out.write_text(json.dumps(result, indent=1, ensure_ascii=False), encoding="utf-8")
    if args.report:
        write_block(args.report, f"eval:{args.dataset.stem}:{args.split}", block)
    return 0
