from __future__ import annotations

import argparse
import sys

from app.commands import add_data_dir, settings_from


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("serve", help="run the web app (embedded default: SQLite + in-process worker)")
    parser.add_argument("--host", default=None, help="default 127.0.0.1 (MDQA_HOST)")
    parser.add_argument("--port", type=int, default=None, help="default 8000 (MDQA_PORT)")
    add_data_dir(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from app.logging_setup import configure_logging
    from app.main import create_app
    from app.security import NoUserOnPublicAddress
    from app.serving import server_config

    # The address decides whether login is required (app.security): the settings carry it.
    settings = settings_from(args, host=args.host, port=args.port)
    # Info level by default: one line per request and one per document state change (MDQA_LOG_LEVEL/FORMAT).
    configure_logging(settings)
    from app.child_processes import reap_orphans

    # What an earlier, killed run of this data directory left (its processes end themselves; this catches any
    # that could not).
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    reap_orphans(settings.data_dir)
    try:
        app = create_app(settings)
    except NoUserOnPublicAddress as exc:
        print(f"mdqa: {exc}", file=sys.stderr)
        return 2
    where = settings.resolved_database_url.split("///")[-1] if settings.queue_mode == "inline" else "scaled mode"
    print(f"mdqa: serving on http://{settings.host}:{settings.port} ({where})", flush=True)
    uvicorn.Server(server_config(app, settings, settings.host, settings.port)).run()
    return 0
