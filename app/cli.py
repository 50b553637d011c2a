"""`mdqa`: serve | worker | migrate | ingest | ask | eval | graph. Each sub-command lives in app/commands/."""

from __future__ import annotations

import argparse
import importlib
import logging
import sys

COMMANDS = ("serve", "worker", "migrate", "ingest", "ask", "eval", "graph", "settings")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mdqa", description="Multi-document question answering over PDFs.")
    parser.add_argument("-v", "--verbose", action="store_true", help="log more")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        module = importlib.import_module(f"app.commands.{name.replace('-', '_')}")
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    try:
        return int(args.handler(args) or 0)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a readable message, not a traceback, for expected failures
        from app.services.errors import ServiceError
        from app.settings import SettingsError

        if isinstance(exc, ServiceError | SettingsError):
            print(f"mdqa: {exc}", file=sys.stderr)
            return 2
        raise


if __name__ == "__main__":
    sys.exit(main())
