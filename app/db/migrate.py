"""Apply Alembic migrations: the only way the schema is created or changed."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from app.db.session import get_engine

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(url: str) -> None:
    config = alembic_config(url)
    engine = get_engine(url)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
