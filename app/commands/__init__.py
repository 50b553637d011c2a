"""The `mdqa` sub-commands, one module each; they parse arguments, call services and print."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.settings import Settings


def add_data_dir(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data-dir", type=Path, default=None, help="database, files and secrets (default ./mdqa-data, MDQA_DATA_DIR)"
    )


def settings_from(args: argparse.Namespace, **overrides: object) -> Settings:
    """The environment's settings with the command line's `--data-dir` (and `overrides` given) on top."""
    from app.settings import get_settings

    if getattr(args, "data_dir", None) is not None:
        overrides["data_dir"] = args.data_dir
    given = {k: v for k, v in overrides.items() if v is not None}
    # argparse has already typed the values; the copy keeps everything else the environment said.
    return get_settings().model_copy(update=given) if given else get_settings()


def open_database(args: argparse.Namespace) -> Settings:
    """Settings for a command that works on the database directly: its data folder made and its schema current."""
    from app.db.migrate import upgrade

    settings = settings_from(args)
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    upgrade(settings.resolved_database_url)
    return settings
