"""Fixtures for the security tests: apps over real SQLite/PostgreSQL, users made through the service layer."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from app.db.session import session_scope
from app.main import create_app
from app.services import users
from app.settings import Settings

PASSWORD = "correct horse battery"


def make_user(settings: Settings, name: str, *, admin: bool = False) -> None:
    with session_scope(settings.resolved_database_url) as session:
        users.create_user(session, name, PASSWORD, admin=admin)


def make_token(settings: Settings, name: str, label: str = "tests") -> str:
    with session_scope(settings.resolved_database_url) as session:
        return users.issue_token(session, users.get_user(session, name), name=label).token


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@contextmanager
def running(settings: Settings, **kwargs: Any) -> Iterator[TestClient]:
    with TestClient(create_app(settings, **kwargs)) as client:
        yield client


@pytest.fixture
def app_client(settings: Settings) -> Callable[..., Any]:
    """running(settings with overrides): a TestClient over a fresh app on this test's database."""

    def start(**overrides: Any) -> Any:
        return running(Settings.model_validate({**settings.model_dump(), **overrides}), start_worker=False)

    return start


def login(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    """Log in through the form, as a browser does: read the token from the page, post it back."""
    page = client.get("/login")
    token = page.text.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
    return client.post(
        "/login",
        data={"name": name, "password": password, "csrf_token": token, "next": "/"},
        headers={"Origin": str(client.base_url).rstrip("/")},
        follow_redirects=False,
    )


def page_token(client: TestClient, path: str = "/") -> str:
    text = client.get(path).text
    return text.split('<meta name="csrf-token" content="', 1)[1].split('"', 1)[0]


def write_pdf(path: Path, title: str, lines: list[str]) -> Path:
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setTitle(title)
    y = 800
    pdf.setFont("Helvetica-Bold", 14)
    pdf.drawString(60, y, title)
    pdf.setFont("Helvetica", 11)
    for line in lines:
        y -= 20
        pdf.drawString(60, y, line)
    pdf.save()
    return path
