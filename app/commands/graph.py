"""`mdqa graph export --collection NAME --format graphml|json [--output FILE]`."""

from __future__ import annotations

import argparse
import sys

from app.commands import add_data_dir, open_database


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("graph", help="inspect a collection's graph")
    actions = parser.add_subparsers(dest="graph_command", required=True, metavar="ACTION")
    export = actions.add_parser("export", help="write the graph as GraphML or node-link JSON")
    export.add_argument("--collection", required=True, help="collection name")
    export.add_argument("--format", choices=("graphml", "json"), default="graphml")
    export.add_argument("--output", "-o", help="file to write (default: standard output)")
    add_data_dir(export)
    export.set_defaults(handler=run_export)


def run_export(args: argparse.Namespace) -> int:
    from app.db.session import session_scope
    from app.services import graph as graph_service
    from app.services.collections import collection_named

    settings = open_database(args)  # a fresh --data-dir answers "no collection", not a missing table
    with session_scope(settings.resolved_database_url) as session:
        collection = collection_named(session, args.collection)  # NotFound: `mdqa` says so and exits with 2
        data = graph_service.export(session, collection.id, args.format)
    if args.output:
        with open(args.output, "wb") as handle:
            handle.write(data)
        print(f"mdqa: wrote {len(data):,} bytes to {args.output}", file=sys.stderr)
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    return 0
