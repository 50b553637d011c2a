from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("migrate", help="apply database migrations")
    parser.set_defaults(handler=run)


def run(_args: argparse.Namespace) -> int:
    from app.db.migrate import upgrade
    from app.settings import get_settings

    settings = get_settings()
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    upgrade(settings.resolved_database_url)
    print("mdqa: database is up to date")
    return 0
