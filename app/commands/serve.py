from __future__ import annotations

import argparse
import os
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("serve", help="run the web app (embedded default: SQLite + in-process worker)")
    parser.add_argument("--host", default=None, help="default 127.0.0.1 (MDQA_HOST)")
    parser.add_argument("--port", type=int, default=None, help="default 8000 (MDQA_PORT)")
    parser.add_argument("--data-dir", type=Path, default=None, help="default ./mdqa-data (MDQA_DATA_DIR)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    if args.data_dir is not None:
        os.environ["MDQA_DATA_DIR"] = str(args.data_dir)
    from app.logging_setup import configure_logging
    from app.main import create_app
    from app.serving import server_config
    from app.settings import Settings

    settings = Settings()
    configure_logging(settings)
    app = create_app(settings)
    where = settings.resolved_database_url.split("///")[-1] if settings.queue_mode == "inline" else "scaled mode"
    print(f"mdqa: serving on http://{args.host or settings.host}:{args.port or settings.port} ({where})", flush=True)
    uvicorn.Server(server_config(app, settings, args.host or settings.host, args.port or settings.port)).run()
    return 0
