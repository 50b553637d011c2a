from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("settings", help="print every MDQA_* setting as a Markdown table")
    parser.set_defaults(handler=run)


def run(_args: argparse.Namespace) -> int:
    from app.settings_reference import settings_section

    print(settings_section())
    return 0
