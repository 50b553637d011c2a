"""`mdqa ask --collection NAME "question"`: the answer, its citations and the evidence path as a tree."""

from __future__ import annotations

import argparse
import json
from typing import Any

from app.commands import add_data_dir, settings_from
from app.vocabulary import READERS, RETRIEVERS, SCORERS


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("ask", help="ask a collection a question")
    parser.add_argument("question", help="the question (quote it)")
    parser.add_argument("--collection", required=True, help="collection name")
    parser.add_argument("--retriever", choices=RETRIEVERS, default=None)
    parser.add_argument("--budget", type=int, default=None, help="passages the retriever may return")
    parser.add_argument("--branching", type=int, default=None)
    parser.add_argument("--scorer", choices=SCORERS, default=None, help="KGP neighbour scorer")
    parser.add_argument(
        "--reader", "--llm", dest="reader", choices=READERS, default=None, help="reader (default: openai if set)"
    )
    parser.add_argument("--json", action="store_true", help="print the API's JSON object")
    add_data_dir(parser)
    parser.set_defaults(handler=run)


def _short(text: str, width: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def evidence_tree(payload: dict[str, Any]) -> list[str]:
    """Evidence nodes as an indented tree: seeds at the left, each node under the node it was reached from."""
    nodes = payload["evidence"]["nodes"]
    kind_of = {e["target"]: e["kind"] for e in payload["evidence"]["edges"]}
    parent_of = {e["target"]: e["source"] for e in payload["evidence"]["edges"]}
    ids = {n["id"] for n in nodes}
    children: dict[str | None, list[dict[str, Any]]] = {}
    for n in nodes:
        parent = parent_of.get(n["id"])
        children.setdefault(parent if parent in ids else None, []).append(n)
    lines: list[str] = []

    def walk(parent: str | None, depth: int) -> None:
        for n in children.get(parent, []):
            via = f"--{kind_of[n['id']]}--> " if n["id"] in kind_of else ""
            where = n["label"] or n["kind"]
            if n.get("page") and "p." not in where:
                where += f" p.{n['page']}"
            lines.append(f"{'    ' * depth}{via}[{n['kind']}] {where} (hop {n['hop']}, {n['score']:.3f}): "
                         f"{_short(n['text'], 70)}")  # fmt: skip
            walk(n["id"], depth + 1)

    walk(None, 0)
    return lines


def render(payload: dict[str, Any]) -> str:
    out = []
    if payload.get("short_answer"):
        out += [f"Short answer: {payload['short_answer']}", ""]
    out += [payload["answer"], ""]
    cell = payload.get("cell")
    if cell:
        box = f" at {[round(v, 1) for v in cell['bbox']]}" if cell.get("bbox") else ""
        out += [f"Cell: {cell['row']} / {cell['column']} = {cell['value']}{box}", ""]
    if payload["citations"]:
        out.append("Citations:")
        for c in payload["citations"]:
            page = f", page {c['page']}" if c.get("page") else ""
            out.append(f"  [{c['marker']}] {c['filename']}{page}: {_short(c['text'])}")
        out.append("")
    out.append(f"Evidence ({payload['question_type']}):")
    out.extend("  " + line for line in evidence_tree(payload))
    t = payload["timings_ms"]
    out.append("")
    out.append(
        f"{t['total']:.0f} ms (classify {t['classify']:.0f}, retrieve {t['retrieve']:.0f}, answer {t['answer']:.0f}); "
        f"LLM calls: {payload['llm_calls']}"
    )
    return "\n".join(out)


def run(args: argparse.Namespace) -> int:
    from app.db.migrate import upgrade
    from app.db.session import session_scope
    from app.services.asking import ask_collection
    from app.services.collections import collection_named

    settings = settings_from(args)
    url = settings.resolved_database_url
    upgrade(url)
    options = {
        k: v
        for k, v in {
            "retriever": args.retriever,
            "budget": args.budget,
            "branching": args.branching,
            "scorer": args.scorer,
            "reader": args.reader,
        }.items()
        if v is not None
    }
    with session_scope(url) as session:
        collection = collection_named(session, args.collection)  # NotFound: `mdqa` says so and exits with 2
        payload = ask_collection(session, collection.id, args.question, options, settings)
    if args.json:
        print(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        print(render(payload))
    return 0
