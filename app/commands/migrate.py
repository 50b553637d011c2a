from __future__ import annotations

import argparse

from app.commands import add_data_dir, settings_from


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("migrate", help="apply database migrations")
    add_data_dir(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from app.db.migrate import upgrade

    settings = settings_from(args)
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    upgrade(settings.resolved_database_url)
    print("mdqa: database is up to date")
    return 0
